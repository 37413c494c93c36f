import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

/// Contract 15 for a stream that ends without an event (`skip(until:)` whose source completes
/// before the trigger fires, as in RxSwift): the subscriber at the end of the chain drops its
/// handlers, so a handler that captures the `SingleAssignmentDisposable` of its own subscription is
/// freed with everything it kept, in every subscribe form, directly or through operators whose
/// every event comes from that stream; the subscription itself stays open for its `dispose()`.
final class SilentEndReleaseTests: RivuletTestCase {
    private final class Captured {}

    /// The subscribe forms, each handing every event to `handler`.
    private enum Form: CaseIterable {
        case eventHandler, observer, closures, single, maybe, completable, infallible

        func subscribe(_ stream: Observable<Int>, _ handler: @escaping (Event<Int>) -> Void) -> Disposable {
            switch self {
            case .eventHandler: stream.subscribe { handler($0) }
            case .observer: stream.subscribe(AnyObserver { handler($0) })
            case .closures:
                stream.subscribe(
                    onNext: { handler(.next($0)) }, onError: { handler(.error($0)) },
                    onCompleted: { handler(.completed) })
            case .single:
                stream.asSingle().subscribe(onSuccess: { handler(.next($0)) }, onFailure: { handler(.error($0)) })
            case .maybe:
                stream.asMaybe().subscribe(
                    onSuccess: { handler(.next($0)) }, onError: { handler(.error($0)) },
                    onCompleted: { handler(.completed) })
            case .completable:
                stream.ignoreElements().asCompletable().subscribe(
                    onCompleted: { handler(.completed) }, onError: { handler(.error($0)) })
            case .infallible:
                stream.asInfallible(onErrorFallbackTo: .empty()).subscribe(
                    onNext: { handler(.next($0)) }, onCompleted: { handler(.completed) })
            }
        }
    }

    /// The operators after `skip(until:)` the subscriber is reached through.
    private var chains: [(name: String, apply: (Observable<Int>) -> Observable<Int>)] {
        [
            ("skip(until:)", { $0 }),
            ("skip(until:).map", { $0.map { $0 + 1 } }),
            ("skip(until:).take(3).do(onNext:)", { $0.take(3).do(onNext: { _ in }) }),
            ("skip(until:).catch", { $0.catch { _ in .empty() } }),
            ("skip(until:).concat(never)", { $0.concat(Observable<Int>.never()) }),
        ]
    }

    /// Subscribes `stream` in `form` with a handler that captures the `SingleAssignmentDisposable`
    /// its subscription is assigned to, drops every outside reference, and returns that
    /// disposable, weakly, with what the handler received.
    private func subscribeCapturingItsOwnDisposable(
        _ form: Form, _ stream: Observable<Int>
    ) -> (own: () -> SingleAssignmentDisposable?, events: () -> [Event<Int>]) {
        final class Box: @unchecked Sendable { var events: [Event<Int>] = [] }
        let box = Box()
        weak var weakOwn: SingleAssignmentDisposable?
        do {
            let own = SingleAssignmentDisposable()
            weakOwn = own
            own.setDisposable(
                form.subscribe(stream) { event in
                    box.events.append(event)
                    _ = own
                })
        }
        return ({ weakOwn }, { box.events })
    }

    /// A `PublishSubject` source that completes first, with a `PublishSubject` trigger that has
    /// not fired: the handler, its subscriber and every sink are freed at the completion.
    func test_contract15_sourceEndingBeforeTheTriggerFreesAHandlerHoldingItsOwnDisposable() {
        for form in Form.allCases {
            for chain in chains {
                let source = PublishSubject<Int>()
                let trigger = PublishSubject<Int>()
                let start = Resources.total
                let run = subscribeCapturingItsOwnDisposable(form, chain.apply(source.skip(until: trigger)))
                source.onNext(1)
                XCTAssertNotNil(run.own(), "\(form), \(chain.name): alive while the source is open")
                source.onCompleted()
                XCTAssertFalse(trigger.hasObservers, "\(form), \(chain.name)")
                XCTAssertNil(run.own(), "\(form), \(chain.name): the handler and its disposable are kept")
                XCTAssertEqual(Resources.total, start, "\(form), \(chain.name): \(Resources.totalByKind)")
                XCTAssertEqual(run.events().count, 0, "\(form), \(chain.name): no event")
            }
        }
    }

    /// `just(1)` ends during the subscribe call, before the trigger (delayed on a `TestScheduler`)
    /// is even subscribed: freed at once, and nothing is left for the trigger's time.
    func test_contract15_sourceEndingDuringTheSubscribeCallFreesAHandlerHoldingItsOwnDisposable() {
        for form in Form.allCases {
            for chain in chains {
                let scheduler = TestScheduler(initialClock: 0)
                let start = Resources.total
                let stream = Observable.just(1).skip(
                    until: Observable.just(1).delay(.seconds(20), scheduler: scheduler))
                let run = subscribeCapturingItsOwnDisposable(form, chain.apply(stream))
                XCTAssertNil(run.own(), "\(form), \(chain.name): the handler and its disposable are kept")
                XCTAssertEqual(Resources.total, start, "\(form), \(chain.name): \(Resources.totalByKind)")
                scheduler.start()
                XCTAssertEqual(Resources.total, start, "\(form), \(chain.name)")
                XCTAssertEqual(run.events().count, 0, "\(form), \(chain.name): no event")
            }
        }
    }

