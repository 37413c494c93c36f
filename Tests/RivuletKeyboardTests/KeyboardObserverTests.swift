import Foundation
import Rivulet
import RivuletKeyboard
import RivuletTest
import XCTest

final class KeyboardObserverTests: LeakCheckingTestCase {
    private var center: NotificationCenter!
    private var resourcesAtStart: Int32 = 0

    override func setUp() {
        super.setUp()
        center = NotificationCenter()
        resourcesAtStart = Resources.total
    }

    override func tearDown() {
        center = nil
        XCTAssertEqual(Resources.total, resourcesAtStart, "a subscription leaked")
        super.tearDown()
    }

    func testHeightFollowsTheScriptedSessionStartingAtZero() {
        let observer = KeyboardObserver(center: center) { Screen.bounds }
        let heights = Recorder(observer.height)
        let visible = Recorder(observer.isVisible)
        let events = Recorder(observer.events)
        for event in Script.session { center.post(event) }
        XCTAssertEqual(heights.values, [0] + Script.heights)
        XCTAssertEqual(visible.values, [false, true, false])
        XCTAssertEqual(events.values, Script.session)
        XCTAssertEqual(observer.height.value, 0)
        XCTAssertFalse(events.completed)
        heights.disposable?.dispose()
        visible.disposable?.dispose()
        events.disposable?.dispose()
    }

    func testHeightNeverRepeatsAValue() {
        let observer = KeyboardObserver(center: center) { Screen.bounds }
        let heights = Recorder(observer.height)
        center.post(Script.show)
        center.post(Script.show)
        center.post(KeyboardEvent(phase: .willChangeFrame, endFrame: Screen.docked(336)))
        center.post(Script.hide)
        center.post(Script.hide)
        XCTAssertEqual(heights.values, [0, 336, 0])
        heights.disposable?.dispose()
    }

    func testHeightIsTheOverlapWithTheContainer() {
        var container = CGRect(x: 0, y: 0, width: 390, height: 744)  // bottom 100 pt above the screen's
        let observer = KeyboardObserver(center: center) { container }
        center.post(Script.show)
        XCTAssertEqual(observer.height.value, 236)
        container = Screen.bounds
        center.post(Script.change)
        XCTAssertEqual(observer.height.value, 380)
    }

    func testOnlyTheWillPhasesAreObserved() {
        let observer = KeyboardObserver(center: center) { Screen.bounds }
        let events = Recorder(observer.events)
        center.post(KeyboardEvent(phase: .didShow, endFrame: Screen.docked(336)))
        center.post(KeyboardEvent(phase: .didChangeFrame, endFrame: Screen.docked(336)))
        center.post(KeyboardEvent(phase: .didHide, endFrame: Screen.offScreen))
        XCTAssertEqual(events.values, [])
        XCTAssertEqual(observer.height.value, 0)
        XCTAssertEqual(
            KeyboardObserver.observedNames, [.keyboardWillShow, .keyboardWillHide, .keyboardWillChangeFrame])
        events.disposable?.dispose()
    }

    func testAnimationIsTheLastHandledEvents() {
        let observer = KeyboardObserver(center: center) { Screen.bounds }
        XCTAssertEqual(observer.animation, .keyboard)
        var seen: [KeyboardAnimation] = []
        let subscription = observer.height.subscribe(onNext: { _ in seen.append(observer.animation) })
        center.post(Script.show)
        center.post(Script.change)
        XCTAssertEqual(seen, [.keyboard, .keyboard, KeyboardAnimation(duration: 0.4, curve: 2)])
        subscription.dispose()
    }

