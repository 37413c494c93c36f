import Foundation
import Rivulet

/// A layout change driven by the keyboard's visible height.
///
/// Every consumer keeps what it changes as it was before the keyboard appeared: a height above 0
/// *replaces* the keyboard's adjustment (a second will-show or a frame change never adds to it),
/// and 0 restores the original values exactly.
public protocol KeyboardHeightConsumer: AnyObject {
    /// Adjusts the layout for a keyboard covering `keyboardHeight` points of the container, measured
    /// up from its bottom edge; 0 (or a negative or non-finite value) restores the layout.
    func apply(keyboardHeight: CGFloat)

    /// Whether the target the consumer adjusts (held weakly) was released, so `apply` can do
    /// nothing any more; `bind(to:)` then reports it and ends. `false` by default.
    var isTargetReleased: Bool { get }
}

extension KeyboardHeightConsumer {
    /// `false`: a consumer that holds no target weakly never loses it.
    public var isTargetReleased: Bool { false }

    /// Drives this consumer from `observer.height`, giving `animate` each change together with the
    /// keyboard's own animation (duration and curve) to run it in.
    ///
    /// ```swift
    /// insets.bind(to: keyboard) { animation, change in
    ///     UIView.animate(withDuration: animation.duration, delay: 0,
    ///                    options: .init(rawValue: animation.optionsRawValue), animations: change)
    /// }.disposed(by: bag)
    /// ```
    ///
    /// The subscription keeps the consumer alive until it is disposed (consumers hold their views
    /// weakly, so this makes no cycle); the observer is held weakly. `animate` should call `change`
    /// once, at once or inside an animation block; without it (`nil`, the default) each change is
    /// applied at once.
    ///
    /// The binding ends by itself, reporting it once to `Hooks.misuseHandler`, when it would
    /// otherwise go quiet forever: a height arrives after the consumer's target was released (a
    /// scroll view or constraint created inline and held by nothing else), or the observer is
    /// released without being disposed.
    public func bind(
        to observer: KeyboardObserver,
        animate: ((KeyboardAnimation, _ change: @escaping () -> Void) -> Void)? = nil
    ) -> Disposable {
        let consumer = "\(type(of: self)).bind(to:)"
        let observerReleased = observer.released.do(onNext: {
            let message = "the KeyboardObserver was released while bound; ending the binding (keep the observer)"
            Hooks.reportMisuse(consumer, message)
        })
        let heights = observer.height.asObservable()
            .take(until: observerReleased)
            .take(while: { _ in
                if !self.isTargetReleased { return true }
                let message = "the consumer's target was released (it is held weakly); ending the binding"
                Hooks.reportMisuse(consumer, message)
                return false
            })
        guard let animate else {
            // Nothing to hand the animation to: no `change` closure per height, no read of it.
            return heights.subscribe(onNext: { height in self.apply(keyboardHeight: height) })
        }
        return heights.subscribe(onNext: { [weak observer] height in
            let animation = observer?.animation ?? .keyboard
            animate(animation) { self.apply(keyboardHeight: height) }
        })
    }
}

/// The value a consumer changed, as it was before the keyboard appeared; `nil` while the keyboard
/// is away.
struct KeyboardBaseline<Value> {
    private(set) var saved: Value?

    /// The saved value, saving `current()` first if the keyboard was away.
    mutating func value(orSave current: () -> Value) -> Value {
        if let saved { return saved }
        let value = current()
        saved = value
        return value
    }

    /// The saved value, and forgets it (the keyboard went away).
    mutating func take() -> Value? {
        defer { saved = nil }
        return saved
    }
}

extension CGFloat {
    /// The height as a consumer reads it: a negative or non-finite height counts as 0.
    var keyboardCoverage: CGFloat { isFinite && self > 0 ? self : 0 }
}
