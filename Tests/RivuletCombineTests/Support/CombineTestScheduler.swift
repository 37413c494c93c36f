import RivuletCombine
import TestSupport

/// A virtual-time scheduler written the Combine way, against Apple's declarations (its own time
/// and stride types, nothing Rivulet-specific): nothing runs until `advance(by:)`, and actions run
/// in (time, scheduling order).
final class CombineTestScheduler: Scheduler {
    struct SchedulerTimeType: Strideable, Hashable {
        var nanoseconds: Int
        func distance(to other: Self) -> Stride { Stride(nanoseconds: other.nanoseconds - nanoseconds) }
        func advanced(by n: Stride) -> Self { Self(nanoseconds: nanoseconds + n.nanoseconds) }

        struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable, CustomStringConvertible {
            var nanoseconds: Int
            init(nanoseconds: Int) { self.nanoseconds = nanoseconds }
            init(integerLiteral value: Int) { nanoseconds = value * 1_000_000_000 }
            init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Int(exactly: source) else { return nil }
                self.init(integerLiteral: value)
            }
            var magnitude: Int { nanoseconds.magnitude > UInt(Int.max) ? .max : Int(nanoseconds.magnitude) }
            var description: String { "\(nanoseconds) ns" }
            static func seconds(_ s: Int) -> Self { Self(nanoseconds: s * 1_000_000_000) }
            static func seconds(_ s: Double) -> Self { Self(nanoseconds: Int(s * 1_000_000_000)) }
            static func milliseconds(_ ms: Int) -> Self { Self(nanoseconds: ms * 1_000_000) }
            static func microseconds(_ us: Int) -> Self { Self(nanoseconds: us * 1_000) }
            static func nanoseconds(_ ns: Int) -> Self { Self(nanoseconds: ns) }
            static func < (lhs: Self, rhs: Self) -> Bool { lhs.nanoseconds < rhs.nanoseconds }
            static func + (lhs: Self, rhs: Self) -> Self { Self(nanoseconds: lhs.nanoseconds + rhs.nanoseconds) }
            static func - (lhs: Self, rhs: Self) -> Self { Self(nanoseconds: lhs.nanoseconds - rhs.nanoseconds) }
            static func * (lhs: Self, rhs: Self) -> Self { Self(nanoseconds: lhs.nanoseconds * rhs.nanoseconds) }
            static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
            static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
            static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }
        }
    }

    typealias SchedulerOptions = Never

    private var queue: [(time: Int, order: Int, action: () -> Void)] = []
    private var order = 0
    private var clock = SchedulerTimeType(nanoseconds: 0)
    /// How many times an operator read `now` (Combine's operators read it at set points).
    private(set) var nowReads = 0

    /// The virtual time; each read is counted in `nowReads`.
    var now: SchedulerTimeType {
        nowReads += 1
        return clock
    }

    var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

    func schedule(options: Never?, _ action: @escaping () -> Void) {
        schedule(after: clock, tolerance: minimumTolerance, options: nil, action)
    }

    func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
        _ action: @escaping () -> Void
    ) {
        order += 1
        queue.append((max(date.nanoseconds, clock.nanoseconds), order, action))
    }

    func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: Never?, _ action: @escaping () -> Void
    ) -> Cancellable {
        var cancelled = false
        func tick(at time: SchedulerTimeType) {
            schedule(after: time, tolerance: tolerance, options: nil) {
                guard !cancelled else { return }
                action()
                tick(at: time.advanced(by: interval))
            }
        }
        tick(at: date)
        return AnyCancellable { cancelled = true }
    }

    /// Runs everything due up to `now + interval`, moving the clock to each action's time.
    func advance(by interval: SchedulerTimeType.Stride) {
        let end = clock.nanoseconds + interval.nanoseconds
        while let next = queue.enumerated().filter({ $0.element.time <= end })
            .min(by: { ($0.element.time, $0.element.order) < ($1.element.time, $1.element.order) })
        {
            queue.remove(at: next.offset)
            clock = SchedulerTimeType(nanoseconds: next.element.time)
            next.element.action()
        }
        clock = SchedulerTimeType(nanoseconds: end)
    }
}
