extension ObservableConvertibleType {
    /// The closure an async `create` body calls to send a value.
    public typealias ElementObserver<Value> = (Value) -> Void

    /// An observable whose subscriptions each run `work` in a new `Task` (detached if asked, with
    /// `priority`): every value `work` passes to its observer is sent, then the completion when it
    /// returns, or its error when it throws. Disposing the subscription cancels the task; values
    /// passed after that are dropped.
    ///
    /// ```swift
    /// let pages = Observable<Page>.create { observer in
    ///     for try await page in api.pages() { observer(page) }
    /// }
    /// ```
    @_disfavoredOverload
    public static func create(
        detached: Bool = false,
        priority: TaskPriority? = nil,
        work: @Sendable @escaping (_ observer: ElementObserver<Element>) async throws -> Void
    ) -> Observable<Element> {
        Observable.create { rawObserver in
            let forward = ThreadSafeObserver(rawObserver)
            let operation: @Sendable () async -> Void = {
                do {
                    try await work { element in
                        guard !Task.isCancelled else { return }
                        forward.observer.onNext(element)
                    }
                    forward.observer.onCompleted()
                } catch {
                    forward.observer.onError(error)
                }
            }
            let task =
                detached
                ? Task.detached(priority: priority, operation: operation)
                : Task(priority: priority, operation: operation)
            return Disposables.create { task.cancel() }
        }
    }
}

extension InfallibleType {
    /// An `Infallible` whose subscriptions each run `work` in a new `Task` (detached if asked, with
    /// `priority`): every value `work` passes to its observer is sent, then the completion when it
    /// returns. Disposing the subscription cancels the task; values passed after that are dropped.
    @_disfavoredOverload
    public static func create(
        detached: Bool = false,
        priority: TaskPriority? = nil,
        work: @Sendable @escaping (_ observer: ElementObserver<Element>) async -> Void
    ) -> Infallible<Element> {
        Infallible(Observable.create(detached: detached, priority: priority) { observer in await work(observer) })
    }

    /// An `Infallible` whose subscriptions each run `block` in a new `Task` and send its result,
    /// then the completion (RxSwift's `Infallible.from(_:)` for an async function). Disposing the
    /// subscription cancels the task; a result that arrives after that is dropped.
    ///
    /// ```swift
    /// let greeting = Infallible.from { await greeter.hello() }
    /// ```
    public static func from(_ block: @Sendable @escaping () async -> Element) -> Infallible<Element> {
        create { observer in observer(await block()) }
    }
}
