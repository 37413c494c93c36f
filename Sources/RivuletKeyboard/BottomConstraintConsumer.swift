import Foundation

/// Lifts a view pinned to the bottom safe area (a "Next" button) above the keyboard by moving its
/// bottom constraint.
///
/// For a height `h > 0` the constant becomes its value from before the keyboard appeared minus
/// `max(0, h - safeAreaBottom())`: the keyboard already covers the bottom safe area, so only the
/// rest lifts the view. `safeAreaBottom` should read the view's own `safeAreaInsets.bottom` (not
/// the key window's). For `h == 0` the constant returns exactly to its value from before.
///
/// ```swift
/// let lift = BottomConstraintConsumer(constraint: buttonBottom) { [unowned view] in
///     view.safeAreaInsets.bottom
/// }
/// ```
public final class BottomConstraintConsumer: KeyboardHeightConsumer {
    /// The constraint being adjusted (held weakly).
    @exclusivity(unchecked) public private(set) weak var constraint: (any LayoutConstantTarget)?
    private let safeAreaBottom: () -> CGFloat
    private var baseline = KeyboardBaseline<CGFloat>()

    /// A consumer for `constraint`, a bottom constraint whose negative constant lifts the view.
    public init(constraint: any LayoutConstantTarget, safeAreaBottom: @escaping () -> CGFloat) {
        self.constraint = constraint
        self.safeAreaBottom = safeAreaBottom
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
        let safeArea = safeAreaBottom()
        constraint.constant = saved - max(0, height - (safeArea.isFinite ? safeArea : 0))
    }
}
