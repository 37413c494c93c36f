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
    @usableFromInline
    enum CodingKeys: String, CodingKey {
        case success, error
    }
}

extension Subscribers.Completion: Encodable where Failure: Encodable {
    /// Encodes `{"success": true}` for `.finished`, `{"success": false, "error": ...}` for a
    /// failure.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .finished:
            try container.encode(true, forKey: .success)
        case .failure(let failure):
            try container.encode(false, forKey: .success)
            try container.encode(failure, forKey: .error)
        }
    }
}

extension Subscribers.Completion: Decodable where Failure: Decodable {
    /// Decodes what `encode(to:)` writes.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if try container.decode(Bool.self, forKey: .success) {
            self = .finished
        } else {
            self = .failure(try container.decode(Failure.self, forKey: .error))
        }
    }
}

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
