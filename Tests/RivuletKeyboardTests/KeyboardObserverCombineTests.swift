import Foundation
import Rivulet
import RivuletCombine
import RivuletKeyboard
import RivuletKeyboardCombine
import RivuletTest
import XCTest

final class KeyboardObserverCombineTests: LeakCheckingTestCase {
    func testPublishersFollowTheScriptedSession() {
        let center = NotificationCenter()
        let observer = KeyboardObserver(center: center) { Screen.bounds }
        var heights: [CGFloat] = []
        var visible: [Bool] = []
        var phases: [KeyboardEvent.Phase] = []
        var errors: [KeyboardEventError] = []
        var finished = false
        var cancellables = Set<AnyCancellable>()
        observer.heightPublisher.sink { heights.append($0) }.store(in: &cancellables)
        observer.isVisiblePublisher.sink { visible.append($0) }.store(in: &cancellables)
        observer.eventsPublisher
            .sink(receiveCompletion: { _ in finished = true }, receiveValue: { phases.append($0.phase) })
            .store(in: &cancellables)
        observer.errorsPublisher.sink { errors.append($0) }.store(in: &cancellables)
        for event in Script.session { center.post(event) }
        center.post(name: .keyboardWillHide, object: nil, userInfo: [:])
        XCTAssertEqual(heights, [0] + Script.heights)
        XCTAssertEqual(visible, [false, true, false])
        XCTAssertEqual(phases, [.willShow, .willChangeFrame, .willShow, .willHide])
        XCTAssertEqual(errors, [.missingValue(key: .frameEnd)])
        XCTAssertFalse(finished)

        cancellables.removeAll()
        center.post(Script.show)
        XCTAssertEqual(heights, [0] + Script.heights, "nothing after cancel")
        XCTAssertEqual(observer.height.value, 336)
    }

    func testALatePublisherSubscriberStartsFromTheCurrentHeight() {
        let center = NotificationCenter()
        let observer = KeyboardObserver(center: center) { Screen.bounds }
        center.post(Script.change)
        var heights: [CGFloat] = []
        let cancellable = observer.heightPublisher.sink { heights.append($0) }
        XCTAssertEqual(heights, [380])
        cancellable.cancel()
    }
}
