import Rivulet
import RivuletCombine

/// A virtual-time Combine-style scheduler for tests: nothing runs until `advance(by:)`, and
/// actions run in (time, scheduling order).
final class CombineTestScheduler: Scheduler {
    struct SchedulerTimeType: Strideable, Hashable {
        typealias Stride = SchedulerTimeInterval
        var nanoseconds: Int
        func distance(to other: Self) -> Stride { .nanoseconds(other.nanoseconds - nanoseconds) }
        func advanced(by n: Stride) -> Self { Self(nanoseconds: nanoseconds + n.magnitude) }
    }

    typealias SchedulerOptions = Never

    private var queue: [(time: Int, order: Int, action: () -> Void)] = []
    private var order = 0
    private(set) var now = SchedulerTimeType(nanoseconds: 0)

    var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

    func schedule(options: Never?, _ action: @escaping () -> Void) {
        schedule(after: now, tolerance: minimumTolerance, options: nil, action)
    }

    func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: Never?,
        _ action: @escaping () -> Void
    ) {
        order += 1
        queue.append((max(date.nanoseconds, now.nanoseconds), order, action))
    }

    /// Runs everything due up to `now + interval`, moving the clock to each action's time.
    func advance(by interval: SchedulerTimeType.Stride) {
        let end = now.nanoseconds + interval.magnitude
        while let next = queue.enumerated().filter({ $0.element.time <= end })
            .min(by: { ($0.element.time, $0.element.order) < ($1.element.time, $1.element.order) })
        {
            queue.remove(at: next.offset)
            now = SchedulerTimeType(nanoseconds: next.element.time)
            next.element.action()
        }
        now = SchedulerTimeType(nanoseconds: end)
    }
}
