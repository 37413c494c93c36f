// RxCocoa's generic conversions to a `SharedSequence` of any sharing strategy: the forms
// `asDriver(...)` and `asSignal(...)` are the `DriverSharingStrategy` and `SignalSharingStrategy`
// cases of, for code written over the strategy (the strategy comes from the result type or
// `sharingStrategy:`).

extension ObservableConvertibleType {
    /// This stream as a `SharedSequence` of `SharingStrategy`: delivered on
    /// `SharingStrategy.scheduler`, an error replaced by `element` and the completion.
    ///
    /// ```swift
    /// let names: Signal<String> = api.names().asSharedSequence(onErrorJustReturn: "")
    /// ```
    public func asSharedSequence<SharingStrategy>(
        sharingStrategy: SharingStrategy.Type = SharingStrategy.self,
        onErrorJustReturn element: Element
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().observe(on: SharingStrategy.scheduler).catchAndReturn(element))
    }

    /// This stream as a `SharedSequence` of `SharingStrategy`: delivered on
    /// `SharingStrategy.scheduler`, an error switches to `sequence`.
    public func asSharedSequence<SharingStrategy>(
        sharingStrategy: SharingStrategy.Type = SharingStrategy.self,
        onErrorDriveWith sequence: SharedSequence<SharingStrategy, Element>
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().observe(on: SharingStrategy.scheduler).catch { _ in sequence.asObservable() })
    }

    /// This stream as a `SharedSequence` of `SharingStrategy`: delivered on
    /// `SharingStrategy.scheduler`, an error switches to the sequence `onErrorRecover` makes from it.
    public func asSharedSequence<SharingStrategy>(
        sharingStrategy: SharingStrategy.Type = SharingStrategy.self,
        onErrorRecover: @escaping (Swift.Error) -> SharedSequence<SharingStrategy, Element>
    ) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(
            asObservable().observe(on: SharingStrategy.scheduler).catch { onErrorRecover($0).asObservable() })
    }
}
