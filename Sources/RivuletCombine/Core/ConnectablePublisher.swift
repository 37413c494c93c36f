import Rivulet

/// A publisher that starts its upstream only when told to: subscribers attach first, then
/// `connect()` subscribes the upstream and every subscriber receives what it sends (Combine's
/// `ConnectablePublisher`).
///
/// ```swift
/// let shared = numbers.makeConnectable()
/// shared.sink { print("a", $0) }.store(in: &cancellables)
/// shared.sink { print("b", $0) }.store(in: &cancellables)
/// let connection = shared.connect()       // both subscribers see every value
/// ```
///
/// `autoconnect()` connects on the first subscriber instead.
public protocol ConnectablePublisher<Output, Failure>: Publisher {
    /// Subscribes the upstream; cancel the result to disconnect. As in Combine, releasing the
    /// result does not disconnect.
    func connect() -> any Cancellable
}

extension ConnectablePublisher {
    /// Connects when the first subscriber subscribes and disconnects when the last one cancels
    /// (see `Publishers.Autoconnect`).
    @inlinable
    public func autoconnect() -> Publishers.Autoconnect<Self> {
        Publishers.Autoconnect(upstream: self)
    }
}

/// The connection `connect()` returns: cancelling it ends the upstream's subscription; releasing
/// it does not (Combine's rule).
@usableFromInline
struct _CombineConnection: Cancellable {
    @usableFromInline let subscription: Disposable

    @inlinable
    init(_ subscription: Disposable) {
        self.subscription = subscription
    }

    @inlinable
    func cancel() { subscription.dispose() }
}
