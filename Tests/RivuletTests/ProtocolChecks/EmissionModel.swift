import Foundation

@testable import Rivulet

/// The emission protocol of a subject (`SubjectCore.send`, `finishEmission`, `drainSlowPath`,
/// `takeBatch`, `dispose`) as simulated threads whose every step is one atomic action: a step
/// under the subject's lock, one delivery, one `Parker.wake`, or the return from `park()`. The
/// decisions are the real ones: each lock step drives the library's own `EmissionQueue` (and so
/// `EmissionControl`) and its own `Parker`s; only the subject's fields around them are modelled.
final class EmissionModel: InterleavingModel {
    /// What one simulated thread does.
    struct Plan {
        /// The values it sends, in order.
        var sends: [Int] = []
        /// Whether it disposes the subject after its sends.
        var disposes = false
    }

    enum PC: CustomStringConvertible {
        case send
        case deliverOwn(Int)
        case reentrant(Int, then: After)
        case finish
        case drain
        case deliverBatch
        case wake(then: After)
        case parked(Parker)
        case dispose
        case disposeReturned
        case done

        var description: String {
            switch self {
            case .send: "about to send"
            case .deliverOwn(let value): "delivering its own \(value)"
            case .reentrant(let value, _): "sending \(value) from a handler"
            case .finish: "finishing its emission"
            case .drain: "taking a batch"
            case .deliverBatch: "delivering a batch"
            case .wake: "waking parked senders"
            case .parked(let parker): "parked (entry \(parker.sequence))"
            case .dispose: "about to dispose"
            case .disposeReturned: "returning from dispose"
            case .done: "done"
            }
        }
    }

    enum After { case finish, deliverBatch, nextSend, disposeReturned, drain }

    struct SimThread {
        var plan: Plan
        var nextSend = 0
        var pc = PC.send
        var released = ContiguousArray<Parker>()
        var ownerWake: Parker?
    }

    // The subject's fields (lock) and (owner), as in `SubjectCore`.
    var emitting = false
    var emitter = -1
    var hasSlowWork = false
    var isDisposed = false
    var disposedWhileEmitting = false
    var queue = EmissionQueue<Int>()
    var batch = EventRing<Int>()
    var successor: Parker?

    // What the checker observes.
    var threads: [SimThread]
    /// Values whose delivery makes the handler send `value + 1000` into the same subject.
    let echoes: Set<Int>
    var delivered: [(thread: Int, value: Int)] = []
    var threadOfParker: [ObjectIdentifier: Int] = [:]
    /// Every parker of the run, kept alive so that no two share an `ObjectIdentifier`.
    var parkers: [Parker] = []
    var wakes: [ObjectIdentifier: Int] = [:]
    /// Every wake-up so far: who woke whom, how, and at which step of what.
    var wakeLog: [String] = []
    var disposeDone = false
    var emitterAtDispose: Int?
    var lateDeliveries: [(thread: Int, value: Int)] = []

    init(_ plans: [Plan], echoes: Set<Int>) {
        threads = plans.map { SimThread(plan: $0, pc: $0.sends.isEmpty ? ($0.disposes ? .dispose : .done) : .send) }
        self.echoes = echoes
        WaitForGraph.forgetForTesting(plans.indices.map(Self.key))
    }

    /// The thread id simulated thread `t` stands for (small values no real thread has).
    static func thread(_ t: Int) -> ThreadID { ThreadID(raw: UInt(t + 1) &<< 4) }

    /// Simulated thread `t`'s key in the `WaitForGraph`.
    static func key(_ t: Int) -> UInt { WaitForGraph.key(thread(t)) }

    var threadCount: Int { threads.count }

    /// Whether thread `t` can take a step now (a parked thread only once it was woken).
    func isEnabled(_ t: Int) -> Bool {
        switch threads[t].pc {
        case .done: false
        case .parked(let parker): parker.outcomeForTesting != .waiting
        default: true
        }
    }

    var allDone: Bool { threads.allSatisfy { if case .done = $0.pc { true } else { false } } }

    private func nextSendPC(_ t: Int) -> PC {
        threads[t].nextSend += 1
        if threads[t].nextSend < threads[t].plan.sends.count { return .send }
        return threads[t].plan.disposes ? .dispose : .done
    }

    private func deliver(_ t: Int, _ value: Int, then: After) -> PC {
        delivered.append((t, value))
        if disposeDone { lateDeliveries.append((t, value)) }
        if echoes.contains(value) { return .reentrant(value + 1000, then: then) }
        return pc(after: then, t)
    }

    private func pc(after: After, _ t: Int) -> PC {
        switch after {
        case .finish: .finish
        case .deliverBatch: .deliverBatch
        case .nextSend: nextSendPC(t)
        case .disposeReturned: .disposeReturned
        case .drain: .drain
        }
    }

