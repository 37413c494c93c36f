import Dispatch

/// Nanosecond arithmetic that saturates at `Int.min`/`Int.max` instead of trapping: the strides
/// of Rivulet's schedulers never crash on a large span (a `DispatchTimeInterval.seconds(.max)`, a
/// year in nanoseconds times a year).
@usableFromInline
enum SaturatingNanoseconds {
    @inlinable
    static func clamp(_ result: (partialValue: Int, overflow: Bool), negative: Bool) -> Int {
        result.overflow ? (negative ? .min : .max) : result.partialValue
    }

    @inlinable
    static func add(_ a: Int, _ b: Int) -> Int { clamp(a.addingReportingOverflow(b), negative: a < 0) }

    @inlinable
    static func subtract(_ a: Int, _ b: Int) -> Int { clamp(a.subtractingReportingOverflow(b), negative: a < 0) }

    /// `value` units of `scale` nanoseconds.
    @inlinable
    static func multiply(_ value: Int, by scale: Int) -> Int {
        clamp(value.multipliedReportingOverflow(by: scale), negative: (value < 0) != (scale < 0))
    }

    /// The product of two spans in seconds, in nanoseconds: `a * b / 10⁹` on the full-width
    /// product (1 s × 10 s = 10 s), saturating.
    @inlinable
    static func secondsProduct(_ a: Int, _ b: Int) -> Int {
        let negative = (a < 0) != (b < 0)
        let product = a.magnitude.multipliedFullWidth(by: b.magnitude)
        // |a·b| / 10⁹ as long as the quotient fits; `dividingFullWidth` needs the dividend's high
        // word below the divisor.
        let divisor: UInt = 1_000_000_000
        if product.high >= divisor { return negative ? .min : .max }
        let quotient = divisor.dividingFullWidth((high: product.high, low: product.low)).quotient
        if quotient > UInt(Int.max) { return negative ? .min : .max }
        return negative ? -Int(quotient) : Int(quotient)
    }

    /// `seconds` in nanoseconds, rounded; NaN counts as zero.
    @inlinable
    static func from(seconds: Double) -> Int {
        let nanoseconds = (seconds * 1_000_000_000).rounded()
        if nanoseconds.isNaN { return 0 }
        if nanoseconds >= Double(Int.max) { return .max }
        if nanoseconds <= Double(Int.min) { return .min }
        return Int(nanoseconds)
    }

    /// `interval` in nanoseconds (`.never` is `Int.max`).
    @inlinable
    static func from(_ interval: DispatchTimeInterval) -> Int {
        switch interval {
        case .seconds(let s): return multiply(s, by: 1_000_000_000)
        case .milliseconds(let ms): return multiply(ms, by: 1_000_000)
        case .microseconds(let us): return multiply(us, by: 1_000)
        case .nanoseconds(let ns): return ns
        case .never: return .max
        @unknown default: return .max
        }
    }
}
