import Rivulet

/// What a reducing operator's step did with one value (`ReduceSubscription`).
enum ReduceStep<Failure: Swift.Error> {
    /// Keep going: the result so far is updated (or not), and the upstream goes on.
    case proceed
    /// The result is decided (`first`, `contains`, `allSatisfy`): cancel the upstream, then send
    /// it once the downstream has asked for something.
    case finish
    /// A `try` closure threw: cancel the upstream, then fail.
    case fail(Failure)
}

/// The subscription of the operators that reduce their upstream to at most one value (Combine's
/// `First`, `TryFirst` (the name `first(where:)` gets), `TryFirstWhere`, `Last`, `LastWhere`,
/// `TryLastWhere`, `Collect`, `Count`, `Reduce`, `TryReduce`, `Comparison`, `TryComparison`,
/// `Contains`, `ContainsWhere`, `TryContainsWhere`, `AllSatisfy`, `TryAllSatisfy`). As Combine's:
///
/// - it hands itself downstream when the upstream's subscription arrives, then asks the upstream
///   for everything (`.unlimited`); the downstream's requests go nowhere upstream, and every
///   value returns `.none`;
/// - `step` folds each value into the result (outside the lock); `.finish` cancels the upstream
///   (once) and ends the reduction early, `.fail` cancels it and fails at once;
/// - the result (if any) and `.finished` are sent once the upstream has finished (or the step
///   finished early) *and* the downstream has asked for something, whichever comes last: a
///   subscriber that has requested nothing waits, even for an empty result. A failure of the
///   upstream is sent at once, whatever the demand;
/// - values before the subscription and after the end are ignored (`.none`), completions too; a
///   second subscription is cancelled.
///
/// A cancel from the downstream cancels the upstream once and drops a result still waiting for
/// demand; a cancel from inside the result's delivery stops the `.finished` after it.
final class ReduceSubscription<Input, UpstreamFailure: Swift.Error, Output, Failure: Swift.Error>:
    OperatorSubscription<Input, UpstreamFailure, Output, Failure>, @unchecked Sendable
{
    // @unchecked Sendable: as `OperatorSubscription`; `result`, `phase`, `isWanted` and
    // `isCancelled` are guarded by `lock`; the rest is immutable.

    /// Where the reduction is.
    enum Phase {
        /// Values are folded in.
        case reducing
        /// The result is decided and waits for the downstream's first request.
        case due
        /// The result was sent, or the subscription failed or was cancelled.
        case over
    }

    /// Combine's name of the operator's subscription.
    let name: String
    /// The result a subscription starts from (`nil` for `first`, `last`, `min`, `max`).
    let initial: Output?
    /// The upstream's failure as this operator's.
    let convertFailure: (UpstreamFailure) -> Failure
    /// Folds one value into the result.
    let step: (inout Output?, Input) -> ReduceStep<Failure>
    /// The children of the mirror, from the result so far, where Combine shows other children
    /// than `reduce`'s (`collect`: the count of the values kept); `nil` for `reduce`'s.
    let mirrorChildren: ((Output?) -> [(String, Any)])?
    /// The result so far (taken out while `step` runs).
    @exclusivity(unchecked) var result: Output?
    @exclusivity(unchecked) var phase = Phase.reducing
    /// Whether the downstream has asked for anything.
    @exclusivity(unchecked) var isWanted = false
    /// Whether the downstream cancelled.
    @exclusivity(unchecked) var isCancelled = false

    init(
        downstream: DemandSubscriber<Output, Failure>, name: String, initial: Output?,
        convertFailure: @escaping (UpstreamFailure) -> Failure,
        mirrorChildren: ((Output?) -> [(String, Any)])? = nil,
        step: @escaping (inout Output?, Input) -> ReduceStep<Failure>
    ) {
        self.name = name
        self.mirrorChildren = mirrorChildren
        self.initial = initial
        self.convertFailure = convertFailure
        self.step = step
        result = initial
        super.init(downstream: downstream)
    }

    /// Hands this subscription downstream, then asks the upstream for everything (unless the
    /// downstream cancelled meanwhile).
    override func receive(subscription: Subscription) {
        lock.lock()
        let taken = slot.attach(subscription)
        lock.unlock()
        guard taken else { return subscription.cancel() }
        downstream.receive(subscription: self)
        lock.lock()
        let live = slot.subscription
        lock.unlock()
        live?.request(.unlimited)
    }

    /// Records that the downstream wants the result; sends it if it is due.
    override func request(_ demand: Subscribers.Demand) {
        guard demand > .none else { return }
        lock.lock()
        guard !isWanted, phase != .over else { return lock.unlock() }
        isWanted = true
        guard phase == .due else { return lock.unlock() }
        phase = .over
        let value = result.take()
        lock.unlock()
        send(value)
    }

    /// Cancels the upstream (once) and drops a result still waiting for demand.
    override func cancel() {
        lock.lock()
        isCancelled = true
        phase = .over
        let dropped = result.take()
        let upstream = slot.cancel()
        lock.unlock()
        withExtendedLifetime(dropped) {}
        upstream?.cancel()
    }

    override func receive(_ input: Input) -> Subscribers.Demand {
        lock.lock()
        guard slot.isSubscribed, phase == .reducing else {
            lock.unlock()
            return .none
        }
        var current = result.take()
        lock.unlock()
        let verdict = step(&current, input)
        lock.lock()
        guard phase == .reducing else {
            // Cancelled (or ended by a concurrent call) while the step ran.
            lock.unlock()
            withExtendedLifetime(current) {}
            return .none
        }
        result = current
        switch verdict {
        case .proceed:
            lock.unlock()
        case .finish:
            guard let upstream = slot.cancel() else { return lockedNone() }
            if isWanted {
                phase = .over
                let value = result.take()
                lock.unlock()
                upstream.cancel()
                send(value)
            } else {
                phase = .due
                lock.unlock()
                upstream.cancel()
            }
        case .fail(let failure):
            guard let upstream = slot.cancel() else { return lockedNone() }
            phase = .over
            let dropped = result.take()
            lock.unlock()
            withExtendedLifetime(dropped) {}
            upstream.cancel()
            downstream.receive(completion: .failure(failure))
        }
        return .none
    }

    override func receive(completion: Subscribers.Completion<UpstreamFailure>) {
        lock.lock()
        guard slot.finish() else { return lock.unlock() }
        switch completion {
        case .failure(let failure):
            phase = .over
            let dropped = result.take()
            lock.unlock()
            withExtendedLifetime(dropped) {}
            downstream.receive(completion: .failure(convertFailure(failure)))
        case .finished:
            guard isWanted else {
                phase = .due
                return lock.unlock()
            }
            phase = .over
            let value = result.take()
            lock.unlock()
            send(value)
        }
    }

    /// Unlocks and answers `.none` (a step whose subscription ended while it ran).
    private func lockedNone() -> Subscribers.Demand {
        lock.unlock()
        return .none
    }

    /// Sends the result (if any), then `.finished` unless the downstream cancelled meanwhile.
    private func send(_ value: Output?) {
        if let value {
            _ = downstream.receive(value)
            lock.lock()
            let cancelled = isCancelled
            lock.unlock()
            if cancelled { return }
        }
        downstream.receive(completion: .finished)
    }

    override var description: String { name }

    override var customMirror: Mirror {
        lock.lock()
        let (result, status) = (self.result, slot.combineStatus)
        lock.unlock()
        if let mirrorChildren {
            return Mirror(self, children: mirrorChildren(result).map { (label: $0.0 as String?, value: $0.1) })
        }
        return Mirror(
            self,
            children: [
                ("downstream", downstream.reflected), ("result", result as Any), ("initial", initial as Any),
                ("status", status),
            ])
    }
}

extension Optional {
    /// The value, leaving `nil` behind.
    fileprivate mutating func take() -> Wrapped? {
        let value = self
        self = nil
        return value
    }
}

extension UpstreamSlot {
    /// The state as Combine's mirrors show a subscription's status (`awaitingSubscription`,
    /// `subscribed(...)`, `terminal`).
    fileprivate var combineStatus: String {
        switch state {
        case .awaiting: return "awaitingSubscription"
        case .subscribed(let subscription): return "subscribed(\(subscription))"
        case .finished, .cancelled: return "terminal"
        }
    }
}
