import Foundation
import RivuletCombine
import TestSupport
import XCTest

/// Subjects on the demand path, as Combine documents them: each subscriber has its own demand; a
/// `PassthroughSubject` drops a value for a subscriber that has not asked for one, a
/// `CurrentValueSubject` keeps its value and delivers the current one when demand arrives; the
/// completion reaches every subscriber whatever its demand.
final class SubjectDemandTests: RivuletTestCase {
    func testAPassthroughSubjectDeliversOnlyWhatWasRequestedAndDropsTheRest() {
        let subject = PassthroughSubject<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(2), perValue: .none)
        subject.subscribe(subscriber)
        for value in 1...4 { subject.send(value) }
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.values, [1, 2], "3 and 4 found no demand: dropped, not kept")
        subject.send(5)
        subject.send(6)
        XCTAssertEqual(subscriber.values, [1, 2, 5])
        subject.send(completion: .finished)
        XCTAssertEqual(subscriber.log.last, "finished")
    }

    func testEachSubscriberHasItsOwnDemand() {
        let subject = PassthroughSubject<Int, Never>()
        let one = RecordingSubscriber<Int, Never>(initial: .max(1))
        let all = RecordingSubscriber<Int, Never>(initial: .unlimited)
        var sunk: [Int] = []
        subject.subscribe(one)
        subject.subscribe(all)
        let cancellable = subject.sink { sunk.append($0) }
        for value in 1...3 { subject.send(value) }
        XCTAssertEqual(one.values, [1])
        XCTAssertEqual(all.values, [1, 2, 3])
        XCTAssertEqual(sunk, [1, 2, 3], "sink stays on the engine path, with everything")
        cancellable.cancel()
        one.subscription?.cancel()
        all.subscription?.cancel()
    }

    func testTheDemandASubscriberReturnsAddsUp() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(1), perValue: { $0 == 1 ? .max(2) : .none })
        subject.subscribe(subscriber)
        for value in 1...5 { subject.send(value) }
        XCTAssertEqual(subscriber.values, [1, 2, 3])
        subscriber.subscription?.cancel()
    }

    func testTheCompletionNeedsNoDemandAndComesOnce() {
        let subject = PassthroughSubject<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: nil)
        subscriber.onCompletion = { _ in subject.send(completion: .finished) }
        subject.subscribe(subscriber)
        subject.send(1)
        subject.send(completion: .failure(.boom))
        subject.send(completion: .finished)
        subject.send(2)
        XCTAssertEqual(subscriber.log, ["subscription(PassthroughSubject)", "failure(boom)"])
    }

    func testASubscriberAfterTheCompletionGetsAnEmptySubscriptionAndTheCompletion() {
        let subject = PassthroughSubject<Int, TestFailure>()
        subject.send(completion: .failure(.boom))
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: nil)
        subject.subscribe(subscriber)
        XCTAssertEqual(subscriber.log, ["subscription(Empty)", "failure(boom)"])
        let current = CurrentValueSubject<Int, Never>(1)
        current.send(completion: .finished)
        let late = RecordingSubscriber<Int, Never>(initial: .unlimited)
        current.subscribe(late)
        XCTAssertEqual(late.log, ["subscription(Empty)", "finished"])
    }

    func testTheSubscriptionIsNamedAfterTheSubjectWithCombinesMirror() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(3))
        subject.subscribe(subscriber)
        subject.send(1)
        let subscription = subscriber.subscription
        XCTAssertEqual(subscriber.log.first, "subscription(PassthroughSubject)")
        XCTAssertEqual(
            (subscription as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String,
            "PassthroughSubject")
        let mirror = subscription.map { Mirror(reflecting: $0) }
        XCTAssertEqual(mirror?.children.map(\.label), ["parent", "downstream", "demand", "subject"])
        XCTAssertEqual(mirror?.children.map { String(describing: $0.value) }[2], "max(2)")
        XCTAssertTrue(
            mirror.map { String(describing: $0.children.first!.value) }?.contains("PassthroughSubject") ?? false)
        subscription?.cancel()
        let ended = subscription.map { Mirror(reflecting: $0) }?.children.map { String(describing: $0.value) }
        XCTAssertEqual(ended, ["nil", "nil", "max(2)", "nil"], "the subject and the subscriber are let go")
    }

    func testCancelStopsDeliveryAndReleasesTheSubscriberAndTheSubject() {
        weak var releasedSubscriber: RecordingSubscriber<Int, Never>?
        weak var releasedSubject: PassthroughSubject<Int, Never>?
        do {
            let subject = PassthroughSubject<Int, Never>()
            releasedSubject = subject
            let subscriber = RecordingSubscriber<Int, Never>(initial: .unlimited)
            releasedSubscriber = subscriber
            subject.subscribe(subscriber)
            subject.send(1)
            subscriber.subscription?.cancel()
            subject.send(2)
            XCTAssertEqual(subscriber.values, [1])
        }
        XCTAssertNil(releasedSubscriber, "the subscription let go of it, breaking the cycle")
        XCTAssertNil(releasedSubject)
    }

    func testTheCompletionReleasesTheSubscriber() {
        weak var released: RecordingSubscriber<Int, Never>?
        let subject = PassthroughSubject<Int, Never>()
        do {
            let subscriber = RecordingSubscriber<Int, Never>(initial: nil)
            released = subscriber
            subject.subscribe(subscriber)
            subject.send(completion: .finished)
        }
        XCTAssertNil(released)
    }

    func testMapOverASubjectPassesTheSubscribersDemandToTheSubject() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(2))
        subject.map { $0 * 10 }.subscribe(subscriber)
        for value in 1...4 { subject.send(value) }
        XCTAssertEqual(subscriber.log, ["subscription(PassthroughSubject)", "value(10)", "value(20)"])
        subscriber.subscription?.cancel()
    }

    // MARK: - CurrentValueSubject

    func testACurrentValueSubjectDeliversItsValueInsideTheFirstRequest() {
        let subject = CurrentValueSubject<Int, Never>(7)
        let subscriber = RecordingSubscriber<Int, Never>(initial: .max(1))
        var deliveredDuringTheRequest = false
        subscriber.onValue = { _ in deliveredDuringTheRequest = subscriber.values.count == 1 }
        subject.subscribe(subscriber)
        XCTAssertEqual(subscriber.log, ["subscription(CurrentValueSubject)", "value(7)"])
        XCTAssertTrue(deliveredDuringTheRequest)
        subject.send(8)
        XCTAssertEqual(subscriber.values, [7], "no demand left")
        subscriber.subscription?.cancel()
    }

    func testACurrentValueSubjectKeepsItsValueUntilDemandArrivesAndSendsTheLatestOnly() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let subscriber = RecordingSubscriber<Int, Never>(initial: nil)
        subject.subscribe(subscriber)
        subject.send(1)
        subject.value = 2
        XCTAssertEqual(subscriber.values, [])
        subscriber.subscription?.request(.max(2))
        XCTAssertEqual(subscriber.values, [2], "the current value, once")
        subject.send(3)
        subject.send(4)
        XCTAssertEqual(subscriber.values, [2, 3])
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.values, [2, 3, 4])
        XCTAssertEqual(subject.value, 4)
        subscriber.subscription?.cancel()
    }

    func testACurrentValueSubjectsCompletionNeedsNoDemand() {
        let subject = CurrentValueSubject<Int, TestFailure>(0)
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: nil)
        subject.subscribe(subscriber)
        subject.value = 5
        subject.send(completion: .failure(.boom))
        XCTAssertEqual(subscriber.log, ["subscription(CurrentValueSubject)", "failure(boom)"])
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.log, ["subscription(CurrentValueSubject)", "failure(boom)"])
    }

    func testAPassthroughSubjectAsksItsUpstreamsOnlyOnceOneOfItsSubscribersAsks() {
        let upstream = RecordingSubscription()
        do {
            let subject = PassthroughSubject<Int, Never>()
            subject.send(subscription: upstream)
            XCTAssertEqual(upstream.log, [], "no subscriber has asked yet")
            let waiting = RecordingSubscriber<Int, Never>(initial: nil)
            subject.subscribe(waiting)
            XCTAssertEqual(upstream.log, [], "a subscriber that asks for nothing asks nothing upstream")
            waiting.subscription?.request(.max(1))
            XCTAssertEqual(upstream.log, [.request(.unlimited)])
            waiting.subscription?.request(.max(1))
            let second = RecordingSubscriber<Int, Never>(initial: .max(3))
            subject.subscribe(second)
            XCTAssertEqual(upstream.log, [.request(.unlimited)], "asked once")
            let later = RecordingSubscription()
            subject.send(subscription: later)
            subject.send(subscription: upstream)
            XCTAssertEqual(later.log, [.request(.unlimited)], "an upstream attached after the first ask: at once")
            XCTAssertEqual(upstream.log, [.request(.unlimited), .request(.unlimited)])
            waiting.subscription?.cancel()
            second.subscription?.cancel()
        }
        XCTAssertEqual(upstream.log, [.request(.unlimited), .request(.unlimited), .cancel, .cancel])
    }

    func testAPassthroughSubjectAsksItsUpstreamsWhenASinkAttaches() {
        let upstream = RecordingSubscription()
        let subject = PassthroughSubject<Int, Never>()
        subject.send(subscription: upstream)
        let cancellable = subject.map { $0 + 1 }.sink { _ in }
        XCTAssertEqual(upstream.log, [.request(.unlimited)])
        cancellable.cancel()
    }

    func testAPassthroughSubjectWithASinkAlreadyAttachedAsksANewUpstreamAtOnce() {
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject.sink { _ in }
        let upstream = RecordingSubscription()
        subject.send(subscription: upstream)
        XCTAssertEqual(upstream.log, [.request(.unlimited)])
        cancellable.cancel()
    }

    func testACurrentValueSubjectAttachedToAPassthroughSubjectKeepsItsValueForTheFirstSubscriberThatAsks() {
        let current = CurrentValueSubject<Int, Never>(1)
        let passthrough = PassthroughSubject<Int, Never>()
        let attachment = current.subscribe(passthrough)
        let subscriber = RecordingSubscriber<Int, Never>(initial: .unlimited)
        passthrough.subscribe(subscriber)
        current.send(2)
        XCTAssertEqual(subscriber.values, [1, 2])
        subscriber.subscription?.cancel()
        attachment.cancel()
    }

    func testSendSubscriptionTheSubjectCancelsItWhenReleased() {
        let upstream = RecordingSubscription()
        do {
            let subject = PassthroughSubject<Int, Never>()
            subject.send(subscription: upstream)
        }
        XCTAssertEqual(upstream.log, [.cancel])
        let current = RecordingSubscription()
        do {
            let subject = CurrentValueSubject<Int, Never>(0)
            subject.send(subscription: current)
            subject.send(subscription: current)
        }
        XCTAssertEqual(current.log, [.request(.unlimited), .request(.unlimited), .cancel, .cancel])
    }

    // MARK: - Threads

    func testConcurrentSendsAndRequestsNeverOverlapCallsIntoTheSubscriber() {
        for keepsLatest in [false, true] {
            let passthrough = PassthroughSubject<Int, Never>()
            let current = CurrentValueSubject<Int, Never>(-1)
            let recorder = GrammarRecorder<Int>()
            let subscriber = AnySubscriber<Int, Never>(
                receiveSubscription: { $0.request(.max(1)) },
                receiveValue: { value in
                    recorder.value(value)
                    return .none
                },
                receiveCompletion: { _ in recorder.completion() })
            let holder = SubscriptionHolder()
            let recording = AnySubscriber<Int, Never>(
                receiveSubscription: { subscription in
                    holder.set(subscription)
                    subscriber.receive(subscription: subscription)
                },
                receiveValue: subscriber.receive,
                receiveCompletion: subscriber.receive(completion:))
            if keepsLatest { current.subscribe(recording) } else { passthrough.subscribe(recording) }
            withWatchdog("concurrent sends and requests") {
                runConcurrently(4) { index in
                    for value in 0..<500 {
                        if index.isMultiple(of: 2) {
                            if keepsLatest { current.send(value) } else { passthrough.send(value) }
                        } else {
                            holder.subscription?.request(.max(1))
                        }
                    }
                }
            }
            if keepsLatest { current.send(completion: .finished) } else { passthrough.send(completion: .finished) }
            XCTAssertEqual(recorder.brokenRules, [])
            XCTAssertEqual(recorder.completionCount, 1)
            XCTAssertLessThanOrEqual(recorder.received.count, 1001, "never more than the demand (1 + 2 × 500)")
            holder.set(nil)
        }
    }
}

/// Holds a subscription for other threads (guarded by a lock).
private final class SubscriptionHolder: @unchecked Sendable {
    // @unchecked Sendable: `stored` is guarded by `lock`.
    private let lock = NSLock()
    private var stored: Subscription?

    func set(_ subscription: Subscription?) { lock.withLock { stored = subscription } }

    var subscription: Subscription? { lock.withLock { stored } }
}
