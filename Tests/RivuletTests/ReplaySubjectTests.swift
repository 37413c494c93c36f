import Rivulet
import TestSupport
import XCTest

final class ReplaySubjectTests: RivuletTestCase {
    func testReplaysTheLastBufferSizeValues() {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(2), .next(3)])
        subject.onNext(4)
        XCTAssertEqual(recorder.elements, [2, 3, 4])
        subject.onCompleted()
    }

    func testRingBufferKeepsOrderAcrossManyWraps() {
        let subject = ReplaySubject<Int>.create(bufferSize: 3)
        for value in 1...10 { subject.onNext(value) }
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder)
        XCTAssertEqual(recorder.elements, [8, 9, 10])
        subject.onNext(11)
        let late = EventRecorder<Int>()
        _ = subject.subscribe(late)
        XCTAssertEqual(late.elements, [9, 10, 11])
        subject.onCompleted()
        let afterStop = EventRecorder<Int>()
        _ = subject.subscribe(afterStop)
        XCTAssertEqual(afterStop.events, [.next(9), .next(10), .next(11), .completed])
    }

    func testFewerValuesThanTheBuffer() {
        let subject = ReplaySubject<Int>.create(bufferSize: 5)
        subject.onNext(1)
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(1)])
        subject.onCompleted()
    }

    func testBufferSizeOneAndZero() {
        let one = ReplaySubject<Int>.create(bufferSize: 1)
        let zero = ReplaySubject<Int>.create(bufferSize: 0)
        let negative = ReplaySubject<Int>.create(bufferSize: -3)
        for value in 1...3 {
            one.onNext(value)
            zero.onNext(value)
            negative.onNext(value)
        }
        let recorders = (0..<3).map { _ in EventRecorder<Int>() }
        _ = one.subscribe(recorders[0])
        _ = zero.subscribe(recorders[1])
        _ = negative.subscribe(recorders[2])
        XCTAssertEqual(recorders[0].elements, [3])
        XCTAssertEqual(recorders[1].elements, [])
        XCTAssertEqual(recorders[2].elements, [])
        for subject in [one, zero, negative] { subject.onCompleted() }
    }

    func testUnboundReplaysEverything() {
        let subject = ReplaySubject<Int>.createUnbound()
        for value in 1...100 { subject.onNext(value) }
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder)
        XCTAssertEqual(recorder.elements, Array(1...100))
        subject.onCompleted()
        XCTAssertEqual(recorder.events.last, .completed)
    }

    func testReplaysBufferThenStopEventAfterTermination() {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        subject.onError(TestError.boom)
        subject.onNext(4)
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(2), .next(3), .error(TestError.boom)])
        XCTAssertFalse(subject.hasObservers)
    }

    func testLiveObserversAndHasObservers() {
        let subject = ReplaySubject<Int>.create(bufferSize: 1)
        XCTAssertFalse(subject.hasObservers)
        let recorder = EventRecorder<Int>()
        let subscription = subject.subscribe(recorder)
        XCTAssertTrue(subject.hasObservers)
        subject.onNext(1)
        subscription.dispose()
        XCTAssertFalse(subject.hasObservers)
        subject.onNext(2)
        XCTAssertEqual(recorder.events, [.next(1)])
    }

    func testDisposeFailsLaterSubscribers() {
        let subject = ReplaySubject<Int>.createUnbound()
        subject.onNext(1)
        subject.dispose()
        XCTAssertTrue(subject.isDisposed)
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe(recorder)
        guard case .error(RxError.disposed)? = recorder.events.first else {
            return XCTFail("expected RxError.disposed, got \(recorder.events)")
        }
        XCTAssertEqual(recorder.events.count, 1)
    }

    func testSubscribingFromInsideADeliveryReplaysAtOnce() {
        let subject = ReplaySubject<Int>.create(bufferSize: 3)
        let inner = EventRecorder<Int>()
        var innerSubscription: Disposable?
        let outer = subject.subscribe(onNext: { value in
            if value == 2 { innerSubscription = subject.subscribe(inner) }
        })
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(inner.elements, [1, 2])
        subject.onNext(3)
        XCTAssertEqual(inner.elements, [1, 2, 3])
        outer.dispose()
        innerSubscription?.dispose()
    }
}
