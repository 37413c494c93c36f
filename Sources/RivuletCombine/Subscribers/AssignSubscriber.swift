import Rivulet

extension Publisher where Failure == Never {
    /// Writes each value to `object[keyPath: keyPath]`.
    ///
    /// As in Combine, the subscription holds `object` strongly until it is cancelled or the
    /// publisher completes: storing the result in a property of `object` itself forms a retain
    /// cycle. Use `assign(to:onWeak:)` for that case.
    @inlinable
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        guard isExactOnEngine else { return demandPathAssign(self, to: keyPath, on: object) }
        return sink { value in object[keyPath: keyPath] = value }
    }

    /// Writes each value to `object[keyPath: keyPath]`, holding `object` weakly: values that
    /// arrive after `object` was released are dropped, and no retain cycle can form.
    ///
    /// ```swift
    /// model.$height.assign(to: \.height, onWeak: self).store(in: &cancellables)
    /// ```
    @inlinable
    public func assign<Root: AnyObject>(
        to keyPath: ReferenceWritableKeyPath<Root, Output>, onWeak object: Root
    ) -> AnyCancellable {
        sink { [weak object] value in object?[keyPath: keyPath] = value }
    }
}

/// `assign(to:on:)` on the demand path (a chain that is not engine-exact): a
/// `Subscribers.Assign` attached through `receive(subscriber:)`, as in Combine.
@usableFromInline
func demandPathAssign<P: Publisher, Root>(
    _ publisher: P, to keyPath: ReferenceWritableKeyPath<Root, P.Output>, on object: Root
) -> AnyCancellable where P.Failure == Never {
    let assign = Subscribers.Assign(object: object, keyPath: keyPath)
    publisher.receive(subscriber: assign)
    return AnyCancellable(assign)
}
