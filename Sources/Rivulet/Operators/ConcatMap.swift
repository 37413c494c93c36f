extension ObservableType {
    /// Maps each value to an observable and emits the values of those observables one after the
    /// other: the next inner observable is subscribed only when the previous one has completed.
    ///
    /// ```
    /// source:                 --1--2---------|
    /// concatMap { inner($0) }:  --a--b|
    ///                                  --c--d|
    /// result:                 ----a--b---c--d|
    /// ```
    ///
    /// Completes when the source and every inner observable have completed. The first error
    /// (from the source, an inner observable, or a throw of `selector`) is forwarded at once and
    /// disposes everything.
    @inlinable
    public func concatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        flatMapMerging(maxConcurrent: 1, selector)
    }
}
