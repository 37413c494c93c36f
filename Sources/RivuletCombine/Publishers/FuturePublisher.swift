import Rivulet

/// A publisher that eventually sends one value and finishes, or fails (Combine's `Future`).
///
/// The closure runs once, at once, when the future is created; it is handed a `promise` to call
/// with the result. Every subscriber, early or late, receives that result, as far as its demand
/// allows. The promise resolves the future once: later calls are ignored, also when two threads
/// call it at the same time (exactly one result wins).
///
/// ```swift
/// let future = Future<Int, Never> { promise in promise(.success(42)) }
/// let answer = await future.value
/// ```
///
/// Built on a one-element `ReplaySubject`. The promise holds the future's state, not the future:
/// a promise called after the future was released does nothing.
public final class Future<Output, Failure: Swift.Error>: Publisher, EnginePublisher, CustomStringConvertible,
    @unchecked Sendable
{
    // @unchecked Sendable: the state is a `FutureState`, which is thread-safe.

    /// The closure a future's work receives to report its result.
    public typealias Promise = (Result<Output, Failure>) -> Void

    @usableFromInline let state = FutureState<Output>()

    /// Runs `attemptToFulfill` now, handing it the promise that resolves the future.
    public init(_ attemptToFulfill: @escaping (@escaping Promise) -> Void) {
        let state = self.state
        attemptToFulfill { result in
            switch result {
            case .success(let value): state.resolve(.next(value))
            case .failure(let failure): state.resolve(.error(failure))
            }
        }
    }

    /// Hands `subscriber` a `Future` subscription: the value and `.finished` once the future is
    /// resolved and a value was requested, a failure as soon as it is resolved.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        FutureSubscription.attach(.erase(subscriber), to: self)
    }

    /// The replaying engine subject behind this future.
    @inlinable
    func engineStream() -> Observable<Output> { state.subject }

    /// `Future`.
    public var description: String { "Future" }
}

extension Future where Failure == Never {
    /// The future's value, once it is resolved (suspends until then; a future that is never
    /// resolved never returns).
    public var value: Output {
        get async {
            let box = await withCheckedContinuation {
                (continuation: CheckedContinuation<UncheckedSendableValue<Output>, Never>) in
                state.whenResolved { result in
                    if case .success(let value) = result {
                        continuation.resume(returning: UncheckedSendableValue(value))
                    }
                }
            }
            return box.value
        }
    }
}

extension Future {
    /// The future's value, once it is resolved; throws its failure (suspends until then; a
    /// future that is never resolved never returns).
    public var value: Output {
        get async throws {
            let box = try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<UncheckedSendableValue<Output>, Swift.Error>) in
                state.whenResolved { result in
                    switch result {
                    case .success(let value): continuation.resume(returning: UncheckedSendableValue(value))
                    case .failure(let error): continuation.resume(throwing: error)
                    }
                }
            }
            return box.value
        }
    }
}

/// Carries a future's value out of its continuation: it is handed from the resolving thread to
/// the awaiting task once, as Combine's `Future.value` does.
struct UncheckedSendableValue<Value>: @unchecked Sendable {
    // @unchecked Sendable: created on the resolving thread and read once by the awaiting task.
    let value: Value

    init(_ value: Value) { self.value = value }
}

/// A future's state: the replaying subject and whether the promise was called.
@usableFromInline
final class FutureState<Output>: @unchecked Sendable {
    // @unchecked Sendable: `isResolved` is guarded by `lock`; the subject is thread-safe.
    @usableFromInline let subject = ReplaySubject<Output>.create(bufferSize: 1)
    private let lock = Lock.make()
    @exclusivity(unchecked) private var isResolved = false

    @usableFromInline
    init() {}

    /// Sends `event` (a value, then the completion; or a failure) the first time only.
    func resolve(_ event: Event<Output>) {
        lock.lock()
        if isResolved { return lock.unlock() }
        isResolved = true
        lock.unlock()
        subject.on(event)
        if case .next = event { subject.on(.completed) }
    }

    /// Calls `body` once with the result, now if the future is resolved, otherwise when it is.
    func whenResolved(_ body: @escaping (Result<Output, Swift.Error>) -> Void) {
        _ = observe(body)
    }

    /// Calls `body` once with the result, now if the future is resolved, otherwise when it is;
    /// disposing the returned registration first means it is never called. (The subscription ends
    /// with the result: `take(1)`, or the failure.)
    func observe(_ body: @escaping (Result<Output, Swift.Error>) -> Void) -> Disposable {
        subject.take(1).subscribe { event in
            switch event {
            case .next(let value): body(.success(value))
            case .error(let error): body(.failure(error))
            case .completed: break
            }
        }
    }
}

