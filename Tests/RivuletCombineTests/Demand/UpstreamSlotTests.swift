import TestSupport
import XCTest

@testable import RivuletCombine

/// The demand path's upstream slot: one subscription taken, a second refused, the completion
/// forwarded once, the cancel handed back once.
final class UpstreamSlotTests: RivuletTestCase {
    func testTheFirstSubscriptionIsTakenAndAnyOtherRefused() {
        var slot = UpstreamSlot()
        let first = RecordingSubscription()
        XCTAssertTrue(slot.isAwaiting)
        XCTAssertNil(slot.subscription)
        XCTAssertTrue(slot.attach(first))
        XCTAssertTrue(slot.subscription as AnyObject? === first)
        XCTAssertFalse(slot.attach(RecordingSubscription()), "a second subscription is refused")
        XCTAssertFalse(slot.attach(first), "the same one again too")
        XCTAssertTrue(slot.subscription as AnyObject? === first)
    }

    func testTheCompletionIsForwardedOnceAndOnlyWhileSubscribed() {
        var slot = UpstreamSlot()
        XCTAssertFalse(slot.finish(), "before the subscription: ignored")
        XCTAssertTrue(slot.attach(RecordingSubscription()))
        XCTAssertTrue(slot.finish())
        XCTAssertFalse(slot.finish(), "a second completion is ignored")
        XCTAssertNil(slot.subscription, "released at the end")
        XCTAssertNil(slot.cancel(), "nothing to cancel after the completion")
        XCTAssertFalse(slot.attach(RecordingSubscription()), "a subscription after the end is refused")
    }

    func testCancelHandsTheSubscriptionBackOnce() {
        var slot = UpstreamSlot()
        let subscription = RecordingSubscription()
        XCTAssertTrue(slot.attach(subscription))
        XCTAssertTrue(slot.cancel() as AnyObject? === subscription)
        XCTAssertNil(slot.cancel())
        XCTAssertFalse(slot.finish(), "a completion after the cancel is ignored")
        XCTAssertNil(slot.subscription)
    }

    func testACancelBeforeTheSubscriptionIsIgnoredAsInCombine() {
        var slot = UpstreamSlot()
        XCTAssertNil(slot.cancel())
        XCTAssertTrue(slot.isAwaiting)
        XCTAssertTrue(slot.attach(RecordingSubscription()), "the subscription that arrives later is taken")
    }

    func testAUserSubscriberIsBoxedOnceAndAnInnerOneNotAtAll() {
        let subscriber = RecordingSubscriber<Int, Never>()
        let boxed = DemandSubscriber.erase(subscriber)
        XCTAssertTrue(boxed is SubscriberBox<RecordingSubscriber<Int, Never>>)
        XCTAssertTrue(DemandSubscriber.erase(boxed) === boxed, "an erased subscriber is not boxed again")
        XCTAssertTrue(boxed.reflected as AnyObject === subscriber, "a mirror shows the user's subscriber")
        XCTAssertEqual(boxed.description, "RecordingSubscriber")
    }
}
