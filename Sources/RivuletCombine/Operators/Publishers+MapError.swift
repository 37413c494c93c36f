import Rivulet

extension Publisher {
    /// Transforms the failure with `transform`; values and `.finished` pass through.
    ///
    /// ```
    /// upstream:                    --1--2--#(a)
    /// mapError { Wrapped($0) }:    --1--2--#(Wrapped(a))
    /// ```
    ///
    /// Combine-only: the Rx dialect has no twin (it would be `catch { .error(f($0)) }`), so this is
    /// one small engine operator.
    @inlinable
    public func mapError<NewFailure: Swift.Error>(
        _ transform: @escaping (Failure) -> NewFailure
    ) -> Publishers.MapError<Self, NewFailure> {
        Publishers.MapError(upstream: self, transform)
    }
}

extension Publishers {
    /// The publisher `mapError(_:)` returns.
    public struct MapError<Upstream: Publisher, Failure: Swift.Error>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output

        /// The publisher whose failure is transformed.
        public let upstream: Upstream
        /// The failure transform.
        public let transform: (Upstream.Failure) -> Failure

        /// A publisher that transforms `upstream`'s failure with `transform`.
        @inlinable
        public init(upstream: Upstream, _ transform: @escaping (Upstream.Failure) -> Failure) {
            self.upstream = upstream
            self.transform = transform
        }

        /// Attaches `subscriber` to `upstream` through a subscriber that transforms the failure;
        /// `subscriber` receives the upstream's own subscription (Combine's `MapError`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(MapErrorSubscriber(downstream: .erase(subscriber), transform: transform))
        }

        /// Exact when the upstream is.
        @inlinable
        var isEngineExact: Bool { upstream.isExactOnEngine }

        /// The upstream's events with the error transformed (a foreign error, which the
        /// typed-failure invariant rules out, passes unchanged).
        @inlinable
        func engineStream() -> Observable<Output> {
            upstream.asObservable()._combineHandlingError(transform) { transform, error in
                if let failure = error as? Upstream.Failure { return .error(transform(failure)) }
                return .error(error)
            }
        }
    }
}

extension ObservableType {
    /// Values and the completion pass through; an error is replaced by the stop event `handle`
    /// returns for it and `context` (the engine operator of `mapError` and `assertNoFailure`).
    /// `handle` does not run once the stream has stopped.
    ///
    /// `context` is what `handle` needs (so `handle` can be a closure that captures nothing, and
    /// a subscription allocates no closure context more than a hand-written operator).
    @inlinable
    func _combineHandlingError<Context>(
        _ context: Context, _ handle: @escaping (Context, Swift.Error) -> Event<Element>
    ) -> Observable<Element> {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = Sink(downstream)
            subscriber.setUpstream(sink)
            source.engineSubscribe(
                { event in
                    switch event {
                    case .next(let value):
                        sink.forwardNext(value)
                    case .error(let error):
                        if sink.isStopped { return }
                        sink.forward(handle(context, error))
                    case .completed:
                        sink.forward(.completed)
                    }
                }, sink)
        }
    }
}

/// `mapError`'s subscriber on the demand path: transparent (it hands the upstream's subscription
/// on and forwards everything), with the failure transformed.
private final class MapErrorSubscriber<Input, UpstreamFailure: Swift.Error, Failure: Swift.Error>:
    DemandSubscriber<Input, UpstreamFailure>
{
    let downstream: DemandSubscriber<Input, Failure>
    let transform: (UpstreamFailure) -> Failure

    init(downstream: DemandSubscriber<Input, Failure>, transform: @escaping (UpstreamFailure) -> Failure) {
        self.downstream = downstream
        self.transform = transform
    }

    override func receive(subscription: Subscription) { downstream.receive(subscription: subscription) }

    override func receive(_ input: Input) -> Subscribers.Demand { downstream.receive(input) }

    override func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        downstream.receive(completion: completion.mapFailure(transform))
    }

    override var description: String { "MapError" }
}