/// A `Future`'s subscription on the demand path (Combine's): it delivers the value and
/// `.finished` once the future is resolved and the subscriber has asked for a value (inside that
/// `request(_:)` if the future is resolved already), and a failure as soon as it is resolved,
/// whatever the demand. Calls into the subscriber never overlap (`DeliveryTurn`); the subscriber
/// is released once the result is delivered, or at the cancel; so is the future, but for a value
/// delivered when demand arrived after the resolution, which keeps it (in the mirror's `parent`)
/// until the subscription goes, as Combine does.
final class FutureSubscription<Output, Failure: Swift.Error>: Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
{
    // @unchecked Sendable: every var is guarded by `lock`; the subscriber is called outside it by
    // the holder of `turn` only.
    private let lock = Lock.make()
    @exclusivity(unchecked) private var downstream: DemandSubscriber<Output, Failure>?
    @exclusivity(unchecked) private var parent: Future<Output, Failure>?
    @exclusivity(unchecked) private var registration: Disposable?
    @exclusivity(unchecked) private var result: Result<Output, Failure>?
    @exclusivity(unchecked) private var hasAnyDemand = false
    @exclusivity(unchecked) private var isHanded = false
    @exclusivity(unchecked) private var isDone = false
    /// The result is being delivered; a cancel meanwhile stops the completion after a value.
    @exclusivity(unchecked) private var isDelivering = false
    @exclusivity(unchecked) private var isCancelledWhileDelivering = false
    @exclusivity(unchecked) private var turn = DeliveryTurn()

    private init(_ downstream: DemandSubscriber<Output, Failure>, parent: Future<Output, Failure>) {
        self.downstream = downstream
        self.parent = parent
    }

    /// Hands `subscriber` a subscription to `future`'s result.
    static func attach(_ subscriber: DemandSubscriber<Output, Failure>, to future: Future<Output, Failure>) {
        let subscription = FutureSubscription(subscriber, parent: future)
        subscription.lock.lock()
        subscription.turn.beginHandOff()
        subscription.lock.unlock()
        let registration = future.state.observe { result in subscription.resolved(result) }
        subscription.lock.lock()
        let isDone = subscription.isDone
        if !isDone { subscription.registration = registration }
        subscription.isHanded = true
        subscription.lock.unlock()
        subscriber.receive(subscription: subscription)
        subscription.lock.lock()
        subscription.turn.endHandOff()
        subscription.lock.unlock()
        if isDone { registration.dispose() }
        subscription.deliver()
    }

    /// The future was resolved (on any thread).
    private func resolved(_ result: Result<Output, Swift.Error>) {
        lock.lock()
        switch result {
        case .success(let value): self.result = .success(value)
        case .failure(let error):
            // Only a `Failure` can resolve a typed future (see `Publisher`, "Typed failures").
            guard let failure = error as? Failure else { return lock.unlock() }
            self.result = .failure(failure)
        }
        lock.unlock()
        deliver(onResolution: true)
    }

    func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        lock.lock()
        hasAnyDemand = true
        lock.unlock()
        deliver()
    }

    func cancel() {
        lock.lock()
        if isDelivering { isCancelledWhileDelivering = true }
        if isDone { return lock.unlock() }
        isDone = true
        let registration = self.registration.take()
        let released = turn.isBusy ? nil : (downstream.take(), parent.take())
        lock.unlock()
        registration?.dispose()
        withExtendedLifetime(released) {}
    }

    /// Delivers the result once it is there and may go (a value needs demand). A value delivered
    /// because demand arrived (`onResolution` false) leaves the future in the subscription's
    /// mirror (`parent`) until the subscription goes, as Combine's does; otherwise the future is
    /// released with the subscriber.
    private func deliver(onResolution: Bool = false) {
        lock.lock()
        guard isHanded, !isDone, let result, let downstream else { return lock.unlock() }
        if case .success = result, !hasAnyDemand { return lock.unlock() }
        guard turn.take() else { return lock.unlock() }
        isDone = true
        isDelivering = true
        let registration = self.registration.take()
        lock.unlock()
        switch result {
        case .success(let value):
            _ = downstream.receive(value)
            // A cancel from inside `receive(_:)` stops the completion (nothing starts after it).
            if !lock.withLock({ isCancelledWhileDelivering }) { downstream.receive(completion: .finished) }
        case .failure(let failure):
            downstream.receive(completion: .failure(failure))
        }
        let keepsParent: Bool
        if case .success = result { keepsParent = !onResolution } else { keepsParent = false }
        lock.lock()
        turn.release()
        let released = (self.downstream.take(), keepsParent ? nil : parent.take())
        lock.unlock()
        registration?.dispose()
        withExtendedLifetime(released) {}
    }

    /// `Future`.
    var description: String { "Future" }

    /// Combine's children: the future (`parent`, `subject`), the subscriber and whether it asked for
    /// a value; the future and the subscriber are `nil` once the subscription has ended.
    var customMirror: Mirror {
        lock.lock()
        let (parent, downstream, hasAnyDemand) = (self.parent, self.downstream?.reflected, self.hasAnyDemand)
        lock.unlock()
        return Mirror(
            self,
            children: [
                ("parent", parent as Any), ("downstream", downstream as Any), ("hasAnyDemand", hasAnyDemand),
                ("subject", parent as Any),
            ])
    }

    /// `description`.
    var playgroundDescription: Any { description }
}
