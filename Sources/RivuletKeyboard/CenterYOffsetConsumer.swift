import Foundation

/// Moves a vertically centred view up by a fraction of the keyboard's visible height (by default
/// half, so it stays centred in the space above the keyboard).
///
/// For a height `h > 0` the constant becomes its value from before the keyboard appeared minus
/// `h * fraction`; for `h == 0` it returns exactly to that value (an offset of 100 stays 100, it
/// is not reset to 0).
public final class CenterYOffsetConsumer: KeyboardHeightConsumer {
    /// The centerY constraint being adjusted (held weakly).
    @exclusivity(unchecked) public private(set) weak var constraint: (any LayoutConstantTarget)?
    /// The part of the keyboard's height the view moves up by.
    public let fraction: CGFloat
    private var baseline = KeyboardBaseline<CGFloat>()

    /// A consumer for `constraint`, a centerY constraint; `fraction` defaults to one half.
    public init(constraint: any LayoutConstantTarget, fraction: CGFloat = 0.5) {
        self.constraint = constraint
        self.fraction = fraction.isFinite ? fraction : 0.5
    }

    /// The constant from before the keyboard appeared; `nil` while the keyboard is away.
    public var savedConstant: CGFloat? { baseline.saved }

    /// Whether `constraint` was released.
    public var isTargetReleased: Bool { constraint == nil }

    /// Applies a keyboard covering `keyboardHeight` points of the view's container.
    public func apply(keyboardHeight: CGFloat) {
        guard let constraint else { return }
        let height = keyboardHeight.keyboardCoverage
        guard height > 0 else {
            if let saved = baseline.take() { constraint.constant = saved }
            return
        }
        let saved = baseline.value(orSave: { constraint.constant })
        constraint.constant = saved - height * fraction
    }
}
