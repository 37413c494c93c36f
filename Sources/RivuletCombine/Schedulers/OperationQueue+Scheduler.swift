import Dispatch
import Foundation
import Rivulet

#if !canImport(Combine)
    // Linux: Rivulet declares Combine's OperationQueue scheduler (on Apple platforms Foundation's Combine
    // overlay declares it, and `AppleSchedulers.swift` reuses it).
    extension OperationQueue: Scheduler {
        /// A point in wall-clock time: the time type of an operation queue.
        public struct SchedulerTimeType: Strideable, Codable, Hashable, Sendable, CustomStringConvertible {
            /// The date.
            public var date: Date

            /// Wraps `date`.
            public init(_ date: Date) { self.date = date }

            /// The span from `self` to `other`.
            public func distance(to other: Self) -> Stride { Stride(other.date.timeIntervalSince(date)) }

            /// The time `n` later (earlier when negative).
            public func advanced(by n: Stride) -> Self { Self(date.addingTimeInterval(n.timeInterval)) }

            private enum CodingKeys: String, CodingKey { case date }

            /// Decodes the date, keyed `date` as Foundation's Combine schedulers code it.
            public init(from decoder: Decoder) throws {
                self.init(try decoder.container(keyedBy: CodingKeys.self).decode(Date.self, forKey: .date))
            }

            /// Encodes the date, keyed `date` (`{"date": …}`), as Foundation's Combine schedulers do.
            public func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(date, forKey: .date)
            }

            /// `SchedulerTimeType(date)`.
            public var description: String { "SchedulerTimeType(\(date))" }

            /// A span between two dates, in seconds (`TimeInterval`); literals count seconds.
            public struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric,
                ExpressibleByFloatLiteral,
                Hashable, Codable, Sendable, CustomStringConvertible, NanosecondStride
            {
                /// The span in seconds.
                public var magnitude: TimeInterval

                /// The span in seconds.
                public var timeInterval: TimeInterval { magnitude }

                /// A stride of `timeInterval` seconds.
                public init(_ timeInterval: TimeInterval) { magnitude = timeInterval }

                /// A stride of `value` seconds.
                public init(floatLiteral value: TimeInterval) { magnitude = value }

                /// A stride of `value` seconds.
                public init(integerLiteral value: TimeInterval) { magnitude = value }

                /// A stride of `source` seconds, if a `TimeInterval` holds it exactly.
                public init?<T: BinaryInteger>(exactly source: T) {
                    guard let seconds = TimeInterval(exactly: source) else { return nil }
                    magnitude = seconds
                }

                /// `s` seconds.
                public static func seconds(_ s: Int) -> Self { Self(TimeInterval(s)) }
                /// `s` seconds.
                public static func seconds(_ s: Double) -> Self { Self(s) }
                /// `ms` milliseconds.
                public static func milliseconds(_ ms: Int) -> Self { Self(TimeInterval(ms) / 1_000) }
                /// `us` microseconds.
                public static func microseconds(_ us: Int) -> Self { Self(TimeInterval(us) / 1_000_000) }
                /// `ns` nanoseconds.
                public static func nanoseconds(_ ns: Int) -> Self { Self(TimeInterval(ns) / 1_000_000_000) }

                /// Shorter spans first.
                public static func < (lhs: Self, rhs: Self) -> Bool { lhs.magnitude < rhs.magnitude }
                /// The sum.
                public static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude + rhs.magnitude) }
                /// The difference.
                public static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude - rhs.magnitude) }
                /// The product of the two spans in seconds.
                public static func * (lhs: Self, rhs: Self) -> Self { Self(lhs.magnitude * rhs.magnitude) }
                /// Adds in place.
                public static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
                /// Subtracts in place.
                public static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
                /// Multiplies in place.
                public static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }

                @usableFromInline var spanNanoseconds: Int { SaturatingNanoseconds.from(seconds: magnitude) }

                private enum CodingKeys: String, CodingKey { case magnitude }

                /// Decodes the span in seconds, keyed `magnitude` as Foundation codes it.
                public init(from decoder: Decoder) throws {
                    magnitude = try decoder.container(keyedBy: CodingKeys.self).decode(
                        TimeInterval.self, forKey: .magnitude)
                }

                /// Encodes the span in seconds, keyed `magnitude` (`{"magnitude": …}`), as Foundation does.
                public func encode(to encoder: Encoder) throws {
                    var container = encoder.container(keyedBy: CodingKeys.self)
                    try container.encode(magnitude, forKey: .magnitude)
                }

                /// `Stride(magnitude: s)` (seconds).
                public var description: String { "Stride(magnitude: \(magnitude))" }
            }
        }

        /// An operation queue takes no scheduling options.
        public struct SchedulerOptions: Sendable {}

        /// The current date.
        public var now: SchedulerTimeType { SchedulerTimeType(Date()) }

        /// Zero.
        public var minimumTolerance: SchedulerTimeType.Stride { 0 }

        /// Adds `action` to the queue as a `BlockOperation`.
        public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
            let work = ScheduledAction(action)
            addOperation(BlockOperation { work.run() })
        }

        /// Adds an operation to the queue at once that becomes ready at `date` (or later) and then
        /// runs `action`; cancelling that operation drops `action`.
        public func schedule(
            after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
            _ action: @escaping () -> Void
        ) {
            addOperation(DelayedOperation.make(ScheduledAction(action), dueIn: date.date.timeIntervalSinceNow))
        }

        /// Adds an operation to the queue at once that becomes ready at `date` and runs `action`;
        /// each run adds the next one, ready `interval` later (an `interval` of zero or less runs
        /// it once), until the result is cancelled or released.
        public func schedule(
            after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
            options: SchedulerOptions?, _ action: @escaping () -> Void
        ) -> Cancellable {
            let operations = RepeatingOperations(queue: self, interval: interval.magnitude)
            operations.start(ScheduledAction(action), dueIn: date.date.timeIntervalSinceNow)
            return AnyCancellable(operations)
        }
    }
#endif
