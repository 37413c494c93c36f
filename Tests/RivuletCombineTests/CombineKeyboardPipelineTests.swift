import Foundation
import Rivulet
import RivuletCombine
import TestSupport
import XCTest

// The acceptance pipeline. Only the import lines differ from the Combine original; the
// keyboard names come from RivuletKeyboard in an app, and are declared locally here (this test
// target does not depend on the keyboard module) with UIKit's raw values.
extension Notification.Name {
    fileprivate static let keyboardWillShow = Notification.Name("UIKeyboardWillShowNotification")
    fileprivate static let keyboardWillHide = Notification.Name("UIKeyboardWillHideNotification")
}

private enum KeyboardUserInfoKey {
    static let frameEnd = "UIKeyboardFrameEndUserInfoKey"
}

// swiftlint:disable all
// ---- verbatim from the issue ----
final class KeyboardObserver {
    private(set) var isShowing = false
    private(set) var height: CGFloat = 0
    private var cancellables = Set<AnyCancellable>()

    init(center: NotificationCenter = .default) {
        let willShow = center.publisher(for: .keyboardWillShow)
            .map { notification -> CGFloat in
                (notification.userInfo?[KeyboardUserInfoKey.frameEnd] as? CGRect)?.height ?? 0
            }
        let willHide = center.publisher(for: .keyboardWillHide).map { _ in CGFloat(0) }
        Publishers.Merge(willShow, willHide)
            .receive(on: RunLoop.main)
            .sink { [weak self] height in
                self?.height = height
                self?.isShowing = height > 0
            }
            .store(in: &cancellables)
    }
}
// ---- end verbatim ----
// swiftlint:enable all

/// The same pipeline with `ImmediateScheduler.shared`.
private final class ImmediateKeyboardObserver {
    private(set) var isShowing = false
    private(set) var height: CGFloat = 0
    private var cancellables = Set<AnyCancellable>()

    init(center: NotificationCenter = .default) {
        let willShow = center.publisher(for: .keyboardWillShow)
            .map { notification -> CGFloat in
                (notification.userInfo?[KeyboardUserInfoKey.frameEnd] as? CGRect)?.height ?? 0
            }
        let willHide = center.publisher(for: .keyboardWillHide).map { _ in CGFloat(0) }
        Publishers.Merge(willShow, willHide)
            .receive(on: ImmediateScheduler.shared)
            .sink { [weak self] height in
                self?.height = height
                self?.isShowing = height > 0
            }
            .store(in: &cancellables)
    }
}

/// The same pipeline with no `receive(on:)`.
private final class DirectKeyboardObserver {
    private(set) var isShowing = false
    private(set) var height: CGFloat = 0
    private var cancellables = Set<AnyCancellable>()

    init(center: NotificationCenter = .default) {
        let willShow = center.publisher(for: .keyboardWillShow)
            .map { notification -> CGFloat in
                (notification.userInfo?[KeyboardUserInfoKey.frameEnd] as? CGRect)?.height ?? 0
            }
        let willHide = center.publisher(for: .keyboardWillHide).map { _ in CGFloat(0) }
        Publishers.Merge(willShow, willHide)
            .sink { [weak self] height in
                self?.height = height
                self?.isShowing = height > 0
            }
            .store(in: &cancellables)
    }
}

final class CombineKeyboardPipelineTests: RivuletTestCase {
    private let frame = CGRect(x: 0, y: 564, width: 390, height: 336)

    private func postShow(_ center: NotificationCenter) {
        center.post(name: .keyboardWillShow, object: nil, userInfo: [KeyboardUserInfoKey.frameEnd: frame])
    }

    private func postHide(_ center: NotificationCenter) {
        center.post(name: .keyboardWillHide, object: nil, userInfo: [KeyboardUserInfoKey.frameEnd: CGRect.zero])
    }

    func testRunLoopMainReads336Then0() {
        let baseline = Resources.total
        let center = NotificationCenter()
        var observer: KeyboardObserver? = KeyboardObserver(center: center)
        postShow(center)
        XCTAssertEqual(observer?.height, 0, "receive(on: RunLoop.main) waits for the run loop")
        turnRunLoop { observer?.height == 336 }
        XCTAssertEqual(observer?.height, 336)
        XCTAssertEqual(observer?.isShowing, true)
        postHide(center)
        turnRunLoop { observer?.height == 0 }
        XCTAssertEqual(observer?.height, 0)
        XCTAssertEqual(observer?.isShowing, false)
        weak let released = observer
        observer = nil
        XCTAssertNil(released, "the pipeline does not retain its owner")
        postShow(center)
        turnRunLoop { Resources.total == baseline }
        XCTAssertEqual(Resources.total, baseline, "releasing the owner cancels the pipeline and removes both observers")
    }

    func testImmediateSchedulerReads336Then0() {
        let baseline = Resources.total
        let center = NotificationCenter()
        var observer: ImmediateKeyboardObserver? = ImmediateKeyboardObserver(center: center)
        postShow(center)
        XCTAssertEqual(observer?.height, 336)
        XCTAssertEqual(observer?.isShowing, true)
        postHide(center)
        XCTAssertEqual(observer?.height, 0)
        XCTAssertEqual(observer?.isShowing, false)
        observer = nil
        XCTAssertEqual(Resources.total, baseline)
    }

    func testWithoutReceiveOnReads336Then0() {
        let baseline = Resources.total
        let center = NotificationCenter()
        var observer: DirectKeyboardObserver? = DirectKeyboardObserver(center: center)
        postShow(center)
        XCTAssertEqual(observer?.height, 336)
        XCTAssertEqual(observer?.isShowing, true)
        postHide(center)
        XCTAssertEqual(observer?.height, 0)
        XCTAssertEqual(observer?.isShowing, false)
        observer = nil
        XCTAssertEqual(Resources.total, baseline)
    }

    func testPrefixTwoRemovesTheObserverAfterCompletion() {
        let baseline = Resources.total
        let center = NotificationCenter()
        var heights: [CGFloat] = []
        var finished = false
        do {
            let cancellable = center.publisher(for: .keyboardWillShow)
                .map { ($0.userInfo?[KeyboardUserInfoKey.frameEnd] as? CGRect)?.height ?? 0 }
                .prefix(2)
                .sink(receiveCompletion: { _ in finished = true }, receiveValue: { heights.append($0) })
            postShow(center)
            postShow(center)
            XCTAssertTrue(finished)
            postShow(center)
            XCTAssertEqual(heights, [336, 336], "no user code runs after prefix(2) completed")
            _ = cancellable
        }
        XCTAssertEqual(Resources.total, baseline, "the center no longer holds the observer")
    }

    func testTakeTwoRemovesTheObserverAfterCompletion() {
        let baseline = Resources.total
        let center = NotificationCenter()
        var count = 0
        var completed = false
        do {
            let disposable = center.rx.notification(.keyboardWillShow).take(2)
                .subscribe(onNext: { _ in count += 1 }, onCompleted: { completed = true })
            postShow(center)
            postShow(center)
            postShow(center)
            XCTAssertTrue(completed)
            XCTAssertEqual(count, 2)
            _ = disposable
        }
        XCTAssertEqual(Resources.total, baseline, "the center no longer holds the observer")
    }
}
