import Dispatch
import Foundation
import Rivulet

#if !canImport(Combine)
    /// The operation `OperationQueue`'s `schedule(after:)` adds to the queue at once (Linux; on
    /// Apple platforms Foundation's Combine overlay schedules): it is not ready until its date, so
    /// the queue runs it then; it runs its action once (a second `main()` does nothing), and a
    /// `cancel()` before then drops the action and lets the queue discard it.
    ///
    /// For a repeating schedule each run adds the next operation, due one interval later, until
    /// the `RepeatingOperations` it belongs to is cancelled.
    final class DelayedOperation: Operation, Cancellable, @unchecked Sendable {
        // @unchecked Sendable: `action`, `isDue` and `isDropped` are guarded by `lock`; the
        // rest is immutable.
        private let lock = Lock.make()
        @exclusivity(unchecked) private var action: ScheduledAction?
        @exclusivity(unchecked) private var isDue = false
        private let repeating: RepeatingOperations?

        private init(_ action: ScheduledAction, repeating: RepeatingOperations?) {
            self.action = action
            self.repeating = repeating
            super.init()
        }

        /// A new operation that becomes ready `delay` seconds from now, and runs `action`.
        static func make(
            _ action: ScheduledAction, dueIn delay: TimeInterval, repeating: RepeatingOperations? = nil
        ) -> DelayedOperation {
            let operation = DelayedOperation(action, repeating: repeating)
            DispatchQueue.global().asyncAfter(deadline: .now() + Swift.max(0, delay)) { [weak operation] in
                operation?.becomeReady()
            }
            return operation
        }

        /// Not ready until its date (or its cancel), then as any operation.
        override var isReady: Bool { lock.withLock { isDue } && super.isReady }

        /// Runs on the queue's thread.
        override var isAsynchronous: Bool { false }

        private func becomeReady() {
            willChangeValue(for: \.isReady)
            lock.withLock { isDue = true }
            didChangeValue(for: \.isReady)
        }

        /// Runs the action, once; a repeating operation then adds the next one.
        override func main() {
            guard let action = lock.withLock({ self.action.take() }) else { return }
            action.run()
            repeating?.scheduleNext(after: self, action)
        }

        /// Drops the action and lets the queue discard the operation.
        override func cancel() {
            _ = lock.withLock { action.take() }
            super.cancel()
            becomeReady()
        }
    }

    /// The operations of one repeating `schedule(after:interval:)` on an `OperationQueue`: the
    /// current one (each run adds the next, due one interval later) until `cancel()`.
    final class RepeatingOperations: Cancellable, @unchecked Sendable {
        // @unchecked Sendable: `current` and `isCancelled` are guarded by `lock`; the rest is
        // immutable (the queue may be used from any thread).
        private let lock = Lock.make()
        @exclusivity(unchecked) private var current: DelayedOperation?
        @exclusivity(unchecked) private var isCancelled = false
        private let queue: UncheckedReference<OperationQueue>
        private let interval: TimeInterval

        init(queue: OperationQueue, interval: TimeInterval) {
            self.queue = UncheckedReference(queue)
            self.interval = interval
        }

        /// Adds the first operation, due in `delay` seconds.
        func start(_ action: ScheduledAction, dueIn delay: TimeInterval) {
            let first = DelayedOperation.make(action, dueIn: delay, repeating: interval > 0 ? self : nil)
            lock.withLock { current = first }
            queue.object.addOperation(first)
        }

        /// After `operation` ran: adds the next one, unless cancelled.
        func scheduleNext(after operation: DelayedOperation, _ action: ScheduledAction) {
            let next = DelayedOperation.make(action, dueIn: interval, repeating: self)
            lock.lock()
            if isCancelled || current !== operation { return lock.unlock() }
            current = next
            lock.unlock()
            queue.object.addOperation(next)
        }

        /// Stops the repetition: the pending operation is cancelled.
        func cancel() {
            lock.lock()
            isCancelled = true
            let pending = current.take()
            lock.unlock()
            pending?.cancel()
        }
    }
#endif
