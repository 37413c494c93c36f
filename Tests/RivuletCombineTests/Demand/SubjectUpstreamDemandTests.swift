import RivuletCombine
import TestSupport
import XCTest

/// A subject attached to a publisher (`publisher.subscribe(subject)`, `send(subscription:)`)
/// requests `.unlimited` from it at once (Combine's `PassthroughSubject` waits for one of its
/// subscribers to ask: a known difference, see docs/migrating-from-combine.md).
final class SubjectUpstreamDemandTests: RivuletTestCase {
    func testAPassthroughSubjectWithASinkRequestsAtOnce() {
        let subject = PassthroughSubject<Int, Never>()
        var values: [Int] = []
        let cancellable = subject.sink { values.append($0) }
        let upstream = RecordingSubscription()
        subject.send(subscription: upstream)
        XCTAssertEqual(upstream.log, [.request(.unlimited)])
        cancellable.cancel()
    }

    func testACurrentValueSubjectRequestsAtOnce() {
        let subject = CurrentValueSubject<Int, Never>(0)
        let upstream = RecordingSubscription()
        subject.send(subscription: upstream)
        XCTAssertEqual(upstream.log, [.request(.unlimited)])
    }
}
