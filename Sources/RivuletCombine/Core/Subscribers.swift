import Rivulet

/// A namespace for subscriber-related types.
public enum Subscribers {}

extension Subscribers {
    /// How a publisher ended: normally, or with a typed failure.
    @frozen
    public enum Completion<Failure: Swift.Error> {
        /// The publisher finished normally.
        case finished
        /// The publisher ended with `Failure`.
        case failure(Failure)
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}

extension Subscribers.Completion {
    /// The engine event for this completion.
    @inlinable
    func event<Element>(_: Element.Type = Element.self) -> Event<Element> {
        switch self {
        case .finished: return .completed
        case .failure(let failure): return .error(failure)
        }
    }
}
