import Rivulet

extension Publisher {
    /// Each value's property at `keyPath` (Combine's key-path `map`; the twin of Rx `map`).
    ///
    /// ```
    /// upstream:        --a--b--|     (a.count == 1, b.count == 2)
    /// map(\.count):    --1--2--|
    /// ```
    @inlinable
    public func map<T>(_ keyPath: KeyPath<Output, T>) -> Publishers.MapKeyPath<Self, T> {
        Publishers.MapKeyPath(upstream: self, keyPath: keyPath)
    }

    /// Each value's properties at two key paths, as a tuple.
    @inlinable
    public func map<T0, T1>(
        _ keyPath0: KeyPath<Output, T0>, _ keyPath1: KeyPath<Output, T1>
    ) -> Publishers.MapKeyPath2<Self, T0, T1> {
        Publishers.MapKeyPath2(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1)
    }

    /// Each value's properties at three key paths, as a tuple.
    @inlinable
    public func map<T0, T1, T2>(
        _ keyPath0: KeyPath<Output, T0>, _ keyPath1: KeyPath<Output, T1>, _ keyPath2: KeyPath<Output, T2>
    ) -> Publishers.MapKeyPath3<Self, T0, T1, T2> {
        Publishers.MapKeyPath3(upstream: self, keyPath0: keyPath0, keyPath1: keyPath1, keyPath2: keyPath2)
    }
}

extension Publishers {
    /// The publisher `map(_:)` with one key path returns.
    public struct MapKeyPath<Upstream: Publisher, Output>: Publisher, EnginePublisher {
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are read.
        public let upstream: Upstream
        /// The property read from each value.
        public let keyPath: KeyPath<Upstream.Output, Output>

        /// `upstream`'s values' property at `keyPath`.
        @inlinable
        public init(upstream: Upstream, keyPath: KeyPath<Upstream.Output, Output>) {
            self.upstream = upstream
            self.keyPath = keyPath
        }

        /// Attaches `subscriber` to `upstream` through a subscriber that reads the property;
        /// `subscriber` receives the upstream's own subscription (Combine's `ValueForKey`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let keyPath = self.keyPath
            upstream.subscribe(
                KeyPathSubscriber(
                    downstream: .erase(subscriber), name: "ValueForKey", keyPaths: [("keyPath", keyPath)],
                    read: { $0[keyPath: keyPath] }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().map { $0[keyPath: keyPath] }`.
        @inlinable
        func engineStream() -> Observable<Output> {
            let keyPath = self.keyPath
            return upstream.asObservable().map { $0[keyPath: keyPath] }
        }
    }

    /// The publisher `map(_:_:)` with two key paths returns.
    public struct MapKeyPath2<Upstream: Publisher, Output0, Output1>: Publisher, EnginePublisher {
        /// The two properties of each value.
        public typealias Output = (Output0, Output1)
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are read.
        public let upstream: Upstream
        /// The first property read.
        public let keyPath0: KeyPath<Upstream.Output, Output0>
        /// The second property read.
        public let keyPath1: KeyPath<Upstream.Output, Output1>

        /// `upstream`'s values' properties at both key paths.
        @inlinable
        public init(
            upstream: Upstream, keyPath0: KeyPath<Upstream.Output, Output0>, keyPath1: KeyPath<Upstream.Output, Output1>
        ) {
            self.upstream = upstream
            self.keyPath0 = keyPath0
            self.keyPath1 = keyPath1
        }

        /// Attaches `subscriber` to `upstream` through a subscriber that reads the properties;
        /// `subscriber` receives the upstream's own subscription (Combine's `ValueForKeys`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (keyPath0, keyPath1) = (self.keyPath0, self.keyPath1)
            upstream.subscribe(
                KeyPathSubscriber(
                    downstream: .erase(subscriber), name: "ValueForKeys",
                    keyPaths: [("keyPath0", keyPath0), ("keyPath1", keyPath1)],
                    read: { ($0[keyPath: keyPath0], $0[keyPath: keyPath1]) }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().map { ($0[keyPath: keyPath0], $0[keyPath: keyPath1]) }`.
        @inlinable
        func engineStream() -> Observable<Output> {
            let (keyPath0, keyPath1) = (self.keyPath0, self.keyPath1)
            return upstream.asObservable().map { ($0[keyPath: keyPath0], $0[keyPath: keyPath1]) }
        }
    }

    /// The publisher `map(_:_:_:)` with three key paths returns.
    public struct MapKeyPath3<Upstream: Publisher, Output0, Output1, Output2>: Publisher, EnginePublisher {
        /// The three properties of each value.
        public typealias Output = (Output0, Output1, Output2)
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// The publisher whose values are read.
        public let upstream: Upstream
        /// The first property read.
        public let keyPath0: KeyPath<Upstream.Output, Output0>
        /// The second property read.
        public let keyPath1: KeyPath<Upstream.Output, Output1>
        /// The third property read.
        public let keyPath2: KeyPath<Upstream.Output, Output2>

        /// `upstream`'s values' properties at the three key paths.
        @inlinable
        public init(
            upstream: Upstream, keyPath0: KeyPath<Upstream.Output, Output0>,
            keyPath1: KeyPath<Upstream.Output, Output1>,
            keyPath2: KeyPath<Upstream.Output, Output2>
        ) {
            self.upstream = upstream
            self.keyPath0 = keyPath0
            self.keyPath1 = keyPath1
            self.keyPath2 = keyPath2
        }

        /// Attaches `subscriber` to `upstream` through a subscriber that reads the properties;
        /// `subscriber` receives the upstream's own subscription (Combine's `ValueForKeys`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            let (keyPath0, keyPath1, keyPath2) = (self.keyPath0, self.keyPath1, self.keyPath2)
            upstream.subscribe(
                KeyPathSubscriber(
                    downstream: .erase(subscriber), name: "ValueForKeys",
                    keyPaths: [("keyPath0", keyPath0), ("keyPath1", keyPath1), ("keyPath2", keyPath2)],
                    read: { ($0[keyPath: keyPath0], $0[keyPath: keyPath1], $0[keyPath: keyPath2]) }))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// `upstream.asObservable().map` to the three properties.
        @inlinable
        func engineStream() -> Observable<Output> {
            let (keyPath0, keyPath1, keyPath2) = (self.keyPath0, self.keyPath1, self.keyPath2)
            return upstream.asObservable().map { ($0[keyPath: keyPath0], $0[keyPath: keyPath1], $0[keyPath: keyPath2]) }
        }
    }
}

/// The subscriber of the key-path `map`s on the demand path: transparent (see
/// `ForwardingSubscriber`), with Combine's name and the key paths as its mirror.
private final class KeyPathSubscriber<Input, Output, Failure: Swift.Error>: ForwardingSubscriber<Input, Output, Failure>
{
    let name: String
    let keyPaths: [(String, AnyKeyPath)]
    let read: (Input) -> Output

    init(
        downstream: DemandSubscriber<Output, Failure>, name: String, keyPaths: [(String, AnyKeyPath)],
        read: @escaping (Input) -> Output
    ) {
        self.name = name
        self.keyPaths = keyPaths
        self.read = read
        super.init(downstream: downstream)
    }

    override func receive(_ input: Input) -> Subscribers.Demand { downstream.receive(read(input)) }

    override var description: String { name }

    override var customMirror: Mirror { Mirror(self, children: keyPaths.map { (label: $0.0, value: $0.1 as Any) }) }
}
