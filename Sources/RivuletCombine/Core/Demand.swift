import Rivulet

extension Subscribers {
    /// How many values a subscriber asks for (Combine's `Subscribers.Demand`): `.max(n)` or
    /// `.unlimited`.
    ///
    /// Rivulet's subjects, sources and operators honour it as Combine's do (each operator passes
    /// demand upstream in its own way: see `Publisher`); the operators not converted yet keep it
    /// at the end of the chain, in the subscription a custom `Subscriber` is given.
    ///
    /// Arithmetic as Combine defines it: `.unlimited` absorbs every sum, difference and product, a
    /// sum or product that would overflow is `.unlimited`, a difference never goes below `.none`
    /// (and one that would overflow, `.max(Int.max) - (-1)`, is `.none`),
    /// and a count is never negative (`.max(-1)` is `.none`, where Combine would stop the
    /// program). Comparisons with an `Int` treat `.unlimited` as larger than every count.
    @frozen
    public struct Demand: Equatable, Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
        /// The count, or `nil` for unlimited.
        @usableFromInline let count: Int?

        @inlinable
        init(count: Int?) { self.count = count }

        /// As many values as the publisher produces.
        public static let unlimited = Demand(count: nil)

        /// No values.
        public static let none = Demand(count: 0)

        /// At most `value` values (a negative count is `.none`).
        @inlinable
        public static func max(_ value: Int) -> Demand { Demand(count: Swift.max(0, value)) }

        /// The count, or `nil` when unlimited.
        @inlinable
        public var max: Int? { count }

        /// `unlimited` or `max(n)`.
        public var description: String {
            if let count { return "max(\(count))" }
            return "unlimited"
        }

        /// Decodes Combine's encoding: one unsigned integer, the count, where any number above
        /// `Int.max` is unlimited. A negative number (or anything but an unsigned integer) throws
        /// `DecodingError`.
        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            let raw = try container.decode(UInt.self)
            count = raw > UInt(Int.max) ? nil : Int(raw)
        }

        /// Encodes Combine's way: one unsigned integer, the count, and `UInt(Int.max) + 1`
        /// (9223372036854775808) for unlimited.
        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(count.map { UInt($0) } ?? UInt(Int.max) + 1)
        }

        // MARK: Arithmetic

        /// The sum; `.unlimited` if either is, or if the sum overflows.
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

        /// The difference, never below `.none`: `.unlimited` minus anything is `.unlimited`, and
        /// anything else minus `.unlimited` is `.none`.
        @inlinable
        public static func - (lhs: Demand, rhs: Demand) -> Demand {
            guard let l = lhs.count else { return .unlimited }
            guard let r = rhs.count else { return .none }
            return Demand(count: Swift.max(0, l - r))
        }

        /// Subtracts `rhs` from `lhs`.
        @inlinable
        public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }

        /// The difference with a count, never below `.none` (`.unlimited` stays `.unlimited`). A
        /// negative count adds; a difference past `Int.max` (`.max(Int.max) - (-1)`) is `.none`,
        /// as in Combine.
        @inlinable
        public static func - (lhs: Demand, rhs: Int) -> Demand {
            guard let l = lhs.count else { return .unlimited }
            let (difference, overflow) = l.subtractingReportingOverflow(rhs)
            return overflow ? .none : Demand(count: Swift.max(0, difference))
        }

        /// Subtracts a count from `lhs`.
        @inlinable
        public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }

        /// The product with a count: `.unlimited` stays `.unlimited`, a product that overflows is
        /// `.unlimited`, a negative factor gives `.none`.
        @inlinable
        public static func * (lhs: Demand, rhs: Int) -> Demand {
            guard let l = lhs.count else { return .unlimited }
            if rhs <= 0 { return .none }
            let (product, overflow) = l.multipliedReportingOverflow(by: rhs)
            return overflow ? .unlimited : Demand(count: product)
        }

        /// Multiplies `lhs` by a count.
        @inlinable
        public static func *= (lhs: inout Demand, rhs: Int) { lhs = lhs * rhs }

        // MARK: Comparisons

        /// Fewer first; `.unlimited` is the largest.
        @inlinable
        public static func < (lhs: Demand, rhs: Demand) -> Bool {
            switch (lhs.count, rhs.count) {
            case (nil, _): return false
            case (_, nil): return true
            case (let l?, let r?): return l < r
            }
        }

        /// Whether the demand is exactly `rhs` values (never for `.unlimited`).
        @inlinable
        public static func == (lhs: Demand, rhs: Int) -> Bool { lhs.count == rhs }

        /// Whether the demand is exactly `lhs` values (never for `.unlimited`).
        @inlinable
        public static func == (lhs: Int, rhs: Demand) -> Bool { rhs.count == lhs }

        /// Whether the demand is not exactly `rhs` values (always for `.unlimited`).
        @inlinable
        public static func != (lhs: Demand, rhs: Int) -> Bool { lhs.count != rhs }

        /// Whether the demand is not exactly `lhs` values (always for `.unlimited`).
        @inlinable
        public static func != (lhs: Int, rhs: Demand) -> Bool { rhs.count != lhs }

        /// Whether the demand is fewer than `rhs` values (never for `.unlimited`).
        @inlinable
        public static func < (lhs: Demand, rhs: Int) -> Bool { lhs.count.map { $0 < rhs } ?? false }

        /// Whether the demand is at most `rhs` values (never for `.unlimited`).
        @inlinable
        public static func <= (lhs: Demand, rhs: Int) -> Bool { lhs.count.map { $0 <= rhs } ?? false }

        /// Whether the demand is more than `rhs` values (always for `.unlimited`).
        @inlinable
        public static func > (lhs: Demand, rhs: Int) -> Bool { lhs.count.map { $0 > rhs } ?? true }

        /// Whether the demand is at least `rhs` values (always for `.unlimited`).
        @inlinable
        public static func >= (lhs: Demand, rhs: Int) -> Bool { lhs.count.map { $0 >= rhs } ?? true }

        /// Whether `lhs` values are fewer than the demand (always for `.unlimited`).
        @inlinable
        public static func < (lhs: Int, rhs: Demand) -> Bool { rhs.count.map { lhs < $0 } ?? true }

        /// Whether `lhs` values are at most the demand (always for `.unlimited`).
        @inlinable
        public static func <= (lhs: Int, rhs: Demand) -> Bool { rhs.count.map { lhs <= $0 } ?? true }

        /// Whether `lhs` values are more than the demand (never for `.unlimited`).
        @inlinable
        public static func > (lhs: Int, rhs: Demand) -> Bool { rhs.count.map { lhs > $0 } ?? false }

        /// Whether `lhs` values are at least the demand (never for `.unlimited`).
        @inlinable
        public static func >= (lhs: Int, rhs: Demand) -> Bool { rhs.count.map { lhs >= $0 } ?? false }
    }
}
