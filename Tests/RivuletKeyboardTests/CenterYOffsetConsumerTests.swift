import Foundation
import Rivulet
import RivuletKeyboard
import RivuletTest
import XCTest

final class CenterYOffsetConsumerTests: LeakCheckingTestCase {
    func testScriptedSessionThroughARealNotificationCenter() {
        let center = NotificationCenter()
        let constraint = FakeConstraint(constant: 100)  // centred 100 pt below the middle
        let consumer = CenterYOffsetConsumer(constraint: constraint)
        let observer = KeyboardObserver(center: center) { Screen.bounds }
        var animations: [KeyboardAnimation] = []
        let binding = consumer.bind(to: observer) { animation, change in
            animations.append(animation)
            change()
        }
        var constants: [CGFloat] = []
        for event in Script.session {
            center.post(event)
            constants.append(constraint.constant)
        }
        // 100 - 336/2, 100 - 380/2, replaced, back to 100 (the recipe reset it to 0)
        XCTAssertEqual(constants, [-68, -90, -68, 100])
        XCTAssertEqual(animations.map(\.duration), [0.25, 0.25, 0.4, 0.25, 0.25])
        XCTAssertEqual(animations.map(\.curve), [7, 7, 2, 7, 7])
        binding.dispose()
    }

    func testFraction() {
        let constraint = FakeConstraint(constant: 0)
        let consumer = CenterYOffsetConsumer(constraint: constraint, fraction: 0.25)
        XCTAssertEqual(consumer.fraction, 0.25)
        consumer.apply(keyboardHeight: 336)
        XCTAssertEqual(constraint.constant, -84)
        consumer.apply(keyboardHeight: 0)
        XCTAssertEqual(constraint.constant, 0)
        XCTAssertEqual(CenterYOffsetConsumer(constraint: constraint, fraction: .nan).fraction, 0.5)
    }
}
