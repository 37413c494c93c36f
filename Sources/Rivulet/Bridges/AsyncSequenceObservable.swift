extension AsyncSequence where Self: Sendable {
    /// An observable that iterates this sequence in a new `Task` (with `priority`) for each
    /// subscription: each element becomes `.next`, the end `.completed`, a thrown error `.error`
    /// (a `CancellationError` ends it with `.completed`, as in RxSwift). Disposing the
    /// subscription cancels the task.
    ///
    /// ```swift
    /// let stream = AsyncStream<Int> { ... }
    /// stream.asObservable().subscribe(onNext: { print($0) })
    /// ```
    public func asObservable(priority: TaskPriority? = nil) -> Observable<Element> {
        Observable.create { observer in
            let forward = ThreadSafeObserver(observer)
            let task = Task(priority: priority) {
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
            return Disposables.create { task.cancel() }
        }
    }
}
