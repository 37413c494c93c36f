/// Something a subscription can be attached to: the object a sink's upstream slot and a
/// `DisposeBag` hold. Every engine sink is one, and so is a subject's core, so ending a
/// subscription is one class-method call, with no `Disposable` existential and no box.
/// A foreign `Disposable` (a scheduler's, a user's) is wrapped in a `DisposableNode`.
///
/// Not generic, so disposal code never looks up generic metadata.
@usableFromInline
package class SubscriptionNode: @unchecked Sendable {
    // @unchecked Sendable: no state of its own; subclasses say how theirs is guarded.
    @inlinable
    init() {}

    /// Ends the subscription `subscriber` holds to this node, without waiting for anything. A sink
    /// disposes itself; a subject removes `subscriber` from its observers.
    ///
    /// Returns `true` when no delivery from this node to `subscriber` is running on another thread
    /// (and none will start); `false` when one may still be running, in which case the node calls
    /// `subscriber.upstreamSettled()` exactly once, after it has returned. Called at most once per
    /// subscription, never under a lock.
    @usableFromInline
    func detach(_ subscriber: SinkBase) -> Bool { true }

    /// Ends this node (what a `DisposeBag` calls for each entry on release).
    @usableFromInline
    func disposeNode() {}

    /// Stops this node's user closures from running, ahead of `disposeNode()` (a `DisposeBag`
    /// about to tear down several subscriptions).
    @usableFromInline
    func mute() {}

    /// Lets `bag` track this node at `slot`. Only subscriptions (sinks) can be claimed: they
    /// leave their bag when they finish.
    func claim(by bag: BagStorage, slot: Int32) -> BagClaim { .notASubscription }

    /// The bag moved this node's entry to `slot` (a claimed sink remembers it).
    func moveBagSlot(to slot: Int32) {}
}

/// What `SubscriptionNode.claim(by:slot:)` found.
enum BagClaim {
    /// The bag now tracks the subscription.
    case claimed
    /// The subscription already finished: nothing to hold.
    case finished
    /// Another bag (or this one, earlier) tracks it: hold it, but do not track it.
    case heldElsewhere
    /// Not a subscription: hold it until the bag goes.
    case notASubscription
}

/// A `Disposable` that is not an engine node, held where a node is expected.
@usableFromInline
final class DisposableNode: SubscriptionNode, @unchecked Sendable {
    // @unchecked Sendable: immutable; `dispose()` of the wrapped disposable is its own business.
    @usableFromInline let disposable: Disposable

    @usableFromInline
    init(_ disposable: Disposable) {
        self.disposable = disposable
    }

    /// A foreign disposable cannot say whether it is still delivering: it counts as settled.
    @usableFromInline
    override func detach(_ subscriber: SinkBase) -> Bool {
        disposable.dispose()
        return true
    }

    @usableFromInline
    override func disposeNode() { disposable.dispose() }
}

