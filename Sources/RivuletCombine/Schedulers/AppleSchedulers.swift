import Rivulet

#if canImport(Combine)
    import Combine
    import Foundation

    // Apple platforms only (not compiled on Linux; reasoned, not built, in this repository's CI):
    // Combine's overlay already gives DispatchQueue, RunLoop and OperationQueue every member a
    // Rivulet `Scheduler` requires, with the same names and shapes (`now`, `minimumTolerance`,
    // `schedule(options:_:)`, `schedule(after:tolerance:options:_:)`), so these conformances declare
    // nothing new on those types and cannot clash with Combine's members in user code. Only the
    // engine conversion of their strides is added, under a Rivulet-only name.

    extension DispatchQueue: Rivulet.Scheduler {}
    extension RunLoop: Rivulet.Scheduler {}
    extension OperationQueue: Rivulet.Scheduler {}

    extension DispatchQueue.SchedulerTimeType.Stride: Rivulet.SchedulerTimeIntervalConvertible {
        /// The span for the engine.
        public var rxTimeInterval: RxTimeInterval { .nanoseconds(Swift.max(0, magnitude)) }
    }

    extension RunLoop.SchedulerTimeType.Stride: Rivulet.SchedulerTimeIntervalConvertible {
        /// The span for the engine.
        public var rxTimeInterval: RxTimeInterval { .nanoseconds(Int(Swift.max(0, timeInterval) * 1_000_000_000)) }
    }

    extension OperationQueue.SchedulerTimeType.Stride: Rivulet.SchedulerTimeIntervalConvertible {
        /// The span for the engine.
        public var rxTimeInterval: RxTimeInterval { .nanoseconds(Int(Swift.max(0, timeInterval) * 1_000_000_000)) }
    }
#endif
