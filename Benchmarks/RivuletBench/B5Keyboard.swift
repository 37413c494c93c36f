import Foundation
import Rivulet
import RivuletKeyboard

// B5 keyboard: a private NotificationCenter, alternating will-show / will-hide posts with the
// frame in userInfo, through KeyboardObserver's height relay into a ScrollInsetConsumer. The
// baseline registers raw `addObserver(forName:)` blocks for the same three names and does the
// same work by hand: read the end frame, duration and curve, compute the covered height, and
// raise or restore the bottom insets. One operation = one posted notification.

extension Scenarios {
    static var b5: Scenario {
        Scenario(
            id: "B5", name: "keyboard", dialect: "rx", unit: "post", operations: 100_000,
            target: 1.3, reportsAllocations: true,
            baseline: b5Baseline, rivulet: b5Rx
        )
    }

    static let keyboardContainer = CGRect(x: 0, y: 0, width: 320, height: 800)

    /// The two notifications both sides post (built before the timed part).
    static func keyboardNotifications() -> [Notification] {
        [
            KeyboardEvent(phase: .willShow, endFrame: CGRect(x: 0, y: 500, width: 320, height: 300)).notification(),
            KeyboardEvent(phase: .willHide, endFrame: CGRect(x: 0, y: 800, width: 320, height: 300)).notification(),
        ]
    }

    static func b5Baseline(_ operations: Int, _ meter: Meter) -> Int {
        let center = NotificationCenter()
        let scrollView = BenchScrollView()
        let handler = BaselineKeyboardHandler(scrollView: scrollView, container: keyboardContainer)
        let tokens = [Notification.Name.keyboardWillShow, .keyboardWillHide, .keyboardWillChangeFrame].map {
            center.addObserver(forName: $0, object: nil, queue: nil) { [weak handler] notification in
                handler?.handle(notification)
            }
        }
        var sum = 0
        let notifications = keyboardNotifications()
        meter.start()
        for index in 0..<operations {
            center.post(notifications[index & 1])
            sum &+= Int(scrollView.contentInset.bottom)
        }
        meter.stop()
        for token in tokens { center.removeObserver(token) }
        return sum &+ (handler.lastDuration > 0 ? 0 : 1) &+ (handler.lastCurve == 7 ? 0 : 1)
    }

    static func b5Rx(_ operations: Int, _ meter: Meter) -> Int {
        let center = NotificationCenter()
        let scrollView = BenchScrollView()
        let container = keyboardContainer
        let keyboard = KeyboardObserver(center: center) { container }
        let consumer = ScrollInsetConsumer(scrollView: scrollView)
        let binding = consumer.bind(to: keyboard)
        var sum = 0
        let notifications = keyboardNotifications()
        meter.start()
        for index in 0..<operations {
            center.post(notifications[index & 1])
            sum &+= Int(scrollView.contentInset.bottom)
        }
        meter.stop()
        binding.dispose()
        keyboard.dispose()
        let animation = keyboard.animation
        return sum &+ (animation.duration > 0 ? 0 : 1) &+ (animation.curve == 7 ? 0 : 1)
    }
}

/// A stand-in for `UIScrollView` with the properties the inset consumer touches.
final class BenchScrollView: ScrollInsetTarget {
    var contentInset = EdgeInsets(top: 0, left: 0, bottom: 20, right: 0)
    var verticalScrollIndicatorInsets = EdgeInsets(top: 0, left: 0, bottom: 20, right: 0)
    var contentOffset = CGPoint.zero
    var bounds = CGRect(x: 0, y: 0, width: 320, height: 800)
    var safeAreaInsets = EdgeInsets(top: 0, left: 0, bottom: 34, right: 0)
}

/// The baseline's hand-written keyboard handler (what an app writes without a library).
final class BaselineKeyboardHandler: @unchecked Sendable {
    // @unchecked Sendable: used from the posting thread only, like a UIKit keyboard handler.
    let scrollView: BenchScrollView
    let container: CGRect
    var saved: CGFloat? = nil
    var lastDuration = 0.0
    var lastCurve = 0
    let frameKey = KeyboardUserInfoKey.frameEnd.rawValue
    let durationKey = KeyboardUserInfoKey.animationDuration.rawValue
    let curveKey = KeyboardUserInfoKey.animationCurve.rawValue

    init(scrollView: BenchScrollView, container: CGRect) {
        self.scrollView = scrollView
        self.container = container
    }

    func handle(_ notification: Notification) {
        guard let info = notification.userInfo,
            let frame = (info[frameKey] as? NSValue)?.rectValue
        else { return }
        lastDuration = (info[durationKey] as? NSNumber)?.doubleValue ?? 0.25
        lastCurve = (info[curveKey] as? NSNumber)?.intValue ?? 7
        var height: CGFloat = 0
        if notification.name != .keyboardWillHide, frame.maxY >= container.maxY {
            height = min(max(container.maxY - max(container.minY, frame.minY), 0), container.height)
        }
        if height > 0 {
            let base = saved ?? scrollView.contentInset.bottom
            saved = base
            scrollView.contentInset.bottom = base + max(0, height - scrollView.safeAreaInsets.bottom)
        } else if let base = saved {
            scrollView.contentInset.bottom = base
            saved = nil
        }
    }
}
