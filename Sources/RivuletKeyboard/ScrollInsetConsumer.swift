import Foundation

/// What `ScrollInsetConsumer` changes: the scroll-view properties, with `UIScrollView`'s names
/// (and `UIScrollView` conforms).
public protocol ScrollInsetTarget: AnyObject {
    /// The content inset.
    var contentInset: EdgeInsets { get set }
    /// The scroll indicator's inset.
    var verticalScrollIndicatorInsets: EdgeInsets { get set }
    /// The scroll position.
    var contentOffset: CGPoint { get set }
    /// The visible rect, in content coordinates.
    var bounds: CGRect { get }
    /// The safe-area insets.
    var safeAreaInsets: EdgeInsets { get }
}

/// Keeps a scroll view's content usable above the keyboard: it raises the bottom content and
/// indicator insets by the part of the keyboard that covers the scroll view, and scrolls a rect
/// (a field, a button) into view.
///
/// ```swift
/// let insets = ScrollInsetConsumer(scrollView: scrollView) { [weak button] in button?.frame }
/// let keyboard = KeyboardObserver { scrollView.convert(scrollView.bounds, to: nil) }
/// insets.bind(to: keyboard).disposed(by: bag)
/// ```
///
/// For a height `h > 0`: the bottom content inset and indicator inset become their values from
/// before the keyboard appeared plus `max(0, h - safeAreaInsets.bottom)` (replaced, never added
/// twice). If the revealed rect's `maxY + margin` lies below the visible area above the keyboard
/// (`contentOffset.y + bounds.height - h`), `contentOffset.y` becomes
/// `rect.maxY + margin - (bounds.height - h)`, never negative; a rect already visible does not
/// scroll, and `contentOffset.x` is never touched. For `h == 0` both insets return exactly to
/// their values from before.
public final class ScrollInsetConsumer: KeyboardHeightConsumer {
    /// The scroll view being adjusted (held weakly).
    @exclusivity(unchecked) public private(set) weak var scrollView: (any ScrollInsetTarget)?
    /// The space kept between the revealed rect and the keyboard.
    public let margin: CGFloat
    private let revealing: () -> CGRect?
    private var baseline = KeyboardBaseline<(content: CGFloat, indicator: CGFloat)>()

    /// A consumer for `scrollView`.
    ///
    /// - Parameters:
    ///   - scrollView: the scroll view (held weakly).
    ///   - margin: the space kept between the revealed rect and the keyboard. Default 10.
    ///   - revealing: the rect to keep visible, in content coordinates; `nil` for none.
    public init(
        scrollView: any ScrollInsetTarget,
        margin: CGFloat = 10,
        revealing: @escaping () -> CGRect? = { nil }
    ) {
        self.scrollView = scrollView
        self.margin = margin
        self.revealing = revealing
    }

    /// The bottom content and indicator insets from before the keyboard appeared; `nil` while the
    /// keyboard is away.
    public var savedBottomInsets: (content: CGFloat, indicator: CGFloat)? { baseline.saved }

    /// Whether `scrollView` was released.
    public var isTargetReleased: Bool { scrollView == nil }

    /// Applies a keyboard covering `keyboardHeight` points of the scroll view.
    public func apply(keyboardHeight: CGFloat) {
        guard let scrollView else { return }
        let height = keyboardHeight.keyboardCoverage
        guard height > 0 else {
            if let saved = baseline.take() {
                scrollView.contentInset.bottom = saved.content
                scrollView.verticalScrollIndicatorInsets.bottom = saved.indicator
            }
            return
        }
        let saved = baseline.value(orSave: {
            (scrollView.contentInset.bottom, scrollView.verticalScrollIndicatorInsets.bottom)
        })
        let extra = max(0, height - scrollView.safeAreaInsets.bottom)
        scrollView.contentInset.bottom = saved.content + extra
        scrollView.verticalScrollIndicatorInsets.bottom = saved.indicator + extra

        guard let rect = revealing(), rect.isFiniteRect else { return }
        let visibleHeight = scrollView.bounds.height - height
        let needed = rect.maxY + margin
        if needed > scrollView.contentOffset.y + visibleHeight {
            scrollView.contentOffset.y = max(0, needed - visibleHeight)
        }
    }
}
