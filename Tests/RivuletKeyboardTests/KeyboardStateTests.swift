import Foundation
import Observation
import Rivulet
import RivuletKeyboard
import RivuletTest
import XCTest

final class KeyboardStateTests: LeakCheckingTestCase {
    func testScriptedSessionThroughARealNotificationCenter() {
        let center = NotificationCenter()
        let state = KeyboardState(observer: KeyboardObserver(center: center) { Screen.bounds })
        var steps: [String] = []
        for event in Script.session {
            center.post(event)
            steps.append(
                "\(state.height) \(state.isVisible) \(state.animation.duration) \(state.bottomPadding(safeAreaBottom: Screen.safeAreaBottom))"
            )
        }
        XCTAssertEqual(
            steps,
            [
                "336.0 true 0.25 302.0",
                "380.0 true 0.4 346.0",
                "336.0 true 0.25 302.0",
                "0.0 false 0.25 0.0",
            ])
    }

    func testObservationFiresOnlyForRealChanges() {
        let center = NotificationCenter()
        let state = KeyboardState(observer: KeyboardObserver(center: center) { Screen.bounds })
        final class Counter: @unchecked Sendable {
            // @unchecked Sendable: the notifications are posted on the test's thread.
            var count = 0
        }
        let counter = Counter()
        func track() {
            withObservationTracking {
                _ = state.height
            } onChange: {
                counter.count += 1
            }
        }
        var changes: Int { counter.count }
        track()
        center.post(Script.show)
        XCTAssertEqual(changes, 1)
        track()
        center.post(Script.show)  // the same height again
        center.post(KeyboardEvent(phase: .didShow, endFrame: Screen.docked(336)))  // not observed
        XCTAssertEqual(changes, 1)
        center.post(Script.hide)
        XCTAssertEqual(changes, 2)
    }

    func testTheStateKeepsItsObserverAndStopsWhenReleased() {
        let center = NotificationCenter()
        weak var weakObserver: KeyboardObserver?
        var state: KeyboardState? = {
            let observer = KeyboardObserver(center: center) { Screen.bounds }
            weakObserver = observer
            return KeyboardState(observer: observer)
        }()
        XCTAssertNotNil(weakObserver)
        center.post(Script.show)
        XCTAssertEqual(state?.height, 336)
        state = nil
        XCTAssertNil(weakObserver)
        center.post(Script.hide)
    }

    func testManualState() {
        let state = KeyboardState()
        state.apply(keyboardHeight: 55, animation: KeyboardAnimation(duration: 0.1, curve: 3))
        XCTAssertEqual(state.height, 55)
        XCTAssertTrue(state.isVisible)
        XCTAssertEqual(state.animation, KeyboardAnimation(duration: 0.1, curve: 3))
        XCTAssertEqual(state.bottomPadding(safeAreaBottom: 60), 0)
        state.apply(keyboardHeight: .nan)
        XCTAssertEqual(state.height, 0)
        XCTAssertFalse(state.isVisible)
    }
}
