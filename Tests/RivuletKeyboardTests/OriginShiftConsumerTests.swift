import Foundation
import Rivulet
import RivuletKeyboard
import RivuletTest
import XCTest

final class OriginShiftConsumerTests: LeakCheckingTestCase {
    func testScriptedSessionNeverShiftsTwice() {
        let center = NotificationCenter()
        let view = FakeView(frame: Screen.bounds)
        let consumer = OriginShiftConsumer(view: view)
        // Measured against the resting frame: the shifted view must not see less keyboard.
        let observer = KeyboardObserver(center: center) { consumer.restingFrame ?? .null }
        let binding = consumer.bind(to: observer)
        var origins: [CGFloat] = []
        var resting: [CGFloat] = []
        for event in Script.session {
            center.post(event)
            origins.append(view.frame.minY)
            resting.append(consumer.restingFrame?.minY ?? .nan)
        }
        XCTAssertEqual(origins, [-336, -380, -336, 0])
        XCTAssertEqual(resting, [0, 0, 0, 0])
        XCTAssertEqual(observer.height.value, 0)
        binding.dispose()
    }

    func testShiftsOnlyWhileActive() {
        var editingNickname = false
        let view = FakeView(frame: CGRect(x: 0, y: 20, width: 390, height: 824))
        let consumer = OriginShiftConsumer(view: view) { editingNickname }
        consumer.apply(keyboardHeight: 336)  // another field is being edited
        XCTAssertEqual(view.frame.minY, 20)
        XCTAssertNil(consumer.savedOriginY)
        editingNickname = true
        consumer.apply(keyboardHeight: 336)
        XCTAssertEqual(view.frame.minY, -316)
        XCTAssertEqual(consumer.savedOriginY, 20)
        XCTAssertEqual(consumer.restingFrame, CGRect(x: 0, y: 20, width: 390, height: 824))
        editingNickname = false  // focus moved to another field, with a taller keyboard
        consumer.apply(keyboardHeight: 380)
        XCTAssertEqual(view.frame.minY, 20, "back exactly to where it was, whatever the new height")
        consumer.apply(keyboardHeight: 0)
        XCTAssertEqual(view.frame.minY, 20)
    }

    func testAReleasedViewIsIgnored() {
        var view: FakeView? = FakeView(frame: Screen.bounds)
        let consumer = OriginShiftConsumer(view: view!)
        view = nil
        consumer.apply(keyboardHeight: 336)
        XCTAssertNil(consumer.restingFrame)
        XCTAssertNil(consumer.savedOriginY)
    }
}
