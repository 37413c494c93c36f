extension ObservableType {
    /// Maps each value to an observable and merges the values of all of them, as they arrive.
    ///
    /// ```
    /// source:               --1--------2------|
    /// flatMap { inner($0) }:  --a--b--    --c--d--|
    /// result:               ----a--b-----c--d--|
    /// ```
    ///
    /// Completes when the source and every inner observable have completed. The first error
    /// (from the source, an inner observable, or a throw of `selector`) is forwarded at once and
    /// disposes everything. Inner observables may emit from any thread; the result is delivered
    /// serially.
    @inlinable
    public func flatMap<Source: ObservableConvertibleType>(
        _ selector: @escaping (Element) throws -> Source
    ) -> Observable<Source.Element> {
        flatMapMerging(maxConcurrent: Int.max, selector)
    }
}
