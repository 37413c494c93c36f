extension SharedSequence where Element: Sendable {
    /// The values as an `AsyncSequence` (RxCocoa's `values` of a `Driver` or `Signal`); the loop
    /// ends with the completion, and it cannot throw since a shared sequence cannot fail.
    ///
    /// ```swift
    /// for await title in viewModel.title.values { titleLabel.text = title }
    /// ```
    ///
    /// Read on the main actor, as in RxCocoa. Subscribes when `values` is read; ending the loop or
    /// cancelling its task disposes the subscription. Buffer policy: unbounded, as
    /// `Observable.values`.
    @MainActor
    public var values: AsyncStream<Element> {
        makeStream(asObservable())
    }
}
