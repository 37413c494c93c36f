import Rivulet

/// The subscriber behind `values` (`AsyncPublisher` and `AsyncThrowingPublisher`): it asks the
/// upstream for one value per `next()`, as Combine's does, and hands each value to the oldest
/// waiting `next()`.
///
/// Several tasks may await `next()` at once: each call waits in a queue and requests `.max(1)`
/// (before the subscription arrives the requests add up, and go upstream with it). What ends the
/// iteration resumes every waiting call:
/// - the upstream finishes: every waiting call returns `nil`;
/// - the upstream fails: the oldest waiting call throws the failure, the others return `nil`; with
///   no call waiting, the next one throws it (then `nil`);
/// - `cancel()` (the iterating task is cancelled, the iterator is released, or the upstream
///   cancels this subscriber as a `Cancellable`): the upstream is cancelled once, every waiting
///   call returns `nil`;
/// - a value that arrives before the subscription makes the waiting calls return `nil` (as
///   Combine's); the requests they made still go upstream with the subscription.
///
/// Never traps: a value that no `next()` asked for (a publisher that ignores demand) is dropped
/// and reported to `Hooks.misuseHandler`; a second subscription, or one after the end, is
/// cancelled. Every later `next()` returns `nil` once the iteration has ended.
final class DemandedValues<Input: Sendable, Failure: Swift.Error>: Subscriber, Cancellable, @unchecked Sendable {
    // @unchecked Sendable: every var is guarded by `lock`, never held while calling out (the
    // upstream, a continuation).

    private enum Stage {
        case awaiting
        case subscribed(Subscription)
        case ended
    }

    private let lock = Lock.make()
    private var stage = Stage.awaiting
    /// The `next()` calls waiting for a value, oldest first.
    private var waiting: [UnsafeContinuation<Input?, Swift.Error>] = []
    /// What `next()` asked for before the subscription arrived.
    private var demandBeforeSubscription = Subscribers.Demand.none
    /// A failure that arrived while no `next()` waited: the next call throws it.
    private var pendingFailure: Failure?

    /// A unique identifier, as every Combine subscriber has.
    let combineIdentifier = CombineIdentifier()

    func receive(subscription: Subscription) {
        lock.lock()
        guard case .awaiting = stage else {
            lock.unlock()
            subscription.cancel()
            return
        }
        stage = .subscribed(subscription)
        let demand = demandBeforeSubscription
        demandBeforeSubscription = .none
        lock.unlock()
        if demand > .none { subscription.request(demand) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard case .subscribed = stage else {
            let resumed = takeWaiting()
            lock.unlock()
            for continuation in resumed { continuation.resume(returning: nil) }
            return .none
        }
        guard !waiting.isEmpty else {
            lock.unlock()
            Hooks.reportMisuse("values", "the publisher sent a value that no next() asked for; it is dropped")
            return .none
        }
        let continuation = waiting.removeFirst()
        lock.unlock()
        continuation.resume(returning: input)
        return .none
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.lock()
        if case .ended = stage { return lock.unlock() }
        stage = .ended
        var resumed = takeWaiting()
        var failure: Failure?
        if case .failure(let error) = completion {
            if resumed.isEmpty { pendingFailure = error } else { failure = error }
        }
        lock.unlock()
        if let failure {
            resumed.removeFirst().resume(throwing: failure)
        }
        for continuation in resumed { continuation.resume(returning: nil) }
    }

    /// Cancels the upstream (once) and ends the iteration: every waiting `next()` returns `nil`.
    func cancel() {
        lock.lock()
        var upstream: Subscription?
        if case .subscribed(let subscription) = stage { upstream = subscription }
        stage = .ended
        pendingFailure = nil
        let resumed = takeWaiting()
        lock.unlock()
        upstream?.cancel()
        for continuation in resumed { continuation.resume(returning: nil) }
    }

    /// The next value; `nil` once the iteration has ended. Throws the upstream's failure once.
    func next() async throws -> Input? {
        try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { (continuation: UnsafeContinuation<Input?, Swift.Error>) in
                lock.lock()
                switch stage {
                case .awaiting:
                    waiting.append(continuation)
                    demandBeforeSubscription += 1
                    lock.unlock()
                case .subscribed(let subscription):
                    waiting.append(continuation)
                    lock.unlock()
                    subscription.request(.max(1))
                case .ended:
                    let failure = pendingFailure
                    pendingFailure = nil
                    lock.unlock()
                    if let failure {
                        continuation.resume(throwing: failure)
                    } else {
                        continuation.resume(returning: nil)
                    }
                }
            }
        } onCancel: {
            cancel()
        }
    }

    /// Empties `waiting` (called with `lock` held).
    private func takeWaiting() -> [UnsafeContinuation<Input?, Swift.Error>] {
        let taken = waiting
        waiting = []
        return taken
    }
}
