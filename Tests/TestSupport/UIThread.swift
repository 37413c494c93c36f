import Foundation

/// A thread that runs submitted work one item at a time, like an app's main thread: `sync` from
/// another thread waits until the UI thread has run the block, on the UI thread. (A
/// `DispatchQueue.sync` on a private queue may run the block on the calling thread; the main
/// queue never does, and the deadlock shapes the tests reproduce depend on that.)
package final class UIThread: @unchecked Sendable {
    // @unchecked Sendable: `work` and `stopped` are guarded by `condition`; `thread` is set once
    // by the UI thread before it takes work.
    private let condition = NSCondition()
    private var work: [() -> Void] = []
    private var stopped = false
    private var thread: Thread?

    package init() {
        let started = DispatchSemaphore(value: 0)
        Thread { [self] in
            condition.withLock { thread = Thread.current }
            started.signal()
            run()
        }.start()
        started.wait()
    }

    private func run() {
        while true {
            condition.lock()
            while work.isEmpty && !stopped { condition.wait() }
            if work.isEmpty {
                condition.unlock()
                return
            }
            let next = work.removeFirst()
            condition.unlock()
            next()
        }
    }

    /// Whether the caller is the UI thread.
    package var isCurrent: Bool { condition.withLock { thread } === Thread.current }

    /// Runs `body` on the UI thread later.
    package func async(_ body: @escaping () -> Void) {
        condition.withLock {
            work.append(body)
            condition.signal()
        }
    }

    /// Runs `body` on the UI thread and waits for it (runs it at once when called on the UI thread).
    package func sync(_ body: @escaping () -> Void) {
        if isCurrent {
            body()
            return
        }
        let done = DispatchSemaphore(value: 0)
        async {
            body()
            done.signal()
        }
        done.wait()
    }

    /// Lets the thread end once its queued work has run.
    package func stop() {
        condition.withLock {
            stopped = true
            condition.signal()
        }
    }
}
