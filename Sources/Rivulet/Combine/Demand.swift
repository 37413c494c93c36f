extension Subscribers {
    /// How many values a subscriber asks for (Combine's `Subscribers.Demand`).
    ///
    /// Rivulet has no backpressure: every subscription is unlimited-demand, so `Demand` appears
    /// only where Combine's signatures name it: `flatMap(maxPublishers:)` (where `.max(n)` limits
    /// the concurrent inner publishers) and `handleEvents(receiveRequest:)` (which is told
    /// `.unlimited` once per subscription).
    public struct Demand: Equatable, Hashable, Comparable, Sendable, CustomStringConvertible {
        /// The count, or `nil` for unlimited.
        @usableFromInline let count: Int?

        @inlinable
        init(count: Int?) { self.count = count }

        /// As many values as the publisher produces.
        public static let unlimited = Demand(count: nil)

        /// No values.
        public static let none = Demand(count: 0)

        /// At most `value` values (negative counts as zero).
        @inlinable
        public static func max(_ value: Int) -> Demand { Demand(count: Swift.max(0, value)) }

        /// The count, or `nil` when unlimited.
        @inlinable
        public var max: Int? { count }

        /// Fewer first; `.unlimited` is the largest.
        @inlinable
        public static func < (lhs: Demand, rhs: Demand) -> Bool {
            switch (lhs.count, rhs.count) {
            case (nil, _): return false
            case (_, nil): return true
            case (let l?, let r?): return l < r
            }
        }

        /// `unlimited` or `max(n)`.
        public var description: String {
            if let count { return "max(\(count))" }
            return "unlimited"
        }
    }
}

/// A subscription as Combine's `handleEvents(receiveSubscription:)` hands it out. Rivulet's
/// subscriptions are unlimited-demand, so `request(_:)` has nothing to do.
public protocol Subscription: Cancellable {
    /// Asks for more values; ignored (demand is always unlimited).
    func request(_ demand: Subscribers.Demand)
}

/// Namespace for subscription values.
public enum Subscriptions {
    /// A subscription that does nothing when requested or cancelled.
    public static var empty: Subscription { EmptySubscription() }
}

/// The subscription `Subscriptions.empty` returns.
struct EmptySubscription: Subscription {
    func request(_ demand: Subscribers.Demand) {}
    func cancel() {}
}
