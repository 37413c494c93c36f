#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A scheduler that runs work on the calling thread, after the work it is already running (a
/// trampoline).
///
/// The first `schedule` on a thread runs its action at once and then, before returning, every
/// action scheduled meanwhile on that thread, in order. A `schedule` made while the trampoline runs
/// queues the action and returns at once, so recursive scheduling never grows the stack.
///
/// As in RxSwift, `subscribe` runs on this trampoline (a subscription made where none runs starts
/// one, and it drains before `subscribe` returns), and `of`, `from`, `range`, `generate` and
/// `repeatElement` without a scheduler send one element per trampoline step. So two synchronous
/// sources of one `merge` interleave, and a source subscribed from inside a delivery starts after
/// the delivery in progress.
///
/// ```swift
/// CurrentThreadScheduler.instance.schedule(()) { _ in
///     CurrentThreadScheduler.instance.schedule(()) { _ in print("second") ; return Disposables.create() }
///     print("first")
///     return Disposables.create()
/// }
/// ```
public final class CurrentThreadScheduler: ImmediateSchedulerType, Sendable {
    /// The shared instance.
    public static let instance = CurrentThreadScheduler()

    init() {}

    /// `true` when no trampoline runs on the calling thread, so the next `schedule` runs its
    /// action at once.
    public static var isScheduleRequired: Bool {
        !Trampoline.isRunningOnThisThread
    }

    /// Runs `action` now when no trampoline runs on this thread (and then everything scheduled
    /// meanwhile), otherwise queues it behind the running work. Disposing the result of a queued
    /// action before it runs cancels it.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let trampoline = Trampoline.current
        if trampoline.isRunning {
            let item = TrampolineItem { action(state) }
            trampoline.steps.append(item)
            return item
        }
        trampoline.isRunning = true
        let disposable = action(state)
        trampoline.drain()
        return disposable
    }
}

/// Work queued on the current thread's trampoline: a scheduled action, or a synchronous source's
/// next step (the source's sink itself, so a step allocates nothing).
@usableFromInline
protocol TrampolineStep: AnyObject {
    /// Runs the step, on the thread whose trampoline queued it.
    func runStep()
}

/// One thread's trampoline: whether it runs, and the steps queued on it. Made the first time the
/// thread uses a trampoline and kept (in a pthread key) until the thread ends, so entering and
/// leaving cost one key read, two stores and no allocation.
///
/// Only its own thread touches it, so it needs no lock.
@usableFromInline
final class Trampoline {
    @exclusivity(unchecked) var isRunning = false
    @exclusivity(unchecked) var steps = RingBuffer<TrampolineStep>()

    fileprivate static let key: pthread_key_t = {
        var key = pthread_key_t()
        // The thread's trampoline is released when the thread ends.
        _ = pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
                Unmanaged<Trampoline>.fromOpaque(pointer).release()
            #else
                if let pointer { Unmanaged<Trampoline>.fromOpaque(pointer).release() }
            #endif
        }
        return key
    }()

    /// The calling thread's trampoline (made on first use), unretained.
    static var currentUnmanaged: Unmanaged<Trampoline> {
        if let pointer = pthread_getspecific(key) { return Unmanaged<Trampoline>.fromOpaque(pointer) }
        return Unmanaged.passRetained(Trampoline()).storedInKey()
    }

    /// The calling thread's trampoline (made on first use).
    static var current: Trampoline { currentUnmanaged.takeUnretainedValue() }

    /// `true` while a trampoline runs on the calling thread.
    static var isRunningOnThisThread: Bool {
        guard let pointer = pthread_getspecific(key) else { return false }
        return Unmanaged<Trampoline>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.isRunning }
    }

    /// Starts the calling thread's trampoline if it is not running. Returns it when it did (the
    /// caller then passes it to `end(_:)`), `nil` when it already ran.
    ///
    /// Not inlined, nor is `end`: at a subscription's call site an opaque call costs less than
    /// the optimisations an inlined key access prevents (measured on B3).
    ///
    /// Given the observer of a `subscribe(onNext:...)`, it also keeps the subscribing call stack
    /// when `Hooks.recordCallStackOnError` is set (here, where the flag read costs the call site
    /// nothing).
    @usableFromInline @inline(never)
    static func begin(recordingFor observer: SubscriptionCallStackRecording? = nil) -> Unmanaged<Trampoline>? {
        // The flag first: binding `observer` first cost a retain and a release per subscription.
        if Hooks.recording.load(ordering: .relaxed), let observer { observer.recordSubscriptionCallStack() }
        let trampoline = currentUnmanaged
        let started = trampoline._withUnsafeGuaranteedRef { trampoline in
            if trampoline.isRunning { return false }
            trampoline.isRunning = true
            return true
        }
        return started ? trampoline : nil
    }

    /// Ends what `begin()` started: runs every step queued meanwhile, in order (steps may queue
    /// more), then marks the trampoline idle. Does nothing given `nil`.
    @usableFromInline @inline(never)
    static func end(_ started: Unmanaged<Trampoline>?) {
        started?._withUnsafeGuaranteedRef { $0.drain() }
    }

    /// Runs the queued steps, then marks the trampoline idle.
    func drain() {
        while let step = steps.removeFirst() {
            step.runStep()
        }
        isRunning = false
    }

    /// Queues `step` on the calling thread's trampoline, which must be running.
    @usableFromInline
    static func enqueue(_ step: TrampolineStep) {
        current.steps.append(step)
    }

    /// Runs `step` on the trampoline: queued behind the running work when it runs, otherwise at
    /// once, followed by whatever it queues (so the source that starts a trampoline sends its
    /// elements before this call returns).
    @usableFromInline
    static func schedule(_ step: TrampolineStep) {
        let trampoline = current
        if trampoline.isRunning {
            trampoline.steps.append(step)
            return
        }
        trampoline.isRunning = true
        step.runStep()
        trampoline.drain()
    }
}

extension Unmanaged where Instance == Trampoline {
    /// Stores this (retained) trampoline as the calling thread's and returns it.
    fileprivate func storedInKey() -> Unmanaged<Trampoline> {
        _ = pthread_setspecific(Trampoline.key, toOpaque())
        return self
    }
}

/// An action queued on a trampoline by `CurrentThreadScheduler.schedule`.
private final class TrampolineItem: TrampolineStep, Cancelable, @unchecked Sendable {
    // @unchecked Sendable: `action` is only run by the trampoline's thread; `result` has its own lock.
    private let action: () -> Disposable
    private let result = SingleAssignmentDisposable()

    init(_ action: @escaping () -> Disposable) { self.action = action }

    var isDisposed: Bool { result.isDisposed }

    func runStep() {
        if result.isDisposed { return }
        result.setDisposable(action())
    }

    func dispose() { result.dispose() }
}

extension Observable {
    /// Subscribes on the current thread's trampoline, as RxSwift's `subscribe` does: where no
    /// trampoline runs on this thread, one runs for the length of the call, so what synchronous
    /// sources queue (`of`, `from`, `range`...) is sent after every source of the subscription was
    /// subscribed, before this call returns. Inside a running trampoline it is `_subscribe`.
    @inlinable @inline(__always)
    final func subscribeOnTrampoline(_ handler: consuming @escaping (Event<Element>) -> Void, _ subscriber: SinkBase) {
        let started = subscribesOnTrampoline ? Trampoline.begin() : nil
        _subscribe(handler, subscriber)
        Trampoline.end(started)
    }
}
