import Foundation

@testable import Rivulet

/// Two subjects whose handlers send into each other (the shape of
/// `FeedbackStallTests.testTwoSubjectsWhoseObserversSendIntoEachOther`), as simulated threads whose
/// every step is one atomic action: a step under one subject's lock, one delivery (a handler
/// call), one `Parker.wake`, or the return from `park()` once woken.
///
/// Each subject has one observer: for a value sent from outside (below `echoOffset`) it sends
/// `value + echoOffset` into the subject `sendsInto` names; echoed values are only received. So
/// a thread has a small call stack: it may own A and, from inside A's handler, send into B, where
/// it may queue, skip a park because `WaitForGraph` sees a cycle, park, or become B's owner and
/// drain B inside A's delivery (and from there send into A again, as A's owner: a reentrant
/// send).
///
/// The decisions are the library's own code: each lock step drives the real `EmissionQueue` (so
/// `EmissionControl` and the global `WaitForGraph`, on the simulated threads' ids) and wakes real
/// `Parker`s. Only the subjects' fields around them are modelled, line for line with
/// `SubjectCore.send`, `enqueueWhileEmitting`, `waitParked`, `takeBatch` and
/// `SubjectCoreBase.finishEmission`, `drainSlowPath` (no stops, disposals, joins or removals).
final class FeedbackModel: InterleavingModel {
    /// One send a thread makes from outside any handler.
    struct Send {
        /// The subject sent into (0: A, 1: B).
        var subject: Int
        /// The value, below `echoOffset` and unique across the run.
        var value: Int
    }

    /// One subject's fields, (lock) and (owner), as in `SubjectCore` and `SubjectCoreBase`.
    final class Subject {
        var emitting = false
        var emitter = -1
        var hasSlowWork = false
        var queuedEvents = 0
        var pending = EmissionQueue<Int>()
        var batch = EventRing<Int>()
        var successor: Parker?
    }

    /// Where a frame of a thread's call stack is, on its subject.
    enum PC {
        /// `send`'s lock step for this value.
        case send(Int)
        /// The owner calls the handler with its own event.
        case deliverOwn(Int)
        /// `finishEmission`'s lock step.
        case finish
        /// `drainSlowPath`'s lock step (`takeBatch`).
        case drain
        /// Delivering the batch taken (`deliverBatch`), one event per step.
        case deliverBatch
        /// Waking the parkers the last lock step released, then the successor.
        case wake(then: After)
        /// Parked (`waitParked`) until the parker is woken.
        case parked(Parker)
    }

    /// What a frame does once its wake-ups are done.
    enum After { case deliverBatch, ret }

    /// One call on a thread's stack: a send into `subject`, with what follows from it there.
    struct Frame {
        var subject: Int
        var pc: PC
        /// `drainSlowPath`'s `released`.
        var released = ContiguousArray<Parker>()
        /// The successor a hand-off wakes after `released`.
        var ownerWake: Parker?
        /// The value whose handler runs the call above this one (for a failure's account).
        var handling: Int?
    }

    /// One simulated thread: what it sends from outside, and its call stack.
    struct SimThread {
        var plan: [Send]
        /// The next send of `plan` to start once the stack is empty.
        var nextSend = 0
        /// Innermost call last; empty between two sends from outside.
        var stack: [Frame] = []
    }

    /// What happened at a step, for a failure's account (kept as plain values: cheap per step).
    struct Note {
        /// What the thread did (see `describe(_:)` for each).
        enum Kind {
            case owns, queued, skippedPark, parked, delivered, tookBatch, handsOverAfterBatch, handsOver
            case givesUp, released, wokeOwner, resumesAsOwner, returnsFromPark
        }
        var thread: Int
        var kind: Kind
        var subject: Int
        var value = 0
        var other = -1
    }

    /// How often a run met the shapes the model is for, counted over every run of a checker (a
    /// test asserts that its schedules reach them).
    final class Coverage {
        /// An owner took a batch after which ownership passes to a parked sender.
        var handOffsAfterABatch = 0
        /// A sender, owning the other subject, parked on a subject while its owner delivered
        /// such a batch (the sender whose wait-for edge must follow the hand-off).
        var parksBeforeAHandOff = 0
        /// A sender queued without parking because `WaitForGraph` saw a wait cycle.
        var skippedParks = 0
        /// A thread took ownership of a subject inside the other's handler.
        var nestedOwnerships = 0
    }

    /// Added to a value from outside to make the value a handler sends on.
    static let echoOffset = 1000
    /// The subjects' names in a failure's account.
    static let names = ["A", "B"]

