import Foundation

extension KeyboardEvent {
    /// How much of `container`'s height the keyboard covers, measured up from its bottom edge.
    ///
    /// Both rects must be in the same coordinate space; keyboard frames are in screen coordinates,
    /// so pass the view's frame converted to the screen (`view.convert(view.bounds, to: nil)` in a
    /// full-screen window). The rules:
    /// - `willHide` and `didHide`: 0.
    /// - a keyboard that does not reach the container's bottom edge covers no bottom inset at all:
    ///   0 (a floating, undocked or split iPad keyboard);
    /// - a keyboard that does not overlap the container horizontally: 0 (Split View, Slide Over);
    /// - otherwise `container.maxY - max(container.minY, endFrame.minY)`, clamped to
    ///   `0...container.height`.
    ///
    /// So a hardware keyboard's 55-pt shortcut bar gives 55, not the frame's full height, and a
    /// 336-pt keyboard over a form sheet whose bottom is 100 pt above the screen's bottom gives 236.
    /// A rect with a non-finite coordinate (such as `CGRect.null` or `.infinite`) gives 0.
    public func visibleHeight(in container: CGRect) -> CGFloat {
        if phase.isHide { return 0 }
        guard container.isFiniteRect, endFrame.isFiniteRect else { return 0 }
        let container = container.standardized
        let keyboard = endFrame.standardized
        guard keyboard.maxY >= container.maxY else { return 0 }
        guard keyboard.minX < container.maxX, keyboard.maxX > container.minX else { return 0 }
        let covered = container.maxY - max(container.minY, keyboard.minY)
        return min(max(covered, 0), container.height)
    }
}

extension CGRect {
    /// `true` when every coordinate is finite (false for `.null`, `.infinite` and NaN).
    var isFiniteRect: Bool {
        origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite
    }
}
