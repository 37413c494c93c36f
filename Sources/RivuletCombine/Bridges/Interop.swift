import Rivulet

extension ObservableType {
    /// This observable as a Combine-dialect publisher that fails with `Error`.
    ///
    /// Zero-copy: the publisher holds this observable, and its `asObservable()` returns it again.
    /// The reverse direction is `asObservable()`, which every publisher has (and which requests
    /// `.unlimited` of a publisher written the Combine way).
    ///
    /// **Demand.** An observable has none: it sends what it sends. A subscriber that requests
    /// `.max(n)` gets at most that many at a time; the values it has not asked for **wait**, in
    /// order, in its subscription (nothing is dropped; memory grows while they wait), and the
    /// completion waits behind them. `sink` and `assign` request everything and run on the engine.
    ///
    /// ```swift
    /// relay.asObservable().asPublisher().sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
    /// publisher.asObservable().subscribe(onNext: { print($0) })
    /// ```
    @inlinable
    public func asPublisher() -> AnyPublisher<Element, Swift.Error> {
        AnyPublisher(unchecked: asObservable())
    }
}
