/// Something that receives a publisher's values one demand at a time (Combine's `Subscriber`):
/// write one to control how many values arrive, then attach it with `subscribe(_:)`.
///
/// ```swift
/// final class OneAtATime: Subscriber {
///     typealias Input = Int
///     typealias Failure = Never
///     func receive(subscription: Subscription) { subscription.request(.max(1)) }
///     func receive(_ input: Int) -> Subscribers.Demand { print(input); return .max(1) }
///     func receive(completion: Subscribers.Completion<Never>) { print("done") }
/// }
/// ```
///
/// The engine has no backpressure, so demand is kept at the subscriber's end: values that arrive
/// while the demand is used up wait, in order, in the subscription's buffer until more is
/// requested (none is dropped; the buffer grows while they wait). The completion is delivered
/// after the values ahead of it, whatever the demand.
public protocol Subscriber<Input, Failure> {
    /// The type of the values the subscriber receives.
    associatedtype Input
    /// The type of the error that can end the subscription.
    associatedtype Failure: Swift.Error

    /// Called once, first: the subscription to request values from (or cancel).
    func receive(subscription: Subscription)

    /// Called for each value; returns how many more values to add to the demand.
    func receive(_ input: Input) -> Subscribers.Demand

    /// Called once, last, unless the subscription is cancelled first.
    func receive(completion: Subscribers.Completion<Failure>)
}

extension Subscriber where Input == Void {
    /// Receives `()`.
    public func receive() -> Subscribers.Demand { receive(()) }
}

extension Publisher {
    /// Attaches `subscriber`: it is given its subscription, then receives the values it requests
    /// and the completion.
    ///
    /// Threading: the subscriber's methods run one at a time; `request(_:)` and `cancel()` may be
    /// called from any thread, also from inside the subscriber's own methods. After `cancel()` no
    /// further call to the subscriber starts (one already running finishes).
    public func subscribe<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
        receive(subscriber: subscriber)
    }

    /// Attaches `subscriber` through `asObservable()`: the subscriber is given its subscription,
    /// then receives the values it requests and the completion.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let subscription = DemandSubscription(subscriber)
        subscriber.receive(subscription: subscription)
        asObservable()._subscribe({ event in subscription.on(event) }, subscription)
    }
}

/// The subscription a custom `Subscriber` is given: it keeps the demand and the values (and the
/// completion) that wait for it, and delivers them one call at a time.
final class DemandSubscription<S: Subscriber>: SinkBase, Subscription, @unchecked Sendable {
    // @unchecked Sendable: `demand`, `waiting`, `isDraining` and `isCancelled` are guarded by
    // `stateLock`; `subscriber` is released once, after the last call to it.
    let stateLock = Lock.make()
    @exclusivity(unchecked) var subscriber: S?
    @exclusivity(unchecked) var demand = Subscribers.Demand.none
    @exclusivity(unchecked) var waiting = RingBuffer<Event<S.Input>>()
    @exclusivity(unchecked) var isDraining = false
    @exclusivity(unchecked) var isCancelled = false

    init(_ subscriber: S) {
        self.subscriber = subscriber
    }

    func on(_ event: Event<S.Input>) {
        stateLock.lock()
        if isCancelled { return stateLock.unlock() }
        waiting.append(event)
        stateLock.unlock()
        drain()
    }

    func request(_ more: Subscribers.Demand) {
        stateLock.lock()
        if isCancelled { return stateLock.unlock() }
        demand += more
        stateLock.unlock()
        drain()
    }

    func cancel() { dispose() }

    /// Delivers what waits and is demanded, on one thread at a time; a call made while another
    /// thread (or this one, reentrantly) drains leaves the work to it.
    private func drain() {
        stateLock.lock()
        if isDraining { return stateLock.unlock() }
        isDraining = true
        while !isCancelled, let subscriber, let event = nextDeliverable() {
            stateLock.unlock()
            switch event {
            case .next(let value):
                let more = subscriber.receive(value)
                stateLock.lock()
                demand += more
                continue
            case .error(let error):
                // A foreign error cannot reach a typed publisher (see `Publisher`); it ends the
                // subscription without a completion, as `sink` does.
                if let failure = error as? S.Failure {
                    subscriber.receive(completion: .failure(failure))
                } else {
                    reportUnhandledError(error)
                }
            case .completed:
                subscriber.receive(completion: .finished)
            }
            dispose()
            releaseSubscriber()
            return
        }
        // Cancelled during a call to the subscriber: this thread releases it.
        let released = isCancelled ? subscriber.take() : nil
        isDraining = false
        stateLock.unlock()
        withExtendedLifetime(released) {}
    }

    /// Lets go of the subscriber after its last call, which breaks the cycle of a subscriber that
    /// keeps its subscription.
    private func releaseSubscriber() {
        stateLock.lock()
        let released = subscriber.take()
        isDraining = false
        stateLock.unlock()
        withExtendedLifetime(released) {}
    }

    /// The next event the subscriber may receive now: a value if there is demand for it, a stop
    /// event always. Called with `stateLock` held.
    private func nextDeliverable() -> Event<S.Input>? {
        guard let first = waiting.first else { return nil }
        if case .next = first {
            guard demand > .none else { return nil }
            demand -= 1
        }
        return waiting.removeFirst()
    }

    override func willDispose() -> Int {
        stateLock.lock()
        isCancelled = true
        let dropped = waiting.removeAll()
        // A thread inside a call to the subscriber releases it when that call returns.
        let released = isDraining ? nil : subscriber.take()
        stateLock.unlock()
        withExtendedLifetime((dropped, released)) {}
        return 0
    }
}
