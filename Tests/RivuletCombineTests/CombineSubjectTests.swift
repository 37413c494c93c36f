import Rivulet
import RivuletCombine
import TestSupport
import XCTest

final class CombineSubjectTests: RivuletTestCase {
    func testPassthroughSendsToCurrentSubscribersOnly() {
        let subject = PassthroughSubject<Int, TestFailure>()
        subject.send(0)
        let recorder = CombineRecorder(subject)
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        subject.send(3)
        XCTAssertEqual(recorder.events, [.value(1), .value(2), .completion(.finished)])
    }

    func testPassthroughTypedFailure() {
        let subject = PassthroughSubject<Int, TestFailure>()
        let recorder = CombineRecorder(subject)
        subject.send(1)
        subject.send(completion: .failure(.boom))
        subject.send(completion: .finished)
        XCTAssertEqual(recorder.events, [.value(1), .completion(.failure(.boom))])
    }

    func testLateSubscriberReceivesTheCompletion() {
        let subject = PassthroughSubject<Int, TestFailure>()
        subject.send(completion: .failure(.other))
        let recorder = CombineRecorder(subject)
        XCTAssertEqual(recorder.events, [.completion(.failure(.other))])
    }

    func testCancelStopsDeliveryAndUnsubscribes() {
        let subject = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        let cancellable = subject.sink { values.append($0) }
        subject.send(1)
        cancellable.cancel()
        subject.send(2)
        XCTAssertEqual(values, [1])
        XCTAssertFalse((subject.asObservable() as? PublishSubject<Int>)?.hasObservers ?? true)
    }

    func testVoidSubjectSend() {
        let subject = PassthroughSubject<Void, Never>()
        var count = 0
        let cancellable = subject.sink { count += 1 }
        subject.send()
        subject.send()
        XCTAssertEqual(count, 2)
        cancellable.cancel()
    }

    func testCurrentValueReplaysAndTracksValue() {
        let subject = CurrentValueSubject<Int, TestFailure>(0)
        XCTAssertEqual(subject.value, 0)
        subject.send(1)
        let recorder = CombineRecorder(subject)
        subject.value = 2
        XCTAssertEqual(subject.value, 2)
        XCTAssertEqual(recorder.events, [.value(1), .value(2)])
        subject.send(completion: .failure(.boom))
        subject.send(3)
        XCTAssertEqual(subject.value, 2, "the last value survives the completion; later sends are ignored")
        XCTAssertEqual(recorder.events, [.value(1), .value(2), .completion(.failure(.boom))])
        let late = CombineRecorder(subject)
        XCTAssertEqual(late.events, [.completion(.failure(.boom))])
    }

    func testSubjectProtocolIsUsableGenerically() {
        func feed<S: Subject>(_ subject: S, _ values: [S.Output]) {
            for value in values { subject.send(value) }
            subject.send(completion: .finished)
        }
        let subject = PassthroughSubject<String, Never>()
        let recorder = CombineRecorder(subject)
        feed(subject, ["a", "b"])
        XCTAssertEqual(recorder.events, [.value("a"), .value("b"), .completion(.finished)])
    }

    func testSubscribeFeedsASubjectWithValuesAndTheCompletion() {
        let source = PassthroughSubject<Int, TestFailure>()
        let target = CurrentValueSubject<Int, TestFailure>(0)
        let recorder = CombineRecorder(target)
        let feeding = source.subscribe(target)
        source.send(1)
        source.send(2)
        XCTAssertEqual(target.value, 2)
        source.send(completion: .failure(.boom))
        XCTAssertEqual(recorder.events, [.value(0), .value(1), .value(2), .completion(.failure(.boom))])
        feeding.cancel()
    }

    func testCancellingTheFeedLeavesTheSubjectOpen() {
        let source = PassthroughSubject<String, Never>()
        let target = PassthroughSubject<String, Never>()
        let recorder = CombineRecorder(target)
        let feeding = source.subscribe(target)
        source.send("a")
        feeding.cancel()
        source.send("b")
        source.send(completion: .finished)
        target.send("c")
        XCTAssertEqual(recorder.events, [.value("a"), .value("c")], "no value or completion after cancel")
    }

    func testSubscribeAJustIntoASubject() {
        let target = PassthroughSubject<Int, Never>()
        var received: [Int] = []
        var finished = false
        let cancellable = target.sink(
            receiveCompletion: { _ in finished = true }, receiveValue: { received.append($0) })
        _ = Just(5).subscribe(target)
        XCTAssertEqual(received, [5])
        XCTAssertTrue(finished)
        cancellable.cancel()
    }
}
