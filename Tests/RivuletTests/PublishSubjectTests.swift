import Rivulet
import TestSupport
import XCTest

final class PublishSubjectTests: RivuletTestCase {
    func testMulticastsToCurrentObservers() {
        let subject = PublishSubject<Int>()
        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        let a = subject.subscribe(first)
        subject.onNext(1)
        let b = subject.subscribe(second)
        subject.onNext(2)
        subject.onCompleted()
        XCTAssertEqual(first.events, [.next(1), .next(2), .completed])
        XCTAssertEqual(second.events, [.next(2), .completed])
        a.dispose()
        b.dispose()
    }

    func testHasObservers() {
        let subject = PublishSubject<Int>()
        XCTAssertFalse(subject.hasObservers)
        let a = subject.subscribe { _ in }
        let b = subject.subscribe { _ in }
        XCTAssertTrue(subject.hasObservers)
        a.dispose()
        XCTAssertTrue(subject.hasObservers)
        b.dispose()
        XCTAssertFalse(subject.hasObservers)
    }

    func testHasObserversFalseAfterTerminal() {
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe { _ in }
        subject.onError(TestError.boom)
        XCTAssertFalse(subject.hasObservers)
        subscription.dispose()
    }

    func testNothingAfterTheStopEvent() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder)
        subject.onNext(1)
        subject.onCompleted()
        subject.onNext(2)
        subject.onError(TestError.boom)
        subject.onCompleted()
        XCTAssertEqual(recorder.events, [.next(1), .completed])
    }

    func testLateSubscriberAfterCompletionGetsOnlyCompleted() {
        let subject = PublishSubject<Int>()
        subject.onNext(1)
        subject.onCompleted()
        let recorder = EventRecorder<Int>()
        let subscription = subject.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.completed])
        XCTAssertFalse(subject.hasObservers)
        subscription.dispose()
    }

    func testLateSubscriberAfterErrorGetsOnlyTheError() {
        let subject = PublishSubject<Int>()
        subject.onNext(1)
        subject.onError(TestError.boom)
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.error(TestError.boom)])
    }

    func testDisposedSubscriptionGetsNothingMore() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        let subscription = subject.subscribe(recorder)
        subject.onNext(1)
        subscription.dispose()
        subject.onNext(2)
        subject.onCompleted()
        XCTAssertEqual(recorder.events, [.next(1)])
    }

    func testDisposeIgnoresLaterEventsAndFailsLaterSubscribers() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        let subscription = subject.subscribe(recorder)
        subject.onNext(1)
        XCTAssertFalse(subject.isDisposed)
        subject.dispose()
        XCTAssertTrue(subject.isDisposed)
        XCTAssertFalse(subject.hasObservers)
        subject.onNext(2)
        subject.onCompleted()
        XCTAssertEqual(recorder.events, [.next(1)])
        let late = EventRecorder<Int>()
        _ = subject.subscribe(late)
        XCTAssertEqual(late.events.count, 1)
        guard case .error(let error)? = late.events.first, case RxError.disposed = error else {
            return XCTFail("expected RxError.disposed, got \(late.events)")
        }
        subscription.dispose()
    }

    func testDisposeFromInsideADeliveryDropsAllObservers() {
        let subject = PublishSubject<Int>()
        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        _ = subject.subscribe(onNext: { value in
            first.on(.next(value))
            if value == 1 { subject.dispose() }
        })
        _ = subject.subscribe(second)
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(first.elements, [1])
        XCTAssertEqual(second.elements, [1], "the event being delivered still reaches every observer")
        XCTAssertFalse(subject.hasObservers)
        XCTAssertTrue(subject.isDisposed)
    }

    func testDisposeReleasesTheObservers() {
        final class Token {}
        let subject = PublishSubject<Int>()
        var token: Token? = Token()
        weak let weakToken = token
        _ = subject.subscribe(onNext: { [token] _ in _ = token })
        token = nil
        XCTAssertNotNil(weakToken)
        subject.dispose()
        XCTAssertNil(weakToken)
    }

    func testAsObserverFeedsTheSubject() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder)
        let observer = subject.asObserver()
        observer.onNext(5)
        observer.onCompleted()
        XCTAssertEqual(recorder.events, [.next(5), .completed])
    }

    func testAsObservable() {
        let subject = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = subject.asObservable().subscribe(recorder)
        subject.onNext(1)
        XCTAssertEqual(recorder.elements, [1])
        subject.onCompleted()
    }

    func testManyObserversSubscribeAndLeave() {
        // Holes left by leaving observers are compacted; the rest keep receiving in order.
        let subject = PublishSubject<Int>()
        var received = Array(repeating: [Int](), count: 100)
        var subscriptions: [Disposable] = []
        for index in 0..<100 {
            subscriptions.append(subject.subscribe(onNext: { received[index].append($0) }))
        }
        subject.onNext(1)
        for index in 0..<100 where index % 3 != 0 { subscriptions[index].dispose() }
        subject.onNext(2)
        for index in 0..<100 {
            XCTAssertEqual(received[index], index % 3 == 0 ? [1, 2] : [1], "observer \(index)")
        }
        XCTAssertTrue(subject.hasObservers)
        for subscription in subscriptions { subscription.dispose() }
        XCTAssertFalse(subject.hasObservers)
    }
}
