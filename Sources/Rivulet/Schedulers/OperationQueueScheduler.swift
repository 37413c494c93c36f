import Foundation

/// A scheduler that runs each action as an `Operation` on an `OperationQueue`, with the given
/// queue priority.
///
/// The queue's `maxConcurrentOperationCount` decides whether actions may overlap.
public class OperationQueueScheduler: ImmediateSchedulerType, @unchecked Sendable {
    // @unchecked Sendable: both stored properties are immutable; OperationQueue is thread-safe.

    /// The queue the actions run on.
    public let operationQueue: OperationQueue
    /// The priority of every operation this scheduler adds.
    public let queuePriority: Operation.QueuePriority

    /// A scheduler on `operationQueue` whose operations have priority `queuePriority`.
    public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
        self.operationQueue = operationQueue
        self.queuePriority = queuePriority
    }

    /// Adds an operation that runs `action`; disposing the result cancels it if it has not run.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let result = SingleAssignmentDisposable()
        let work = UncheckedSendableBox((state, action))
        let operation = BlockOperation {
            if result.isDisposed { return }
            result.setDisposable(work.value.1(work.value.0))
        }
        operation.queuePriority = queuePriority
        operationQueue.addOperation(operation)
        let cancelOperation = UncheckedSendableBox(operation)
        return Disposables.create(result, Disposables.create(with: { cancelOperation.value.cancel() }))
    }
}
