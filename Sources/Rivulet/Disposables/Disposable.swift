/// A handle that releases a resource, typically a subscription.
///
/// `dispose()` may be called from any thread and any number of times; only the first call has an
/// effect. Once `dispose()` of a subscription has returned, no delivery to that subscription
/// starts (see docs/DESIGN.md, "Threading contract").
public protocol Disposable {
    /// Releases the resource.
    func dispose()
}

/// A disposable that can tell whether it has been disposed.
public protocol Cancelable: Disposable {
    /// `true` once `dispose()` has been called.
    var isDisposed: Bool { get }
}

extension Disposable {
    /// Adds this disposable to `bag`, which disposes it when the bag is released.
    @inlinable
    public func disposed(by bag: DisposeBag) {
        // Generic, so the value is passed as it is (no new existential box, no retain).
        bag.storage.insert(self)
    }
}