    /// A kept disposable: the handler goes at the silent end, the sinks between the subscriber
    /// and `skip(until:)` end then (`do(onDispose:)` runs), the subscription itself stays open
    /// until it is disposed (`onDisposed` runs then, once), and then nothing is left.
    func test_contract15_keptSubscriptionDropsItsHandlersAtTheSilentEndAndEndsAtItsDispose() {
        let source = PublishSubject<Int>()
        let trigger = PublishSubject<Int>()
        let start = Resources.total
        weak var weakCapture: Captured?
        var disposedCount = 0
        var doDisposed = 0
        var subscription: Disposable?
        do {
            let capture = Captured()
            weakCapture = capture
            subscription = source.skip(until: trigger).do(onDispose: { doDisposed += 1 }).subscribe(
                onNext: { _ in _ = capture }, onDisposed: { disposedCount += 1 })
        }
        source.onCompleted()
        XCTAssertNil(weakCapture, "the handler is kept")
        XCTAssertEqual(doDisposed, 1, "the sinks above the subscriber end with the stream")
        XCTAssertEqual(disposedCount, 0, "the subscription itself ends at its dispose()")
        XCTAssertEqual(Resources.total, start + 1, "only the kept subscriber is left: \(Resources.totalByKind)")
        subscription?.dispose()
        XCTAssertEqual(disposedCount, 1)
        subscription?.dispose()
        XCTAssertEqual(disposedCount, 1)
        XCTAssertEqual(doDisposed, 1)
        subscription = nil
        XCTAssertEqual(Resources.total, start)
    }

    /// The same in a `DisposeBag`: the entry stays until the bag goes, which runs `onDisposed`.
    func test_contract15_silentlyEndedSubscriptionInABagEndsWithTheBag() {
        let source = PublishSubject<Int>()
        let trigger = PublishSubject<Int>()
        let start = Resources.total
        var disposedCount = 0
        var bag: DisposeBag? = DisposeBag()
        source.skip(until: trigger).subscribe(onDisposed: { disposedCount += 1 }).disposed(by: bag!)
        source.onCompleted()
        XCTAssertEqual(disposedCount, 0)
        bag = nil
        XCTAssertEqual(disposedCount, 1)
        XCTAssertEqual(Resources.total, start)
    }

    /// `skip(until:)` over a stream that itself ended silently keeps waiting for its trigger (as
    /// for a source that never ends), so the subscriber keeps its handler: the trigger's error
    /// still reaches it.
    func test_contract15_skipUntilWhoseSourceEndedSilentlyStillDeliversItsTriggersError() {
        let source = PublishSubject<Int>()
        let inner = PublishSubject<Int>()
        let outer = PublishSubject<Int>()
        let start = Resources.total
        var events: [Event<Int>] = []
        var subscription: Disposable? = source.skip(until: inner).skip(until: outer).subscribe { events.append($0) }
        source.onCompleted()
        XCTAssertFalse(inner.hasObservers)
        XCTAssertTrue(outer.hasObservers, "the outer trigger stays subscribed, as in RxSwift")
        outer.onError(TestError.boom)
        XCTAssertEqual(events.count, 1)
        XCTAssertEqual(events.first?.error as? TestError, .boom)
        XCTAssertFalse(outer.hasObservers)
        subscription?.dispose()
        subscription = nil
        XCTAssertEqual(Resources.total, start, "\(Resources.totalByKind)")
    }

    /// A silent end on one thread while the subscription is disposed on another: the handler is
    /// released exactly once, after neither can use it, `onDisposed` runs once, nothing is left.
    func test_contract15_silentEndRacingADisposeReleasesEverythingOnce() {
        let start = Resources.total
        assertFinishes("silent ends racing disposes") {
            for round in 0..<2_000 {
                let source = PublishSubject<Int>()
                let trigger = PublishSubject<Int>()
                let disposed = AtomicCounter()
                weak var weakCapture: Captured?
                var subscription: Disposable?
                do {
                    let capture = Captured()
                    weakCapture = capture
                    let stream = round % 2 == 0 ? source.skip(until: trigger) : source.skip(until: trigger).take(5)
                    subscription = stream.subscribe(onNext: { _ in _ = capture }, onDisposed: { disposed.increment() })
                }
                let go = DispatchSemaphore(value: 0)
                let done = DispatchSemaphore(value: 0)
                Thread {
                    go.wait()
                    source.onCompleted()
                    done.signal()
                }.start()
                go.signal()
                subscription?.dispose()
                done.wait()
                subscription = nil
                XCTAssertNil(weakCapture, "round \(round)")
                XCTAssertEqual(disposed.value, 1, "round \(round)")
            }
        }
        XCTAssertEqual(Resources.total, start)
    }
}

/// A counter several threads may bump.
private final class AtomicCounter: @unchecked Sendable {
    // @unchecked Sendable: `count` is guarded by `lock`.
    private let lock = NSLock()
    private var count = 0

    func increment() { lock.withLock { count += 1 } }

    var value: Int { lock.withLock { count } }
}
