extension AsyncSequence where Self: Sendable {
    /// An observable that iterates this sequence in a new `Task` (with `priority`; detached from
    /// the current actor when `detached` is true, as RxSwift's `asObservable(detached:)`) for each
    /// subscription: each element becomes `.next`, the end `.completed`, a thrown error `.error`
    /// (a `CancellationError` ends it with `.completed`, as in RxSwift). Disposing the
    /// subscription cancels the task.
    ///
    /// ```swift
    /// let stream = AsyncStream<Int> { ... }
    /// stream.asObservable().subscribe(onNext: { print($0) })
    /// stream.asObservable(detached: true)  // never iterated on the subscriber's actor
    /// ```
    public func asObservable(detached: Bool = false, priority: TaskPriority? = nil) -> Observable<Element> {
        Observable.create { observer in
            let forward = ThreadSafeObserver(observer)
            let iterate: @Sendable () async -> Void = {
                do {
                    for try await element in self {
                        forward.observer.onNext(element)
                    }
                    forward.observer.onCompleted()
                } catch is CancellationError {
                    forward.observer.onCompleted()
                } catch {
                    forward.observer.onError(error)
                }
            }
            let task =
                detached
                ? Task.detached(priority: priority, operation: iterate) : Task(priority: priority, operation: iterate)
            return Disposables.create { task.cancel() }
        }
    }
}