    /// A and B.
    let subjects = [Subject(), Subject()]
    /// For each subject, the subject its handler sends outside values into (`nil`: none).
    let sendsInto: [Int?]
    var threads: [SimThread]
    /// Every handler call so far: which subject, which value, on which thread.
    var delivered: [(subject: Int, value: Int, thread: Int)] = []
    /// What happened so far, for a failure's account.
    var notes: [Note] = []
    /// The simulated thread each parker of the run parks.
    var threadOfParker: [ObjectIdentifier: Int] = [:]
    /// Every parker of the run, kept alive so that no two share an `ObjectIdentifier`.
    var parkers: [Parker] = []
    /// How often each parker was woken.
    var wakes: [ObjectIdentifier: Int] = [:]
    /// The first parker woken a second time, with its thread.
    var wokenTwice: (thread: Int, count: Int)?
    /// Where this run counts the shapes it meets.
    let coverage: Coverage

    /// Threads sending `plans` from outside; subject `s`'s handler echoes into `sendsInto[s]`.
    init(_ plans: [[Send]], sendsInto: [Int?] = [1, 0], coverage: Coverage = Coverage()) {
        threads = plans.map { SimThread(plan: $0) }
        self.sendsInto = sendsInto
        self.coverage = coverage
        WaitForGraph.forgetForTesting(plans.indices.map(Self.key))
        for t in threads.indices { startNextSend(t) }
    }

    /// The thread id simulated thread `t` stands for (as `EmissionModel`'s).
    static func thread(_ t: Int) -> ThreadID { EmissionModel.thread(t) }

    /// Simulated thread `t`'s key in the `WaitForGraph`.
    static func key(_ t: Int) -> UInt { WaitForGraph.key(thread(t)) }

    var threadCount: Int { threads.count }

    func isEnabled(_ t: Int) -> Bool {
        let depth = threads[t].stack.count
        if depth == 0 { return false }
        if case .parked(let parker) = threads[t].stack[depth - 1].pc { return parker.outcomeForTesting != .waiting }
        return true
    }

    var allDone: Bool { threads.allSatisfy { $0.stack.isEmpty && $0.nextSend == $0.plan.count } }

    private func startNextSend(_ t: Int) {
        guard threads[t].nextSend < threads[t].plan.count else { return }
        let send = threads[t].plan[threads[t].nextSend]
        threads[t].nextSend += 1
        threads[t].stack.append(Frame(subject: send.subject, pc: .send(send.value)))
    }

    /// The innermost call of thread `t` returns.
    private func ret(_ t: Int) {
        threads[t].stack.removeLast()
        if threads[t].stack.isEmpty {
            startNextSend(t)
        } else {
            threads[t].stack[threads[t].stack.count - 1].handling = nil
        }
    }

    /// Thread `t` calls subject `s`'s handler with `value` (the caller has set where its frame
    /// goes on from); a value from outside makes the handler send, a call pushed on `t`'s stack.
    private func deliver(_ t: Int, _ s: Int, _ value: Int) {
        delivered.append((s, value, t))
        notes.append(Note(thread: t, kind: .delivered, subject: s, value: value))
        if value < Self.echoOffset, let target = sendsInto[s] {
            threads[t].stack[threads[t].stack.count - 1].handling = value
            threads[t].stack.append(Frame(subject: target, pc: .send(value + Self.echoOffset)))
        }
    }

    private func wake(_ t: Int, _ parker: Parker, _ outcome: Parker.Outcome, _ s: Int) {
        wakes[ObjectIdentifier(parker), default: 0] += 1
        let woken = threadOfParker[ObjectIdentifier(parker)] ?? -1
        if let count = wakes[ObjectIdentifier(parker)], count > 1, wokenTwice == nil { wokenTwice = (woken, count) }
        notes.append(
            Note(
                thread: t, kind: outcome == .owner ? .wokeOwner : .released, subject: s,
                value: Int(parker.sequence), other: woken))
        parker.wake(outcome)
    }

