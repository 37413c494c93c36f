// The SwiftUI adapter: the keyboard's animation as a SwiftUI `Animation`, and a padding modifier
// driven by `KeyboardState`.
#if canImport(SwiftUI)
    import SwiftUI

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
    extension KeyboardAnimation {
        /// The SwiftUI animation closest to this one: UIKit's four standard curves (0...3) map to the
        /// SwiftUI curve of the same name and duration; the keyboard's own curve (7) to an unbouncy
        /// spring of the same duration.
        ///
        /// Available from iOS 17, macOS 14, tvOS 17, watchOS 10 (SwiftUI's `spring(duration:bounce:)`).
        public var swiftUIAnimation: Animation {
            switch curve {
            case 0: return .easeInOut(duration: duration)
            case 1: return .easeIn(duration: duration)
            case 2: return .easeOut(duration: duration)
            case 3: return .linear(duration: duration)
            default: return .spring(duration: duration, bounce: 0)
            }
        }
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
    extension View {
        /// Pads the bottom by the part of the keyboard above the bottom safe area, animated with the
        /// keyboard. Use it with `.ignoresSafeArea(.keyboard)`, so SwiftUI does not avoid the keyboard
        /// a second time.
        ///
        /// Available from iOS 17, macOS 14, tvOS 17, watchOS 10, as `KeyboardState`.
        public func keyboardPadding(_ keyboard: KeyboardState, safeAreaBottom: CGFloat = 0) -> some View {
            padding(.bottom, keyboard.bottomPadding(safeAreaBottom: safeAreaBottom))
                .animation(keyboard.animation.swiftUIAnimation, value: keyboard.height)
        }
    }
#endif
