import Rivulet

/// A scheduler that runs every action at once, on the calling thread (Combine's
/// `ImmediateScheduler`). `receive(on: ImmediateScheduler.shared)` delivers synchronously.
///
/// Actions scheduled "after" a time also run at once: the scheduler has no clock. Its time never
/// moves, as in Combine: `now` is always the same, advancing it gives the same time and every
/// distance is zero; a stride made from a time unit (`.seconds(2)`, `.milliseconds(5)`) is zero.
/// A repeating action runs once.
public struct ImmediateScheduler: Scheduler, Sendable, CustomStringConvertible {
    /// The immediate scheduler's time, which never moves.
    public struct SchedulerTimeType: Strideable, Hashable, Codable, Sendable {
        /// The span between two steps.
        public struct Stride: ExpressibleByFloatLiteral, Comparable, SignedNumeric, Hashable, Codable, Sendable,
            SchedulerTimeIntervalConvertible, CustomStringConvertible, NanosecondStride
        {
            /// The number of steps (zero when built from a time unit).
            public var magnitude: Int

            /// A stride of `value` steps.
            @inlinable
            public init(_ value: Int) { magnitude = value }

            /// A stride of `value` steps.
            @inlinable
            public init(integerLiteral value: Int) { magnitude = value }

            /// A stride of `value` seconds, rounded down to whole steps.
            @inlinable
            public init(floatLiteral value: Double) { self.init(Self.wholeSteps(value)) }

            /// A stride of `source` steps, if `source` fits in an `Int`.
            @inlinable
            public init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                magnitude = value
            }

            @inlinable
            static func wholeSteps(_ seconds: Double) -> Int {
                if seconds.isNaN { return 0 }
                if seconds >= Double(Int.max) { return .max }
                if seconds <= Double(Int.min) { return .min }
                return Int(seconds)
            }

            /// Zero: the immediate scheduler has no clock, so a time unit counts no steps (as in
            /// Combine).
            @inlinable
            public static func seconds(_ s: Int) -> Self { Self(0) }
            /// Zero: a time unit counts no steps.
            @inlinable
            public static func seconds(_ s: Double) -> Self { Self(0) }
            /// Zero: a time unit counts no steps.
            @inlinable
            public static func milliseconds(_ ms: Int) -> Self { Self(0) }
            /// Zero: a time unit counts no steps.
            @inlinable
            public static func microseconds(_ us: Int) -> Self { Self(0) }
            /// Zero: a time unit counts no steps.
            @inlinable
            public static func nanoseconds(_ ns: Int) -> Self { Self(0) }

            /// Fewer steps first.
            @inlinable
            public static func < (lhs: Self, rhs: Self) -> Bool { lhs.magnitude < rhs.magnitude }
            /// The sum (saturating).
            @inlinable
            public static func + (lhs: Self, rhs: Self) -> Self {
                Self(SaturatingNanoseconds.add(lhs.magnitude, rhs.magnitude))
            }
            /// The difference (saturating).
            @inlinable
            public static func - (lhs: Self, rhs: Self) -> Self {
                Self(SaturatingNanoseconds.subtract(lhs.magnitude, rhs.magnitude))
            }
            /// The product (saturating).
            @inlinable
            public static func * (lhs: Self, rhs: Self) -> Self {
                Self(SaturatingNanoseconds.multiply(lhs.magnitude, by: rhs.magnitude))
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

            /// The steps, for the engine (one second each).
            @usableFromInline
            var spanNanoseconds: Int { SaturatingNanoseconds.multiply(magnitude, by: 1_000_000_000) }

            /// `Stride(magnitude: n)`.
            public var description: String { "Stride(magnitude: \(magnitude))" }
        }

        @usableFromInline var step: Int

        @inlinable
        init(step: Int) { self.step = step }

        /// Zero: the immediate scheduler's time never moves.
        @inlinable
        public func distance(to other: Self) -> Stride { Stride(0) }

        /// The same time: the immediate scheduler's time never moves.
        @inlinable
        public func advanced(by n: Stride) -> Self { self }
    }

    /// Immediate scheduling takes no options.
    public typealias SchedulerOptions = Never

    /// The one immediate scheduler.
    public static let shared = ImmediateScheduler()

    private init() {}

    /// Always the same time: nothing ever waits on this scheduler.
    public var now: SchedulerTimeType { SchedulerTimeType(step: 0) }

    /// Zero.
    public var minimumTolerance: SchedulerTimeType.Stride { 0 }

    /// `ImmediateScheduler`.
    public var description: String { "ImmediateScheduler" }

    /// Runs `action` now.
    public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) { action() }

    /// Runs `action` now, whatever `date` says.
    public func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        action()
    }

    /// Runs `action` once, now (the immediate scheduler does not repeat); the result is
    /// `Subscriptions.empty`, which cancels nothing.
    @discardableResult
    public func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> Cancellable {
        action()
        return Subscriptions.empty
    }
}
