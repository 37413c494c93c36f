import Foundation
import TestSupport
import XCTest

@testable import Rivulet

/// The torture target: random pipelines (`TortureShape`) sent to by 2-4 threads while another
/// subscribes and disposes, each round under a watchdog. By default a few rounds run (the README's
/// `swift test` stays quick); the environment sets a longer run:
///
/// - `RIVULET_TORTURE_SECONDS`: run rounds for this long (`.ci/run` sets a budget);
/// - `RIVULET_TORTURE_SEED` / `RIVULET_TORTURE_LAST_SEED`: the seeds to run (from 1 by default);
/// - `RIVULET_TORTURE_HANG_SECONDS`: how long a round may make no progress (30 by default).
///
/// Each round prints its seed and shape first, flushed, so a trap that kills the process still
/// names the round (`scripts/torture.sh` runs it for hours).
final class TortureTests: RivuletTestCase {
    private static let environment = ProcessInfo.processInfo.environment
    private static let defaultRounds: UInt64 = 3

    func testRandomPipelinesNeitherHangNorStaySubscribed() {
        let seconds = Self.environment["RIVULET_TORTURE_SECONDS"].flatMap(Double.init)
        let firstSeed = Self.environment["RIVULET_TORTURE_SEED"].flatMap { UInt64($0) } ?? 1
        let lastSeed =
            Self.environment["RIVULET_TORTURE_LAST_SEED"].flatMap { UInt64($0) }
            ?? (seconds == nil ? firstSeed + Self.defaultRounds - 1 : UInt64.max)
        let hangSeconds = Self.environment["RIVULET_TORTURE_HANG_SECONDS"].flatMap(Double.init) ?? 30
        let start = DispatchTime.now().uptimeNanoseconds
        var rounds = 0
        var seed = firstSeed
        while seed <= lastSeed {
            if let seconds, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 >= seconds { break }
            let shape = TortureShape(seed: seed)
            Self.announce("torture \(shape)")
            if let failure = TortureRound.run(shape, hangSeconds: hangSeconds) {
                XCTFail(
                    "\(failure)\nrerun: RIVULET_TORTURE_SEED=\(seed) RIVULET_TORTURE_LAST_SEED=\(seed) "
                        + "swift test --filter TortureTests")
                return
            }
            rounds += 1
            seed += 1
        }
        Self.announce("torture: \(rounds) rounds passed (seeds \(firstSeed)..<\(seed))")
        XCTAssertGreaterThan(rounds, 0)
    }

    /// The torture target can fail: with one wake-up skipped (the test-only switch) and the queue's
    /// capacity lowered so that senders park, a round hangs within the first few seeds and the
    /// watchdog names it. The skipped wake-up is then delivered late, so the round's threads finish.
    func testALostWakeUpIsFound() throws {
        #if DEBUG
            Parker.capacityForTesting.store(1, ordering: .relaxed)
            defer {
                Parker.capacityForTesting.store(32, ordering: .relaxed)
                Parker.wakeUpsToSkipForTesting.store(0, ordering: .relaxed)
            }
            var found: String?
            for seed in UInt64(1)...20 where found == nil {
                Parker.wakeUpsToSkipForTesting.store(1, ordering: .relaxed)
                let shape = TortureShape(seed: seed)
                Self.announce("torture with a lost wake-up: \(shape)")
                found = TortureRound.run(shape, hangSeconds: 3) {
                    Parker.deliverSkippedWakeUpsForTesting()
                }
            }
            let failure = try XCTUnwrap(found, "the torture target missed a lost wake-up in 20 rounds")
            XCTAssertTrue(failure.hasPrefix("hang"), failure)
            XCTAssertTrue(failure.contains("seed "), failure)
        #else
            throw XCTSkip("the test-only switch exists in debug builds only")
        #endif
    }

    private static func announce(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
