import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class CatchAndReturnTests: RivuletTestCase {
    func testOnErrorSendsTheElementAndCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .error(230, TestError.boom)])
        let res = scheduler.start { xs.catchAndReturn(0) }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .next(230, 0), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }

    func testWithoutAnErrorPassesEverythingOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(250)])
        let res = scheduler.start { xs.catchAndReturn(0) }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testDisposalDisposesTheSource() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(230, TestError.boom)])
        let res = scheduler.start(disposed: 220) { xs.catchAndReturn(0) }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testSubjectErrorAfterSubscribersAreGone() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        let subscription = subject.catchAndReturn(-1).subscribe(recorder)
        subject.onNext(1)
        subject.onError(TestError.boom)
        XCTAssertEqual(recorder.events, [.next(1), .next(-1), .completed])
        XCTAssertFalse(subject.hasObservers)
        subscription.dispose()
    }

    func testDisposingWhileReceivingTheElementSuppressesTheCompletion() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        var subscription: Disposable?
        subscription = subject.catchAndReturn(0).subscribe(
            onNext: { value in
                log.append("\(value)")
                if value == 0 { subscription?.dispose() }
            },
            onCompleted: { log.append("|") },
            onDisposed: { log.append("disposed") })
        subject.onError(TestError.boom)
        XCTAssertEqual(log, ["0", "disposed"])
        subscription = nil  // the closure captured it: break the cycle
    }

    /// The source's subscription ends after the element and the completion have gone out (in
    /// RxSwift, `catch` disposes the source before it subscribes the fallback, so before the
    /// element): documented on `catchAndReturn(_:)`.
    func testTheSourceSubscriptionEndsAfterTheElementAndTheCompletion() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let subscription = subject.do(onDispose: { log.append("source disposed") })
            .catchAndReturn(0)
            .subscribe(onNext: { log.append("\($0)") }, onCompleted: { log.append("|") })
        subject.onError(TestError.boom)
        XCTAssertEqual(log, ["0", "|", "source disposed"])
        XCTAssertFalse(subject.hasObservers)
        subscription.dispose()
    }

    @available(*, deprecated)
    func testDeprecatedSpelling() {
        let recorder = EventRecorder<Int>()
        Observable<Int>.error(TestError.boom).catchErrorJustReturn(3).subscribe(recorder).dispose()
        XCTAssertEqual(recorder.events, [.next(3), .completed])
    }
}
