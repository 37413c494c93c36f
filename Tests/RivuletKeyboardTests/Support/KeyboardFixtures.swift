import Foundation
import Rivulet
import RivuletKeyboard

/// An iPhone-sized screen (390 × 844, 34-pt home-indicator safe area) and the keyboard frames of
/// one scripted session, all in screen coordinates.
enum Screen {
    static let bounds = CGRect(x: 0, y: 0, width: 390, height: 844)
    static let safeAreaBottom: CGFloat = 34

    /// A keyboard of `height` docked at the bottom of the screen.
    static func docked(_ height: CGFloat) -> CGRect {
        CGRect(x: 0, y: bounds.maxY - height, width: bounds.width, height: height)
    }

    /// The keyboard's frame once hidden: just below the screen.
    static let offScreen = CGRect(x: 0, y: bounds.maxY, width: bounds.width, height: 336)
}

/// The scripted session every consumer test replays: show, frame change, show again, hide.
enum Script {
    static let show = KeyboardEvent(phase: .willShow, beginFrame: Screen.offScreen, endFrame: Screen.docked(336))
    static let change = KeyboardEvent(
        phase: .willChangeFrame, beginFrame: Screen.docked(336), endFrame: Screen.docked(380),
        animationDuration: 0.4, animationCurve: 2)
    static let showAgain = KeyboardEvent(phase: .willShow, beginFrame: Screen.docked(380), endFrame: Screen.docked(336))
    static let hide = KeyboardEvent(phase: .willHide, beginFrame: Screen.docked(336), endFrame: Screen.offScreen)

    static let session = [show, change, showAgain, hide]
    /// The visible heights over the full screen after each step.
    static let heights: [CGFloat] = [336, 380, 336, 0]
}

extension NotificationCenter {
    /// Posts `event` the way UIKit would.
    func post(_ event: KeyboardEvent) { post(event.notification()) }
}

/// A scroll view stand-in with UIScrollView's properties.
final class FakeScrollView: ScrollInsetTarget {
    var contentInset: EdgeInsets
    var verticalScrollIndicatorInsets: EdgeInsets
    var contentOffset: CGPoint
    var bounds: CGRect
    var safeAreaInsets: EdgeInsets

    init(
        contentInset: EdgeInsets = EdgeInsets(top: 0, left: 0, bottom: 20, right: 0),
        indicatorInsets: EdgeInsets = EdgeInsets(top: 0, left: 0, bottom: 5, right: 0),
        contentOffset: CGPoint = CGPoint(x: 15, y: 0),
        bounds: CGRect = Screen.bounds,
        safeAreaInsets: EdgeInsets = EdgeInsets(top: 47, left: 0, bottom: Screen.safeAreaBottom, right: 0)
    ) {
        self.contentInset = contentInset
        self.verticalScrollIndicatorInsets = indicatorInsets
        self.contentOffset = contentOffset
        self.bounds = bounds
        self.safeAreaInsets = safeAreaInsets
    }
}

/// A constraint stand-in.
final class FakeConstraint: LayoutConstantTarget {
    var constant: CGFloat
    init(constant: CGFloat) { self.constant = constant }
}

/// A view stand-in.
final class FakeView: FrameTarget {
    var frame: CGRect
    init(frame: CGRect) { self.frame = frame }
}

/// Records what a subscription receives.
final class Recorder<Element>: @unchecked Sendable {
    // @unchecked Sendable: tests deliver on one thread.
    var values: [Element] = []
    var completed = false
    var disposable: Disposable?

    init<Source: ObservableType>(_ source: Source) where Source.Element == Element {
        disposable = source.subscribe(
            onNext: { [unowned self] in self.values.append($0) },
            onCompleted: { [unowned self] in self.completed = true })
    }
}
