import Foundation

/// Shifts a whole view up by the keyboard's visible height while a condition holds (for example
/// while one particular field is being edited), and can never shift it twice.
///
/// The shift is computed from the origin the view had before the keyboard appeared, so a second
/// will-show, a frame change or a different keyboard height replaces the shift instead of adding to
/// it. For `h == 0`, or while `isActive()` is `false`, the origin returns exactly to that value.
///
/// Measure the keyboard against the view's *resting* frame (or its window), not its current frame:
/// the shifted view would otherwise see less and less of the keyboard. `restingFrame` gives it.
public final class OriginShiftConsumer: KeyboardHeightConsumer {
    /// The view being shifted (held weakly).
    @exclusivity(unchecked) public private(set) weak var view: (any FrameTarget)?
    private let isActive: () -> Bool
    private var baseline = KeyboardBaseline<CGFloat>()

    /// A consumer for `view`; it shifts only while `isActive()` returns `true` (default: always).
    public init(view: any FrameTarget, isActive: @escaping () -> Bool = { true }) {
        self.view = view
        self.isActive = isActive
    }

    /// The origin's `y` from before the keyboard appeared; `nil` while the view is not shifted.
    public var savedOriginY: CGFloat? { baseline.saved }

    /// The view's frame with the shift taken out (its current frame while it is not shifted).
    public var restingFrame: CGRect? {
        guard let frame = view?.frame else { return nil }
        guard let saved = baseline.saved else { return frame }
        return CGRect(x: frame.minX, y: saved, width: frame.width, height: frame.height)
    }

    /// Whether `view` was released.
    public var isTargetReleased: Bool { view == nil }

    /// Applies a keyboard covering `keyboardHeight` points of the view's resting frame.
    public func apply(keyboardHeight: CGFloat) {
        guard let view else { return }
        let height = keyboardHeight.keyboardCoverage
        guard height > 0, isActive() else {
            if let saved = baseline.take() { view.frame.origin.y = saved }
            return
        }
        let saved = baseline.value(orSave: { view.frame.origin.y })
        view.frame.origin.y = saved - height
    }
}
