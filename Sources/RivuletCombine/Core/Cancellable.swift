import Rivulet

/// Something that can stop an activity, such as a subscription (Combine's `Cancellable`).
public protocol Cancellable {
    /// Stops the activity and releases its resources. Calling it again does nothing.
    func cancel()
}

extension Cancellable {
    /// Wraps this cancellable in an `AnyCancellable` and inserts it into `set`.
    public func store(in set: inout Set<AnyCancellable>) {
        AnyCancellable(self).store(in: &set)
    }

    /// Wraps this cancellable in an `AnyCancellable` and appends it to `collection`.
    public func store<Cancellables: RangeReplaceableCollection>(in collection: inout Cancellables)
    where Cancellables.Element == AnyCancellable {
        AnyCancellable(self).store(in: &collection)
    }
}
