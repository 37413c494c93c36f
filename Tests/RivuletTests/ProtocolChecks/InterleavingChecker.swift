import Foundation
import TestSupport

@testable import Rivulet

/// A deterministic interleaving checker (stateless, by re-execution, in the manner of CHESS):
/// runs a fresh `EmissionModel` once per schedule, choosing which simulated thread takes the next
/// atomic step, and checks the model's invariants after every step, a deadlock (no thread can
/// step but not all are done) and the final state. `explore` visits every schedule with at most
/// `preemptions` switches away from a thread that could have gone on (depth first);
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

    let makeModel: () -> EmissionModel
    /// Steps after which an execution counts as a livelock.
    var maxSteps = 5_000

    /// Runs one schedule: follows `prefix`, then `choose` (given the enabled threads and the
    /// thread that stepped last). Returns the enabled sets met and the choices made, or a failure.
    private func run(prefix: [Int], choose: ([Int], Int) -> Int) -> Result<[(enabled: [Int], chosen: Int)], Failure> {
        let model = makeModel()
        var trace: [(enabled: [Int], chosen: Int)] = []
        var last = 0
        while true {
            let enabled = model.threads.indices.filter(model.isEnabled)
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
            // Backtrack: the deepest step with an untried alternative within the bound.
            var next: [Int]?
            var index = trace.count - 1
            while index >= 0 && next == nil {
                let (enabled, chosen) = trace[index]
                let last = index == 0 ? 0 : trace[index - 1].chosen
                let options = Self.ordered(enabled, last)
                let base = Array(trace[..<index].map(\.chosen))
                for alternative in options[(options.firstIndex(of: chosen) ?? 0)...].dropFirst() {
                    let candidate = base + [alternative]
                    if Self.preemptions(candidate, trace) <= bound {
                        next = candidate
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

    /// Switches away from a thread that was still enabled, along `schedule` (the enabled sets of
    /// its common prefix with `trace`, and for the last choice, of that step).
    private static func preemptions(_ schedule: [Int], _ trace: [(enabled: [Int], chosen: Int)]) -> Int {
        var count = 0
        for index in 1..<max(schedule.count, 1) where schedule[index] != schedule[index - 1] {
            if trace[index].enabled.contains(schedule[index - 1]) { count += 1 }
        }
        return count
    }
}
