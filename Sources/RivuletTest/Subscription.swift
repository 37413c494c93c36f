/// When a test observable was subscribed to and when that subscription ended
/// (`Int.max`: still subscribed).
public struct Subscription: Hashable, Sendable, CustomDebugStringConvertible {
    /// The virtual time of subscribing.
    public let subscribe: TestTime
    /// The virtual time of disposal, or `Int.max` while subscribed.
    public let unsubscribe: TestTime

    /// A subscription that has not ended.
    public init(_ subscribe: TestTime) {
        self.init(subscribe, Int.max)
    }

    /// A subscription from `subscribe` to `unsubscribe`.
    public init(_ subscribe: TestTime, _ unsubscribe: TestTime) {
        self.subscribe = subscribe
        self.unsubscribe = unsubscribe
    }

    /// `(200, 300)`, or `(200, ∞)` while subscribed.
    public var debugDescription: String {
        "(\(subscribe), \(unsubscribe == Int.max ? "∞" : String(unsubscribe)))"
    }
}
