import Foundation
import Rivulet
import RivuletKeyboard
import RivuletTest
import XCTest

final class ScrollInsetConsumerTests: LeakCheckingTestCase {
    /// A "Done" button near the bottom of the content: maxY 750, so 760 with the 10-pt margin.
    private let button = CGRect(x: 20, y: 700, width: 350, height: 50)

    private struct Snapshot: Equatable {
        var inset: CGFloat, indicator: CGFloat, offset: CGPoint
    }

    private func snapshot(_ scrollView: FakeScrollView) -> Snapshot {
        Snapshot(
            inset: scrollView.contentInset.bottom, indicator: scrollView.verticalScrollIndicatorInsets.bottom,
            offset: scrollView.contentOffset)
    }

    func testScriptedSessionThroughARealNotificationCenter() {
        let center = NotificationCenter()
        let scrollView = FakeScrollView()
        let consumer = ScrollInsetConsumer(scrollView: scrollView) { self.button }
        let observer = KeyboardObserver(center: center) { Screen.bounds }
        let binding = consumer.bind(to: observer)
        XCTAssertEqual(snapshot(scrollView), Snapshot(inset: 20, indicator: 5, offset: CGPoint(x: 15, y: 0)))

        var steps: [Snapshot] = []
        for event in Script.session {
            center.post(event)
            steps.append(snapshot(scrollView))
        }
        XCTAssertEqual(
            steps,
            [
                // show 336: 20 + (336 - 34); the button's 760 is below 0 + 844 - 336 = 508: scroll 252
                Snapshot(inset: 322, indicator: 307, offset: CGPoint(x: 15, y: 252)),
                // change to 380: replaced, not added; 252 + 464 = 716 < 760: scroll to 296
                Snapshot(inset: 366, indicator: 351, offset: CGPoint(x: 15, y: 296)),
                // show again, 336: 296 + 508 = 804 >= 760, already visible: no scroll
                Snapshot(inset: 322, indicator: 307, offset: CGPoint(x: 15, y: 296)),
                // hide: exactly the insets from before; the offset is left to the scroll view
                Snapshot(inset: 20, indicator: 5, offset: CGPoint(x: 15, y: 296)),
            ])
        XCTAssertNil(consumer.savedBottomInsets)
        binding.dispose()
    }

    func testASecondShowReplacesNeverAdds() {
        let scrollView = FakeScrollView()
        let consumer = ScrollInsetConsumer(scrollView: scrollView)
        consumer.apply(keyboardHeight: 336)
        consumer.apply(keyboardHeight: 336)
        XCTAssertEqual(scrollView.contentInset.bottom, 322)
        XCTAssertEqual(scrollView.verticalScrollIndicatorInsets.bottom, 307)
        XCTAssertEqual(consumer.savedBottomInsets?.content, 20)
        XCTAssertEqual(consumer.savedBottomInsets?.indicator, 5)
    }

    func testEachKeyboardSessionStartsFromTheInsetsOfThatMoment() {
        let scrollView = FakeScrollView()
        let consumer = ScrollInsetConsumer(scrollView: scrollView)
        consumer.apply(keyboardHeight: 0)
        XCTAssertEqual(scrollView.contentInset.bottom, 20, "a hide without a show changes nothing")
        consumer.apply(keyboardHeight: 336)
        consumer.apply(keyboardHeight: 0)
        scrollView.contentInset.bottom = 44  // the app added a toolbar meanwhile
        consumer.apply(keyboardHeight: 336)
        XCTAssertEqual(scrollView.contentInset.bottom, 44 + 302)
        consumer.apply(keyboardHeight: 0)
        XCTAssertEqual(scrollView.contentInset.bottom, 44)
        XCTAssertEqual(scrollView.verticalScrollIndicatorInsets.bottom, 5)
    }

    func testAKeyboardWithinTheSafeAreaAddsNoInset() {
        let scrollView = FakeScrollView()
        let consumer = ScrollInsetConsumer(scrollView: scrollView)
        consumer.apply(keyboardHeight: 30)
        XCTAssertEqual(scrollView.contentInset.bottom, 20)
        XCTAssertEqual(scrollView.verticalScrollIndicatorInsets.bottom, 5)
        consumer.apply(keyboardHeight: 55)
        XCTAssertEqual(scrollView.contentInset.bottom, 41)
        consumer.apply(keyboardHeight: 0)
        XCTAssertEqual(scrollView.contentInset.bottom, 20)
    }

    func testNeverScrollsToANegativeOffsetAndLeavesXAlone() {
        let scrollView = FakeScrollView(contentOffset: CGPoint(x: 7, y: -100))
        let consumer = ScrollInsetConsumer(scrollView: scrollView) { CGRect(x: 0, y: 350, width: 100, height: 50) }
        consumer.apply(keyboardHeight: 336)  // needs 410 - 508 = -98
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 7, y: 0))
    }

    func testDoesNotScrollWhenTheRectIsAlreadyVisible() {
        let scrollView = FakeScrollView(contentOffset: CGPoint(x: 0, y: 40))
        let consumer = ScrollInsetConsumer(scrollView: scrollView) { CGRect(x: 20, y: 100, width: 350, height: 50) }
        consumer.apply(keyboardHeight: 336)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 40))
        let exactlyAtTheEdge = ScrollInsetConsumer(scrollView: scrollView) {
            CGRect(x: 0, y: 488, width: 10, height: 50)
        }
        exactlyAtTheEdge.apply(keyboardHeight: 336)  // 538 + 10 == 40 + 508
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 40))
    }

    func testWithoutARectItOnlySetsInsets() {
        let scrollView = FakeScrollView()
        let consumer = ScrollInsetConsumer(scrollView: scrollView)
        consumer.apply(keyboardHeight: 380)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 15, y: 0))
        let nilRect = ScrollInsetConsumer(scrollView: scrollView) { nil }
        nilRect.apply(keyboardHeight: 380)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 15, y: 0))
    }

    func testMarginIsKeptBelowTheRect() {
        let scrollView = FakeScrollView(contentOffset: .zero)
        let consumer = ScrollInsetConsumer(scrollView: scrollView, margin: 24) { self.button }
        XCTAssertEqual(consumer.margin, 24)
        consumer.apply(keyboardHeight: 336)
        XCTAssertEqual(scrollView.contentOffset.y, 750 + 24 - 508)
    }

    func testNonFiniteOrNegativeHeightsRestore() {
        let scrollView = FakeScrollView()
        let consumer = ScrollInsetConsumer(scrollView: scrollView)
        consumer.apply(keyboardHeight: 336)
        consumer.apply(keyboardHeight: .nan)
        XCTAssertEqual(scrollView.contentInset.bottom, 20)
        consumer.apply(keyboardHeight: 336)
        consumer.apply(keyboardHeight: -5)
        XCTAssertEqual(scrollView.contentInset.bottom, 20)
        consumer.apply(keyboardHeight: .infinity)
        XCTAssertEqual(scrollView.contentInset.bottom, 20)
    }

    func testAReleasedScrollViewIsIgnored() {
        var scrollView: FakeScrollView? = FakeScrollView()
        let consumer = ScrollInsetConsumer(scrollView: scrollView!)
        scrollView = nil
        XCTAssertNil(consumer.scrollView)
        consumer.apply(keyboardHeight: 336)
        XCTAssertNil(consumer.savedBottomInsets)
    }
}
