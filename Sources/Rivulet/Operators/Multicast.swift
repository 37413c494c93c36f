/// An observable that shares one subscription to its source among its subscribers, but only
/// subscribes to the source when `connect()` is called (`publish()`, `replay(_:)`,
/// `multicast(_:)`).
public protocol ConnectableObservableType<Element>: ObservableType {
    /// Subscribes the shared subject to the source; disposing the result disconnects it.
    func connect() -> Disposable
}

/// An observable whose subscribers share one subscription to the source, made by `connect()`:
/// until then subscribers receive nothing from the source (a `replay` subject may replay what an
/// earlier connection left).
///
/// ```swift
/// let shared = source.publish()
/// shared.subscribe(onNext: { print("A", $0) }).disposed(by: bag)
/// shared.subscribe(onNext: { print("B", $0) }).disposed(by: bag)
/// shared.connect().disposed(by: bag)
/// ```
public class ConnectableObservable<Element>: Observable<Element>, ConnectableObservableType {
    @usableFromInline
    override init() {}

    /// Connects the shared subject to the source; disposing the returned disposable disconnects
    /// it. Calling `connect()` while connected returns the same connection.
    public func connect() -> Disposable {
        // Never reached: every concrete connectable observable overrides this method, and the
        // initialiser is not public.
        Disposables.create()
    }
}

extension ObservableType {
    /// A connectable observable that multicasts the source through `subject`: subscribers
    /// subscribe to `subject`; `connect()` subscribes `subject` to the source.
    ///
    /// The same subject serves every connection, so once the source has terminated it, later
    /// subscribers get its terminal event (and a `ReplaySubject`'s buffer).
    @inlinable
    public func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Subject.Element>
    where Subject.Observer.Element == Element {
        ConnectableObservableAdapter(source: asObservable(), makeSubject: { subject })
    }

    /// A connectable observable that multicasts the source through a subject made by
    /// `makeSubject` (when first needed): subscribers subscribe to it; `connect()` subscribes it to
    /// the source.
    ///
    /// The subject is forgotten when the connection is disposed or the source terminates, so the
    /// next subscriber or `connect()` makes a fresh one (as in RxSwift).
    @inlinable
    public func multicast<Subject: SubjectType>(
        makeSubject: @escaping () -> Subject
    ) -> ConnectableObservable<Subject.Element> where Subject.Observer.Element == Element {
        ConnectableObservableAdapter(source: asObservable(), makeSubject: makeSubject)
    }

    /// For each subscription, makes a subject with `subjectSelector`, subscribes to what
    /// `selector` makes of the source multicast through it, then connects: the source is
    /// subscribed once, however often `selector` uses its argument.
    ///
    /// ```swift
    /// source.multicast({ PublishSubject() }, selector: { shared in Observable.zip(shared, shared.skip(1)) })
    /// ```
    ///
    /// A throw of either closure fails the subscription. Disposing it disposes the selector's
    /// subscription, then the connection.
    @inlinable
    public func multicast<Subject: SubjectType, Result>(
        _ subjectSelector: @escaping () throws -> Subject,
        selector: @escaping (Observable<Subject.Element>) throws -> Observable<Result>
    ) -> Observable<Result> where Subject.Observer.Element == Element {
        let source = asObservable()
        return AnonymousObservable { downstream, subscriber in
            let sink = HoldingSink<Result>(downstream)
            subscriber.setUpstream(sink)
            let connectable: ConnectableObservable<Subject.Element>
            let observable: Observable<Result>
            do {
                let subject = try subjectSelector()
                connectable = ConnectableObservableAdapter(source: source, makeSubject: { subject })
                observable = try selector(connectable)
            } catch {
                sink.attachNothing()
                sink.forward(.error(error))
                return
            }
            observable._subscribe({ event in sink.forward(event) }, sink)
            sink.hold(connectable.connect())
        }
    }

    /// A connectable observable that multicasts the source through a `PublishSubject`: each
    /// subscriber receives what the source sends while it is subscribed and connected.
    ///
    /// ```
    /// source:              --1--2--3--|
    /// subscriber:          ^                   (subscribed at once)
    /// connect():              ^                (connected after 1)
    /// publish():           -----2--3--|
    /// ```
    ///
    /// A connection that ends (disposed, or the source terminated) forgets its subject: the next
    /// subscribers and connection use a fresh one (as in RxSwift).
    @inlinable
    public func publish() -> ConnectableObservable<Element> {
        multicast(makeSubject: { PublishSubject<Element>() })
    }

