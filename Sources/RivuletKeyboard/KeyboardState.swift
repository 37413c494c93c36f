import Foundation
import Observation
import Rivulet

/// The keyboard as observable state for SwiftUI: its visible height, whether it is visible, and
/// the animation of the last change.
///
/// ```swift
/// @State private var keyboard = KeyboardState(observer: KeyboardObserver { screenFrame })
/// var body: some View {
///     form.padding(.bottom, keyboard.bottomPadding(safeAreaBottom: safeArea.bottom))
/// }
/// ```
///
/// Each property changes only when its value does, so views are not invalidated for nothing.
/// It follows `observer.height` until it is released (the observer is held strongly).
///
/// Available from iOS 17, macOS 14, tvOS 17, watchOS 10 (it is `@Observable`, and Observation
/// is not on older systems); below that, bind a view to `KeyboardObserver`'s `height` stream.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
@Observable
public final class KeyboardState: KeyboardHeightConsumer {
    /// The keyboard's visible height in the observer's container.
    public private(set) var height: CGFloat = 0
    /// Whether the keyboard covers any of the container.
    public private(set) var isVisible = false
    /// The keyboard animation that accompanied the last change.
    public private(set) var animation = KeyboardAnimation.keyboard

    @ObservationIgnored private let observer: KeyboardObserver?
    @ObservationIgnored private var subscription: Disposable?

    /// State that follows `observer` (held strongly, so the state keeps it alive).
    public init(observer: KeyboardObserver) {
        self.observer = observer
        subscription = observer.height.subscribe(onNext: { [weak self, weak observer] height in
            guard let self, let observer else { return }
            self.apply(keyboardHeight: height, animation: observer.animation)
        })
    }

    /// State driven by hand, with `apply(keyboardHeight:)` (for previews and tests).
    public init() {
        observer = nil
    }

    deinit { subscription?.dispose() }

    /// The padding a view inside the safe area needs: the part of the keyboard below the bottom
    /// safe-area inset is already kept clear by it.
    public func bottomPadding(safeAreaBottom: CGFloat) -> CGFloat {
        max(0, height - (safeAreaBottom.isFinite ? safeAreaBottom : 0))
    }

    /// Sets the height (a negative or non-finite value counts as 0).
    public func apply(keyboardHeight: CGFloat) {
        apply(keyboardHeight: keyboardHeight, animation: animation)
    }

    /// Sets the height and the animation that goes with it.
    public func apply(keyboardHeight: CGFloat, animation: KeyboardAnimation) {
        let height = keyboardHeight.keyboardCoverage
        if self.animation != animation { self.animation = animation }
        if self.height != height { self.height = height }
        if isVisible != (height > 0) { isVisible = height > 0 }
    }
}
