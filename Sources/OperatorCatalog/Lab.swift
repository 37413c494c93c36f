// A demo's virtual-time laboratory: the scheduler and the sources it creates, and how the stream is
// subscribed (as the operator reference draws it, or along one terminal path of the leak check).
import Rivulet
import RivuletTest

/// One demo's scheduler and the sources it created, in order.
package final class Lab {
    /// The scheduler every source and time operator of the demo runs on.
    package let scheduler: TestScheduler
    /// The sources the demo created, in order.
    package private(set) var sources: [(label: String, cold: Bool, observable: TestableObservable<String>)] = []
    /// The terminal path the demo runs along, or `nil` to run it as the page draws it.
    package let path: TerminalPath?
    /// How the leak check's subscriber subscribes (`start`; `record` always passes an observer).
    package let subscriber: SubscriberForm
    /// The object the leak check's subscriber captures (its own subscription's disposable), held
    /// weakly: `nil` once the subscriber has been released.
    package private(set) weak var captured: SingleAssignmentDisposable?
    /// Whether the subscriber was still alive at the disposal time, with no terminal event,
    /// though every input had been subscribed and none was subscribed any more.
    package private(set) var keptAfterItsInputsEnded = false
    /// Whether the stream was subscribed (a leak-check run that never subscribes checks nothing).
    package private(set) var subscribed = false
    /// Connections the demo made (`connect()`); a leak-check run ends them when it disposes.
    private var connections: [Disposable] = []

    /// A lab for the page (`path` nil) or for one terminal path of the leak check.
    package init(simulateProcessingDelay: Bool, path: TerminalPath? = nil, subscriber: SubscriberForm = .eventHandler) {
        scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: simulateProcessingDelay)
        self.path = path
        self.subscriber = subscriber
    }

    /// A hot source; frame 0 is virtual time 200, when `start` subscribes.
    package func hot(_ label: String, _ diagram: String) throws -> TestableObservable<String> {
        let source = try scheduler.createHotObservable(rewritten(diagram))
        sources.append((label, false, source))
        return source
    }

    /// A cold source; frame 0 is each subscription's moment.
    package func cold(_ label: String, _ diagram: String) throws -> TestableObservable<String> {
        let source = try scheduler.createColdObservable(rewritten(diagram))
        sources.append((label, true, source))
        return source
    }

    /// The diagram of the next source as the path wants it.
    private func rewritten(_ diagram: String) -> String {
        path?.diagram(diagram, ofInput: sources.count) ?? diagram
    }

    /// Keeps a connection the demo made; a leak-check run disposes it when the subscriber's
    /// subscription is disposed (the page leaves it connected).
    package func keep(connection: Disposable) {
        connections.append(connection)
    }

    /// Subscribes at 200, disposes at `disposed`, and returns what the stream sent.
    package func start<Element>(
        disposed: TestTime = TestScheduler.Defaults.disposed, _ create: @escaping () -> Observable<Element>
    )
        -> [Recorded<Event<String>>]
    {
        guard path != nil else { return scheduler.start(disposed: disposed, create: create).events.map(describe) }
        var observable: Observable<Element>?
        scheduler.scheduleAt(TestScheduler.Defaults.created) { observable = create() }
        let form = subscriber
        return subscribeCapturing(disposed: disposed) { handler in
            form.subscribe(observable!) { handler($0.map { String(describing: $0) }) }
        }
    }

    /// Runs `subscribe` at 200 with a recording observer, disposes at 1000, and returns what the
    /// observer received (for `bind(to:)`, which returns a `Disposable`).
    package func record(_ subscribe: @escaping (AnyObserver<String>) -> Disposable) -> [Recorded<Event<String>>] {
        guard path != nil else {
            let observer = scheduler.createObserver(String.self)
            var subscription: Disposable?
            scheduler.scheduleAt(TestScheduler.Defaults.subscribed) { subscription = subscribe(observer.asObserver()) }
            scheduler.scheduleAt(TestScheduler.Defaults.disposed) { subscription?.dispose() }
            scheduler.start()
            return observer.events
        }
        return subscribeCapturing(disposed: TestScheduler.Defaults.disposed) { handler in
            subscribe(AnyObserver { handler($0) })
        }
    }

    /// The leak check's subscriber: at 200 it subscribes with a handler that captures the
    /// `SingleAssignmentDisposable` its subscription is assigned to (a cycle only the end of the
    /// subscription breaks), disposes it from inside the handler at the first value when the path
    /// says so, and from outside at `disposed` unless the stream has ended by then (through a weak
    /// reference, so the scheduler keeps nothing alive); then runs the scheduler to the end.
    private func subscribeCapturing(
        disposed: TestTime, _ subscribe: @escaping (@escaping (Event<String>) -> Void) -> Disposable
    ) -> [Recorded<Event<String>>] {
        let scheduler = self.scheduler
        let disposesFromInside = path == .disposedFromInside
        var events: [Recorded<Event<String>>] = []
        var ended = false
        scheduler.scheduleAt(TestScheduler.Defaults.subscribed) { [self] in
            let own = SingleAssignmentDisposable()
            captured = own
            subscribed = true
            own.setDisposable(
                subscribe { event in
                    events.append(Recorded(time: scheduler.clock, value: event))
                    if event.isStopEvent { ended = true }
                    if disposesFromInside, case .next = event { own.dispose() }
                    _ = own
                })
            scheduler.scheduleAt(disposed) { [weak own, self] in
                // A subscription that ended by itself is not disposed: what it left alive shows.
                // One whose inputs have all been subscribed and let go, though no terminal event
                // came, has ended too: a subscriber still alive then is kept by nothing but a cycle
                // (the disposal would hide it).
                let inputsEnded =
                    !sources.isEmpty
                    && sources.allSatisfy { source in
                        !source.observable.subscriptions.isEmpty
                            && !source.observable.subscriptions.contains { $0.unsubscribe == Int.max }
                    }
                if !ended, own != nil, inputsEnded, path != .disposedFromInside { keptAfterItsInputsEnded = true }
                if !ended { own?.dispose() }
                connections.forEach { $0.dispose() }
                connections = []
            }
        }
        scheduler.start()
        return events
    }
}

/// A recorded event with its element written as text.
package func describe<Element>(_ recorded: Recorded<Event<Element>>) -> Recorded<Event<String>> {
    Recorded(time: recorded.time, value: recorded.value.map { String(describing: $0) })
}
