import Dispatch
import Foundation
import Rivulet

#if !canImport(Combine)
    // Linux: Rivulet declares Combine's DispatchQueue scheduler (on Apple platforms the Combine
    // overlay declares it, and `AppleSchedulers.swift` reuses it).
    extension DispatchQueue: Scheduler {
        /// A point in time on the `DispatchTime` clock: the time type of a dispatch queue.
        public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable, CustomStringConvertible {
            /// The dispatch time.
            public var dispatchTime: DispatchTime

            /// Wraps `time`.
            public init(_ time: DispatchTime) { dispatchTime = time }

            /// The span from `self` to `other`, negative when `other` is earlier. A gap longer
            /// than `Int.max` nanoseconds either way (a time near `distantFuture`) is the longest
            /// stride, `Int.max` (`DispatchTimeInterval.never`), as Dispatch measures it.
            public func distance(to other: Self) -> Stride {
                let start = dispatchTime.rawValue
                let end = other.dispatchTime.rawValue
                let gap = end >= start ? end - start : start - end
                if gap > UInt64(Int.max) { return Stride(nanoseconds: .max) }
                return Stride(nanoseconds: end >= start ? Int(gap) : -Int(gap))
            }

            /// The time `n` later (earlier when negative), as Dispatch adds: a time that would be
            /// past `Int64.max` nanoseconds (or an advance by the longest stride) is
            /// `distantFuture`, and a time before the clock's start is its first instant (1 ns).
            public func advanced(by n: Stride) -> Self {
                let start = dispatchTime.rawValue
                if start == DispatchTime.distantFuture.rawValue || n.magnitude == .max { return Self(.distantFuture) }
                if n.magnitude >= 0 {
                    let (end, overflow) = start.addingReportingOverflow(UInt64(n.magnitude))
                    if overflow || end > UInt64(Int64.max) { return Self(.distantFuture) }
                    return Self(DispatchTime(uptimeNanoseconds: end))
                }
                let back = UInt64(n.magnitude.magnitude)
                return Self(DispatchTime(uptimeNanoseconds: start > back ? start - back : 1))
            }

            /// Equal dispatch times.
            public static func == (lhs: Self, rhs: Self) -> Bool { lhs.dispatchTime == rhs.dispatchTime }

            /// Hashes the raw dispatch time.
            public func hash(into hasher: inout Hasher) { hasher.combine(dispatchTime.rawValue) }

            /// Decodes the uptime in nanoseconds.
            public init(from decoder: Decoder) throws {
                let container = try decoder.singleValueContainer()
                self.init(DispatchTime(uptimeNanoseconds: try container.decode(UInt64.self)))
            }

            /// Encodes the uptime in nanoseconds.
            public func encode(to encoder: Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(dispatchTime.uptimeNanoseconds)
            }

            /// `SchedulerTimeType(uptime: n ns)`.
            public var description: String { "SchedulerTimeType(uptime: \(dispatchTime.uptimeNanoseconds) ns)" }

            /// A span between two dispatch times, in nanoseconds. Integer and float literals count
            /// seconds (`0.25`). Arithmetic saturates at `Int.min`/`Int.max` nanoseconds instead of
            /// trapping; the product of two strides is the product of their seconds (1 s × 10 s =
            /// 10 s).
            public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
                ExpressibleByFloatLiteral,
                Hashable, Codable, Sendable, CustomStringConvertible, NanosecondStride
            {
                /// The span in nanoseconds.
                public var magnitude: Int

                /// The span as a dispatch time interval (`.nanoseconds(magnitude)`).
                public var timeInterval: DispatchTimeInterval { .nanoseconds(magnitude) }

                /// A stride of `timeInterval` (`.never` is the longest stride).
                public init(_ timeInterval: DispatchTimeInterval) {
                    magnitude = SaturatingNanoseconds.from(timeInterval)
                }

                init(nanoseconds: Int) { magnitude = nanoseconds }

                /// A stride of `value` seconds.
                public init(floatLiteral value: Double) { magnitude = SaturatingNanoseconds.from(seconds: value) }

                /// A stride of `value` seconds.
                public init(integerLiteral value: Int) {
                    magnitude = SaturatingNanoseconds.multiply(value, by: 1_000_000_000)
                }

                /// A stride of `source` seconds, if it fits.
                public init?<T: BinaryInteger>(exactly source: T) {
                    guard let seconds = Int(exactly: source) else { return nil }
                    let (nanoseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
                    if overflow { return nil }
                    magnitude = nanoseconds
                }

                /// `s` seconds.
                public static func seconds(_ s: Int) -> Self { Self(.seconds(s)) }
                /// `s` seconds.
                public static func seconds(_ s: Double) -> Self { Self(floatLiteral: s) }
                /// `ms` milliseconds.
                public static func milliseconds(_ ms: Int) -> Self { Self(.milliseconds(ms)) }
                /// `us` microseconds.
                public static func microseconds(_ us: Int) -> Self { Self(.microseconds(us)) }
                /// `ns` nanoseconds.
                public static func nanoseconds(_ ns: Int) -> Self { Self(.nanoseconds(ns)) }

                /// Shorter spans first.
                public static func < (lhs: Self, rhs: Self) -> Bool { lhs.magnitude < rhs.magnitude }
                /// The sum (saturating).
                public static func + (lhs: Self, rhs: Self) -> Self {
                    Self(nanoseconds: SaturatingNanoseconds.add(lhs.magnitude, rhs.magnitude))
                }
                /// The difference (saturating).
                public static func - (lhs: Self, rhs: Self) -> Self {
                    Self(nanoseconds: SaturatingNanoseconds.subtract(lhs.magnitude, rhs.magnitude))
                }
                /// The product of the two spans in seconds (saturating).
                public static func * (lhs: Self, rhs: Self) -> Self {
                    Self(nanoseconds: SaturatingNanoseconds.secondsProduct(lhs.magnitude, rhs.magnitude))
                }
                /// Adds in place.
                public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
                /// Subtracts in place.
                public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
                /// Multiplies in place.
                public static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }

                @usableFromInline var spanNanoseconds: Int { magnitude }

                private enum CodingKeys: String, CodingKey {
                    case nanoseconds = "_nanoseconds"
                }

                /// Decodes the span in nanoseconds, keyed `_nanoseconds` as Combine codes it.
                public init(from decoder: Decoder) throws {
                    magnitude = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .nanoseconds)
                }

                /// Encodes the span in nanoseconds, keyed `_nanoseconds` as Combine codes it
                /// (`{"_nanoseconds":1000}`).
                public func encode(to encoder: Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(magnitude, forKey: .nanoseconds)
                }

                /// `Stride(magnitude: n)` (nanoseconds).
                public var description: String { "Stride(magnitude: \(magnitude))" }
            }
        }

        /// Options for work submitted to a dispatch queue: its quality of service, work item flags
        /// and the group it belongs to.
        public struct SchedulerOptions {
            /// The quality of service of the work.
            public var qos: DispatchQoS
            /// The work item flags.
            public var flags: DispatchWorkItemFlags
            /// The group the work belongs to (entered when the work is submitted, left when it ran).
            public var group: DispatchGroup?

            /// Options with `qos`, `flags` and `group`.
            public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], group: DispatchGroup? = nil)
            {
                self.qos = qos
                self.flags = flags
                self.group = group
            }
        }

        /// The current dispatch time.
        public var now: SchedulerTimeType { SchedulerTimeType(.now()) }

        /// Zero.
        public var minimumTolerance: SchedulerTimeType.Stride { .nanoseconds(0) }

        /// Runs `action` asynchronously on the queue.
        public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
            let work = ScheduledAction(action)
            async(group: options?.group, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) { work.run() }
        }

        /// Runs `action` on the queue at `date` or later.
        public func schedule(
            after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
            _ action: @escaping () -> Void
        ) {
            let work = ScheduledAction(action)
            let group = options?.group
            group?.enter()
            asyncAfter(deadline: date.dispatchTime, qos: options?.qos ?? .unspecified, flags: options?.flags ?? []) {
                work.run()
                group?.leave()
            }
        }

        /// Runs `action` on the queue at `date` and then every `interval` (a dispatch timer; an
        /// `interval` of zero or less fires once), until the result is cancelled or released.
        public func schedule(
            after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
            options: SchedulerOptions?, _ action: @escaping () -> Void
        ) -> Cancellable {
            let work = ScheduledAction(action)
            let timer = DispatchSource.makeTimerSource(queue: self)
            let repeating: DispatchTimeInterval = interval.magnitude > 0 ? interval.timeInterval : .never
            timer.schedule(
                deadline: date.dispatchTime, repeating: repeating,
                leeway: .nanoseconds(Swift.max(0, tolerance.magnitude)))
            timer.setEventHandler { work.run() }
            timer.resume()
            return AnyCancellable { timer.cancel() }
        }
    }
#endif