    /// The animation changes back and forth, also with notifications that leave the height alone,
    /// and stays put for notifications that are not handled.
    func testAnimationFollowsEveryHandledNotification() {
        let observer = KeyboardObserver(center: center, ignoresNonLocal: true) { Screen.bounds }
        let slow = KeyboardAnimation(duration: 0.4, curve: 2)
        let steps: [(event: KeyboardEvent, expected: KeyboardAnimation)] = [
            (Script.show, .keyboard),
            (Script.change, slow),
            (Script.showAgain, .keyboard),
            (
                KeyboardEvent(
                    phase: .willChangeFrame, endFrame: Screen.docked(336), animationDuration: 0.4, animationCurve: 2),
                slow
            ),
            (KeyboardEvent(phase: .willChangeFrame, endFrame: Screen.docked(336)), .keyboard),
            (
                KeyboardEvent(phase: .willShow, endFrame: Screen.docked(336), animationDuration: 0.1, isLocal: false),
                .keyboard
            ),
            (
                KeyboardEvent(phase: .willHide, endFrame: Screen.offScreen, animationDuration: 0.3, animationCurve: 1),
                KeyboardAnimation(duration: 0.3, curve: 1)
            ),
        ]
        for (index, step) in steps.enumerated() {
            center.post(step.event)
            XCTAssertEqual(observer.animation, step.expected, "step \(index)")
        }
        center.post(name: .keyboardWillShow, object: nil, userInfo: [:])  // unparseable: not handled
        XCTAssertEqual(observer.animation, KeyboardAnimation(duration: 0.3, curve: 1))
        XCTAssertEqual(observer.errorCount, 1)
    }

    func testOtherAppsKeyboardsAreIgnoredWhenAsked() {
        let remote = KeyboardEvent(phase: .willShow, endFrame: Screen.docked(336), isLocal: false)
        let strict = KeyboardObserver(center: center, ignoresNonLocal: true) { Screen.bounds }
        let lenient = KeyboardObserver(center: center) { Screen.bounds }
        let strictEvents = Recorder(strict.events)
        center.post(remote)
        XCTAssertEqual(strict.height.value, 0)
        XCTAssertEqual(strictEvents.values, [])
        XCTAssertEqual(lenient.height.value, 336)
        center.post(Script.show)
        XCTAssertEqual(strict.height.value, 336)
        XCTAssertEqual(strictEvents.values, [Script.show])
        strictEvents.disposable?.dispose()
    }

    func testUnparseableNotificationsGoToErrorsAndLeaveTheHeightAlone() {
        let observer = KeyboardObserver(center: center) { Screen.bounds }
        let errors = Recorder(observer.errors)
        let events = Recorder(observer.events)
        center.post(Script.show)
        center.post(name: .keyboardWillChangeFrame, object: nil, userInfo: nil)
        center.post(name: .keyboardWillShow, object: nil, userInfo: [KeyboardUserInfoKey.frameEnd.rawValue: "tall"])
        XCTAssertEqual(errors.values, [.missingValue(key: .frameEnd), .wrongType(key: .frameEnd, found: "String")])
        XCTAssertEqual(observer.errorCount, 2)
        XCTAssertEqual(observer.height.value, 336)
        XCTAssertEqual(events.values, [Script.show])
        center.post(Script.hide)
        XCTAssertEqual(observer.height.value, 0)
        errors.disposable?.dispose()
        events.disposable?.dispose()
    }

    // MARK: Lifetime

    func testReleaseUnregistersAndNoUserCodeRunsAfterIt() {
        final class Canary {}
        var canary: Canary? = Canary()
        weak let weakCanary = canary
        var containerCalls = 0
        var observer: KeyboardObserver? = KeyboardObserver(center: center) { [canary] in
            _ = canary
            containerCalls += 1
            return Screen.bounds
        }
        canary = nil
        weak let weakObserver = observer
        let heights = Recorder(observer!.height)
        let events = Recorder(observer!.events)
        let errors = Recorder(observer!.errors)
        center.post(Script.show)
        XCTAssertEqual(containerCalls, 1)
        XCTAssertNotNil(weakCanary)

        observer = nil
        XCTAssertNil(weakObserver, "the notification center must not keep the observer alive")
        // The center's blocks hold the container closure: it is freed only if they were removed.
        XCTAssertNil(weakCanary, "the notification center still holds the observer's blocks")

        center.post(Script.change)
        center.post(Script.hide)
        center.post(name: .keyboardWillShow, object: nil, userInfo: nil)
        XCTAssertEqual(containerCalls, 1)
        XCTAssertEqual(heights.values, [0, 336])
        XCTAssertEqual(events.values, [Script.show])
        XCTAssertEqual(errors.values, [])
        for recorder in [heights.disposable, events.disposable, errors.disposable] { recorder?.dispose() }
    }

