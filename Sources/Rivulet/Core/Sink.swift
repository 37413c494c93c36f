/// The disposal half of every subscription an operator makes: it holds the upstream subscription,
/// which may arrive after a terminal event or a `dispose()` (then it is disposed on arrival).
///
/// Not generic, so the code runs once per subscription, never per event.
@usableFromInline
class SinkBase: Cancelable, @unchecked Sendable {
    // @unchecked Sendable: `upstream` and `state` are guarded by `lock`.
    @usableFromInline
    enum UpstreamState {
        case waiting
        case attached(Disposable)
        case disposed
    }

    @usableFromInline let lock = Lock.make()
    /// The case of `upstreamState` as a plain byte (`waitingPhase`, `attachedPhase`,
    /// `disposedPhase`), guarded by `lock`: checks read it instead of matching the enum, which
    /// copies and destroys the `Disposable` existential inside through value witnesses. Declared
    /// next to the lock so it sits in the lock's padding (the object does not grow).
    @exclusivity(unchecked) @usableFromInline var upstreamPhase = SinkBase.waitingPhase
    @exclusivity(unchecked) @usableFromInline var upstreamState = UpstreamState.waiting
    @usableFromInline static let waitingPhase: UInt8 = 0
    @usableFromInline static let attachedPhase: UInt8 = 1
    @usableFromInline static let disposedPhase: UInt8 = 2
    /// The bag that holds this subscription, told when it finishes (guarded by `lock`).
    @exclusivity(unchecked) weak var bag: DisposeBag?
    /// This subscription's slot in `bag` (guarded by the bag's lock).
    @exclusivity(unchecked) var bagIndex = -1

    @usableFromInline
    init() {
        ResourceCounter.increment()
    }

    deinit {
        ResourceCounter.decrement()
    }

    /// Attaches the upstream subscription, or disposes it at once if this sink is already done.
    @usableFromInline
    final func setUpstream(_ disposable: Disposable) {
        let disposeNow = lock.withLock { () -> Bool in
            guard upstreamPhase == SinkBase.waitingPhase else { return true }
            upstreamState = .attached(disposable)
            upstreamPhase = SinkBase.attachedPhase
            return false
        }
        if disposeNow { disposable.dispose() }
    }

    /// `true` once the sink was disposed (by its owner or after a terminal event).
    @usableFromInline
    final var isDisposed: Bool {
        lock.withLock { upstreamPhase == SinkBase.disposedPhase }
    }

    /// Disposes the upstream subscription (now, or when it is attached); runs `didDispose()` once.
    @usableFromInline
    final func dispose() {
        // Plain lock/unlock and a switch on the old state, rather than returning an optional
        // existential out of `withLock`: destroying that `(Bool, Disposable?, DisposeBag?)` went
        // through `Optional`'s generic value witness (~350 instructions per disposal).
        lock.lock()
        if upstreamPhase == SinkBase.disposedPhase {
            lock.unlock()
            return
        }
        upstreamPhase = SinkBase.disposedPhase
        var previous = UpstreamState.disposed
        swap(&previous, &upstreamState)  // moves the state out: no copy of the existential inside
        let bag = self.bag
        lock.unlock()
        willDispose()
        if case .attached(let upstream) = consume previous { upstream.dispose() }
        didDispose()
        bag?.remove(self)
    }

    enum BagClaim {
        case claimed
        case finished
        case heldElsewhere
    }

    /// Lets `bag` track this subscription, unless it already finished or another bag tracks it.
    func claim(by bag: DisposeBag) -> BagClaim {
        lock.withLock {
            if upstreamPhase == SinkBase.disposedPhase { return .finished }
            if self.bag != nil { return .heldElsewhere }
            self.bag = bag
            return .claimed
        }
    }

    /// Stops user closures from running for this subscription, ahead of `dispose()`. Used by a
    /// `DisposeBag` that is about to tear down several subscriptions.
    @usableFromInline
    func mute() {}

    /// Called once, before the upstream is disposed. Gated sinks stop delivery here.
    @usableFromInline
    func willDispose() {}

    /// Called once, after the upstream was disposed. Subclasses release their own resources here.
    @usableFromInline
    func didDispose() {}
}

/// The standard operator sink: forwards events downstream, enforces the grammar (nothing after a
/// terminal event) and disposes upstream on the terminal event.
///
/// `isStopped` is only touched on the event path, which the source serialises.
@usableFromInline
final class Sink<Element>: SinkBase, @unchecked Sendable {
    @usableFromInline let downstream: (Event<Element>) -> Void
    @exclusivity(unchecked) @usableFromInline var isStopped = false

    @inlinable
    init(_ downstream: @escaping (Event<Element>) -> Void) {
        self.downstream = downstream
    }

    /// Forwards a value unless the sink has stopped.
    @inlinable
    func forwardNext(_ element: Element) {
        if !isStopped { downstream(.next(element)) }
    }

    /// Forwards any event; a terminal event stops the sink and disposes its upstream.
    @inlinable
    func forward(_ event: Event<Element>) {
        if isStopped { return }
        if case .next = event {
            downstream(event)
            return
        }
        isStopped = true
        downstream(event)
        dispose()
    }
}

/// Counts the live sinks and subscriptions in debug builds so tests can prove nothing leaks.
/// In release builds every call is empty and `total` is always 0.
public enum Resources {
    /// The number of live sinks and subject subscriptions (debug builds only; 0 in release).
    public static var total: Int { ResourceCounter.value }
}

@usableFromInline
enum ResourceCounter {
    #if DEBUG
        nonisolated(unsafe) private static let lock = Lock.make()
        nonisolated(unsafe) private static var count = 0

        @usableFromInline
        static func increment() { lock.withLock { count += 1 } }

        @usableFromInline
        static func decrement() { lock.withLock { count -= 1 } }

        static var value: Int { lock.withLock { count } }
    #else
        @inlinable static func increment() {}
        @inlinable static func decrement() {}
        static var value: Int { 0 }
    #endif
}
