extension ObservableType {
    /// Resubscribes to the source each time it fails, until it completes. This can repeat forever.
    ///
    /// ```
    /// source (each subscription): --1--#
    /// retry():                    --1----1----1--...
    /// ```
    ///
    /// Each failed subscription is disposed before the next one starts; a source that fails
    /// synchronously does not recurse.
    @inlinable
    public func retry() -> Observable<Element> {
        Observable.catch(sequence: Swift.repeatElement(asObservable(), count: Int.max))
    }

    /// Subscribes to the source up to `maxAttemptCount` times in all, resubscribing after each
    /// failure; fails with the last error when every attempt has failed.
    ///
    /// ```
    /// source (each subscription): --1--#
    /// retry(2):                   --1----1--#
    /// ```
    ///
    /// `retry(1)` is the source itself; a `maxAttemptCount` of 0 completes at once
    /// without subscribing; so does a negative one, which is reported to `Hooks.misuseHandler`
    /// (RxSwift stops the program).
    @inlinable
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        if maxAttemptCount < 0 {
            Hooks.reportMisuse("retry(\(maxAttemptCount))", "maxAttemptCount is negative; completing at once")
        }
        return Observable.catch(sequence: Swift.repeatElement(asObservable(), count: Swift.max(0, maxAttemptCount)))
    }
}
