import Rivulet
import Foundation

/// A decoder that produces `Decodable` values from its `Input` (`Data` for `JSONDecoder` and
/// `PropertyListDecoder`), as `decode(type:decoder:)` needs.
public protocol TopLevelDecoder {
    /// What the decoder reads.
    associatedtype Input

    /// Decodes a value of `type` from `from`, or throws why it cannot.
    func decode<T: Decodable>(_ type: T.Type, from: Input) throws -> T
}

/// An encoder that turns `Encodable` values into its `Output` (`Data` for `JSONEncoder` and
/// `PropertyListEncoder`), as `encode(encoder:)` needs.
public protocol TopLevelEncoder {
    /// What the encoder writes.
    associatedtype Output

    /// Encodes `value`, or throws why it cannot.
    func encode<T: Encodable>(_ value: T) throws -> Output
}

extension JSONDecoder: TopLevelDecoder {}
extension PropertyListDecoder: TopLevelDecoder {}
extension JSONEncoder: TopLevelEncoder {}
extension PropertyListEncoder: TopLevelEncoder {}

extension Publisher {
    /// Decodes each value into `type` with `decoder`; a value that does not decode fails the
    /// publisher with the decoder's error.
    ///
    /// ```
    /// upstream:                                --d1--d2--|     (d2 is not valid JSON)
    /// decode(type:, decoder: JSONDecoder()):   --v1--X
    /// ```
    @inlinable
    public func decode<Item: Decodable, Coder: TopLevelDecoder>(
        type: Item.Type, decoder: Coder
    ) -> Publishers.Decode<Self, Item, Coder> where Output == Coder.Input {
        Publishers.Decode(upstream: self, decoder: decoder)
    }

    /// Encodes each value with `encoder`; a value that does not encode fails the publisher with
    /// the encoder's error.
    @inlinable
    public func encode<Coder: TopLevelEncoder>(encoder: Coder) -> Publishers.Encode<Self, Coder>
    where Output: Encodable {
        Publishers.Encode(upstream: self, encoder: encoder)
    }
}

extension Publishers {
    /// The publisher `decode(type:decoder:)` returns.
    public struct Decode<Upstream: Publisher, Output: Decodable, Coder: TopLevelDecoder>: Publisher, EnginePublisher
    where Upstream.Output == Coder.Input {
        /// A value that does not decode fails the publisher with the decoder's error.
        public typealias Failure = Swift.Error

        /// The publisher whose values are decoded.
        public let upstream: Upstream
        /// The decoder applied to each value.
        @usableFromInline let decoder: Coder

        /// A publisher that decodes `upstream`'s values with `decoder`.
        @inlinable
        public init(upstream: Upstream, decoder: Coder) {
            self.upstream = upstream
            self.decoder = decoder
        }

        /// Attaches `subscriber` to `upstream` through a `Decode` subscription (a `tryMap` by
        /// another name): demand passes through, a value that does not decode cancels the upstream
        /// (once) and fails `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let decoder = self.decoder
            upstream.subscribe(
                TryMapSubscription(downstream: .erase(subscriber), name: "Decode", endsWithSubscription: true) {
                    input in
                    try decoder.decode(Output.self, from: input)
                })
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().map { try decoder.decode(Output.self, from: $0) }`.
        @inlinable
        func engineStream() -> Observable<Output> {
            let decoder = self.decoder
            return upstream.asObservable().map { input in try decoder.decode(Output.self, from: input) }
        }
    }

    /// The publisher `encode(encoder:)` returns.
    public struct Encode<Upstream: Publisher, Coder: TopLevelEncoder>: Publisher, EnginePublisher
    where Upstream.Output: Encodable {
        /// What the encoder writes.
        public typealias Output = Coder.Output
        /// A value that does not encode fails the publisher with the encoder's error.
        public typealias Failure = Swift.Error

        /// The publisher whose values are encoded.
        public let upstream: Upstream
        /// The encoder applied to each value.
        @usableFromInline let encoder: Coder

        /// A publisher that encodes `upstream`'s values with `encoder`.
        @inlinable
        public init(upstream: Upstream, encoder: Coder) {
            self.upstream = upstream
            self.encoder = encoder
        }

        /// Attaches `subscriber` to `upstream` through an `Encode` subscription (a `tryMap` by
        /// another name): demand passes through, a value that does not encode cancels the upstream
        /// (once) and fails `subscriber`.
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let encoder = self.encoder
            upstream.subscribe(
                TryMapSubscription(downstream: .erase(subscriber), name: "Encode", endsWithSubscription: true) {
                    value in
                    try encoder.encode(value)
                })
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().map { try encoder.encode($0) }`.
        @inlinable
        func engineStream() -> Observable<Output> {
            let encoder = self.encoder
            return upstream.asObservable().map { value in try encoder.encode(value) }
        }
    }
}
