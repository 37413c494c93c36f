import Rivulet
import RivuletTest
import TestSupport
import XCTest

/// Contract 15 at the terminal event: whatever way a stream is subscribed, the subscriber's
/// handler (and what it captures) is released when the stream ends, even while the returned
/// disposable is kept; a handler that captures the disposable of its own subscription is freed
/// with it; an operator whose source ends while another input is still open releases everything.
final class TerminalReleaseTests: RivuletTestCase {
    private final class Captured {}

    /// `subscribe { event in }` and `subscribe(observer)`, kept disposable: the observer goes at
    /// the completion, the error, or the disposal.
    func test_contract15_eventHandlerIsReleasedAtTheTerminalEventThoughItsDisposableIsKept() {
        for ending in 0..<3 {
            let subject = PublishSubject<Int>()
            let start = Resources.total
            weak var weakHandlerCapture: Captured?
            weak var weakObserverCapture: Captured?
            var kept: [Disposable] = []
            do {
                let handlerCapture = Captured()
                let observerCapture = Captured()
                weakHandlerCapture = handlerCapture
                weakObserverCapture = observerCapture
                kept.append(subject.subscribe { _ in _ = handlerCapture })
                kept.append(subject.subscribe(AnyObserver<Int> { _ in _ = observerCapture }))
            }
            subject.onNext(1)
            XCTAssertNotNil(weakHandlerCapture)
            switch ending {
            case 0: subject.onCompleted()
            case 1: subject.onError(TestError.boom)
            default: kept.forEach { $0.dispose() }
            }
            XCTAssertNil(weakHandlerCapture, "ending \(ending): subscribe { event in } keeps its handler")
            XCTAssertNil(weakObserverCapture, "ending \(ending): subscribe(observer) keeps its observer")
            XCTAssertEqual(Resources.total, start + Int32(kept.count), "only the kept disposables are left")
            kept = []
            XCTAssertEqual(Resources.total, start)
        }
    }

    /// A handler holding the `SingleAssignmentDisposable` of its own subscription: a cycle that
    /// the terminal event (or the handler disposing it) breaks.
    func test_contract15_handlerCapturingItsOwnDisposableIsFreed() {
        for disposeFromInside in [false, true] {
            let subject = PublishSubject<Int>()
            let start = Resources.total
            weak var weakDisposable: SingleAssignmentDisposable?
            do {
                let own = SingleAssignmentDisposable()
                weakDisposable = own
                own.setDisposable(
                    subject.subscribe { event in
                        if disposeFromInside, case .next = event { own.dispose() }
                    })
            }
            subject.onNext(1)
            if !disposeFromInside {
                XCTAssertNotNil(weakDisposable)
                subject.onCompleted()
            }
            XCTAssertNil(weakDisposable, "disposed from inside: \(disposeFromInside)")
            XCTAssertEqual(Resources.total, start)
        }
    }

    /// Every trait's `subscribe` and `Driver`/`Signal`'s `drive(observer)`/`emit(to:)` release the
    /// observer at the terminal event while the disposable is kept.
    func test_contract15_traitSubscribersAreReleasedAtTheTerminalEvent() {
        let subject = PublishSubject<Int>()
        let start = Resources.total
        weak var weakCapture: Captured?
        var kept: [Disposable] = []
        do {
            let capture = Captured()
            weakCapture = capture
            kept.append(subject.asSingle().subscribe { _ in _ = capture })
            kept.append(subject.asMaybe().subscribe { _ in _ = capture })
            kept.append(subject.ignoreElements().asCompletable().subscribe { _ in _ = capture })
            kept.append(subject.asInfallible(onErrorJustReturn: 0).subscribe { _ in _ = capture })
            kept.append(subject.asDriver(onErrorJustReturn: 0).drive(AnyObserver<Int> { _ in _ = capture }))
            kept.append(subject.asSignal(onErrorJustReturn: 0).emit(to: AnyObserver<Int> { _ in _ = capture }))
        }
        subject.onNext(1)
        subject.onCompleted()
        XCTAssertNil(weakCapture)
        XCTAssertEqual(Resources.total, start + Int32(kept.count))
        kept = []
        XCTAssertEqual(Resources.total, start)
    }

    /// `skip(until:)` whose source completes before the trigger fired ends without an event; the
    /// subscriber, its sink and the trigger's subscription are freed then, the disposable dropped.
    func test_contract15_skipUntilWhoseSourceEndsFirstReleasesEverything() {
        let source = PublishSubject<Int>()
        let trigger = PublishSubject<Int>()
        let start = Resources.total
        weak var weakCapture: Captured?
        do {
            let capture = Captured()
            weakCapture = capture
            _ = source.skip(until: trigger).subscribe(onNext: { _ in _ = capture })
        }
        source.onNext(1)
        source.onCompleted()
        XCTAssertFalse(trigger.hasObservers)
        XCTAssertNil(weakCapture)
        XCTAssertEqual(Resources.total, start)
    }

    /// The same with a trigger that would fire much later in virtual time.
    func test_contract15_skipUntilWithALateTriggerReleasesEverythingAtTheSourcesEnd() {
        let scheduler = TestScheduler(initialClock: 0)
        let start = Resources.total
        _ = Observable.just(1).skip(until: Observable.just(1).delay(.seconds(20), scheduler: scheduler)).subscribe()
        XCTAssertEqual(Resources.total, start, "freed at the source's completion, before the trigger's time")
        scheduler.start()
        XCTAssertEqual(Resources.total, start)
    }
}
