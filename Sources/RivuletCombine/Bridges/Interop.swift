import Rivulet

extension ObservableType {
    /// This observable as a Combine-dialect publisher that fails with `Error`.
    ///
    /// Zero-copy: the publisher holds this observable, and its `asObservable()` returns it again.
    /// The reverse direction is `asObservable()`, which every publisher has.
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
