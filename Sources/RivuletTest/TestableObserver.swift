import Foundation
import Rivulet

/// An observer that records every event with the scheduler's clock at arrival.
public final class TestableObserver<Element>: ObserverType, @unchecked Sendable {
    // @unchecked Sendable: `recorded` is guarded by `lock`.
    let scheduler: TestScheduler
    private let lock = NSLock()
    private var recorded: [Recorded<Event<Element>>] = []

    init(scheduler: TestScheduler) {
        self.scheduler = scheduler
    }

    /// The events received so far, each with its virtual time.
    public var events: [Recorded<Event<Element>>] { lock.withLock { recorded } }

    /// Records `event` at the current virtual time.
    public func on(_ event: Event<Element>) {
        let entry = Recorded(time: scheduler.clock, value: event)
        lock.withLock { recorded.append(entry) }
    }
}