/// The disposal half of every subscription an operator makes: it holds the upstream subscription,
/// which may arrive after a terminal event or a `dispose()` (then it is detached on arrival).
///
/// Ending a subscription never waits for another thread (docs/DESIGN.md, contract 4): `dispose()`
/// stops every new delivery and returns, while a delivery already running on another thread may
/// finish. The sink *settles* once no delivery from it downstream can be running any more: at once
/// when nothing ran elsewhere, otherwise when the last such delivery has returned (its source
/// calls `upstreamSettled()`). Only then does it release what a delivery may still be using
/// (`didSettle()`: a `subscribe(onNext:)`'s closures), and only then does it tell the downstream
/// sink that asked it to end (its `detach` returned `false`).
///
/// Not generic, so the code runs once per subscription, never per event. The flags sit next to
/// the lock word.
@usableFromInline
package class SinkBase: SubscriptionNode, Cancelable, @unchecked Sendable {
    // @unchecked Sendable: `phase`, `settlement`, `unsettled`, `upstream` and `bag` are guarded
    // by `lock` (`phase` is also read without it, atomically); `subjectKey` by the lock of the subject this sink observes;
    // `bagSlot` by the lock of its bag; `isStopped` is event-path only (the source serialises
    // events); `isTerminal` is set before the sink is subscribed; `muted` is atomic.
    @usableFromInline let lock = Lock.make()
    /// `waiting` (no upstream yet), `attached` or `disposed` (`phase`). Written under `lock`, and
    /// read under it, except where only "disposed or not" is asked (`isDisposed`, the early return
    /// of `dispose()`): those read it without the lock, so it is atomic (a plain load and store).
    @usableFromInline let phaseWord = AtomicCell<UInt8>(SinkBase.waiting)
    /// Set by a `DisposeBag` about to tear down, and at the start of `dispose()`: user closures
    /// check it before they run.
    @usableFromInline let muted = AtomicCell<Bool>(false)
    /// The sink has seen a terminal event and drops everything after it (event path only).
    @exclusivity(unchecked) @usableFromInline package final var isStopped = false
    /// Nothing is ever subscribed to this sink (it ends a chain: `subscribe(onNext:)`), so no
    /// downstream sink can wait for it to settle.
    @exclusivity(unchecked) @usableFromInline final var isTerminal = false
    /// This sink's index in the entries of the bag that holds it (guarded by the bag's lock).
    @exclusivity(unchecked) @usableFromInline final var bagSlot: Int32 = -1
    /// `live`, `ending` (`dispose()` is running), `awaiting` (deliveries on other threads have not
    /// returned yet) or `settled` (guarded by `lock`).
    @exclusivity(unchecked) @usableFromInline final var settlement = SinkBase.live
    /// Deliveries on other threads still to return before the sink settles; it may dip below zero
    /// while `dispose()` is still counting them (guarded by `lock`).
    @exclusivity(unchecked) @usableFromInline final var unsettled: Int16 = 0
    /// The key of this sink's slot in the observer list of the subject it observes (guarded by
    /// the subject's lock; 0 = none).
    @exclusivity(unchecked) @usableFromInline final var subjectKey: UInt64 = 0
    /// What this sink's subscription is attached to; once it has ended, the downstream sink to
    /// tell when it settles, if one listens (`settleListener`). Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline final var upstream: SubscriptionNode?
    /// The bag that holds this subscription, told when it finishes (guarded by `lock`).
    @exclusivity(unchecked) @usableFromInline final var bag: BagStorage?
    /// `waiting`, `attached` or `disposed` (`phaseWord`; written under `lock`).
    @inlinable
    final var phase: UInt8 {
        get { phaseWord.load(ordering: .relaxed) }
        set { phaseWord.store(newValue, ordering: .releasing) }
    }
    /// The downstream sink to tell once this one settles (guarded by `lock`). It shares the
    /// storage of `upstream`, which is empty for good once the subscription has ended.
    @inlinable
    final var settleListener: SinkBase? {
        get { upstream.map { unsafeDowncast($0, to: SinkBase.self) } }
        set { upstream = newValue }
    }

    @usableFromInline static let waiting: UInt8 = 0
    @usableFromInline static let attached: UInt8 = 1
    @usableFromInline static let disposed: UInt8 = 2

    @usableFromInline static let live: UInt8 = 0
    @usableFromInline static let ending: UInt8 = 1
    @usableFromInline static let awaiting: UInt8 = 2
    @usableFromInline static let settled: UInt8 = 3

    @inlinable
    override init() {
        super.init()
        ResourceCounter.increment(type(of: self))
    }

    deinit {
        ResourceCounter.decrement(type(of: self))
    }

    /// Attaches the upstream subscription, or detaches it at once if this sink is already done.
    @inlinable
    package final func setUpstream(_ node: SubscriptionNode) {
        lock.lock()
        if phase == SinkBase.waiting {
            upstream = node
            phase = SinkBase.attached
            lock.unlock()
            return
        }
        lock.unlock()
        // The sink ended before its source was attached; a delivery the source may have started
        // meanwhile meets the `muted` flag, so there is nothing to wait for.
        _ = node.detach(self)
    }

    /// Attaches a `Disposable` that may or may not be an engine node (engine nodes take the
    /// overload above).
    @inlinable @_disfavoredOverload
    package final func setUpstream(_ disposable: Disposable) {
        if let node = Self.node(disposable) {
            setUpstream(node)
        } else {
            attachNothing()
        }
    }

    /// `disposable` as an engine node at +0 (no retain), if it is one.
    static func unretainedNode<D: Disposable>(_ disposable: D) -> Unmanaged<SubscriptionNode>? {
        guard D.self is SubscriptionNode.Type else { return nil }
        // `D` is a subclass of `SubscriptionNode`, so its value is that one reference.
        return unsafeBitCast(disposable, to: Unmanaged<SubscriptionNode>.self)
    }

    /// The node standing for `disposable`: itself when it is one, a `DisposableNode` around it
    /// otherwise, `nil` for the no-op disposable.
    @usableFromInline
    static func node<D: Disposable>(_ disposable: D) -> SubscriptionNode? {
        if D.self is SubscriptionNode.Type {
            // `D` is a subclass of `SubscriptionNode`, so its value is that one reference.
            return unsafeBitCast(disposable, to: SubscriptionNode?.self)
        }
        if D.self == NopDisposable.self { return nil }
        return DisposableNode(disposable)
    }

    /// Marks the subscription attached to nothing (a source that finished while subscribing, or
    /// one with nothing to cancel).
    @inlinable
    package final func attachNothing() {
        lock.lock()
        if phase == SinkBase.waiting { phase = SinkBase.attached }
        lock.unlock()
    }

    /// `true` once the sink was disposed (by its owner or after a terminal event). No lock: a
    /// load of the phase, which `end(notifying:)` writes under the lock.
    @inlinable
    package final var isDisposed: Bool {
        phaseWord.load(ordering: .acquiring) == SinkBase.disposed
    }

    /// Ends the subscription (never waits; see the type's comment). Runs `didDispose()` once.
    /// A sink that has ended already (its terminal event ended it, or an earlier `dispose()`)
    /// returns at once, without the lock: `end(notifying: nil)` would only take it to see that.
    @usableFromInline
    package final func dispose() {
        if phaseWord.load(ordering: .acquiring) == SinkBase.disposed { return }
        _ = end(notifying: nil)
    }

    /// A downstream sink ends its subscription to this one: this sink ends too, and tells
    /// `subscriber` when it has settled if it has not yet.
    @usableFromInline
    override func detach(_ subscriber: SinkBase) -> Bool { end(notifying: subscriber) }

    @usableFromInline
    override func disposeNode() { dispose() }

    /// Ends the subscription: stops this sink's own deliveries, detaches the upstream, runs
    /// `didDispose()` once. Returns whether the sink has settled; when it has not, `listener` (the
    /// downstream sink ending its subscription to this one, if that is the caller) receives
    /// `upstreamSettled()` once it has.
    @usableFromInline
    final func end(notifying listener: SinkBase?) -> Bool {
        lock.lock()
        if phase == SinkBase.disposed {
            // Ended already (its own terminal event, or another thread). A downstream sink that
            // asks now waits for that end to settle.
            if listener == nil || settlement == SinkBase.settled {
                lock.unlock()
                return true
            }
            settleListener = listener
            lock.unlock()
            return false
        }
        phase = SinkBase.disposed
        settlement = SinkBase.ending
        let upstream = self.upstream.take()
        let bag = self.bag.take()
        lock.unlock()
        muted.store(true, ordering: .relaxed)
        var running = willDispose()
        if let upstream = consume upstream, !upstream.detach(self) { running += 1 }
        didDispose()
        if let bag = consume bag { bag.remove(self) }
        if running == 0 && (listener != nil || isTerminal) {
            // Nothing runs elsewhere and no other sink can be waiting (the only one that could is
            // the caller), so the sink settles without taking the lock again. `settlement` stays
            // `ending`: nobody reads it any more.
            didSettle()
            return true
        }
        return finishEnding(running, caller: listener)
    }

    /// The rest of `end(notifying:)` when a delivery may still run elsewhere, or when a downstream
    /// sink may have started waiting meanwhile: records how many deliveries to wait for, or settles.
    @usableFromInline
    final func finishEnding(_ running: Int, caller: SinkBase?) -> Bool {
        lock.lock()
        unsettled &+= Int16(truncatingIfNeeded: running)
        if unsettled > 0 {
            settlement = SinkBase.awaiting
            if let caller { settleListener = caller }
            lock.unlock()
            return false
        }
        settlement = SinkBase.settled
        let listener = settleListener
        settleListener = nil
        lock.unlock()
        didSettle()
        if let listener, listener !== caller { listener.upstreamSettled() }
        return true
    }

    /// A delivery this sink was waiting for has returned: called once for each `false` answer
    /// its `detach` calls and `willDispose()` counted.
    @usableFromInline
    final func upstreamSettled() {
        lock.lock()
        unsettled &-= 1
        // While `end` is still running (`ending`) it counts this call in when it finishes.
        guard unsettled == 0, settlement == SinkBase.awaiting else {
            lock.unlock()
            return
        }
        settlement = SinkBase.settled
        let listener = settleListener
        settleListener = nil
        lock.unlock()
        didSettle()
        listener?.upstreamSettled()
    }

    @usableFromInline
    override final func mute() { muted.store(true, ordering: .relaxed) }

    /// Lets `bag` track this subscription at `slot`, unless it already finished or another bag
    /// tracks it.
    override final func claim(by bag: BagStorage, slot: Int32) -> BagClaim {
        lock.lock()
        defer { lock.unlock() }
        if phase == SinkBase.disposed { return .finished }
        if self.bag != nil { return .heldElsewhere }
        self.bag = bag
        bagSlot = slot
        return .claimed
    }

    /// Called under the lock of the bag that claimed this sink.
    override final func moveBagSlot(to slot: Int32) { bagSlot = slot }

    /// Called once, before the upstream is detached: a sink that delivers from a gate of its own
    /// closes it, a sink with subscriptions of its own (the current source of `concat`) detaches
    /// those that deliver downstream. Returns how many of them may still be delivering on other
    /// threads (each will call `upstreamSettled()`); 0 by default.
    @usableFromInline
    func willDispose() -> Int { 0 }

    /// Called once, after the upstream was detached. Subclasses release here what no delivery
    /// uses (and run `onDisposed`-style callbacks).
    @usableFromInline
    func didDispose() {}

    /// Called once, when no delivery from this sink downstream can be running any more.
    /// Subclasses release here what a delivery uses (a `subscribe(onNext:)`'s closures).
    @usableFromInline
    func didSettle() {}
}

