import Foundation

/// Translates between a virtual time scheduler's own time units and real `RxTime`/`TimeInterval`
/// values, and compares and offsets virtual times (RxSwift spelling).
public protocol VirtualTimeConverterType {
    /// The scheduler's notion of a point in time (`Int` ticks for `TestScheduler`).
    associatedtype VirtualTimeUnit
    /// The scheduler's notion of a span of time.
    associatedtype VirtualTimeIntervalUnit

    /// The real time a virtual time stands for.
    func convertFromVirtualTime(_ virtualTime: VirtualTimeUnit) -> RxTime
    /// The virtual time a real time maps to.
    func convertToVirtualTime(_ time: RxTime) -> VirtualTimeUnit
    /// The real length of a virtual interval, in seconds.
    func convertFromVirtualTimeInterval(_ virtualTimeInterval: VirtualTimeIntervalUnit) -> TimeInterval
    /// The virtual interval a real length (in seconds) maps to.
    func convertToVirtualTimeInterval(_ timeInterval: TimeInterval) -> VirtualTimeIntervalUnit
    /// `time` moved by `offset`.
    func offsetVirtualTime(_ time: VirtualTimeUnit, offset: VirtualTimeIntervalUnit) -> VirtualTimeUnit
    /// How `lhs` is ordered relative to `rhs`.
    func compareVirtualTime(_ lhs: VirtualTimeUnit, _ rhs: VirtualTimeUnit) -> VirtualTimeComparison
}

/// The result of comparing two virtual times.
public enum VirtualTimeComparison: Sendable {
    /// The left time is earlier.
    case lessThan
    /// Both times are the same.
    case equal
    /// The left time is later.
    case greaterThan
}
