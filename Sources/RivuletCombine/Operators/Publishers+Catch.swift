import Rivulet

extension Publisher {
    /// Replaces a failure with the publisher `handler` returns for it (the twin of Rx `catch`).
    ///
    /// ```
    /// upstream:                --1--2--#
    /// catch { _ in Just(0) }:  --1--2--(0|)
    /// ```
    @inlinable
    public func `catch`<NewPublisher: Publisher>(
        _ handler: @escaping (Failure) -> NewPublisher
    ) -> Publishers.Catch<Self, NewPublisher> where NewPublisher.Output == Output {
        Publishers.Catch(upstream: self, handler: handler)
    }
}

extension Publishers {
    /// The publisher `catch(_:)` returns; it fails as the replacement publisher does.
    public struct Catch<Upstream: Publisher, NewPublisher: Publisher>: Publisher, EnginePublisher
    where Upstream.Output == NewPublisher.Output {
        /// The shared output.
        public typealias Output = Upstream.Output
        /// The replacement's failure.
        public typealias Failure = NewPublisher.Failure

        /// The publisher whose failure is handled.
        public let upstream: Upstream
        /// Makes the replacement publisher for a failure.
        public let handler: (Upstream.Failure) -> NewPublisher

        /// `upstream`, with a failure replaced by `handler`'s publisher.
        @inlinable
        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().catch { handler($0).asObservable() }` (a foreign error, which
        /// the typed-failure invariant rules out, passes on unchanged).
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable()._combineCatch(handler)
        }
    }
}

extension Publisher {
    /// Replaces a failure with the publisher `handler` returns for it; a throw of `handler` fails
    /// the publisher with the thrown error (the twin of Rx `catch` with a throwing handler).
    ///
    /// ```
    /// upstream:                          --1--#(a)
    /// tryCatch { _ in throw b }:         --1--#(b)
    /// tryCatch { _ in Just(0) }:         --1--(0|)
    /// ```
    @inlinable
    public func tryCatch<NewPublisher: Publisher>(
        _ handler: @escaping (Failure) throws -> NewPublisher
    ) -> Publishers.TryCatch<Self, NewPublisher> where NewPublisher.Output == Output {
        Publishers.TryCatch(upstream: self, handler: handler)
    }
}

extension Publishers {
    /// The publisher `tryCatch(_:)` returns; it fails with `Error` (the replacement's failure or
    /// the handler's throw).
    public struct TryCatch<Upstream: Publisher, NewPublisher: Publisher>: Publisher, EnginePublisher
    where Upstream.Output == NewPublisher.Output {
        /// The shared output.
        public typealias Output = Upstream.Output
        /// The replacement's failure or the handler's throw.
        public typealias Failure = Swift.Error

        /// The publisher whose failure is handled.
        public let upstream: Upstream
        /// Makes the replacement publisher for a failure, or throws.
        public let handler: (Upstream.Failure) throws -> NewPublisher

        /// `upstream`, with a failure replaced by `handler`'s publisher.
        @inlinable
        public init(upstream: Upstream, handler: @escaping (Upstream.Failure) throws -> NewPublisher) {
            self.upstream = upstream
            self.handler = handler
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream.asObservable().catch { try handler($0).asObservable() }` (a foreign error,
        /// which the typed-failure invariant rules out, passes on unchanged).
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable()._combineCatch(handler)
        }
    }
}

extension ObservableType {
    /// `catch` for a typed failure: an error that is a `Failure` continues with `handler`'s
    /// publisher (a throw fails with the thrown error); a foreign error, which the typed-failure
    /// invariant rules out, passes on unchanged. The engine operator of `catch` and `tryCatch`.
    @inlinable
    func _combineCatch<Failure: Swift.Error, Replacement: Publisher>(
        _ handler: @escaping (Failure) throws -> Replacement
    ) -> Observable<Element> where Replacement.Output == Element {
        self.catch { error in
            guard let failure = error as? Failure else { return Observable.error(error) }
            return try handler(failure).asObservable()
        }
    }
}