    /// A connectable observable that multicasts the source through a `ReplaySubject` of
    /// `bufferSize`: a subscriber first receives the last `bufferSize` values of the connection.
    ///
    /// A connection that ends forgets its subject (and its buffer), as `publish()` does.
    @inlinable
    public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject<Element>.create(bufferSize: bufferSize) })
    }

    /// A connectable observable that multicasts the source through a `ReplaySubject` that keeps
    /// every value of the connection (see `replay(_:)`).
    @inlinable
    public func replayAll() -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject<Element>.createUnbounded() })
    }
}

/// The connectable observable behind `multicast`, `publish` and `replay`: subscribers subscribe
/// to the current subject; `connect()` subscribes it to the source.
///
/// The subject and the connection are guarded by `lock`, which is only held for field reads and
/// writes: the subject is made, and the source subscribed, after it is released.
@usableFromInline
final class ConnectableObservableAdapter<Subject: SubjectType>: ConnectableObservable<Subject.Element>,
    @unchecked Sendable
{
    // @unchecked Sendable: `subject` and `connection` are guarded by `lock`; the rest is
    // immutable.
    @usableFromInline let lock = Lock.make()
    @usableFromInline let source: Observable<Subject.Observer.Element>
    @usableFromInline let makeSubject: () -> Subject
    @exclusivity(unchecked) @usableFromInline var subject: Subject?
    /// Counts the subjects made, so `connect()` can tell its subject is still the current one.
    @exclusivity(unchecked) @usableFromInline var subjectGeneration: UInt64 = 0
    @exclusivity(unchecked) @usableFromInline var connection: MulticastConnection<Subject>?

    @inlinable
    init(source: Observable<Subject.Observer.Element>, makeSubject: @escaping () -> Subject) {
        self.source = source
        self.makeSubject = makeSubject
    }

    /// The current subject and its generation, made if there is none (outside the lock:
    /// `makeSubject` is user code; if two threads make one at once, the first stored wins).
    @inlinable
    func currentSubject() -> (Subject, UInt64) {
        if let current = lock.withLock({ subject.map { ($0, subjectGeneration) } }) { return current }
        let made = makeSubject()
        return lock.withLock {
            if let subject { return (subject, subjectGeneration) }
            subject = made
            subjectGeneration &+= 1
            return (made, subjectGeneration)
        }
    }

    @inlinable
    override func _subscribe(_ handler: __owned @escaping (Event<Subject.Element>) -> Void, _ subscriber: SinkBase) {
        currentSubject().0.asObservable()._subscribe(handler, subscriber)
    }

    override func connect() -> Disposable {
        while true {
            let (subject, generation) = currentSubject()
            let fresh = MulticastConnection(self, observer: subject.asObserver())
            let existing = lock.withLock { () -> MulticastConnection<Subject>?? in
                if let current = self.connection { return .some(current) }
                // The subject was forgotten (a connection ended) since we fetched it: fetch again,
                // so the connection feeds the subject new subscribers see.
                if subjectGeneration != generation { return .none }
                self.connection = fresh
                return .some(nil)
            }
            guard let existing else { continue }
            if let existing { return existing }
            source.subscribeOnTrampoline(
                { event in
                    if case .next = event {
                        fresh.observer.on(event)
                        return
                    }
                    // As RxSwift: the connection ends (and the subject is forgotten) before the
                    // subject passes the stop event on.
                    fresh.dispose()
                    fresh.observer.on(event)
                }, fresh)
            return fresh
        }
    }

    /// `connection` ended: forget it and its subject, unless a newer connection replaced it.
    @usableFromInline
    func connectionEnded(_ ended: MulticastConnection<Subject>) {
        let dropped = lock.withLock { () -> Subject? in
            guard connection === ended else { return nil }
            connection = nil
            defer { subject = nil }
            return subject
        }
        // The subject is released here, outside the lock (its deinit may run user code).
        withExtendedLifetime(dropped) {}
    }
}

/// One connection of a `ConnectableObservableAdapter` to its source: the source's subscription
/// is this node's upstream, so disposing it disconnects.
@usableFromInline
final class MulticastConnection<Subject: SubjectType>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: `parent` is set once and cleared in `didDispose` (which runs once);
    // `observer` is immutable and does its own locking.
    @usableFromInline let observer: Subject.Observer
    @exclusivity(unchecked) @usableFromInline var parent: ConnectableObservableAdapter<Subject>?

    @usableFromInline
    init(_ parent: ConnectableObservableAdapter<Subject>, observer: Subject.Observer) {
        self.parent = parent
        self.observer = observer
    }

    @usableFromInline
    override func didDispose() {
        let parent = self.parent.take()
        parent?.connectionEnded(self)
    }
}
