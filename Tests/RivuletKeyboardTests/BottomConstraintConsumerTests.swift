import Foundation
import Rivulet
import RivuletKeyboard
import RivuletTest
import XCTest

final class BottomConstraintConsumerTests: LeakCheckingTestCase {
    func testScriptedSessionThroughARealNotificationCenter() {
        let center = NotificationCenter()
        let constraint = FakeConstraint(constant: -16)  // 16 pt above the bottom safe area
        let consumer = BottomConstraintConsumer(constraint: constraint) { Screen.safeAreaBottom }
        let observer = KeyboardObserver(center: center) { Screen.bounds }
        let binding = consumer.bind(to: observer)
        var constants: [CGFloat] = []
        for event in Script.session {
            center.post(event)
            constants.append(constraint.constant)
        }
        // -16 - (336 - 34), -16 - (380 - 34), replaced not added, restored to -16 (not 0)
        XCTAssertEqual(constants, [-318, -362, -318, -16])
        XCTAssertNil(consumer.savedConstant)
        binding.dispose()
    }

    func testHardwareBarAndFloatingKeyboards() {
        let constraint = FakeConstraint(constant: 0)
        let consumer = BottomConstraintConsumer(constraint: constraint) { Screen.safeAreaBottom }
        consumer.apply(keyboardHeight: 55)
        XCTAssertEqual(constraint.constant, -21)
        XCTAssertEqual(consumer.savedConstant, 0)
        consumer.apply(keyboardHeight: 0)  // a floating keyboard covers no bottom inset
        XCTAssertEqual(constraint.constant, 0)
        consumer.apply(keyboardHeight: 20)  // within the safe area
        XCTAssertEqual(constraint.constant, 0)
    }

    func testTheSafeAreaIsReadAtEachChange() {
        var safeArea: CGFloat = 34
        let constraint = FakeConstraint(constant: 0)
        let consumer = BottomConstraintConsumer(constraint: constraint) { safeArea }
        consumer.apply(keyboardHeight: 336)
        XCTAssertEqual(constraint.constant, -302)
        safeArea = 21  // rotated
        consumer.apply(keyboardHeight: 200)
        XCTAssertEqual(constraint.constant, -179)
        safeArea = .nan
        consumer.apply(keyboardHeight: 200)
        XCTAssertEqual(constraint.constant, -200)
    }

    func testAReleasedConstraintIsIgnored() {
        var constraint: FakeConstraint? = FakeConstraint(constant: 0)
        let consumer = BottomConstraintConsumer(constraint: constraint!) { 0 }
        constraint = nil
        consumer.apply(keyboardHeight: 336)
        XCTAssertNil(consumer.savedConstant)
    }
}
