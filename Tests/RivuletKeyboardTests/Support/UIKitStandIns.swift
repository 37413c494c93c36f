// Stand-ins with UIKit's names, so the recipes in docs/keyboard.md compile and run here exactly as
// they are written for iOS. On iOS the real UIKit types and RivuletKeyboard's UIKit adapters are
// used instead.
#if !(canImport(UIKit) && (os(iOS) || os(visionOS)))
    import Foundation
    import Rivulet
    import RivuletKeyboard

    /// Records the animations the recipes run; the changes run at once.
    final class AnimationLog: @unchecked Sendable {
        // @unchecked Sendable: the recipe tests run on one thread.
        static let shared = AnimationLog()
        var animations: [KeyboardAnimation] = []
        var layoutPasses = 0
    }

    class UIView: FrameTarget {
        var frame: CGRect
        var safeAreaInsets = EdgeInsets.zero
        init(frame: CGRect) { self.frame = frame }
        func layoutIfNeeded() { AnimationLog.shared.layoutPasses += 1 }
    }

    final class UIScrollView: UIView, ScrollInsetTarget {
        var contentInset = EdgeInsets.zero
        var verticalScrollIndicatorInsets = EdgeInsets.zero
        var contentOffset = CGPoint.zero
        var bounds: CGRect { CGRect(origin: contentOffset, size: frame.size) }
    }

    final class UIButton: UIView {}

    final class UITextField: UIView {
        static let textDidBeginEditingNotification = Notification.Name("UITextFieldTextDidBeginEditingNotification")
        static let textDidEndEditingNotification = Notification.Name("UITextFieldTextDidEndEditingNotification")
    }

    final class NSLayoutConstraint: LayoutConstantTarget {
        var constant: CGFloat
        init(constant: CGFloat) { self.constant = constant }
    }

    extension KeyboardObserver {
        /// The UIKit adapter converts the view's bounds to screen coordinates; the stand-in views live
        /// in a full-screen window, so their frame is that rect.
        convenience init(view: UIView, center: NotificationCenter = .default, ignoresNonLocal: Bool = false) {
            self.init(center: center, ignoresNonLocal: ignoresNonLocal) { [weak view] in view?.frame ?? .null }
        }
    }

    extension KeyboardAnimation {
        /// The UIKit adapter runs `changes` in `UIView.animate` with this duration and curve.
        func run(_ changes: @escaping () -> Void) {
            AnimationLog.shared.animations.append(self)
            changes()
        }
    }

    extension KeyboardHeightConsumer {
        /// The UIKit adapter: `bind(to:)`, each change inside `animation.run`, then a layout pass.
        func bindAnimated(to observer: KeyboardObserver, layoutIn view: UIView? = nil) -> Disposable {
            bind(to: observer) { [weak view] animation, change in
                animation.run {
                    change()
                    view?.layoutIfNeeded()
                }
            }
        }
    }
#endif
