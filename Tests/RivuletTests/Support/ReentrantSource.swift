import Rivulet
import TestSupport

/// A source that calls its observer directly, with no queueing, so an observer can send into it
/// reentrantly (subjects would queue such a send until the current delivery has finished).
final class ReentrantSource<Element>: ObservableType {
    private var observer: AnyObserver<Element>?

    func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable where Observer.Element == Element {
        self.observer = AnyObserver(observer)
        return Disposables.create { [weak self] in self?.observer = nil }
    }

    /// Whether an observer is subscribed.
    var isSubscribed: Bool { observer != nil }

    func send(_ event: Event<Element>) { observer?.on(event) }
}
