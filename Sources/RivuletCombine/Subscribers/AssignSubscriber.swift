import Rivulet

extension Publisher where Failure == Never {
    /// Writes each value to `object[keyPath: keyPath]`.
    ///
    /// As in Combine, the subscription holds `object` strongly until it is cancelled or the
    /// publisher completes: storing the result in a property of `object` itself forms a retain
    /// cycle. Use `assign(to:onWeak:)` for that case.
    @inlinable
    public func assign<Root>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable {
        sink { value in object[keyPath: keyPath] = value }
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
