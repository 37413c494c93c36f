import Dispatch

extension DispatchTimeInterval {
    /// The interval closest to `seconds` (nanosecond precision); infinite or huge spans are
    /// `.never`, negative ones are zero.
    static func rivuletInterval(seconds: Double) -> DispatchTimeInterval {
        if !seconds.isFinite || seconds >= Double(Int.max) / 1_000_000_000 { return .never }
        if seconds <= 0 { return .nanoseconds(0) }
        return .nanoseconds(Int((seconds * 1_000_000_000).rounded()))
    }
}