    func testDisposeUnregistersAndNoUserCodeRunsAfterIt() {
        var containerCalls = 0
        let observer = KeyboardObserver(center: center) {
            containerCalls += 1
            return Screen.bounds
        }
        let heights = Recorder(observer.height)
        let events = Recorder(observer.events)
        let errors = Recorder(observer.errors)
        center.post(Script.show)
        observer.dispose()
        XCTAssertTrue(observer.isDisposed)
        center.post(Script.hide)
        center.post(name: .keyboardWillShow, object: nil, userInfo: nil)
        XCTAssertEqual(containerCalls, 1)
        XCTAssertEqual(heights.values, [0, 336])
        XCTAssertEqual(events.values, [Script.show])
        XCTAssertEqual(errors.values, [])
        XCTAssertEqual(observer.height.value, 336, "the relays keep their last value")
        observer.dispose()
        XCTAssertTrue(observer.isDisposed)
        for recorder in [heights.disposable, events.disposable, errors.disposable] { recorder?.dispose() }
    }

    func testDisposingFromInsideTheContainerStopsThatNotification() {
        var observer: KeyboardObserver?
        observer = KeyboardObserver(center: center) {
            observer?.dispose()
            return Screen.bounds
        }
        let events = Recorder(observer!.events)
        center.post(Script.show)
        XCTAssertEqual(observer?.height.value, 0)
        XCTAssertEqual(events.values, [])
        events.disposable?.dispose()
        observer = nil
    }

    func testABindingKeepsItsConsumerUntilDisposed() {
        let observer = KeyboardObserver(center: center) { Screen.bounds }
        let constraint = FakeConstraint(constant: 0)
        var consumer: BottomConstraintConsumer? = BottomConstraintConsumer(constraint: constraint) { 0 }
        weak let weakConsumer = consumer
        var bag: DisposeBag? = DisposeBag()
        consumer!.bind(to: observer).disposed(by: bag!)
        consumer = nil
        center.post(Script.show)
        XCTAssertEqual(constraint.constant, -336)
        XCTAssertNotNil(weakConsumer)
        bag = nil
        XCTAssertNil(weakConsumer, "releasing the bag releases the consumer")
        center.post(Script.hide)
        XCTAssertEqual(constraint.constant, -336, "a disposed binding changes nothing")
    }

    func testABindingDoesNotKeepItsObserverAlive() {
        for animated in [false, true] {
            var observer: KeyboardObserver? = KeyboardObserver(center: center) { Screen.bounds }
            weak let weakObserver = observer
            let constraint = FakeConstraint(constant: 0)
            let consumer = BottomConstraintConsumer(constraint: constraint) { 0 }
            let binding =
                animated
                ? consumer.bind(to: observer!) { _, change in change() } : consumer.bind(to: observer!)
            center.post(Script.show)
            XCTAssertEqual(constraint.constant, -336, "animated: \(animated)")
            observer = nil
            XCTAssertNil(weakObserver, "animated: \(animated): the binding keeps the observer alive")
            center.post(Script.hide)
            XCTAssertEqual(constraint.constant, -336, "animated: \(animated): a released observer changes nothing")
            binding.dispose()
        }
    }

    func testBindHandsEachChangeWithTheKeyboardsAnimation() {
        let observer = KeyboardObserver(center: center) { Screen.bounds }
        let constraint = FakeConstraint(constant: 0)
        let consumer = BottomConstraintConsumer(constraint: constraint) { Screen.safeAreaBottom }
        var log: [String] = []
        let binding = consumer.bind(to: observer) { animation, change in
            log.append("animate \(animation.duration) curve \(animation.curve) from \(constraint.constant)")
            change()
        }
        for event in Script.session { center.post(event) }
        XCTAssertEqual(
            log,
            [
                "animate 0.25 curve 7 from 0.0",
                "animate 0.25 curve 7 from 0.0",
                "animate 0.4 curve 2 from -302.0",
                "animate 0.25 curve 7 from -346.0",
                "animate 0.25 curve 7 from -302.0",
            ])
        XCTAssertEqual(constraint.constant, 0)
        binding.dispose()
    }
}
