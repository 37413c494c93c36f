#if canImport(Combine)
    import Combine
#else
    import RivuletCombine
#endif
import Rivulet

// Written against Combine's public API only, so that this file compiles unchanged against Apple's
// Combine and against RivuletCombine (docs/DESIGN.md, "One source for every Combine").

/// An Rx-dialect stream as a Combine publisher: each subscriber subscribes to the stream once and
/// gets its elements as the subscriber's demand allows.
///
/// **Demand.** A stream has none: it sends what it sends. Elements the subscriber has not asked
/// for yet **wait**, in order, in its subscription (nothing is dropped; memory grows while they
/// wait), and the completion waits behind them. Cancelling disposes the stream's subscription.
///
/// ```swift
/// let publisher = ObservablePublisher(relay.asObservable())
/// publisher.sink(receiveCompletion: { _ in }, receiveValue: { print($0) })
/// ```
public struct ObservablePublisher<Output, Failure: Swift.Error>: Publisher {
    /// The stream each subscriber subscribes to.
    public let source: Observable<Output>

    /// What a stream error becomes: the failure to send, or `nil` to finish instead.
    let completion: (Swift.Error) -> Failure?

    /// A publisher over `source` that fails with the stream's error.
    public init<Source: ObservableConvertibleType>(_ source: Source)
    where Failure == Swift.Error, Source.Element == Output {
        self.source = source.asObservable()
        self.completion = { $0 }
    }

    /// A publisher over a stream that never fails (an `Infallible` or a `Driver`): an error the
    /// stream sends anyway finishes the publisher.
    public init(neverFailing source: Observable<Output>) where Failure == Never {
        self.source = source
        self.completion = { _ in nil }
    }

    /// Subscribes `subscriber` to the stream: the subscriber gets its subscription first, then the
    /// stream's elements as it requests them.
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let subscription = ObservableSubscription(subscriber, completion: completion)
        subscriber.receive(subscription: subscription)
        subscription.start(source)
    }
}
