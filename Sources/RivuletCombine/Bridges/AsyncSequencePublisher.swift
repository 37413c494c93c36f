import Rivulet

extension AsyncSequence where Self: Sendable {
    /// A publisher that iterates this sequence in a new `Task` for each subscriber; cancelling
    /// the subscription cancels the task. Fails with whatever the iteration throws.
    public func asPublisher() -> AnyPublisher<Element, Swift.Error> {
        asObservable().asPublisher()
    }
}
