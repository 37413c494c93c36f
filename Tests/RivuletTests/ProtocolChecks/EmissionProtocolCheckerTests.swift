import Foundation
import TestSupport
import XCTest

@testable import Rivulet

/// The emission protocol of a subject, checked by `InterleavingChecker` over every schedule of a
/// few simulated threads up to a preemption bound (and a random sample beyond it), with the
/// queue's capacity lowered to 1 so that parking, hand-offs and `handOffWanted` happen within a
/// few steps. `RIVULET_CHECKER_SEED` picks the random sample's seed (printed on failure).
final class EmissionProtocolCheckerTests: RivuletTestCase {
    typealias Plan = EmissionModel.Plan

    override func setUp() {
        super.setUp()
        #if DEBUG
            Parker.capacityForTesting.store(1, ordering: .relaxed)
        #endif
    }

    override func tearDown() {
        #if DEBUG
            Parker.capacityForTesting.store(32, ordering: .relaxed)
            Parker.wakeUpsToSkipForTesting.store(0, ordering: .relaxed)
            Parker.deliverSkippedWakeUpsForTesting()
        #endif
        super.tearDown()
    }

    private func checker(_ plans: [Plan], echoes: Set<Int> = [], skipOneWakeUp: Bool = false) -> InterleavingChecker {
        InterleavingChecker {
            #if DEBUG
                Parker.wakeUpsToSkipForTesting.store(skipOneWakeUp ? 1 : 0, ordering: .relaxed)
            #endif
            return EmissionModel(plans, echoes: echoes)
        }
    }

    func testTwoSendersWithReentrantSendsInEveryScheduleOfThreePreemptions() throws {
        try XCTSkipUnless(Self.isDebug, "the queue's capacity is lowered in debug builds only")
        let result = checker([Plan(sends: [1, 2, 3]), Plan(sends: [11, 12, 13])], echoes: [1, 12])
            .explore(preemptions: 3)
        print("interleaving checker: \(result.executions) schedules")
        XCTAssertNil(result.failure, "\(result.failure.map(String.init(describing:)) ?? "")")
        XCTAssertGreaterThan(result.executions, 1_000)
    }

    func testThreeSendersInEveryScheduleOfTwoPreemptions() throws {
        try XCTSkipUnless(Self.isDebug, "the queue's capacity is lowered in debug builds only")
        let result = checker([Plan(sends: [1, 2]), Plan(sends: [11, 12]), Plan(sends: [21])], echoes: [11])
            .explore(preemptions: 2)
        print("interleaving checker: \(result.executions) schedules")
        XCTAssertNil(result.failure, "\(result.failure.map(String.init(describing:)) ?? "")")
        XCTAssertGreaterThan(result.executions, 300)
    }

    func testADisposalDuringSendsInEveryScheduleOfThreePreemptions() throws {
        try XCTSkipUnless(Self.isDebug, "the queue's capacity is lowered in debug builds only")
        let result = checker([Plan(sends: [1, 2, 3, 4]), Plan(sends: [11, 12, 13], disposes: true)], echoes: [2])
            .explore(preemptions: 3)
        print("interleaving checker: \(result.executions) schedules")
        XCTAssertNil(result.failure, "\(result.failure.map(String.init(describing:)) ?? "")")
        XCTAssertGreaterThan(result.executions, 1_000)
    }

    func testRandomSchedulesOfThreeSendersAndADisposal() throws {
        try XCTSkipUnless(Self.isDebug, "the queue's capacity is lowered in debug builds only")
        let seed =
            ProcessInfo.processInfo.environment["RIVULET_CHECKER_SEED"].flatMap { UInt64($0) }
            ?? 0x5EED_2026
        let failure = checker(
            [Plan(sends: [1, 2, 3, 4]), Plan(sends: [11, 12, 13]), Plan(sends: [21, 22], disposes: true)],
            echoes: [2, 12]
        ).sample(count: 1_500, seed: seed)
        XCTAssertNil(failure, "\(failure.map(String.init(describing:)) ?? "")")
    }

    /// The checker can fail: with one wake-up skipped (the test-only switch) it reports the
    /// parked sender nobody wakes, in its first schedules.
    func testALostWakeUpIsFound() throws {
        try XCTSkipUnless(Self.isDebug, "the test-only switch exists in debug builds only")
        let result = checker([Plan(sends: [1, 2, 3]), Plan(sends: [11, 12, 13])], skipOneWakeUp: true)
            .explore(preemptions: 2)
        let failure = try XCTUnwrap(result.failure, "the lost wake-up went unnoticed")
        XCTAssertTrue(failure.message.contains("deadlock"), "\(failure)")
        XCTAssertTrue(failure.threads.contains("a lost wake-up"), "\(failure)")
        XCTAssertLessThan(result.executions, 1_000)
    }

    private static var isDebug: Bool {
        #if DEBUG
            true
        #else
            false
        #endif
    }
}
