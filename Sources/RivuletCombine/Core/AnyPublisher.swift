import Rivulet

/// A type-erased publisher: hides the operator types of a chain behind `Output` and `Failure`.
///
/// ```swift
/// var values: AnyPublisher<Int, Never> { subject.map { $0 * 2 }.eraseToAnyPublisher() }
/// ```
///
/// A subscriber of the erased publisher is handed to the erased publisher's own
/// `receive(subscriber:)`, so it sees that publisher's subscription and demand, as in Combine.
/// `sink` and `assign` on an erased chain of Rivulet publishers still run on the engine: the
/// erased publisher keeps the chain's engine stream too, so erasing costs nothing per event.
public struct AnyPublisher<Output, Failure: Swift.Error>: Publisher, EnginePublisher, CustomStringConvertible {
    /// The erased publisher (and its engine stream when it is engine-exact): one reference, as
    /// Combine's `AnyPublisher` is.
    @usableFromInline let box: PublisherBox<Output, Failure>

    /// Wraps an engine observable whose errors are `Failure` values (the typed-failure invariant);
    /// for this package's modules (RivuletKeyboardCombine's never-failing streams) and
    /// `asPublisher()`. A subscriber that keeps demand gets a subscription that buffers
    /// (`DemandSubscription`).
    @inlinable
    package init(unchecked observable: Observable<Output>) {
        box = EngineStreamBox(observable)
    }

    /// Erases `publisher`.
    @inlinable
    public init<Upstream: Publisher>(_ publisher: Upstream)
    where Upstream.Output == Output, Upstream.Failure == Failure {
        if let erased = publisher as? AnyPublisher<Output, Failure> {
            self = erased
        } else {
            box = ErasedPublisher(publisher, observable: publisher.exactEngineStream)
        }
    }

    /// Attaches `subscriber` to the erased publisher (its own `receive(subscriber:)`), or, for an
    /// engine stream wrapped by this package, through the engine stream (see `Publisher`).
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        box.receive(subscriber: subscriber)
    }

    /// Exact when the erased publisher is (or when this wraps an engine stream).
    @inlinable
    var isEngineExact: Bool { box.observable != nil }

    /// The engine stream this publisher stands for.
    @inlinable
    func engineStream() -> Observable<Output> { box.observable ?? ForeignPublisherBridge.observable(self) }

    /// `AnyPublisher`.
    public var description: String { "AnyPublisher" }
}

extension AnyPublisher: CustomPlaygroundDisplayConvertible {
    /// `AnyPublisher`, as `description`.
    public var playgroundDescription: Any { description }
}

extension Publisher {
    /// Wraps this publisher in an `AnyPublisher`, hiding its operator types.
    @inlinable
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        AnyPublisher(self)
    }
}

/// An erased publisher, with its `receive(subscriber:)` kept generic (a class method overridden
/// by `ErasedPublisher` and `EngineStreamBox`), and its engine stream when it is engine-exact.
@usableFromInline
class PublisherBox<Output, Failure: Swift.Error>: @unchecked Sendable {
    // @unchecked Sendable: immutable (the subclasses hold `let`s only).
    /// The engine stream of the erased publisher when it is engine-exact, else `nil`.
    @usableFromInline let observable: Observable<Output>?

    @usableFromInline
    init(observable: Observable<Output>?) {
        self.observable = observable
    }

    @usableFromInline
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {}
}

/// `PublisherBox` for one publisher type.
@usableFromInline
final class ErasedPublisher<Base: Publisher>: PublisherBox<Base.Output, Base.Failure>, @unchecked Sendable {
    // @unchecked Sendable: immutable; the publisher is only asked to attach subscribers, as an
    // `AnyPublisher` that holds it would be.
    @usableFromInline let base: Base

    @usableFromInline
    init(_ base: Base, observable: Observable<Base.Output>?) {
        self.base = base
        super.init(observable: observable)
    }

    @usableFromInline
    override func receive<S: Subscriber>(subscriber: S) where S.Input == Base.Output, S.Failure == Base.Failure {
        base.receive(subscriber: subscriber)
    }
}

/// `PublisherBox` for an engine stream wrapped by this package (`AnyPublisher(unchecked:)`):
/// a subscriber gets a `DemandSubscription` over the stream.
@usableFromInline
final class EngineStreamBox<Output, Failure: Swift.Error>: PublisherBox<Output, Failure>, @unchecked Sendable {
    // @unchecked Sendable: immutable.
    @usableFromInline
    init(_ observable: Observable<Output>) {
        super.init(observable: observable)
    }

    @usableFromInline
    override func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        guard let observable else { return }
        DemandSubscription.attach(subscriber, to: observable)
    }
}
