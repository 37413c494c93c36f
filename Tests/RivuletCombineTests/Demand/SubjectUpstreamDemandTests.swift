import RivuletCombine
import TestSupport
import XCTest

/// A subject attached to a publisher (`publisher.subscribe(subject)`, `send(subscription:)`), as
/// Combine documents it: a `PassthroughSubject` requests `.unlimited` from its upstreams once one of
/// its own subscribers asks for values; a `CurrentValueSubject` requests at once.
final class SubjectUpstreamDemandTests: RivuletTestCase {
    func testAPassthroughSubjectRequestsOnceItsSubscribersAsk() {
        let subject = PassthroughSubject<Int, Never>()
        let first = RecordingSubscription()
        subject.send(subscription: first)
        XCTAssertEqual(first.log, [], "no subscriber has asked for anything yet")
        let subscriber = RecordingSubscriber<Int, Never>(initial: nil)
        subject.subscribe(subscriber)
        XCTAssertEqual(first.log, [])
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(first.log, [.request(.unlimited)])
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(first.log, [.request(.unlimited)], "asked once")
        let second = RecordingSubscription()
        subject.send(subscription: second)
        XCTAssertEqual(second.log, [.request(.unlimited)], "a subscriber has asked: at once")
        subscriber.subscription?.cancel()
    }

    func testAPassthroughSubjectWithASinkRequestsAtOnce() {
        let subject = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        let cancellable = subject.sink { values.append($0) }
        let upstream = RecordingSubscription()
        subject.send(subscription: upstream)
        XCTAssertEqual(upstream.log, [.request(.unlimited)])
        cancellable.cancel()
    }

    func testACurrentValueSubjectSubscribedByAPassthroughSubjectKeepsItsValue() {
        let current = CurrentValueSubject<Int, Never>(7)
        let passthrough = PassthroughSubject<Int, Never>()
        let link = current.subscribe(passthrough)
        var values: [Int] = []
        let cancellable = passthrough.sink { values.append($0) }
        XCTAssertEqual(values, [7], "the current value waits for the passthrough's subscriber")
        current.send(8)
        XCTAssertEqual(values, [7, 8])
        cancellable.cancel()
        link.cancel()
    }

    func testACurrentValueSubjectRequestsAtOnce() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let upstream = RecordingSubscription()
        subject.send(subscription: upstream)
        XCTAssertEqual(upstream.log, [.request(.unlimited)])
    }
}
