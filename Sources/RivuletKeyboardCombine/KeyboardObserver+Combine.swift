import Foundation
import Rivulet
import RivuletCombine
import RivuletKeyboard

// `KeyboardObserver`'s streams never fail, so they are publishers with `Failure == Never` as they
// are (`AnyPublisher(unchecked:)`, RivuletCombine's package initialiser, wraps an engine stream
// without an operator).
extension KeyboardObserver {
    /// `events` in the Combine dialect: every parsed keyboard notification. Never fails or finishes.
    public var eventsPublisher: AnyPublisher<KeyboardEvent, Never> { AnyPublisher(unchecked: events) }

    /// `height` in the Combine dialect: the current visible height first (like a
    /// `CurrentValueSubject`), then every change. Never fails or finishes.
    public var heightPublisher: AnyPublisher<CGFloat, Never> {
        AnyPublisher(unchecked: height.asObservable())
    }

    /// `isVisible` in the Combine dialect: the current value first, then every change.
    public var isVisiblePublisher: AnyPublisher<Bool, Never> {
        AnyPublisher(unchecked: isVisible.asObservable())
    }

    /// `errors` in the Combine dialect: the notifications that could not be parsed.
    public var errorsPublisher: AnyPublisher<KeyboardEventError, Never> {
        AnyPublisher(unchecked: errors)
    }
}
