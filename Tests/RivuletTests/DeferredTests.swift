import Rivulet
import TestSupport
import XCTest

final class DeferredTests: RivuletTestCase {
    func testCallsTheFactoryOncePerSubscription() {
        var calls = 0
        let source = Observable<Int>.deferred {
            calls += 1
            return Observable.just(calls)
        }
        XCTAssertEqual(calls, 0, "nothing happens before a subscription")
        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        _ = source.subscribe(first)
        _ = source.subscribe(second)
        XCTAssertEqual(calls, 2)
        XCTAssertEqual(first.events, [.next(1), .completed])
        XCTAssertEqual(second.events, [.next(2), .completed])
    }

    func testAThrowingFactoryFailsTheSubscription() {
        let recorder = EventRecorder<Int>()
        _ = Observable<Int>.deferred { throw TestError.boom }.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.error(TestError.boom)])
    }

    func testDisposingDisposesTheCreatedSource() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        let subscription = Observable<Int>.deferred { subject.asObservable() }.subscribe(recorder)
        XCTAssertTrue(subject.hasObservers)
        subject.onNext(1)
        subscription.dispose()
        XCTAssertFalse(subject.hasObservers)
        subject.onNext(2)
        XCTAssertEqual(recorder.events, [.next(1)])
    }

    func testDeferredOnTheObservableTypeSpelling() {
        let recorder = EventRecorder<String>()
        _ = Observable.deferred { Observable.of("x", "y") }.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next("x"), .next("y"), .completed])
    }
}
