extension ObservableType {
    /// Maps each value to an observable and emits the values of the most recent one only: a new
    /// value disposes the previous inner subscription before the new one is made.
    ///
    /// ```
    /// source:                     --1-----2--------|
    /// flatMapLatest { inner($0) }:  --a--b--c
    ///                                     --d--e--|
    /// result:                     ----a----d--e--|
    /// ```
    ///
    /// Completes when the source has completed and the latest inner observable (if any) has
    /// completed. The first error (source, latest inner, or a throw of `selector`) is forwarded at
    /// once and disposes everything. Inner observables may emit from any thread; the result is
    /// delivered serially.
    @inlinable
    public func flatMapLatest<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        switchMapping(selector)
    }
}
