import Foundation
import Rivulet
import RivuletCombine
import TestSupport
import XCTest

/// `for try await` over `values` of a throwing publisher written by hand, with the subscription,
/// values, completions and the iterating task's cancellation in any order (found with the module split: this shape
/// crashed and hung). Seeded. Checked: every loop ends (a watchdog), it ends with the failure only
/// if a failure was sent while subscribed, and everything is released.
final class AsyncValuesOrderTests: RealTimeTestCase {
    private let seeds: ClosedRange<UInt64> = 1...150

    func testThrowingValuesWithAnyOrderOfCallsAndCancellation() {
        for seed in seeds { withWatchdog("seed \(seed)") { self.runThrowing(seed: seed) } }
    }

    func testNonThrowingValuesWithAnyOrderOfCallsAndCancellation() {
        for seed in seeds { withWatchdog("seed \(seed)") { self.runNonThrowing(seed: seed) } }
    }

    private func script(_ random: inout SeededGenerator) -> [Int] {
        (0..<Int.random(in: 1...10, using: &random)).map { _ in Int.random(in: 0..<10, using: &random) }
    }

    /// Runs one step on the hand publisher (or cancels the task).
    private func act<Failure: Error>(
        _ step: Int, _ value: Int, _ source: HandPublisher<Int, Failure>, failure: Failure?, task: Task<Void, Never>
    ) {
        switch step {
        case 0, 1: source.sendSubscription()
        case 2...5: source.send(value)
        case 6: source.send(completion: .finished)
        case 7: if let failure { source.send(completion: .failure(failure)) } else { source.send(value) }
        default: task.cancel()
        }
    }

    private func runThrowing(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let source = HandPublisher<Int, TestFailure>()
        let outcome = LockedValues<String>()
        let started = DispatchSemaphore(value: 0)
        let ended = DispatchSemaphore(value: 0)
        let values = source.map { $0 }.values
        let task = Task {
            do {
                var iterator = values.makeAsyncIterator()
                started.signal()
                while let value = try await iterator.next() { outcome.append("\(value)") }
                outcome.append("end")
            } catch {
                outcome.append("error \(error)")
            }
            ended.signal()
        }
        XCTAssertEqual(started.wait(timeout: .now() + 5), .success)
        let steps = script(&random)
        let concurrent = Bool.random(using: &random)
        let group = DispatchGroup()
        for (index, step) in steps.enumerated() {
            let work = UncheckedSendableBox({ self.act(step, index, source, failure: TestFailure.boom, task: task) })
            if concurrent && index % 2 == 1 {
                DispatchQueue.global().async(group: group) { work.value() }
            } else {
                work.value()
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 5), .success)
        // Whatever happened, cancelling the task ends the loop.
        task.cancel()
        XCTAssertEqual(ended.wait(timeout: .now() + 5), .success, "seed \(seed): the loop ended (\(steps))")
        let last = outcome.all.last ?? ""
        XCTAssertTrue(last == "end" || last == "error boom", "seed \(seed): \(outcome.all)")
        source.reset()
    }

    private func runNonThrowing(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let source = HandPublisher<Int, Never>()
        let outcome = LockedValues<String>()
        let started = DispatchSemaphore(value: 0)
        let ended = DispatchSemaphore(value: 0)
        let values = source.values
        let task = Task {
            var iterator = values.makeAsyncIterator()
            started.signal()
            while let value = await iterator.next() { outcome.append("\(value)") }
            outcome.append("end")
            ended.signal()
        }
        XCTAssertEqual(started.wait(timeout: .now() + 5), .success)
        for (index, step) in script(&random).enumerated() {
            act(step, index, source, failure: nil, task: task)
        }
        task.cancel()
        XCTAssertEqual(ended.wait(timeout: .now() + 5), .success, "seed \(seed): the loop ended")
        XCTAssertEqual(outcome.all.last, "end")
        source.reset()
    }
}
