import RivuletCombine
import TestSupport
import XCTest

/// `handleEvents` and `print` on the demand path: subscriptions of their own that show every
/// event, every request (also the demand a value returns) and every cancel, and pass demand
/// through.
final class DebuggingOperatorDemandTests: RivuletTestCase {
    func testHandleEventsSeesTheUpstreamsSubscriptionEveryRequestAndTheCancel() {
        var seen: [String] = []
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(
            initial: .max(2), perValue: { $0 == 1 ? .max(1) : .none })
        publisher.handleEvents(
            receiveSubscription: { seen.append("subscription(\($0))") },
            receiveOutput: { seen.append("output(\($0))") },
            receiveCompletion: { _ in seen.append("completion") },
            receiveCancel: { seen.append("cancel") },
            receiveRequest: { seen.append("request(\($0))") }
        ).subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))])
        XCTAssertEqual(publisher.send(1), .max(1))
        XCTAssertEqual(publisher.send(2), .none)
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        XCTAssertEqual(
            seen,
            [
                "subscription(RecordingSubscription)", "request(max(2))", "output(1)", "request(max(1))", "output(2)",
                "cancel",
            ])
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .cancel])
        XCTAssertEqual(subscriber.log, ["subscription(HandleEvents)", "value(1)", "value(2)"])
    }

    func testHandleEventsRunsTheCompletionClosureOnceAndReleasesTheClosures() {
        weak var captured: Token?
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .unlimited)
        var completions = 0
        do {
            let token = Token()
            captured = token
            publisher.handleEvents(
                receiveOutput: { _ = token.stamp($0) }, receiveCompletion: { _ in completions += 1 }
            ).subscribe(subscriber)
        }
        publisher.send(completion: .finished)
        publisher.send(completion: .finished)
        XCTAssertEqual(completions, 1)
        XCTAssertNil(captured, "the closures go with the completion")
        subscriber.subscription?.cancel()
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)], "a completed upstream is not cancelled")
    }

    func testHandleEventsWithASubscriptionClosureTakesTheDemandPathAndOtherwiseTheEngine() {
        let subject = PassthroughSubject<Int, Never>()
        var subscriptions: [String] = []
        var received: [Int] = []
        let shown = subject.handleEvents(receiveSubscription: { subscriptions.append("\($0)") }).sink {
            received.append($0)
        }
        subject.send(1)
        XCTAssertEqual(subscriptions, ["PassthroughSubject"], "the subject's own subscription, as in Combine")
        XCTAssertEqual(received, [1])
        shown.cancel()
    }

    func testPrintShowsEveryRequestTheDemandAValueReturnsAndEveryCancel() {
        final class Log: TextOutputStream {
            var writes: [String] = []
            func write(_ string: String) { writes.append(string) }
        }
        let log = Log()
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(2), perValue: .max(1))
        publisher.print("p", to: log).subscribe(subscriber)
        XCTAssertEqual(publisher.send(1), .max(1))
        subscriber.subscription?.request(.unlimited)
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .request(.unlimited), .cancel])
        XCTAssertEqual(
            log.writes.filter { $0 != "" && $0 != "\n" },
            [
                "p: receive subscription: (RecordingSubscription)", "p: request max: (2)", "p: receive value: (1)",
                "p: request max: (1) (synchronous)", "p: request unlimited", "p: receive cancel", "p: receive cancel",
            ])
        XCTAssertEqual(Array(log.writes.prefix(3)), ["", "p: receive subscription: (RecordingSubscription)", "\n"])
        XCTAssertEqual(subscriber.log.first, "subscription(Print)")
        XCTAssertEqual(publisher.subscriberMirror?.children.count, 0)
    }
}
