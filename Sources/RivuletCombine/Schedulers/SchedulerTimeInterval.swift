import Rivulet
import Dispatch

/// A signed time span in nanoseconds: the `Stride` of the scheduler time types Rivulet defines
/// (`ImmediateScheduler`, and on Linux `DispatchQueue`, `RunLoop` and `OperationQueue`).
///
/// Build it as Combine code does: `.milliseconds(300)`, `.seconds(1)`, `.seconds(0.5)`, or a
/// literal in seconds (`0.25`).
public struct SchedulerTimeInterval: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable, Sendable,
    ExpressibleByFloatLiteral
{
    /// The span in nanoseconds.
    public var magnitude: Int

    /// A span of `nanoseconds`.
    @inlinable
    public init(nanoseconds: Int) { magnitude = nanoseconds }

    /// A span of `seconds` (rounded to nanoseconds).
    @inlinable
    public init(seconds: Double) {
        let nanoseconds = (seconds * 1_000_000_000).rounded()
        if nanoseconds >= Double(Int.max) {
            magnitude = .max
        } else if nanoseconds <= Double(Int.min) {
            magnitude = .min
        } else {
            magnitude = Int(nanoseconds)
        }
    }

    /// The span in seconds.
    @inlinable
    public var timeInterval: Double { Double(magnitude) / 1_000_000_000 }

    /// A span of `value` seconds.
    @inlinable
    public init(floatLiteral value: Double) { self.init(seconds: value) }

    /// A span of `value` seconds.
    @inlinable
    public init(integerLiteral value: Int) { self.init(seconds: Double(value)) }

    /// A span of `source` seconds, if representable.
    @inlinable
    public init?<T: BinaryInteger>(exactly source: T) {
        guard let seconds = Int(exactly: source) else { return nil }
        let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return nil }
        magnitude = nanoseconds
    }

    /// `s` seconds.
    @inlinable
    public static func seconds(_ s: Int) -> Self { Self(seconds: Double(s)) }
    /// `s` seconds.
    @inlinable
    public static func seconds(_ s: Double) -> Self { Self(seconds: s) }
    /// `ms` milliseconds.
    @inlinable
    public static func milliseconds(_ ms: Int) -> Self {
        Self(nanoseconds: ms.multipliedReportingOverflow(by: 1_000_000).partialValue)
    }
    /// `us` microseconds.
    @inlinable
    public static func microseconds(_ us: Int) -> Self {
        Self(nanoseconds: us.multipliedReportingOverflow(by: 1_000).partialValue)
    }
    /// `ns` nanoseconds.
    @inlinable
    public static func nanoseconds(_ ns: Int) -> Self { Self(nanoseconds: ns) }

    /// The span for the engine.
    @inlinable
    public var rxTimeInterval: RxTimeInterval { .nanoseconds(max(0, magnitude)) }

    /// Shorter spans first.
    @inlinable
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.magnitude < rhs.magnitude }

    /// The sum (saturating).
    @inlinable
    public static func + (lhs: Self, rhs: Self) -> Self {
        Self(nanoseconds: saturating(lhs.magnitude.addingReportingOverflow(rhs.magnitude), lhs.magnitude))
    }

    /// The difference (saturating).
    @inlinable
    public static func - (lhs: Self, rhs: Self) -> Self {
        Self(nanoseconds: saturating(lhs.magnitude.subtractingReportingOverflow(rhs.magnitude), lhs.magnitude))
    }

    /// The product of two spans, in nanoseconds (saturating), as Combine's strides define it.
    @inlinable
    public static func * (lhs: Self, rhs: Self) -> Self {
        let (value, overflow) = lhs.magnitude.multipliedReportingOverflow(by: rhs.magnitude)
        if overflow { return Self(nanoseconds: (lhs.magnitude < 0) == (rhs.magnitude < 0) ? .max : .min) }
        return Self(nanoseconds: value)
    }

    /// Adds in place.
    @inlinable
    public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
    /// Subtracts in place.
    @inlinable
    public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
    /// Multiplies in place.
    @inlinable
    public static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }

    @inlinable
    static func saturating(_ result: (partialValue: Int, overflow: Bool), _ lhs: Int) -> Int {
        guard result.overflow else { return result.partialValue }
        return lhs < 0 ? .min : .max
    }
}
