import Foundation

/// The base of schedulers whose clock only moves when told to: work is queued by virtual time
/// and run by `start()` or `advanceTo(_:)`, in `(time, scheduling order)` order, so ties run
/// first-in first-out. `TestScheduler` (RivuletTest) is one.
///
/// ```swift
/// let scheduler = TestScheduler(initialClock: 0)
/// _ = scheduler.scheduleRelative((), dueTime: .seconds(10)) { _ in print(scheduler.clock); return Disposables.create() }
/// scheduler.start() // prints 10
/// ```
///
/// Threading: work may be scheduled from any thread; the queue and clock are guarded by a lock
/// and every action runs on the thread that called `start()`/`advanceTo(_:)`, with no lock held,
/// so actions may schedule more work.
open class VirtualTimeScheduler<Converter: VirtualTimeConverterType>: SchedulerType, @unchecked Sendable {
    // @unchecked Sendable: `currentClock`, `queue`, `nextID` and `running` are guarded by `lock`.

    /// A point in virtual time.
    public typealias VirtualTime = Converter.VirtualTimeUnit
    /// A span of virtual time.
    public typealias VirtualTimeInterval = Converter.VirtualTimeIntervalUnit

    private let lock = Lock.make()
    private let converter: Converter
    private var currentClock: VirtualTime
    private var queue: PriorityQueue<VirtualSchedulerItem<VirtualTime>>
    private var nextID = 0
    private var running = false

    /// A scheduler whose clock starts at `initialClock`.
    public init(initialClock: VirtualTime, converter: Converter) {
        self.converter = converter
        self.currentClock = initialClock
        self.queue = PriorityQueue { lhs, rhs in
            switch converter.compareVirtualTime(lhs.time, rhs.time) {
            case .lessThan: return true
            case .equal: return lhs.id < rhs.id
            case .greaterThan: return false
            }
        }
    }

    /// The current virtual time as a real time (through the converter).
    public var now: RxTime { converter.convertFromVirtualTime(clock) }

    /// The current virtual time.
    public var clock: VirtualTime { lock.withLock { currentClock } }

