import Rivulet
import RivuletCombine
import TestSupport
import XCTest

/// `AnySubscriber`, `AnyPublisher`, `subscribe(subject)` and the bridges to the Rx dialect on the
/// demand path.
final class ErasureDemandTests: RivuletTestCase {
    func testAnySubscriberIsTheSubscriberItWraps() {
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(1))
        let erased = AnySubscriber(subscriber)
        XCTAssertEqual(AnySubscriber(erased).combineIdentifier, subscriber.combineIdentifier, "not wrapped twice")
        XCTAssertEqual(erased.description, "RecordingSubscriber")
        XCTAssertTrue(Mirror(reflecting: erased).subjectType == RecordingSubscriber<Int, Never>.self)
        let publisher = RecordingPublisher<Int, Never>()
        publisher.subscribe(erased)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(1))])
        XCTAssertEqual(AnySubscriber<Int, Never>().customMirror.children.count, 0)
    }

    func testASubjectIsHandedASubscriptionOfItsOwnThatForwardsUpstream() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subject = PassthroughSubject<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        subject.subscribe(subscriber)
        let cancellable = publisher.subscribe(subject)
        XCTAssertEqual(publisher.subscriberDescription, "Subject")
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)], "the subject asks for everything")
        publisher.send(1)
        publisher.send(completion: .finished)
        publisher.send(completion: .failure(.boom))
        XCTAssertEqual(subscriber.log, ["subscription(PassthroughSubject)", "value(1)", "finished"])
        cancellable.cancel()
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)], "nothing to cancel after the completion")
    }

    func testAnAnySubscriberOfASubjectIsNamedSubject() {
        let subject = PassthroughSubject<Int, Never>()
        let erased = AnySubscriber(subject)
        XCTAssertEqual(erased.description, "Subject")
        XCTAssertFalse(Mirror(reflecting: erased).children.isEmpty)
    }

    func testAnyPublisherHandsItsSubscribersToThePublisherItErased() {
        let subject = PassthroughSubject<Int, Never>()
        let erased = subject.map { $0 + 1 }.eraseToAnyPublisher()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(1))
        erased.subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        XCTAssertEqual(subscriber.log, ["subscription(PassthroughSubject)", "value(2)"], "the subject's own demand")
        subscriber.subscription?.cancel()
        var sunk: [Int] = []
        let cancellable = erased.sink { sunk.append($0) }
        subject.send(3)
        XCTAssertEqual(sunk, [4], "sink on the erased chain: the engine path")
        cancellable.cancel()
    }

    func testAsPublisherBuffersWhatASubscriberHasNotAskedFor() {
        let relay = PublishSubject<Int>()
        let subscriber = RecordingSubscriber<Int, Error>(initial: .max(1))
        relay.asPublisher().subscribe(subscriber)
        relay.onNext(1)
        relay.onNext(2)
        relay.onNext(3)
        XCTAssertEqual(subscriber.values, [1], "an engine stream has no demand: the rest waits")
        subscriber.subscription?.request(.max(5))
        XCTAssertEqual(subscriber.values, [1, 2, 3], "buffered, not dropped")
        subscriber.subscription?.cancel()
    }

    func testAsObservableRequestsUnlimitedOfAForeignPublisher() {
        let publisher = RecordingPublisher<Int, Never>()
        var received: [Int] = []
        let subscription = publisher.asObservable().subscribe(onNext: { received.append($0) })
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)])
        publisher.send(3)
        XCTAssertEqual(received, [3])
        subscription.dispose()
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel])
    }
}

/// Rivulet's own subscribers keep their closures' calls from overlapping, whatever a publisher
/// written by hand does.
final class TerminalSubscriberSerialTests: RivuletTestCase {
    func testASinkNeverOverlapsItsClosuresWhenAPublisherCallsFromSeveralThreadsAtOnce() {
        let source = HandPublisher<Int, TestFailure>()
        let recorder = GrammarRecorder<Int>()
        let cancellable = source.map { $0 }.scan(0, +).sink(
            receiveCompletion: { _ in recorder.completion() },
            receiveValue: { value in
                recorder.value(value)
                usleep(50)
            })
        source.sendSubscription()
        withWatchdog("concurrent sends into a sink") {
            runConcurrently(4) { index in
                for value in 0..<50 { source.send(index * 100 + value) }
                if index == 0 { source.send(completion: .finished) }
            }
        }
        XCTAssertEqual(recorder.brokenRules.filter { $0.hasPrefix("overlapping") }, [])
        XCTAssertEqual(recorder.completionCount, 1)
        cancellable.cancel()
        source.reset()
    }

    func testAnAssignNeverOverlapsItsWrites() {
        final class Target: @unchecked Sendable {
            // @unchecked Sendable: `value` is written only by the assign under test, whose
            // writes must not overlap (that is what the recorder checks).
            let recorder = GrammarRecorder<Int>()
            var value = 0 {
                didSet {
                    recorder.value(value)
                    usleep(50)
                }
            }
        }
        let source = HandPublisher<Int, Never>()
        let target = Target()
        let cancellable = source.filter { _ in true }.assign(to: \.value, on: target)
        source.sendSubscription()
        withWatchdog("concurrent sends into an assign") {
            runConcurrently(4) { index in
                for value in 0..<50 { source.send(index * 100 + value) }
            }
        }
        XCTAssertEqual(target.recorder.brokenRules, [])
        XCTAssertEqual(target.recorder.received.count, 200)
        cancellable.cancel()
        source.reset()
    }
}
