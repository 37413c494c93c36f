import Rivulet
import TestSupport
import XCTest

final class AsyncSubjectTests: RivuletTestCase {
    func testSendsOnlyTheLastValueWhenItCompletes() {
        let subject = AsyncSubject<Int>()
        let recorder = EventRecorder<Int>()
        let subscription = subject.subscribe(recorder)
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(recorder.events, [], "nothing before the stop event")
        subject.onNext(3)
        subject.onCompleted()
        XCTAssertEqual(recorder.events, [.next(3), .completed])
        subscription.dispose()
    }

    func testLateSubscriberReceivesTheLastValueAndCompleted() {
        let subject = AsyncSubject<String>()
        subject.onNext("a")
        subject.onNext("b")
        subject.onCompleted()
        let late = EventRecorder<String>()
        _ = subject.subscribe(late)
        XCTAssertEqual(late.events, [.next("b"), .completed])
        let later = EventRecorder<String>()
        _ = subject.subscribe(later)
        XCTAssertEqual(later.events, [.next("b"), .completed], "every late subscriber gets the same")
    }

    func testCompletingWithoutAValueSendsCompletedAlone() {
        let subject = AsyncSubject<Int>()
        let early = EventRecorder<Int>()
        _ = subject.subscribe(early)
        subject.onCompleted()
        let late = EventRecorder<Int>()
        _ = subject.subscribe(late)
        XCTAssertEqual(early.events, [.completed])
        XCTAssertEqual(late.events, [.completed])
    }

    func testAnErrorIsPassedOnWithoutTheValue() {
        let subject = AsyncSubject<Int>()
        let early = EventRecorder<Int>()
        _ = subject.subscribe(early)
        subject.onNext(1)
        subject.onError(TestError.boom)
        let late = EventRecorder<Int>()
        _ = subject.subscribe(late)
        XCTAssertEqual(early.events, [.error(TestError.boom)])
        XCTAssertEqual(late.events, [.error(TestError.boom)])
    }

    func testEventsAfterTheStopEventAreIgnored() {
        let subject = AsyncSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder)
        subject.onNext(1)
        subject.onCompleted()
        subject.onNext(2)
        subject.onError(TestError.boom)
        subject.onCompleted()
        XCTAssertEqual(recorder.events, [.next(1), .completed])
        let late = EventRecorder<Int>()
        _ = subject.subscribe(late)
        XCTAssertEqual(late.events, [.next(1), .completed], "the kept value is the one before the stop")
    }

    func testDisposedSubscriptionReceivesNothing() {
        let subject = AsyncSubject<Int>()
        let recorder = EventRecorder<Int>()
        let subscription = subject.subscribe(recorder)
        XCTAssertTrue(subject.hasObservers)
        subscription.dispose()
        XCTAssertFalse(subject.hasObservers)
        subject.onNext(1)
        subject.onCompleted()
        XCTAssertEqual(recorder.events, [])
    }

    func testAsObserverFeedsTheSubject() {
        let subject = AsyncSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder)
        _ = Observable.from([1, 2, 3]).subscribe(subject.asObserver())
        XCTAssertEqual(recorder.events, [.next(3), .completed])
    }

    func testConcurrentSendsAndACompletionDeliverOneValueOnce() {
        let subject = AsyncSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder)
        let perThread = 2_000
        runConcurrently(4) { thread in
            for index in 0..<perThread { subject.onNext(thread * perThread + index) }
            if thread == 0 { subject.onCompleted() }
        }
        subject.onCompleted()
        XCTAssertEqual(recorder.events.count, 2, "one value, then completed: \(recorder.events)")
        XCTAssertEqual(recorder.events.last, .completed)
        XCTAssertNotNil(recorder.elements.first)
    }
}
