import Rivulet

extension Subscribers {
    /// How many values a subscriber asks for (Combine's `Subscribers.Demand`).
    ///
    /// The engine has no backpressure: operator subscriptions are unlimited-demand. `Demand` is
    /// honoured at the end of a chain, by the subscription a custom `Subscriber` is given (values
    /// wait there until requested), and where Combine's signatures name it:
    /// `flatMap(maxPublishers:)` (where `.max(n)` limits the concurrent inner publishers) and
    /// `handleEvents(receiveRequest:)` (which is told `.unlimited` once per subscription).
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

        /// The sum; anything plus `.unlimited` is `.unlimited`, and a sum that would overflow is
        /// `.unlimited` too.
        @inlinable
        public static func + (lhs: Demand, rhs: Demand) -> Demand {
            guard let l = lhs.count, let r = rhs.count else { return .unlimited }
            let (sum, overflow) = l.addingReportingOverflow(r)
            return overflow ? .unlimited : Demand(count: sum)
        }

        /// Adds `rhs` to `lhs`.
        @inlinable
        public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }

        /// The sum with a count (a negative count subtracts, never below `.none`).
        @inlinable
        public static func + (lhs: Demand, rhs: Int) -> Demand {
            rhs < 0 ? lhs - Demand(count: rhs == .min ? .max : -rhs) : lhs + .max(rhs)
        }

        /// Adds a count to `lhs`.
        @inlinable
        public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }

        /// The difference, never below `.none`; `.unlimited` minus anything finite stays
        /// `.unlimited`, and anything minus `.unlimited` is `.none`.
        @inlinable
        public static func - (lhs: Demand, rhs: Demand) -> Demand {
            guard let r = rhs.count else { return .none }
            guard let l = lhs.count else { return .unlimited }
            return Demand(count: Swift.max(0, l - r))
        }

        /// Subtracts `rhs` from `lhs`.
        @inlinable
        public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }

        /// The difference with a count, never below `.none`.
        @inlinable
        public static func - (lhs: Demand, rhs: Int) -> Demand {
            rhs < 0 ? lhs + Demand(count: rhs == .min ? .max : -rhs) : lhs - .max(rhs)
        }

        /// Subtracts a count from `lhs`.
        @inlinable
        public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }

        /// Whether the demand is exactly `rhs` values (never for `.unlimited`).
        @inlinable
        public static func == (lhs: Demand, rhs: Int) -> Bool { lhs.count == rhs }

        /// Whether the demand is fewer than `rhs` values.
        @inlinable
        public static func < (lhs: Demand, rhs: Int) -> Bool { lhs < .max(rhs) }

        /// Whether the demand is more than `rhs` values (always for `.unlimited`).
        @inlinable
        public static func > (lhs: Demand, rhs: Int) -> Bool { .max(rhs) < lhs }

        /// `unlimited` or `max(n)`.
        public var description: String {
            if let count { return "max(\(count))" }
            return "unlimited"
        }
    }
}