    /// Runs one atomic step of thread `t`: of its innermost call.
    func step(_ t: Int) {
        let f = threads[t].stack.count - 1
        let s = threads[t].stack[f].subject
        let subject = subjects[s]
        switch threads[t].stack[f].pc {
        case .send(let value):
            // `send`: lock (no stop, not disposed, observed).
            if subject.emitting {
                // `enqueueWhileEmitting`.
                let fromOwner = subject.emitter == t
                // Whether `EmissionControl.offer` will want this sender to park (for the account).
                let full =
                    subject.pending.control.fromOthers + 1 > EmissionControl.capacity
                    || !subject.pending.control.parked.isEmpty || subject.pending.control.handOffWanted
                let parker = subject.pending.offer(
                    .next(value), fromOwner: fromOwner, owner: Self.key(subject.emitter), sender: Self.thread(t))
                subject.queuedEvents += 1
                // unlock
                if let parker {
                    if subject.successor != nil && f > 0 { coverage.parksBeforeAHandOff += 1 }
                    threadOfParker[ObjectIdentifier(parker)] = t
                    parkers.append(parker)
                    notes.append(Note(thread: t, kind: .parked, subject: s, value: value, other: subject.emitter))
                    threads[t].stack[f].pc = .parked(parker)
                } else {
                    let kind: Note.Kind = !fromOwner && full ? .skippedPark : .queued
                    if kind == .skippedPark { coverage.skippedParks += 1 }
                    notes.append(Note(thread: t, kind: kind, subject: s, value: value, other: subject.emitter))
                    ret(t)
                }
            } else {
                subject.emitting = true
                subject.emitter = t
                // unlock
                notes.append(Note(thread: t, kind: .owns, subject: s, value: value))
                if f > 0 { coverage.nestedOwnerships += 1 }
                threads[t].stack[f].pc = .deliverOwn(value)
            }
        case .deliverOwn(let value):
            threads[t].stack[f].pc = .finish
            deliver(t, s, value)
        case .finish:
            // `finishEmission`: lock.
            if subject.queuedEvents == 0 && !subject.hasSlowWork {
                subject.emitting = false
                // unlock
                ret(t)
            } else {
                // unlock, then `drainSlowPath`.
                threads[t].stack[f].pc = .drain
            }
        case .drain:
            // `drainSlowPath`: lock (nothing joins or is removed here), `takeBatch`.
            let step: EmissionControl.Step
            if let successor = subject.successor {
                subject.successor = nil
                subject.pending.handOver(to: successor)
                step = .handOff(successor)
            } else {
                step = subject.pending.takeBatch(
                    into: &subject.batch, successor: &subject.successor, releasing: &threads[t].stack[f].released)
                subject.queuedEvents -= subject.batch.count
            }
            switch step {
            case .deliver:
                // `beforeQueuedDelivery`.
                subject.hasSlowWork = false
                if subject.successor != nil { coverage.handOffsAfterABatch += 1 }
                notes.append(
                    Note(
                        thread: t, kind: subject.successor == nil ? .tookBatch : .handsOverAfterBatch, subject: s,
                        value: subject.batch.count,
                        other: subject.successor.map { threadOfParker[ObjectIdentifier($0)] ?? -1 } ?? -1))
                threads[t].stack[f].pc = .wake(then: .deliverBatch)
            case .handOff(let successor):
                subject.emitter = threadOfParker[ObjectIdentifier(successor)] ?? -1
                notes.append(Note(thread: t, kind: .handsOver, subject: s, other: subject.emitter))
                threads[t].stack[f].ownerWake = successor
                threads[t].stack[f].pc = .wake(then: .ret)
            case .done:
                subject.emitting = false
                subject.hasSlowWork = false
                notes.append(Note(thread: t, kind: .givesUp, subject: s))
                threads[t].stack[f].pc = .wake(then: .ret)
            }
        // unlock
        case .deliverBatch:
            if subject.batch.isEmpty {
                threads[t].stack[f].pc = .drain
            } else if case .next(let value) = subject.batch.removeFirst() {
                deliver(t, s, value)
            }
        case .wake(let then):
            if !threads[t].stack[f].released.isEmpty {
                wake(t, threads[t].stack[f].released.removeFirst(), .released, s)
            } else if let parker = threads[t].stack[f].ownerWake {
                threads[t].stack[f].ownerWake = nil
                wake(t, parker, .owner, s)
            } else {
                switch then {
                case .deliverBatch: threads[t].stack[f].pc = .deliverBatch
                case .ret: ret(t)
                }
            }
        case .parked(let parker):
            // `waitParked`: `park()` returns.
            if parker.outcomeForTesting == .owner {
                notes.append(Note(thread: t, kind: .resumesAsOwner, subject: s))
                threads[t].stack[f].pc = .drain
            } else {
                notes.append(Note(thread: t, kind: .returnsFromPark, subject: s))
                ret(t)
            }
        }
    }

    func invariantViolation() -> String? {
        if let (thread, count) = wokenTwice { return "a parker (thread \(thread)) was woken \(count) times" }
        for s in 0..<subjects.count where !subjects[s].emitting {
            if !subjects[s].pending.isEmpty {
                return "events wait in \(Self.names[s]) but nobody owns it (they are lost)"
            }
            if !subjects[s].pending.control.parked.isEmpty {
                return "a sender is parked on \(Self.names[s]) but nobody owns it (nobody will wake it)"
            }
        }
        return nil
    }

