/// A value that is both an observable sequence and an observer feeding it.
public protocol SubjectType<Element>: ObservableType {
    /// The observer side's type.
    associatedtype Observer: ObserverType

    /// The observer side: events sent to it are multicast to the subject's subscribers.
    func asObserver() -> Observer
}
