#if canImport(UIKit) && (os(iOS) || os(visionOS))
    import UIKit
#endif
import Foundation

// The keyboard notification names and userInfo keys, with UIKit's raw string values, so the same
// notifications parse on every platform. On iOS and visionOS they are UIKit's own constants.

extension Notification.Name {
    #if canImport(UIKit) && (os(iOS) || os(visionOS))
        /// Posted before the keyboard appears (`UIResponder.keyboardWillShowNotification`).
        public static let keyboardWillShow = UIResponder.keyboardWillShowNotification
        /// Posted after the keyboard appeared (`UIResponder.keyboardDidShowNotification`).
        public static let keyboardDidShow = UIResponder.keyboardDidShowNotification
        /// Posted before the keyboard disappears (`UIResponder.keyboardWillHideNotification`).
        public static let keyboardWillHide = UIResponder.keyboardWillHideNotification
        /// Posted after the keyboard disappeared (`UIResponder.keyboardDidHideNotification`).
        public static let keyboardDidHide = UIResponder.keyboardDidHideNotification
        /// Posted before the keyboard's frame changes (`UIResponder.keyboardWillChangeFrameNotification`).
        public static let keyboardWillChangeFrame = UIResponder.keyboardWillChangeFrameNotification
        /// Posted after the keyboard's frame changed (`UIResponder.keyboardDidChangeFrameNotification`).
        public static let keyboardDidChangeFrame = UIResponder.keyboardDidChangeFrameNotification
    #else
        /// Posted before the keyboard appears: `"UIKeyboardWillShowNotification"`.
        public static let keyboardWillShow = Notification.Name("UIKeyboardWillShowNotification")
        /// Posted after the keyboard appeared: `"UIKeyboardDidShowNotification"`.
        public static let keyboardDidShow = Notification.Name("UIKeyboardDidShowNotification")
        /// Posted before the keyboard disappears: `"UIKeyboardWillHideNotification"`.
        public static let keyboardWillHide = Notification.Name("UIKeyboardWillHideNotification")
        /// Posted after the keyboard disappeared: `"UIKeyboardDidHideNotification"`.
        public static let keyboardDidHide = Notification.Name("UIKeyboardDidHideNotification")
        /// Posted before the keyboard's frame changes: `"UIKeyboardWillChangeFrameNotification"`.
        public static let keyboardWillChangeFrame = Notification.Name("UIKeyboardWillChangeFrameNotification")
        /// Posted after the keyboard's frame changed: `"UIKeyboardDidChangeFrameNotification"`.
        public static let keyboardDidChangeFrame = Notification.Name("UIKeyboardDidChangeFrameNotification")
    #endif
}

/// A key of a keyboard notification's `userInfo`, with UIKit's raw string value.
///
/// `userInfo[KeyboardUserInfoKey.frameEnd.rawValue]` reads the same entry as UIKit's
/// `userInfo[UIResponder.keyboardFrameEndUserInfoKey]`; on iOS and visionOS the raw values are
/// UIKit's own constants.
public struct KeyboardUserInfoKey: RawRepresentable, Hashable, Sendable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The string UIKit uses as the `userInfo` key.
    public let rawValue: String

    /// A key with the given raw string.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A key with the given raw string.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The raw string.
    public var description: String { rawValue }

    #if canImport(UIKit) && (os(iOS) || os(visionOS))
        /// The keyboard's frame before the change, in screen coordinates (`keyboardFrameBeginUserInfoKey`).
        public static let frameBegin = KeyboardUserInfoKey(rawValue: UIResponder.keyboardFrameBeginUserInfoKey)
        /// The keyboard's frame after the change, in screen coordinates (`keyboardFrameEndUserInfoKey`).
        public static let frameEnd = KeyboardUserInfoKey(rawValue: UIResponder.keyboardFrameEndUserInfoKey)
        /// The animation's duration in seconds (`keyboardAnimationDurationUserInfoKey`).
        public static let animationDuration = KeyboardUserInfoKey(
            rawValue: UIResponder.keyboardAnimationDurationUserInfoKey)
        /// The animation curve, a `UIView.AnimationCurve` raw value (`keyboardAnimationCurveUserInfoKey`).
        public static let animationCurve = KeyboardUserInfoKey(rawValue: UIResponder.keyboardAnimationCurveUserInfoKey)
        /// Whether the keyboard belongs to this app (`keyboardIsLocalUserInfoKey`).
        public static let isLocal = KeyboardUserInfoKey(rawValue: UIResponder.keyboardIsLocalUserInfoKey)
    #else
        /// The keyboard's frame before the change, in screen coordinates: `"UIKeyboardFrameBeginUserInfoKey"`.
        public static let frameBegin: KeyboardUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
        /// The keyboard's frame after the change, in screen coordinates: `"UIKeyboardFrameEndUserInfoKey"`.
        public static let frameEnd: KeyboardUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
        /// The animation's duration in seconds: `"UIKeyboardAnimationDurationUserInfoKey"`.
        public static let animationDuration: KeyboardUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
        /// The animation curve, a `UIView.AnimationCurve` raw value: `"UIKeyboardAnimationCurveUserInfoKey"`.
        public static let animationCurve: KeyboardUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"
        /// Whether the keyboard belongs to this app: `"UIKeyboardIsLocalUserInfoKey"`.
        public static let isLocal: KeyboardUserInfoKey = "UIKeyboardIsLocalUserInfoKey"
    #endif
}
