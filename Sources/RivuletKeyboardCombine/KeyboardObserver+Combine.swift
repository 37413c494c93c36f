#if canImport(Combine)
    import Combine
#else
    import RivuletCombine
#endif
import Foundation
import Rivulet
import RivuletCombineBridge
import RivuletKeyboard

// Written against Combine's public API only, so that on Apple platforms these are Apple Combine
// publishers (`receive(on:)`, `assign(to:)`, SwiftUI's `onReceive`) and elsewhere RivuletCombine
// ones (docs/DESIGN.md, "One source for every Combine"). `KeyboardObserver`'s streams never fail.
extension KeyboardObserver {
    /// `events` in the Combine dialect: every parsed keyboard notification. Never fails or finishes.
    public var eventsPublisher: AnyPublisher<KeyboardEvent, Never> {
        ObservablePublisher(neverFailing: events).eraseToAnyPublisher()
    }

    /// `height` in the Combine dialect: the current visible height first (like a
    /// `CurrentValueSubject`), then every change. Never fails or finishes.
    public var heightPublisher: AnyPublisher<CGFloat, Never> {
        ObservablePublisher(neverFailing: height.asObservable()).eraseToAnyPublisher()
    }

    /// `isVisible` in the Combine dialect: the current value first, then every change.
    public var isVisiblePublisher: AnyPublisher<Bool, Never> {
        ObservablePublisher(neverFailing: isVisible.asObservable()).eraseToAnyPublisher()
    }

    /// `errors` in the Combine dialect: the notifications that could not be parsed.
    public var errorsPublisher: AnyPublisher<KeyboardEventError, Never> {
        ObservablePublisher(neverFailing: errors).eraseToAnyPublisher()
    }
}