    /// Runs one atomic step of thread `t`.
    func step(_ t: Int) {
        switch threads[t].pc {
        case .send:
            // lock
            let value = threads[t].plan.sends[threads[t].nextSend]
            if isDisposed {
                threads[t].pc = nextSendPC(t)
            } else if emitting {
                let parker = queue.offer(
                    .next(value), fromOwner: emitter == t, owner: Self.key(emitter), sender: Self.thread(t))
                if let parker {
                    threadOfParker[ObjectIdentifier(parker)] = t
                    parkers.append(parker)
                    threads[t].pc = .parked(parker)
                } else {
                    threads[t].pc = nextSendPC(t)
                }
            } else {
                emitting = true
                emitter = t
                threads[t].pc = .deliverOwn(value)
            }
        // unlock
        case .deliverOwn(let value):
            threads[t].pc = deliver(t, value, then: .finish)
        case .reentrant(let value, let then):
            // A send from inside a handler: `send`'s lock step on the owner's thread.
            if !isDisposed {
                if emitting {
                    _ = queue.offer(
                        .next(value), fromOwner: emitter == t, owner: Self.key(emitter), sender: Self.thread(t))
                } else {
                    preconditionFailure("a handler ran while nobody owned emission")
                }
            }
            threads[t].pc = pc(after: then, t)
        case .finish:
            if queue.isEmpty && !hasSlowWork {
                emitting = false
                threads[t].pc = nextSendPC(t)
            } else {
                threads[t].pc = .drain
            }
        case .drain:
            let step: EmissionControl.Step
            if let successor {
                self.successor = nil
                queue.handOver(to: successor)
                step = .handOff(successor)
            } else {
                if isDisposed { _ = queue.removeAll(releasing: &threads[t].released) }
                step = queue.takeBatch(into: &batch, successor: &successor, releasing: &threads[t].released)
            }
            switch step {
            case .deliver:
                hasSlowWork = isDisposed
                threads[t].pc = .wake(then: .deliverBatch)
            case .handOff(let parker):
                emitter = threadOfParker[ObjectIdentifier(parker)] ?? -1
                threads[t].ownerWake = parker
                threads[t].pc = .wake(then: .nextSend)
            case .done:
                emitting = false
                hasSlowWork = false
                threads[t].pc = .wake(then: .nextSend)
            }
        case .deliverBatch:
            if batch.isEmpty {
                threads[t].pc = .drain
            } else if disposedWhileEmitting {
                batch.removeAll()
                threads[t].pc = .drain
            } else if case .next(let value) = batch.removeFirst() {
                threads[t].pc = deliver(t, value, then: .deliverBatch)
            }
        case .wake(let then):
            if !threads[t].released.isEmpty {
                let parker = threads[t].released.removeFirst()
                wakes[ObjectIdentifier(parker), default: 0] += 1
                wakeLog.append("\(t) released \(threadOfParker[ObjectIdentifier(parker)] ?? -1)#\(parker.sequence)")
                parker.wake(.released)
            } else if let parker = threads[t].ownerWake {
                threads[t].ownerWake = nil
                wakes[ObjectIdentifier(parker), default: 0] += 1
                wakeLog.append(
                    "\(t) handed over to \(threadOfParker[ObjectIdentifier(parker)] ?? -1)#\(parker.sequence)")
                parker.wake(.owner)
            } else {
                threads[t].pc = pc(after: then, t)
            }
        case .parked(let parker):
            threads[t].pc = parker.outcomeForTesting == .owner ? .drain : nextSendPC(t)
        case .dispose:
            isDisposed = true
            if emitting {
                disposedWhileEmitting = true
                hasSlowWork = true
                emitterAtDispose = emitter
            }
            _ = queue.removeAll(releasing: &threads[t].released)
            threads[t].pc = .wake(then: .disposeReturned)
        case .disposeReturned:
            disposeDone = true
            threads[t].pc = .done
        case .done:
            break
        }
    }

    /// What must hold after every step; a message when it does not.
    func invariantViolation() -> String? {
        if let (id, count) = wakes.first(where: { $0.value > 1 }) {
            return "a parker (thread \(threadOfParker[id] ?? -1)) was woken \(count) times"
        }
        if !emitting && !queue.isEmpty {
            return "events wait but nobody owns emission (they are lost)"
        }
        if !emitting && !queue.control.parked.isEmpty {
            return "a sender is parked but nobody owns emission (nobody will wake it)"
        }
        return nil
    }

    /// What must hold once every thread is done; a message when it does not.
    func finalViolation() -> String? {
        var sent: [Int] = threads.flatMap(\.plan.sends)
        sent += sent.filter(echoes.contains).map { $0 + 1000 }
        let values = delivered.map(\.value)
        if Set(values).count != values.count { return "an event was delivered twice: \(values)" }
        if !disposeDone && values.sorted() != sent.sorted() {
            return "lost events: sent \(sent.sorted()), delivered \(values)"
        }
        for plan in threads.map(\.plan) {
            let mine = values.filter(plan.sends.contains)
            if mine != plan.sends.filter(mine.contains) { return "a sender's events out of order: \(values)" }
        }
        if lateDeliveries.count > 1 || lateDeliveries.contains(where: { $0.thread != emitterAtDispose }) {
            return "deliveries after dispose returned: \(lateDeliveries) (owner at dispose: \(emitterAtDispose ?? -1))"
        }
        if emitting || !queue.isEmpty { return "the subject still owned or queued after every thread returned" }
        return nil
    }

    /// The threads' states and who waits for whom, for a failure message.
    func describeThreads() -> String {
        "  wake-ups: \(wakeLog.joined(separator: ", "))\n"
            + threads.indices.map { t in
                var line = "  thread \(t): \(threads[t].pc)"
                if case .parked = threads[t].pc {
                    if emitting && emitter >= 0 && emitter != t {
                        line += ", waits for the owner, thread \(emitter) (\(threads[emitter].pc))"
                    } else {
                        line += ", waits for nobody: no owner will wake it (a lost wake-up)"
                    }
                }
                return line
            }.joined(separator: "\n")
    }
}
