import Foundation
import Rivulet

extension KeyboardObserver {
    /// `events` in the Combine dialect: every parsed keyboard notification. Never fails or finishes.
    public var eventsPublisher: AnyPublisher<KeyboardEvent, Never> { KeyboardPublisher(events).eraseToAnyPublisher() }

    /// `height` in the Combine dialect: the current visible height first (like a
    /// `CurrentValueSubject`), then every change. Never fails or finishes.
    public var heightPublisher: AnyPublisher<CGFloat, Never> {
        KeyboardPublisher(height.asObservable()).eraseToAnyPublisher()
    }

    /// `isVisible` in the Combine dialect: the current value first, then every change.
    public var isVisiblePublisher: AnyPublisher<Bool, Never> {
        KeyboardPublisher(isVisible.asObservable()).eraseToAnyPublisher()
    }

    /// `errors` in the Combine dialect: the notifications that could not be parsed.
    public var errorsPublisher: AnyPublisher<KeyboardEventError, Never> {
        KeyboardPublisher(errors).eraseToAnyPublisher()
    }
}

/// One of `KeyboardObserver`'s streams as a publisher: they never fail, so `Failure` is `Never`.
struct KeyboardPublisher<Output>: Publisher {
    typealias Failure = Never
    let observable: Observable<Output>

    init(_ observable: Observable<Output>) { self.observable = observable }

    func asObservable() -> Observable<Output> { observable }
}
