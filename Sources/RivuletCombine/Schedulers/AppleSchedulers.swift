#if canImport(Combine)
    import Combine
    import Foundation

    // Apple platforms only (not compiled on Linux; reasoned, not built, in this repository's CI):
    // Combine's overlay already gives DispatchQueue, RunLoop and OperationQueue their scheduler
    // members (`now`, `minimumTolerance`, the `schedule` methods, the time, stride and option
    // types), with the shapes RivuletCombine's `Scheduler` requires, and their strides have
    // `SchedulerTimeIntervalConvertible`'s members. So these conformances reuse Combine's
    // declarations and add only what differs: the repeating `schedule`, whose result is
    // RivuletCombine's `Cancellable` (a wrapper of Combine's), and the strides' span for the
    // engine. On Apple platforms the recommended import is Apple's Combine itself (see
    // docs/migrating-from-combine.md).

    extension DispatchQueue: RivuletCombine.Scheduler {
        /// Combine's repeating `schedule`, its result wrapped in RivuletCombine's `Cancellable`.
        public func schedule(
            after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
            options: SchedulerOptions?, _ action: @escaping () -> Void
        ) -> RivuletCombine.Cancellable {
            let apple: Combine.Cancellable = schedule(
                after: date, interval: interval, tolerance: tolerance, options: options, action)
            return RivuletCombine.AnyCancellable { apple.cancel() }
        }
    }

    extension RunLoop: RivuletCombine.Scheduler {
        /// Combine's repeating `schedule`, its result wrapped in RivuletCombine's `Cancellable`.
        public func schedule(
            after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
            options: SchedulerOptions?, _ action: @escaping () -> Void
        ) -> RivuletCombine.Cancellable {
            let apple: Combine.Cancellable = schedule(
                after: date, interval: interval, tolerance: tolerance, options: options, action)
            return RivuletCombine.AnyCancellable { apple.cancel() }
        }
    }

    extension OperationQueue: RivuletCombine.Scheduler {
        /// Combine's repeating `schedule`, its result wrapped in RivuletCombine's `Cancellable`.
        public func schedule(
            after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
            options: SchedulerOptions?, _ action: @escaping () -> Void
        ) -> RivuletCombine.Cancellable {
            let apple: Combine.Cancellable = schedule(
                after: date, interval: interval, tolerance: tolerance, options: options, action)
            return RivuletCombine.AnyCancellable { apple.cancel() }
        }
    }

    extension DispatchQueue.SchedulerTimeType.Stride: RivuletCombine.SchedulerTimeIntervalConvertible, NanosecondStride
    {
        @usableFromInline var spanNanoseconds: Int { magnitude }
    }

    extension RunLoop.SchedulerTimeType.Stride: RivuletCombine.SchedulerTimeIntervalConvertible, NanosecondStride {
        @usableFromInline var spanNanoseconds: Int { SaturatingNanoseconds.from(seconds: magnitude) }
    }

    extension OperationQueue.SchedulerTimeType.Stride: RivuletCombine.SchedulerTimeIntervalConvertible, NanosecondStride
    {
        @usableFromInline var spanNanoseconds: Int { SaturatingNanoseconds.from(seconds: magnitude) }
    }
#endif
