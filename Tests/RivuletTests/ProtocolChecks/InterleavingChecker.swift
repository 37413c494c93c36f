import Foundation
import TestSupport

@testable import Rivulet

/// What `InterleavingChecker` drives: simulated threads, numbered from 0, whose every step is one
/// atomic action, and the checks the model makes (`EmissionModel`: one subject; `FeedbackModel`:
/// two subjects whose handlers send into each other).
protocol InterleavingModel: AnyObject {
    /// How many simulated threads there are.
    var threadCount: Int { get }
    /// Whether thread `t` can take a step now.
    func isEnabled(_ t: Int) -> Bool
    /// Whether every thread has returned from everything it does.
    var allDone: Bool { get }
    /// Runs one atomic step of thread `t` (which is enabled).
    func step(_ t: Int)
    /// What must hold after every step; a message when it does not.
    func invariantViolation() -> String?
    /// What must hold once every thread is done; a message when it does not.
    func finalViolation() -> String?
    /// The threads' states and who waits for whom, for a failure message.
    func describeThreads() -> String
}

/// A deterministic interleaving checker (stateless, by re-execution, in the manner of CHESS):
/// runs a fresh model (an `InterleavingModel`) once per schedule, choosing which simulated thread
/// takes the next atomic step, and checks the model's invariants after every step, a deadlock (no
/// thread can step but not all are done) and the final state. `explore` visits every schedule
/// with at most `preemptions` switches away from a thread that could have gone on (depth first);
/// `sample` runs `count` random schedules from a seed.
struct InterleavingChecker {
    /// A failing schedule: what broke and the steps that led there (thread numbers).
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var schedule: [Int]
        var threads: String
        var description: String {
            "\(message)\nschedule (thread per step): \(schedule.map(String.init).joined(separator: " "))\n\(threads)"
        }
    }

    let makeModel: () -> any InterleavingModel
    /// Steps after which an execution counts as a livelock.
    var maxSteps = 5_000

    /// Runs one schedule: follows `prefix`, then `choose` (given the enabled threads and the
    /// thread that stepped last). Returns the enabled sets met and the choices made, or a failure.
    private func run(prefix: [Int], choose: ([Int], Int) -> Int) -> Result<[(enabled: [Int], chosen: Int)], Failure> {
        let model = makeModel()
        var trace: [(enabled: [Int], chosen: Int)] = []
        var last = 0
        while true {
            let enabled = (0..<model.threadCount).filter(model.isEnabled)
            if enabled.isEmpty {
                let schedule = trace.map(\.chosen)
                if !model.allDone {
                    return .failure(Failure(message: "deadlock", schedule: schedule, threads: model.describeThreads()))
                }
                if let violation = model.finalViolation() {
                    return .failure(Failure(message: violation, schedule: schedule, threads: model.describeThreads()))
                }
                return .success(trace)
            }
            let chosen = trace.count < prefix.count ? prefix[trace.count] : choose(enabled, last)
            trace.append((enabled, chosen))
            model.step(chosen)
            last = chosen
            if let violation = model.invariantViolation() {
                return .failure(
                    Failure(message: violation, schedule: trace.map(\.chosen), threads: model.describeThreads()))
            }
            if trace.count > maxSteps {
                return .failure(
                    Failure(message: "livelock: \(maxSteps) steps", schedule: [], threads: model.describeThreads()))
            }
        }
    }

    /// Every schedule with at most `preemptions` preemptions; returns how many ran, or the first
    /// failure.
    func explore(preemptions bound: Int, limit: Int = 1_000_000) -> (executions: Int, failure: Failure?) {
        var prefix: [Int] = []
        var executions = 0
        while executions < limit {
            // Without a choice in the prefix, the thread that stepped last goes on when it can.
            let result = run(prefix: prefix) { enabled, last in Self.ordered(enabled, last)[0] }
            executions += 1
            let trace: [(enabled: [Int], chosen: Int)]
            switch result {
            case .failure(let failure): return (executions, failure)
            case .success(let ran): trace = ran
            }
            // Backtrack: the deepest step with an untried alternative within the bound. The
            // preemptions of each prefix of the trace are counted once (`before[i]`: in its
            // first `i` steps), so a candidate costs one comparison.
            let chosen = trace.map(\.chosen)
            var before = [Int](repeating: 0, count: trace.count + 1)
            for index in trace.indices {
                let preempted =
                    index > 0 && chosen[index] != chosen[index - 1] && trace[index].enabled.contains(chosen[index - 1])
                before[index + 1] = before[index] + (preempted ? 1 : 0)
            }
            var next: [Int]?
            var index = trace.count - 1
            while index >= 0 && next == nil {
                let enabled = trace[index].enabled
                let last = index == 0 ? 0 : chosen[index - 1]
                let options = Self.ordered(enabled, last)
                for alternative in options[(options.firstIndex(of: chosen[index]) ?? 0)...].dropFirst() {
                    let preempts = index > 0 && alternative != last && enabled.contains(last)
                    if before[index] + (preempts ? 1 : 0) <= bound {
                        next = Array(chosen[..<index]) + [alternative]
                        break
                    }
                }
                index -= 1
            }
            guard let next else { return (executions, nil) }
            prefix = next
        }
        return (executions, nil)
    }

    /// `count` random schedules from `seed`; returns the first failure (its seed in the message).
    func sample(count: Int, seed: UInt64) -> Failure? {
        var generator = SeededGenerator(seed: seed)
        for run in 0..<count {
            if case .failure(var failure) = self.run(
                prefix: [],
                choose: { enabled, _ in
                    enabled[Int(generator.next() % UInt64(enabled.count))]
                })
            {
                failure.message += " (random schedule \(run) of seed \(seed))"
                return failure
            }
        }
        return nil
    }

    /// The order in which a step's choices are tried: the thread that stepped last first (no
    /// preemption), then the others by number.
    private static func ordered(_ enabled: [Int], _ last: Int) -> [Int] {
        enabled.contains(last) ? [last] + enabled.filter { $0 != last } : enabled
    }
}
