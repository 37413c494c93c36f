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

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        // The slot only holds a pointer while a trampoline runs on the thread (see `schedule`),
        // so no destructor is needed.
        _ = pthread_key_create(&key, nil)
        return key
    }()

    init() {}

    /// `true` when no trampoline runs on the calling thread, so the next `schedule` runs its
    /// action at once.
    public static var isScheduleRequired: Bool {
        pthread_getspecific(key) == nil
    }

    /// Runs `action` now when no trampoline runs on this thread (and then everything scheduled
    /// meanwhile), otherwise queues it behind the running work. Disposing the result of a queued
    /// action before it runs cancels it.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        if let pointer = pthread_getspecific(Self.key) {
            let trampoline = Unmanaged<Trampoline>.fromOpaque(pointer).takeUnretainedValue()
            let item = TrampolineItem { action(state) }
            trampoline.items.append(item)
            return item
        }
        let trampoline = Trampoline()
        _ = pthread_setspecific(Self.key, Unmanaged.passUnretained(trampoline).toOpaque())
        defer {
            _ = pthread_setspecific(Self.key, nil)
            withExtendedLifetime(trampoline) {}
        }
        let disposable = action(state)
        while !trampoline.items.isEmpty {
            let item = trampoline.items.removeFirst()
            item.invoke()
        }
        return disposable
    }
}

/// The queue of one thread's running trampoline; only that thread touches it.
private final class Trampoline {
    var items: [TrampolineItem] = []
}

/// An action queued on a trampoline.
private final class TrampolineItem: Cancelable, @unchecked Sendable {
    // @unchecked Sendable: `action` is only run by the trampoline's thread; `result` has its own lock.
    private let action: () -> Disposable
    private let result = SingleAssignmentDisposable()

    init(_ action: @escaping () -> Disposable) { self.action = action }

    var isDisposed: Bool { result.isDisposed }

    func invoke() {
        if result.isDisposed { return }
        result.setDisposable(action())
    }

    func dispose() { result.dispose() }
}