/// The standard operator sink: forwards events downstream, enforces the grammar (nothing after a
/// terminal event) and disposes upstream on the terminal event (forward first, then dispose, as
/// RxSwift). It carries one field of per-subscription state, so a stateful single-source operator
/// (`take`, `skip`, `scan`, `distinctUntilChanged`...) costs one object per subscription and its
/// event closure captures nothing but the sink and the user's closure; `Sink<Element>` is the
/// stateless one (`State == Void`, which takes no room).
///
/// `isStopped` and `state` are only touched on the event path, which the source serialises.
@usableFromInline
package final class StateSink<Element, State>: SinkBase, @unchecked Sendable {
    // @unchecked Sendable: `isStopped` and `state` are event-path only (serialised by the source);
    // the upstream slot is guarded by SinkBase's `lock`.
    @usableFromInline let downstream: (Event<Element>) -> Void
    @exclusivity(unchecked) @usableFromInline package var state: State

    @inlinable
    package init(_ downstream: @escaping (Event<Element>) -> Void, state: State) {
        self.downstream = downstream
        self.state = state
    }

    /// Forwards a value unless the sink has stopped.
    @inlinable
    package func forwardNext(_ element: Element) {
        if !isStopped { downstream(.next(element)) }
    }

    /// Forwards any event; a terminal event stops the sink and disposes its upstream.
    @inlinable
    package func forward(_ event: Event<Element>) {
        if case .next = event {
            if !isStopped { downstream(event) }
            return
        }
        forwardStop(event)
    }

    /// Forwards a terminal event unless the sink has stopped, then disposes. Not inlinable: it
    /// runs once per subscription, so it is compiled once, here, not into every operator's event
    /// closure.
    @usableFromInline
    func forwardStop(_ event: Event<Element>) {
        if isStopped { return }
        isStopped = true
        downstream(event)
        dispose()
    }
}

