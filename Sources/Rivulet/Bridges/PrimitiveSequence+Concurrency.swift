extension PrimitiveSequenceType where Trait == SingleTrait {
    /// A `Single` whose subscriptions each run `work` in a new `Task` (detached if asked, with
    /// `priority`) and send its result or its error; disposing the subscription cancels the task.
    ///
    /// ```swift
    /// let user = Single.create { try await api.fetchUser() }
    /// ```
    @_disfavoredOverload
    public static func create(
        detached: Bool = false,
        priority: TaskPriority? = nil,
        work: @Sendable @escaping () async throws -> Element
    ) -> Single<Element> {
        Single.create { single in
            let deliver = UncheckedSendableBox(single)
            let operation: @Sendable () async -> Void = {
                let result: Result<Element, Swift.Error>
                do { result = .success(try await work()) } catch { result = .failure(error) }
                deliver.value(result)
            }
            let task =
                detached
                ? Task.detached(priority: priority, operation: operation)
                : Task(priority: priority, operation: operation)
            return Disposables.create { task.cancel() }
        }
    }

    #if compiler(>=6.2)
        /// Awaits the `Single`'s value; throws its error. Cancelling the awaiting task disposes the
        /// subscription and throws `CancellationError`, as does a subscription disposed before the
        /// result; the continuation is resumed exactly once.
        ///
        /// ```swift
        /// let user = try await fetchUser.value
        /// ```
        public nonisolated(nonsending) var value: Element {
            get async throws {
                try await awaitResult(of: ResumeOnce<Element>()) { resume in
                    primitiveSequence.subscribe(
                        onSuccess: { resume.resume(.success($0)) },
                        onFailure: { resume.resume(.failure($0)) },
                        onDisposed: { resume.resume(.failure(CancellationError())) })
                }
            }
        }
    #else
        /// Awaits the `Single`'s value; throws its error. Cancelling the awaiting task disposes the
        /// subscription and throws `CancellationError`, as does a subscription disposed before the
        /// result; the continuation is resumed exactly once.
        ///
        /// ```swift
        /// let user = try await fetchUser.value
        /// ```
        public var value: Element {
            get async throws {
                try await awaitResult(of: ResumeOnce<Element>()) { resume in
                    primitiveSequence.subscribe(
                        onSuccess: { resume.resume(.success($0)) },
                        onFailure: { resume.resume(.failure($0)) },
                        onDisposed: { resume.resume(.failure(CancellationError())) })
                }
            }
        }
    #endif
}

extension PrimitiveSequenceType where Trait == MaybeTrait {
    #if compiler(>=6.2)
        /// Awaits the `Maybe`'s value: `nil` when it completes without one; throws its error.
        /// Cancelling the awaiting task disposes the subscription and throws `CancellationError`, as
        /// does a subscription disposed before the result; the continuation is resumed exactly once.
        public nonisolated(nonsending) var value: Element? {
            get async throws {
                try await awaitResult(of: ResumeOnce<Element?>()) { resume in
                    primitiveSequence.subscribe(
                        onSuccess: { resume.resume(.success($0)) },
                        onError: { resume.resume(.failure($0)) },
                        onCompleted: { resume.resume(.success(nil)) },
                        onDisposed: { resume.resume(.failure(CancellationError())) })
                }
            }
        }
    #else
        /// Awaits the `Maybe`'s value: `nil` when it completes without one; throws its error.
        /// Cancelling the awaiting task disposes the subscription and throws `CancellationError`, as
        /// does a subscription disposed before the result; the continuation is resumed exactly once.
        public var value: Element? {
            get async throws {
                try await awaitResult(of: ResumeOnce<Element?>()) { resume in
                    primitiveSequence.subscribe(
                        onSuccess: { resume.resume(.success($0)) },
                        onError: { resume.resume(.failure($0)) },
                        onCompleted: { resume.resume(.success(nil)) },
                        onDisposed: { resume.resume(.failure(CancellationError())) })
                }
            }
        }
    #endif
}

extension PrimitiveSequenceType where Trait == CompletableTrait, Element == Never {
    #if compiler(>=6.2)
        /// Awaits the `Completable`'s completion; throws its error. Cancelling the awaiting task
        /// disposes the subscription and throws `CancellationError`, as does a subscription disposed
        /// before the result; the continuation is resumed exactly once.
        public nonisolated(nonsending) var value: Void {
            get async throws {
                try await awaitResult(of: ResumeOnce<Void>()) { resume in
                    primitiveSequence.subscribe(
                        onCompleted: { resume.resume(.success(())) },
                        onError: { resume.resume(.failure($0)) },
                        onDisposed: { resume.resume(.failure(CancellationError())) })
                }
            }
        }
    #else
        /// Awaits the `Completable`'s completion; throws its error. Cancelling the awaiting task
        /// disposes the subscription and throws `CancellationError`, as does a subscription disposed
        /// before the result; the continuation is resumed exactly once.
        public var value: Void {
            get async throws {
                try await awaitResult(of: ResumeOnce<Void>()) { resume in
                    primitiveSequence.subscribe(
                        onCompleted: { resume.resume(.success(())) },
                        onError: { resume.resume(.failure($0)) },
                        onDisposed: { resume.resume(.failure(CancellationError())) })
                }
            }
        }
    #endif
}

/// Subscribes through `subscribe` and awaits the one result `resume` gets, on the caller's actor
/// (`isolation`): the trait need not be `Sendable`. Cancelling the awaiting task disposes the
/// subscription.
func awaitResult<Value>(
    of resume: ResumeOnce<Value>,
    isolation: isolated (any Actor)? = #isolation,
    _ subscribe: (ResumeOnce<Value>) -> Disposable
) async throws -> Value {
    try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { continuation in
            resume.start(continuation)
            resume.hold(subscribe(resume))
        }
    } onCancel: {
        resume.cancel()
    }
}

/// The bridge of one awaited trait result: resumes its continuation exactly once (the result, or
/// `CancellationError` when the subscription ends first), and disposes the subscription when the
/// task is cancelled, before or after it was made.
final class ResumeOnce<Value>: @unchecked Sendable {
    // @unchecked Sendable: every var is guarded by `lock`; the value crosses to the awaiting task
    // through the continuation, as RxSwift's does.
    private let lock = Lock.make()
    private var continuation: CheckedContinuation<Value, Swift.Error>?
    private var resumed = false
    private var cancelled = false
    private var subscription: Disposable?

    /// Keeps `continuation` for the result.
    func start(_ continuation: CheckedContinuation<Value, Swift.Error>) {
        lock.withLock { self.continuation = continuation }
    }

    /// Keeps the subscription for a later cancellation; disposes it at once if the task was
    /// cancelled already.
    func hold(_ subscription: Disposable) {
        let disposeNow = lock.withLock { () -> Bool in
            if cancelled { return true }
            self.subscription = subscription
            return false
        }
        if disposeNow { subscription.dispose() }
    }

    /// Resumes with `result` unless already resumed.
    func resume(_ result: Result<Value, Swift.Error>) {
        let continuation = lock.withLock { () -> CheckedContinuation<Value, Swift.Error>? in
            if resumed { return nil }
            resumed = true
            return self.continuation.take()
        }
        let box = UncheckedSendableBox(result)
        continuation?.resume(with: box.value)
    }

    /// The awaiting task was cancelled: disposes the subscription (which resumes with
    /// `CancellationError` if no result came first).
    func cancel() {
        let subscription = lock.withLock { () -> Disposable? in
            cancelled = true
            return self.subscription.take()
        }
        subscription?.dispose()
    }
}
