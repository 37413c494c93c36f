import Rivulet
import TestSupport
import XCTest

final class BehaviorSubjectTests: RivuletTestCase {
    func testNewSubscriberReceivesTheCurrentValueFirst() {
        let subject = BehaviorSubject(value: 0)
        let first = EventRecorder<Int>()
        _ = subject.subscribe(first)
        subject.onNext(1)
        let second = EventRecorder<Int>()
        _ = subject.subscribe(second)
        subject.onNext(2)
        subject.onCompleted()
        XCTAssertEqual(first.events, [.next(0), .next(1), .next(2), .completed])
        XCTAssertEqual(second.events, [.next(1), .next(2), .completed])
    }

    func testValueIsTheLastValueSent() throws {
        let subject = BehaviorSubject(value: "a")
        XCTAssertEqual(try subject.value(), "a")
        subject.onNext("b")
        XCTAssertEqual(try subject.value(), "b")
    }

    func testValueAfterCompletionIsTheLastValue() throws {
        let subject = BehaviorSubject(value: 1)
        subject.onNext(2)
        subject.onCompleted()
        subject.onNext(3)
        XCTAssertEqual(try subject.value(), 2)
    }

    func testValueThrowsTheErrorAfterAnError() {
        let subject = BehaviorSubject(value: 1)
        subject.onError(TestError.boom)
        XCTAssertThrowsError(try subject.value()) { error in
            XCTAssertEqual(error as? TestError, .boom)
        }
    }

    func testValueThrowsDisposedAfterDispose() {
        let subject = BehaviorSubject(value: 1)
        subject.dispose()
        XCTAssertTrue(subject.isDisposed)
        XCTAssertThrowsError(try subject.value()) { error in
            guard case RxError.disposed = error else { return XCTFail("got \(error)") }
        }
    }

    func testReplaysOnlyCompletedAfterCompletion() {
        let subject = BehaviorSubject(value: 1)
        subject.onNext(2)
        subject.onCompleted()
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.completed])
    }

    func testReplaysOnlyTheErrorAfterAnError() {
        let subject = BehaviorSubject(value: 1)
        subject.onError(TestError.boom)
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.error(TestError.boom)])
    }

    func testNothingAfterTheStopEvent() {
        let subject = BehaviorSubject(value: 0)
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder)
        subject.onError(TestError.boom)
        subject.onNext(1)
        subject.onCompleted()
        XCTAssertEqual(recorder.events, [.next(0), .error(TestError.boom)])
    }

    func testHasObservers() {
        let subject = BehaviorSubject(value: 0)
        XCTAssertFalse(subject.hasObservers)
        let subscription = subject.subscribe { _ in }
        XCTAssertTrue(subject.hasObservers)
        subscription.dispose()
        XCTAssertFalse(subject.hasObservers)
    }

    func testDisposedSubscriptionGetsNothingMore() {
        let subject = BehaviorSubject(value: 0)
        let recorder = EventRecorder<Int>()
        let subscription = subject.subscribe(recorder)
        subscription.dispose()
        subject.onNext(1)
        XCTAssertEqual(recorder.events, [.next(0)])
    }

    func testDisposeFailsLaterSubscribers() {
        let subject = BehaviorSubject(value: 0)
        subject.dispose()
        subject.onNext(1)
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder)
        guard case .error(RxError.disposed)? = recorder.events.first else {
            return XCTFail("expected RxError.disposed, got \(recorder.events)")
        }
        XCTAssertEqual(recorder.events.count, 1)
    }

    func testSubscribingFromInsideADeliveryReplaysTheValueBeingDelivered() {
        let subject = BehaviorSubject(value: 0)
        let inner = EventRecorder<Int>()
        var innerSubscription: Disposable?
        let outer = subject.subscribe(onNext: { value in
            if value == 1 { innerSubscription = subject.subscribe(inner) }
        })
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(inner.elements, [1, 2])
        outer.dispose()
        innerSubscription?.dispose()
    }
}