/// The standard operator sink without per-subscription state.
@usableFromInline
package typealias Sink<Element> = StateSink<Element, Void>

extension StateSink where State == Void {
    @inlinable
    package convenience init(_ downstream: @escaping (Event<Element>) -> Void) {
        self.init(downstream, state: ())
    }
}

/// Counts the live sinks and subscriptions in debug builds so tests can prove nothing leaks.
/// In release builds every call is empty and `total` is always 0.
///
/// What is counted: every live engine sink (one per operator per subscription, and the subscriber
/// itself: `subscribe(onNext:...)`, `subscribe(_:)`, a trait's `subscribe`, `bind`, `drive`) and
/// every subject subscription. Unlike RxSwift, `Observable` values themselves are not counted:
/// building a pipeline without subscribing to it leaves `total` unchanged, and so does keeping one.
/// Code may add its own resources with `incrementTotal()` and `decrementTotal()`, as RxSwift's
/// test helpers do.
public enum Resources {
    /// The number of live sinks and subject subscriptions, plus what `incrementTotal()` added and
    /// `decrementTotal()` did not take back (debug builds only; 0 in release).
    public static var total: Int32 { ResourceCounter.value }

    /// Counts one more resource (debug builds only) and returns the new total.
    @discardableResult
    public static func incrementTotal() -> Int32 {
        ResourceCounter.increment(Resources.self)
        return ResourceCounter.value
    }