    /// Runs `action` as soon as possible: `scheduleRelative` with a zero delay (so the
    /// subclass's `adjustScheduledTime(_:)` applies).
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        scheduleRelative(state, dueTime: .microseconds(0), action: action)
    }

    /// Runs `action` at `now + dueTime`, adjusted by `adjustScheduledTime(_:)`. A `.never`
    /// delay schedules nothing.
    public func scheduleRelative<StateType>(
        _ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        if dueTime == .never { return Disposables.create() }
        let time = now.addingTimeInterval(dueTime.rivuletSeconds)
        let adjusted = adjustScheduledTime(converter.convertToVirtualTime(time))
        return scheduleAbsoluteVirtual(state, time: adjusted, action: action)
    }

    /// Runs `action` at `clock + dueTime` (virtual units, no adjustment).
    public func scheduleRelativeVirtual<StateType>(
        _ state: StateType, dueTime: VirtualTimeInterval, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        let time = converter.offsetVirtualTime(clock, offset: dueTime)
        return scheduleAbsoluteVirtual(state, time: time, action: action)
    }

    /// Runs `action` at the absolute virtual `time`; a time already past runs at the current
    /// clock (the clock never goes back), after the work already queued for that instant.
    public func scheduleAbsoluteVirtual<StateType>(
        _ state: StateType, time: VirtualTime, action: @escaping (StateType) -> Disposable
    ) -> Disposable {
        lock.withLock {
            let item = VirtualSchedulerItem(time: time, id: nextID) { action(state) }
            nextID += 1
            queue.enqueue(item)
            return item
        }
    }

    /// The hook subclasses override to move a relative schedule's due time (`TestScheduler`
    /// turns "now or earlier" into "now + 1"). The base returns `time` unchanged.
    open func adjustScheduledTime(_ time: VirtualTime) -> VirtualTime { time }

    /// Runs the queued work in order, moving the clock to each item's time, until the queue is
    /// empty or `stop()` is called. A call while already running returns at once.
    public func start() {
        guard beginRunning() else { return }
        while let item = nextItem(notAfter: nil) { item.invoke() }
        lock.withLock { running = false }
    }

    /// Runs the work due at or before `virtualTime`, then sets the clock to `virtualTime`.
    ///
    /// Fallbacks (where RxSwift traps): called while the scheduler is running, it does nothing;
    /// a `virtualTime` before the clock runs the overdue work but leaves the clock where it is.
    public func advanceTo(_ virtualTime: VirtualTime) {
        guard beginRunning() else { return }
        while let item = nextItem(notAfter: virtualTime) { item.invoke() }
        lock.withLock {
            if converter.compareVirtualTime(virtualTime, currentClock) == .greaterThan {
                currentClock = virtualTime
            }
            running = false
        }
    }

    /// Moves the clock forward by `virtualInterval` without running anything. A negative
    /// interval is ignored (RxSwift traps).
    public func sleep(_ virtualInterval: VirtualTimeInterval) {
        lock.withLock {
            let target = converter.offsetVirtualTime(currentClock, offset: virtualInterval)
            if converter.compareVirtualTime(target, currentClock) == .greaterThan {
                currentClock = target
            }
        }
    }

    /// Stops `start()`/`advanceTo(_:)` after the action that is running.
    public func stop() {
        lock.withLock { running = false }
    }

    private func beginRunning() -> Bool {
        lock.withLock {
            if running { return false }
            running = true
            return true
        }
    }

    /// Pops the next live item (due no later than `limit`) and moves the clock to its time.
    private func nextItem(notAfter limit: VirtualTime?) -> VirtualSchedulerItem<VirtualTime>? {
        lock.withLock {
            guard running else { return nil }
            while let front = queue.peek() {
                if front.isDisposed {
                    queue.dequeue()
                    continue
                }
                if let limit, converter.compareVirtualTime(front.time, limit) == .greaterThan { return nil }
                queue.dequeue()
                if converter.compareVirtualTime(front.time, currentClock) == .greaterThan {
                    currentClock = front.time
                }
                return front
            }
            return nil
        }
    }
}

extension VirtualTimeScheduler: CustomDebugStringConvertible {
    /// The clock and the due times of the queued work, e.g. `VirtualTimeScheduler(clock: 200, queued: [210, 300])`.
    public var debugDescription: String {
        lock.withLock {
            let times = queue.unordered
                .filter { !$0.isDisposed }
                .sorted { lhs, rhs in
                    switch converter.compareVirtualTime(lhs.time, rhs.time) {
                    case .lessThan: return true
                    case .equal: return lhs.id < rhs.id
                    case .greaterThan: return false
                    }
                }
                .map { "\($0.time)" }
            return "VirtualTimeScheduler(clock: \(currentClock), queued: [\(times.joined(separator: ", "))])"
        }
    }
}

/// One queued action. Disposing it before it runs cancels it; disposing it afterwards disposes
/// what the action returned.
final class VirtualSchedulerItem<Time>: Cancelable, @unchecked Sendable {
    // @unchecked Sendable: `action`, `result` and `disposed` are guarded by `lock`; `time` and
    // `id` are constants.
    let time: Time
    let id: Int
    private let lock = Lock.make()
    private var action: (() -> Disposable)?
    private var result: Disposable?
    private var disposed = false

    init(time: Time, id: Int, action: @escaping () -> Disposable) {
        self.time = time
        self.id = id
        self.action = action
    }

    var isDisposed: Bool { lock.withLock { disposed } }

    func invoke() {
        let action: (() -> Disposable)? = lock.withLock {
            defer { self.action = nil }
            return disposed ? nil : self.action
        }
        guard let action else { return }
        let produced = action()
        let disposeNow = lock.withLock { () -> Bool in
            if disposed { return true }
            result = produced
            return false
        }
        if disposeNow { produced.dispose() }
    }

    func dispose() {
        let held: Disposable? = lock.withLock {
            disposed = true
            action = nil
            defer { result = nil }
            return result
        }
        held?.dispose()
    }
}
