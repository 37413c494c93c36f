// The UIKit adapters: UIKit's types conform to the consumers' targets, and changes run inside a
// UIKit animation with the keyboard's own duration and curve. Everything that computes a number
// lives in the platform-independent files (and their tests); this file only connects.
#if canImport(UIKit) && (os(iOS) || os(visionOS))
    import Rivulet
    import UIKit

    extension UIScrollView: @preconcurrency ScrollInsetTarget {}
    extension NSLayoutConstraint: @preconcurrency LayoutConstantTarget {}
    extension UIView: @preconcurrency FrameTarget {}

    extension KeyboardObserver {
        /// An observer that measures the keyboard against `view` (held weakly), converted to screen
        /// coordinates; a view that is not in a window gets height 0.
        @MainActor
        public convenience init(view: UIView, center: NotificationCenter = .default, ignoresNonLocal: Bool = false) {
            self.init(center: center, ignoresNonLocal: ignoresNonLocal) { [weak view] in
                let current = view
                return MainActor.assumeIsolated {
                    guard let current, let screen = current.window?.screen else { return CGRect.null }
                    return current.convert(current.bounds, to: screen.coordinateSpace)
                }
            }
        }
    }

    extension KeyboardAnimation {
        /// Runs `changes` in a UIKit animation with this duration and curve.
        @MainActor
        public func run(_ changes: @escaping @MainActor () -> Void) {
            UIView.animate(
                withDuration: duration, delay: 0,
                options: [
                    UIView.AnimationOptions(rawValue: optionsRawValue), .beginFromCurrentState, .allowUserInteraction,
                ],
                animations: { changes() })
        }
    }

    extension KeyboardHeightConsumer {
        /// Drives this consumer from `observer` (on the main thread, where UIKit posts), each change
        /// animated with the keyboard. Pass `layoutIn` (the view controller's view) for the constraint
        /// consumers: it is laid out inside the same animation.
        @MainActor
        public func bindAnimated(to observer: KeyboardObserver, layoutIn view: UIView? = nil) -> Disposable {
            bind(to: observer) { [weak view] animation, change in
                let layoutView = view
                MainActor.assumeIsolated {
                    animation.run {
                        change()
                        layoutView?.layoutIfNeeded()
                    }
                }
            }
        }
    }
#endif