    /// Counts one resource less (debug builds only) and returns the new total.
    @discardableResult
    public static func decrementTotal() -> Int32 {
        ResourceCounter.decrement(Resources.self)
        return ResourceCounter.value
    }

    /// `total` by kind, for a leak report: the type name of each kind of live sink and
    /// subscription (`MapSink<Int>`, a subject's subscription) with how many are alive, and
    /// `"incrementTotal()"` for what `incrementTotal()` added. Kinds with none alive are left out.
    /// Debug builds only; empty in release builds.
    public static var totalByKind: [String: Int32] { ResourceCounter.byKind }

    /// Always 0. RxSwift counts the live observables of its dedicated `observeOn` for serial
    /// dispatch queues; Rivulet's `observe(on:)` uses one sink for every scheduler, and its live
    /// subscriptions are in `total`.
    public static var numberOfSerialDispatchQueueObservables: Int32 { 0 }

    /// Always 0. RxSwift measures the deepest stack of its tail-recursive sinks (`concat`,
    /// `retry`, `repeat`); Rivulet's sequential operators move to the next source in a loop, with
    /// no stack of sinks to measure.
    public static var maxTailRecursiveSinkStackSize: Int { 0 }
}

@usableFromInline
enum ResourceCounter {
    #if DEBUG
        nonisolated(unsafe) private static let lock = Lock.make()
        nonisolated(unsafe) private static var count: Int32 = 0
        /// Live count per kind (the sink's or subscription's class, or `Resources` for
        /// `incrementTotal()`).
        nonisolated(unsafe) private static var kinds: [ObjectIdentifier: (kind: Any.Type, live: Int32)] = [:]

        @usableFromInline
        static func increment(_ kind: Any.Type) {
            lock.withLock {
                count &+= 1
                kinds[ObjectIdentifier(kind), default: (kind, 0)].live &+= 1
            }
        }

        @usableFromInline
        static func decrement(_ kind: Any.Type) {
            lock.withLock {
                count &-= 1
                kinds[ObjectIdentifier(kind), default: (kind, 0)].live &-= 1
            }
        }

        static var value: Int32 { lock.withLock { count } }

        static var byKind: [String: Int32] {
            let live = lock.withLock { kinds.values.filter { $0.live != 0 } }
            var result: [String: Int32] = [:]
            for (kind, count) in live {
                let name = kind == Resources.self ? "incrementTotal()" : String(describing: kind)
                result[name, default: 0] += count
            }
            return result
        }
    #else
        @inlinable static func increment(_ kind: Any.Type) {}
        @inlinable static func decrement(_ kind: Any.Type) {}
        static var value: Int32 { 0 }
        static var byKind: [String: Int32] { [:] }
    #endif
}
