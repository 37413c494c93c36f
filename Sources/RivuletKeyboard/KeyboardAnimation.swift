import Foundation

/// The keyboard's own animation: its duration and its curve (a `UIView.AnimationCurve` raw value).
///
/// Every consumer hands it to the caller, so a layout change can move together with the keyboard
/// instead of with a hard-coded 0.3 s.
public struct KeyboardAnimation: Hashable, Sendable {
    /// The duration in seconds.
    public var duration: TimeInterval
    /// The curve's raw value. UIKit's keyboard uses 7, a private curve that
    /// `UIView.AnimationOptions(rawValue: UInt(curve) << 16)` reproduces.
    public var curve: Int

    /// An animation with the given duration and curve.
    public init(duration: TimeInterval, curve: Int) {
        self.duration = duration
        self.curve = curve
    }

    /// UIKit's keyboard animation: 0.25 s, curve 7. Used when a notification carries neither.
    public static let keyboard = KeyboardAnimation(duration: 0.25, curve: 7)

    /// No animation (0 s, curve 0), for changes that should apply at once.
    public static let none = KeyboardAnimation(duration: 0, curve: 0)

    /// The `UIView.AnimationOptions` raw value that selects this curve: `curve << 16`, with the
    /// curve limited to the four bits UIKit reads (a negative curve selects 0).
    public var optionsRawValue: UInt { (UInt(clamping: curve) & 0xF) << 16 }
}
