import Rivulet

/// A type-erased publisher: hides the operator types of a chain behind `Output` and `Failure`.
///
/// ```swift
/// var values: AnyPublisher<Int, Never> { subject.map { $0 * 2 }.eraseToAnyPublisher() }
/// ```
///
/// Erasing a Rivulet publisher costs nothing per event: it holds the engine observable of the
/// chain. Erasing any other publisher keeps it: a subscriber of the erased publisher is handed
/// to that publisher's own `receive(subscriber:)`.
public struct AnyPublisher<Output, Failure: Swift.Error>: Publisher, EnginePublisher, CustomStringConvertible {
    @usableFromInline let observable: Observable<Output>
    /// The erased publisher when it is not Rivulet's.
    @usableFromInline let foreign: ForeignPublisherBox<Output, Failure>?

    /// Wraps an engine observable whose errors are `Failure` values (the typed-failure invariant);
    /// for this package's modules (RivuletKeyboardCombine's never-failing streams).
    @inlinable
    package init(unchecked observable: Observable<Output>) {
        self.observable = observable
        foreign = nil
    }

    /// Erases `publisher`.
    @inlinable
    public init<Upstream: Publisher>(_ publisher: Upstream)
    where Upstream.Output == Output, Upstream.Failure == Failure {
        if let erased = publisher as? AnyPublisher<Output, Failure> {
            self = erased
        } else if publisher is any EnginePublisher {
            observable = publisher.asObservable()
            foreign = nil
        } else {
            observable = publisher.asObservable()
            foreign = ForeignPublisher(publisher)
        }
    }

    /// Attaches `subscriber`: to the erased publisher itself when it is not Rivulet's, otherwise
    /// through the engine stream (see `Publisher`).
    @inlinable
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        if let foreign {
            foreign.receive(subscriber: subscriber)
        } else {
            attachThroughEngine(subscriber)
        }
    }

    /// The engine stream this publisher stands for.
    @inlinable
    func engineStream() -> Observable<Output> { observable }

    /// `AnyPublisher`.
    public var description: String { "AnyPublisher" }
}

extension Publisher {
    /// Wraps this publisher in an `AnyPublisher`, hiding its operator types.
    @inlinable
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        AnyPublisher(self)
    }
}

/// An erased publisher that is not Rivulet's, with its `receive(subscriber:)` kept generic (a
/// class method overridden by `ForeignPublisher`).
@usableFromInline
class ForeignPublisherBox<Output, Failure: Swift.Error>: @unchecked Sendable {
    // @unchecked Sendable: immutable (the subclass holds one `let`).
    @usableFromInline
    init() {}

    @usableFromInline
    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {}
}

/// `ForeignPublisherBox` for one publisher type.
@usableFromInline
final class ForeignPublisher<Base: Publisher>: ForeignPublisherBox<Base.Output, Base.Failure>, @unchecked Sendable {
    // @unchecked Sendable: immutable; the publisher is only asked to attach subscribers, as an
    // `AnyPublisher` that holds it would be.
    @usableFromInline let base: Base

    @usableFromInline
    init(_ base: Base) {
        self.base = base
    }

    @usableFromInline
    override func receive<S: Subscriber>(subscriber: S) where S.Input == Base.Output, S.Failure == Base.Failure {
        base.receive(subscriber: subscriber)
    }
}
