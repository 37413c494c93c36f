import Rivulet

extension Publishers {
    /// A publisher of the elements of a sequence, then `.finished`. `prepend`, `append` and, on
    /// Linux, `sequence.publisher` build it. Unlike `Observable.from(_:)`, which steps on the
    /// current-thread trampoline as RxSwift's does, it sends everything during the subscription,
    /// as Combine's does.
    ///
    /// ```
    /// Publishers.Sequence<[Int], Never>(sequence: [1, 2, 3]):  (123|)
    /// ```
    ///
    /// The sequence is iterated anew for each subscription, on the subscribing thread, and only
    /// until the subscription is cancelled (`prefix(1)` pulls one element).
    public struct Sequence<Elements: Swift.Sequence, Failure: Swift.Error>: Publisher, EnginePublisher {
        /// The element type.
        public typealias Output = Elements.Element

        /// The elements sent.
        public let sequence: Elements

        /// A publisher of `sequence`'s elements.
        @inlinable
        public init(sequence: Elements) { self.sequence = sequence }

        /// Hands `subscriber` a subscription that sends the elements as they are requested, then
        /// `.finished` (an empty sequence: `Subscriptions.empty` and `.finished`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            SequenceSubscription.attach(.erase(subscriber), to: sequence)
        }

        /// Exact: a subscriber that requests everything gets every element, during the subscription.
        @inlinable
        var isEngineExact: Bool { true }

        /// The elements, sent during the subscription.
        @inlinable
        func engineStream() -> Observable<Output> { Observable.fromSequenceImmediately(sequence) }
    }
}

extension Publishers.Sequence: Equatable where Elements: Equatable {}

#if !canImport(Combine)
    // On Apple platforms Foundation's Combine overlay makes Combine's `Sequence.publisher` visible
    // in every file that imports Foundation, so a second one would make `[1, 2].publisher`
    // ambiguous; there, write `Publishers.Sequence(sequence:)` (docs/dialects.md).
    extension Sequence {
        /// A publisher of this sequence's elements that cannot fail (Combine's
        /// `sequence.publisher`; Linux only, see `Publishers.Sequence`).
        ///
        /// ```swift
        /// [1, 2, 3].publisher.map { $0 * 10 }.sink { print($0) }   // 10, 20, 30
        /// ```
        @inlinable
        public var publisher: Publishers.Sequence<Self, Never> {
            Publishers.Sequence(sequence: self)
        }
    }
#endif
