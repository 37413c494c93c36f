extension Observable {
    /// `subscribe(onNext:onError:onCompleted:)` for the modules of this package (RivuletCombine's
    /// `sink`): the same observer, subscribed without the current thread's trampoline. The
    /// trampoline orders the Rx dialect's nested `CurrentThreadScheduler` work; Combine has no
    /// such scheduler, and a source that schedules on it still starts the trampoline itself.
    @inlinable
    package final func engineSubscribe(
        onNext: consuming ((Element) -> Void)?,
        onError: consuming ((Swift.Error) -> Void)?,
        onCompleted: consuming (() -> Void)?
    ) -> Disposable {
        let observer = ClosureObserver(
            onNext: consume onNext, onError: consume onError, onCompleted: consume onCompleted, onDisposed: nil)
        observer.noteSubscription()
        _subscribe({ event in observer.on(event) }, observer)
        return observer
    }
}
