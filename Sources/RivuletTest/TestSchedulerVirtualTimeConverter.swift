import Foundation
import Rivulet

/// Converts `TestScheduler` ticks to real time: one tick is `resolution` seconds, so
/// `.seconds(n)` is `n / resolution` ticks (rounded to the nearest tick).
public struct TestSchedulerVirtualTimeConverter: VirtualTimeConverterType, Sendable {
    /// Virtual time in ticks.
    public typealias VirtualTimeUnit = Int
    /// Virtual intervals in ticks.
    public typealias VirtualTimeIntervalUnit = Int

    private let resolution: Double

    init(resolution: Double) {
        // A zero, negative or non-finite resolution would make every conversion meaningless;
        // fall back to one second per tick.
        self.resolution = resolution.isFinite && resolution > 0 ? resolution : 1.0
    }

    /// `virtualTime * resolution` seconds after 1970.
    public func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime {
        Date(timeIntervalSince1970: TimeInterval(virtualTime) * resolution)
    }

    /// The nearest tick to `time` (clamped to the `Int` range).
    public func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit {
        ticks(time.timeIntervalSince1970)
    }

    /// `virtualTimeInterval * resolution` seconds.
    public func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval {
        TimeInterval(virtualTimeInterval) * resolution
    }

    /// The nearest whole number of ticks to `timeInterval` seconds (clamped to the `Int` range).
    public func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit {
        ticks(timeInterval)
    }

    /// `time + offset`, saturating at the `Int` range.
    public func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit {
        let (sum, overflow) = time.addingReportingOverflow(offset)
        if overflow { return offset > 0 ? .max : .min }
        return sum
    }

    /// Compares two tick counts.
    public func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison {
        lhs < rhs ? .lessThan : lhs == rhs ? .equal : .greaterThan
    }

    private func ticks(_ seconds: TimeInterval) -> Int {
        let value = (seconds / resolution).rounded()
        if value.isNaN { return 0 }
        if value >= Double(Int.max) { return .max }
        if value <= Double(Int.min) { return .min }
        return Int(value)
    }
}
