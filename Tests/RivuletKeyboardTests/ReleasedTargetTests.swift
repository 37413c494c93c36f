import Foundation
import Rivulet
import RivuletKeyboard
import RivuletTest
import XCTest

/// A binding whose consumer's target or observer was released reports it once to
/// `Hooks.misuseHandler` and ends, instead of going quiet forever.
final class ReleasedTargetTests: LeakCheckingTestCase {
    private var misuses: [Hooks.Misuse] = []
    private var previous: Hooks.MisuseHandler?

    override func setUp() {
        super.setUp()
        previous = Hooks.misuseHandler
        let log = MisuseLog()
        Hooks.misuseHandler = { log.append($0) }
        self.log = log
    }

    override func tearDown() {
        if let previous { Hooks.misuseHandler = previous }
        super.tearDown()
    }

    private var log = MisuseLog()

    func testAScrollViewReleasedBeforeTheFirstHeightEndsTheBindingWithOneReport() {
        let center = NotificationCenter()
        let consumer = ScrollInsetConsumer(scrollView: FakeScrollView())  // held by nothing else
        let observer = KeyboardObserver(center: center) { Screen.bounds }
        let binding = consumer.bind(to: observer)
        center.post(Script.session[0])
        center.post(Script.session[1])
        XCTAssertEqual(
            log.all,
            [
                Hooks.Misuse(
                    call: "ScrollInsetConsumer.bind(to:)",
                    message: "the consumer's target was released (it is held weakly); ending the binding")
            ])
        binding.dispose()
        observer.dispose()
    }

    func testAConstraintReleasedWhileBoundEndsTheBindingAtTheNextHeight() {
        let center = NotificationCenter()
        var constraint: FakeConstraint? = FakeConstraint(constant: 0)
        let consumer = BottomConstraintConsumer(constraint: constraint!, safeAreaBottom: { 0 })
        let observer = KeyboardObserver(center: center) { Screen.bounds }
        let binding = consumer.bind(to: observer)
        center.post(Script.session[0])
        XCTAssertEqual(log.all, [])
        constraint = nil
        center.post(Script.session[1])
        center.post(Script.session[2])
        XCTAssertEqual(log.all.map(\.call), ["BottomConstraintConsumer.bind(to:)"])
        binding.dispose()
        observer.dispose()
    }

    func testAnObserverReleasedWhileBoundEndsTheBindingWithOneReport() {
        let scrollView = FakeScrollView()
        let consumer = ScrollInsetConsumer(scrollView: scrollView)
        var observer: KeyboardObserver? = KeyboardObserver(center: NotificationCenter()) { Screen.bounds }
        let binding = consumer.bind(to: observer!)
        observer = nil
        XCTAssertEqual(
            log.all,
            [
                Hooks.Misuse(
                    call: "ScrollInsetConsumer.bind(to:)",
                    message: "the KeyboardObserver was released while bound; ending the binding (keep the observer)")
            ])
        binding.dispose()
    }

    func testAnObserverDisposedFirstIsNotAMisuse() {
        var observer: KeyboardObserver? = KeyboardObserver(center: NotificationCenter()) { Screen.bounds }
        let held = FakeScrollView()
        let binding = ScrollInsetConsumer(scrollView: held).bind(to: observer!)
        observer?.dispose()
        observer = nil
        XCTAssertEqual(log.all, [])
        binding.dispose()
    }
}

/// The misuses one test has seen.
private final class MisuseLog: @unchecked Sendable {
    // @unchecked Sendable: `entries` is guarded by `lock`.
    private let lock = NSLock()
    private var entries: [Hooks.Misuse] = []

    func append(_ misuse: Hooks.Misuse) { lock.withLock { entries.append(misuse) } }
    var all: [Hooks.Misuse] { lock.withLock { entries } }
}
