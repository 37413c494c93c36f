import Foundation
import RivuletKeyboard
import RivuletTest
import XCTest

final class KeyboardNamesTests: LeakCheckingTestCase {
    func testNotificationNamesHaveUIKitsRawValues() {
        XCTAssertEqual(Notification.Name.keyboardWillShow.rawValue, "UIKeyboardWillShowNotification")
        XCTAssertEqual(Notification.Name.keyboardDidShow.rawValue, "UIKeyboardDidShowNotification")
        XCTAssertEqual(Notification.Name.keyboardWillHide.rawValue, "UIKeyboardWillHideNotification")
        XCTAssertEqual(Notification.Name.keyboardDidHide.rawValue, "UIKeyboardDidHideNotification")
        XCTAssertEqual(Notification.Name.keyboardWillChangeFrame.rawValue, "UIKeyboardWillChangeFrameNotification")
        XCTAssertEqual(Notification.Name.keyboardDidChangeFrame.rawValue, "UIKeyboardDidChangeFrameNotification")
    }

    func testUserInfoKeysHaveUIKitsRawValues() {
        XCTAssertEqual(KeyboardUserInfoKey.frameBegin.rawValue, "UIKeyboardFrameBeginUserInfoKey")
        XCTAssertEqual(KeyboardUserInfoKey.frameEnd.rawValue, "UIKeyboardFrameEndUserInfoKey")
        XCTAssertEqual(KeyboardUserInfoKey.animationDuration.rawValue, "UIKeyboardAnimationDurationUserInfoKey")
        XCTAssertEqual(KeyboardUserInfoKey.animationCurve.rawValue, "UIKeyboardAnimationCurveUserInfoKey")
        XCTAssertEqual(KeyboardUserInfoKey.isLocal.rawValue, "UIKeyboardIsLocalUserInfoKey")
        XCTAssertEqual(KeyboardUserInfoKey.frameEnd, "UIKeyboardFrameEndUserInfoKey")
        XCTAssertEqual(KeyboardUserInfoKey.frameEnd.description, "UIKeyboardFrameEndUserInfoKey")
    }

    func testEveryPhaseRoundTripsThroughItsName() {
        for phase in KeyboardEvent.Phase.allCases {
            XCTAssertEqual(KeyboardEvent.Phase(name: phase.name), phase)
        }
        XCTAssertNil(KeyboardEvent.Phase(name: Notification.Name("UIKeyboardSomethingElse")))
        XCTAssertEqual(KeyboardEvent.Phase.allCases.filter(\.isHide), [.willHide, .didHide])
    }

    func testAnimationOptionsPutTheCurveInBits16To19() {
        XCTAssertEqual(KeyboardAnimation.keyboard.optionsRawValue, 7 << 16)
        XCTAssertEqual(KeyboardAnimation(duration: 0.3, curve: 2).optionsRawValue, 2 << 16)
        XCTAssertEqual(KeyboardAnimation(duration: 0.3, curve: -1).optionsRawValue, 0)
        XCTAssertEqual(KeyboardAnimation(duration: 0.3, curve: 0x17).optionsRawValue, 7 << 16)
    }
}
