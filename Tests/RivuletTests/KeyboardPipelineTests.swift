import Foundation
import Rivulet
import TestSupport
import XCTest

// The keyboard pipeline of the original recipes, written as an RxSwift user writes it. The real
// `NotificationCenter.rx.notification` bridge and the keyboard names live in other modules; this
// file uses local stand-ins with distinct names so nothing clashes with them.

extension Notification.Name {
    fileprivate static let standInKeyboardWillShow = Notification.Name("UIKeyboardWillShowNotification")
    fileprivate static let standInKeyboardWillHide = Notification.Name("UIKeyboardWillHideNotification")
}

private let standInFrameEndKey = "UIKeyboardFrameEndUserInfoKey"

/// A stand-in for `NotificationCenter.rx`: `notification(_:)` made with `Observable.create`. It
/// counts live registrations so the tests can prove they are removed.
private final class StandInReactiveCenter: @unchecked Sendable {
    // @unchecked Sendable: `registrations` is guarded by `lock`; `center` is thread-safe.
    let center: NotificationCenter
    private let lock = NSLock()
    private var registrations = 0

    init(_ center: NotificationCenter) { self.center = center }

    var liveRegistrations: Int { lock.withLock { registrations } }

    func notification(_ name: Notification.Name, object: AnyObject? = nil) -> Observable<Notification> {
        Observable.create { [self] observer in
            let target = UncheckedSendable(observer)
            let token = center.addObserver(forName: name, object: object, queue: nil) { notification in
                target.value.onNext(notification)
            }
            lock.withLock { registrations += 1 }
            return Disposables.create { [self] in
                center.removeObserver(token)
                lock.withLock { registrations -= 1 }
            }
        }
    }
}

/// The screen from the issue: it owns the relay and the bag and captures itself weakly.
private final class KeyboardScreen {
    let keyboardHeight = BehaviorRelay<CGFloat>(value: 0)
    var disposeBag = DisposeBag()
    var completions = 0

    init(rx: StandInReactiveCenter) {
        let show = rx.notification(.standInKeyboardWillShow)
        let hide = rx.notification(.standInKeyboardWillHide)
        Observable.merge(show, hide)
            .take(2)
            .subscribe(
                onNext: { [weak self] notification in
                    let frame = notification.userInfo?[standInFrameEndKey] as? CGRect ?? .zero
                    let height = notification.name == .standInKeyboardWillShow ? frame.height : 0
                    self?.keyboardHeight.accept(height)
                },
                onCompleted: { [weak self] in
                    self?.completions += 1
                }
            )
            .disposed(by: disposeBag)
    }
}

final class KeyboardPipelineTests: RivuletTestCase {
    private func post(_ name: Notification.Name, height: CGFloat? = nil, on center: NotificationCenter) {
        let userInfo = height.map { [standInFrameEndKey: CGRect(x: 0, y: 480 - $0, width: 320, height: $0)] }
        center.post(name: name, object: nil, userInfo: userInfo)
    }

    func testShowThenHideSetsTheHeightThenStops() {
        let center = NotificationCenter()
        let rx = StandInReactiveCenter(center)
        let screen = KeyboardScreen(rx: rx)
        XCTAssertEqual(screen.keyboardHeight.value, 0)
        XCTAssertEqual(rx.liveRegistrations, 2, "merge subscribes to both notifications")

        post(.standInKeyboardWillShow, height: 336, on: center)
        XCTAssertEqual(screen.keyboardHeight.value, 336)
        XCTAssertEqual(rx.liveRegistrations, 2)

        post(.standInKeyboardWillHide, height: 336, on: center)
        XCTAssertEqual(screen.keyboardHeight.value, 0)
        XCTAssertEqual(screen.completions, 1, "take(2) completes after the second notification")
        XCTAssertEqual(rx.liveRegistrations, 0, "take(2) removes both NotificationCenter observers")

        post(.standInKeyboardWillShow, height: 200, on: center)
        XCTAssertEqual(screen.keyboardHeight.value, 0, "nothing after take(2) completed")
    }

    func testTwoShowsTakeTheSecondFrame() {
        let center = NotificationCenter()
        let rx = StandInReactiveCenter(center)
        let screen = KeyboardScreen(rx: rx)
        var heights: [CGFloat] = []
        let subscription = screen.keyboardHeight.subscribe(onNext: { heights.append($0) })
        post(.standInKeyboardWillShow, height: 336, on: center)
        post(.standInKeyboardWillShow, height: 380, on: center)
        post(.standInKeyboardWillHide, on: center)
        XCTAssertEqual(heights, [0, 336, 380])
        XCTAssertEqual(rx.liveRegistrations, 0)
        subscription.dispose()
    }

    func testMissingFrameCountsAsZero() {
        let center = NotificationCenter()
        let rx = StandInReactiveCenter(center)
        let screen = KeyboardScreen(rx: rx)
        post(.standInKeyboardWillShow, height: 300, on: center)
        center.post(name: .standInKeyboardWillShow, object: nil, userInfo: [standInFrameEndKey: "not a rect"])
        XCTAssertEqual(screen.keyboardHeight.value, 0)
    }

    func testOtherNotificationsAreIgnored() {
        let center = NotificationCenter()
        let rx = StandInReactiveCenter(center)
        let screen = KeyboardScreen(rx: rx)
        center.post(name: Notification.Name("UIKeyboardDidShowNotification"), object: nil)
        post(.standInKeyboardWillShow, height: 100, on: center)
        XCTAssertEqual(screen.keyboardHeight.value, 100)
        XCTAssertEqual(rx.liveRegistrations, 2, "one notification counted so far")
    }

    func testReleasingTheBagRemovesTheObservers() {
        let center = NotificationCenter()
        let rx = StandInReactiveCenter(center)
        let screen = KeyboardScreen(rx: rx)
        post(.standInKeyboardWillShow, height: 336, on: center)
        screen.disposeBag = DisposeBag()
        XCTAssertEqual(rx.liveRegistrations, 0)
        post(.standInKeyboardWillHide, on: center)
        XCTAssertEqual(screen.keyboardHeight.value, 336)
        XCTAssertEqual(screen.completions, 0)
    }

    func testReleasingTheScreenEndsEverything() {
        let center = NotificationCenter()
        let rx = StandInReactiveCenter(center)
        var screen: KeyboardScreen? = KeyboardScreen(rx: rx)
        weak let weakScreen = screen
        post(.standInKeyboardWillShow, height: 336, on: center)
        screen = nil
        XCTAssertNil(weakScreen, "the pipeline does not keep its screen alive")
        XCTAssertEqual(rx.liveRegistrations, 0)
        post(.standInKeyboardWillHide, on: center)
    }

    func testNotificationsFromAnotherThread() {
        let center = NotificationCenter()
        let rx = StandInReactiveCenter(center)
        let screen = KeyboardScreen(rx: rx)
        let done = DispatchSemaphore(value: 0)
        let poster = UncheckedSendable(center)
        Thread {
            let rect = CGRect(x: 0, y: 0, width: 320, height: 250)
            poster.value.post(name: .standInKeyboardWillShow, object: nil, userInfo: [standInFrameEndKey: rect])
            poster.value.post(name: .standInKeyboardWillHide, object: nil, userInfo: nil)
            done.signal()
        }.start()
        done.wait()
        XCTAssertEqual(screen.keyboardHeight.value, 0)
        XCTAssertEqual(screen.completions, 1)
        XCTAssertEqual(rx.liveRegistrations, 0)
    }
}
