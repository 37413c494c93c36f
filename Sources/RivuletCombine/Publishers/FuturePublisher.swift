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

    /// Attaches `subscriber` through the engine stream (see `Publisher`).
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        attachThroughEngine(subscriber)
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
    private var isResolved = false

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
        // The subscription ends with the result (`take(1)`, or the failure).
        _ = subject.take(1).subscribe { event in
            switch event {
            case .next(let value): body(.success(value))
            case .error(let error): body(.failure(error))
            case .completed: break
            }
        }
    }
}
