import Rivulet

/// The link between a publisher and one subscriber (Combine's `Subscription`): the subscriber
/// asks for values with `request(_:)` and ends the link with `cancel()`.
///
/// Rivulet's publishers and operators hand their subscribers Combine's subscriptions (named as
/// Combine names them: `"PassthroughSubject"`, `"Just"`, `"TryMap"`, ...), which send at most what
/// is requested.
public protocol Subscription: Cancellable, CustomCombineIdentifierConvertible {
    /// Asks for `demand` more values (added to what is outstanding; `.none` asks for nothing).
    func request(_ demand: Subscribers.Demand)
}

/// Namespace for subscription values (Combine's `Subscriptions`).
public enum Subscriptions {
    /// A subscription that does nothing when requested or cancelled: what a publisher hands a
    /// subscriber when it has nothing to control (`Empty`, `Just` in a hand-written publisher).
    public static var empty: Subscription { EmptySubscription.shared }
}

/// The subscription `Subscriptions.empty` returns: one shared instance (so every
/// `Subscriptions.empty` has the same `combineIdentifier`), described and mirrored as `Empty`.
final class EmptySubscription: Subscription, Sendable, CustomStringConvertible, CustomPlaygroundDisplayConvertible,
    CustomReflectable
{
    static let shared = EmptySubscription()

    private init() {}

    var description: String { "Empty" }
    var playgroundDescription: Any { description }
    var customMirror: Mirror { Mirror(self, children: [:]) }
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
}
