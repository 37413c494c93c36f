import Foundation
import RivuletKeyboard
import RivuletTest
import XCTest

final class VisibleHeightTests: LeakCheckingTestCase {
    private let iPad = CGRect(x: 0, y: 0, width: 1024, height: 1366)

    private func event(_ frame: CGRect, _ phase: KeyboardEvent.Phase = .willShow) -> KeyboardEvent {
        KeyboardEvent(phase: phase, endFrame: frame)
    }

    func testDockedKeyboardOverAFullScreenViewCoversItsHeight() {
        XCTAssertEqual(event(Screen.docked(336)).visibleHeight(in: Screen.bounds), 336)
        XCTAssertEqual(event(Screen.docked(336), .willChangeFrame).visibleHeight(in: Screen.bounds), 336)
        XCTAssertEqual(event(Screen.docked(336), .didShow).visibleHeight(in: Screen.bounds), 336)
    }

    func testHardwareKeyboardShortcutBarCoversOnlyTheBar() {
        // UIKit reports the full keyboard, pushed down so that only its 55-pt bar is on screen.
        let pushedDown = CGRect(x: 0, y: iPad.maxY - 55, width: 1024, height: 398)
        XCTAssertEqual(pushedDown.height, 398)
        XCTAssertEqual(event(pushedDown).visibleHeight(in: iPad), 55)
        let barOnly = CGRect(x: 0, y: iPad.maxY - 55, width: 1024, height: 55)
        XCTAssertEqual(event(barOnly).visibleHeight(in: iPad), 55)
    }

    func testFloatingOrUndockedKeyboardCoversNoBottomInset() {
        let floating = CGRect(x: 312, y: 700, width: 400, height: 260)
        XCTAssertEqual(event(floating).visibleHeight(in: iPad), 0)
        let undocked = CGRect(x: 0, y: 700, width: 1024, height: 398)  // raised off the bottom edge
        XCTAssertEqual(event(undocked).visibleHeight(in: iPad), 0)
    }

    func testFormSheetCountsOnlyTheOverlap() {
        // A form sheet whose bottom is 100 pt above the screen's bottom, over a 336-pt keyboard.
        let sheet = CGRect(x: 100, y: 200, width: 700, height: 1066)
        XCTAssertEqual(sheet.maxY, iPad.maxY - 100)
        let keyboard = CGRect(x: 0, y: iPad.maxY - 336, width: 1024, height: 336)
        XCTAssertEqual(event(keyboard).visibleHeight(in: sheet), 236)
    }

    func testSplitViewWithoutHorizontalOverlapCoversNothing() {
        let leftApp = CGRect(x: 0, y: 0, width: 507, height: 1366)
        let keyboardOfTheRightApp = CGRect(x: 517, y: 1366 - 398, width: 507, height: 398)
        XCTAssertEqual(event(keyboardOfTheRightApp).visibleHeight(in: leftApp), 0)
        let touchingEdge = CGRect(x: 507, y: 1366 - 398, width: 507, height: 398)
        XCTAssertEqual(event(touchingEdge).visibleHeight(in: leftApp), 0)
        let overlapping = CGRect(x: 400, y: 1366 - 398, width: 624, height: 398)
        XCTAssertEqual(event(overlapping).visibleHeight(in: leftApp), 398)
    }

    func testHidePhasesCoverNothing() {
        XCTAssertEqual(event(Screen.docked(336), .willHide).visibleHeight(in: Screen.bounds), 0)
        XCTAssertEqual(event(Screen.docked(336), .didHide).visibleHeight(in: Screen.bounds), 0)
    }

    func testOffScreenKeyboardCoversNothing() {
        XCTAssertEqual(event(Screen.offScreen, .willChangeFrame).visibleHeight(in: Screen.bounds), 0)
    }

    func testKeyboardTallerThanTheContainerIsClampedToItsHeight() {
        let shortView = CGRect(x: 0, y: 600, width: 390, height: 200)  // bottom 44 pt above the screen's
        XCTAssertEqual(event(Screen.docked(336)).visibleHeight(in: shortView), 200)
        let belowTheKeyboardTop = CGRect(x: 0, y: 800, width: 390, height: 44)
        XCTAssertEqual(event(Screen.docked(336)).visibleHeight(in: belowTheKeyboardTop), 44)
    }

    func testKeyboardBelowTheContainerCoversNothing() {
        let sheet = CGRect(x: 0, y: 100, width: 390, height: 400)  // bottom at 500, keyboard top at 508
        XCTAssertEqual(event(Screen.docked(336)).visibleHeight(in: sheet), 0)
    }

    func testNonFiniteInputCoversNothing() {
        XCTAssertEqual(event(Screen.docked(336)).visibleHeight(in: .null), 0)
        XCTAssertEqual(event(Screen.docked(336)).visibleHeight(in: .infinite), 0)
        XCTAssertEqual(
            event(Screen.docked(336)).visibleHeight(in: CGRect(x: 0, y: CGFloat.nan, width: 390, height: 844)), 0)
        XCTAssertEqual(
            event(CGRect(x: 0, y: 508, width: CGFloat.infinity, height: 336)).visibleHeight(in: Screen.bounds), 0)
        XCTAssertEqual(
            event(CGRect(x: CGFloat.nan, y: 508, width: 390, height: 336)).visibleHeight(in: Screen.bounds), 0)
    }

    func testNegativeSizesAreStandardised() {
        let flipped = CGRect(x: 390, y: 844, width: -390, height: -336)
        XCTAssertEqual(event(flipped).visibleHeight(in: Screen.bounds), 336)
        XCTAssertEqual(
            event(Screen.docked(336)).visibleHeight(in: CGRect(x: 390, y: 844, width: -390, height: -844)), 336)
    }

    func testEmptyContainerCoversNothing() {
        XCTAssertEqual(event(Screen.docked(336)).visibleHeight(in: CGRect(x: 0, y: 844, width: 390, height: 0)), 0)
    }
}