    func finalViolation() -> String? {
        // Each event as one number: its subject, then its value.
        func event(_ subject: Int, _ value: Int) -> Int { subject * 10 * Self.echoOffset + value }
        var expected: [Int] = []
        for send in threads.flatMap(\.plan) {
            expected.append(event(send.subject, send.value))
            if let target = sendsInto[send.subject] { expected.append(event(target, send.value + Self.echoOffset)) }
        }
        if delivered.map({ event($0.subject, $0.value) }).sorted() != expected.sorted() {
            let got = delivered.map { "\(Self.names[$0.subject])\($0.value)" }
            return "not every event delivered exactly once: delivered \(got)"
        }
        for (t, thread) in threads.enumerated() {
            for s in subjects.indices {
                let mine = thread.plan.filter { $0.subject == s }.map(\.value)
                let order = delivered.filter { $0.subject == s && mine.contains($0.value) }.map(\.value)
                if order != mine { return "thread \(t)'s events into \(Self.names[s]) out of order: \(order)" }
            }
        }
        for (s, subject) in subjects.enumerated()
        where subject.emitting || !subject.pending.isEmpty || subject.queuedEvents != 0 || subject.successor != nil {
            return "\(Self.names[s]) still owned or queued after every thread returned"
        }
        let recorded = threads.indices.filter { WaitForGraph.waitsForForTesting(Self.key($0)) != nil }
        if !recorded.isEmpty { return "WaitForGraph still records threads \(recorded) as parked" }
        return nil
    }

    /// The simulated thread a `WaitForGraph` key stands for.
    private func threadName(ofKey key: UInt) -> String {
        if let t = threads.indices.first(where: { Self.key($0) == key }) { return "thread \(t)" }
        return "key \(key)"
    }

    private func describe(_ frame: Frame, of t: Int) -> String {
        let name = Self.names[frame.subject]
        switch frame.pc {
        case .send(let value): return "about to send \(value) into \(name)"
        case _ where frame.handling != nil:
            return "owns \(name), in its handler of \(name)\(frame.handling ?? 0)"
        case .deliverOwn(let value): return "owns \(name), delivering its own \(value)"
        case .finish: return "owns \(name), finishing its emission"
        case .drain: return "owns \(name), taking a batch"
        case .deliverBatch: return "owns \(name), delivering a batch"
        case .wake: return "on \(name), waking parked senders"
        case .parked(let parker):
            let subject = subjects[frame.subject]
            var text = "parked on \(name) (entry \(parker.sequence))"
            if parker.outcomeForTesting != .waiting {
                text += ", woken"
            } else if subject.emitting && subject.emitter >= 0 && subject.emitter != t {
                text += ", waits for \(name)'s owner, thread \(subject.emitter)"
            } else {
                text += ", waits for nobody: no owner will wake it"
            }
            let edge = WaitForGraph.waitsForForTesting(Self.key(t)).map { threadName(ofKey: $0) } ?? "none"
            return text + " (WaitForGraph's edge: \(edge))"
        }
    }

    private func describe(_ note: Note) -> String {
        let name = Self.names[note.subject]
        let t = "\(note.thread)"
        switch note.kind {
        case .owns: return "\(t) sends \(note.value) into \(name), owns it"
        case .queued: return "\(t) queues \(note.value) into \(name) (owner \(note.other))"
        case .skippedPark:
            return "\(t) queues \(note.value) into \(name) (owner \(note.other)) without parking: a wait cycle"
        case .parked: return "\(t) parks on \(name) with \(note.value), waiting for \(note.other)"
        case .delivered: return "\(t) delivers \(name)\(note.value)"
        case .tookBatch: return "\(t) takes \(note.value) from \(name)"
        case .handsOverAfterBatch: return "\(t) takes \(note.value) from \(name), then hands over to \(note.other)"
        case .handsOver: return "\(t) hands \(name) over to \(note.other)"
        case .givesUp: return "\(t) gives up \(name)"
        case .released: return "\(t) releases \(note.other) (\(name) entry \(note.value))"
        case .wokeOwner: return "\(t) wakes \(note.other) as \(name)'s owner"
        case .resumesAsOwner: return "\(t) resumes as \(name)'s owner"
        case .returnsFromPark: return "\(t) returns from its park on \(name)"
        }
    }

    /// What happened (one line per notable step), then each thread's call stack, outermost first,
    /// and for each parked call the owner it waits for and the edge `WaitForGraph` holds for it.
    func describeThreads() -> String {
        "  steps: " + notes.map(describe).joined(separator: "; ") + "\n"
            + threads.indices.map { t in
                let stack = threads[t].stack.map { describe($0, of: t) }
                return "  thread \(t): " + (stack.isEmpty ? "done" : stack.joined(separator: " > "))
            }.joined(separator: "\n")
    }
}
