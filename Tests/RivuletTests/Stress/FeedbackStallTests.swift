import Foundation
import Rivulet
import TestSupport
import XCTest

@testable import Rivulet

/// Streams whose handlers send into each other, each sent to by a thread of its own:
/// the owner of one stream is a sender of the other, and a sender parks when too many events
/// wait; two owners parked on each other would wait for ever. A sender never parks on an owner
/// that waits for it (`WaitForGraph`), so these run to the end.
final class FeedbackStallTests: RealTimeTestCase {
    /// Sends per thread: `RIVULET_FEEDBACK_ROUNDS`, or 100,000 (enough for today's main to hang
    /// in every run here; a sanitizer build runs about ten times slower and wants fewer).
    private let rounds = ProcessInfo.processInfo.environment["RIVULET_FEEDBACK_ROUNDS"].flatMap { Int($0) } ?? 100_000

    /// Runs `senders` on threads of their own, each `rounds` times, under the watchdog.
    private func runConcurrently(
        _ what: String, _ senders: [(Int) -> Void], file: StaticString = #filePath, line: UInt = #line
    ) {
        let rounds = rounds
        let boxes = senders.map(UncheckedSendable.init)
        assertFinishes(within: 30, what, file: file, line: line) {
            let group = DispatchGroup()
            for box in boxes {
                group.enter()
                Thread {
                    for round in 0..<rounds { box.value(round) }
                    group.leave()
                }.start()
            }
            group.wait()
        }
        XCTAssertEqual(
            WaitForGraph.parkedCountForTesting, 0, "a parked thread was left in the graph", file: file, line: line)
    }

    func testTwoSubjectsWhoseObserversSendIntoEachOther() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let received = LockedCounter()
        // An event from outside (>= 0) is echoed into the other subject (as three -1s).
        let bag = DisposeBag()
        a.subscribe(onNext: { if $0 >= 0 { for _ in 0..<3 { b.onNext(-1) } } else { received.increment() } })
            .disposed(by: bag)
        b.subscribe(onNext: { if $0 >= 0 { for _ in 0..<3 { a.onNext(-1) } } else { received.increment() } })
            .disposed(by: bag)
        runConcurrently("two subjects feeding each other", [{ a.onNext($0) }, { b.onNext($0) }])
        XCTAssertEqual(received.value, 6 * rounds, "every echo arrives once")
    }

    /// A third thread floods one of two subjects that feed each other: the senders that skip a
    /// park (it would close a wait cycle) leave a bounded number of events waiting, whatever the
    /// rate (docs/DESIGN.md, "Concurrent senders"). The high-water mark does not grow with the
    /// number of sends (63 to 385 at 100,000 sends per thread, 128 to 282 at 1,000,000, in runs
    /// here); a queue that grew with the rate would pass 1,024 within the first few thousand
    /// (a stale wait-for edge let the flooding thread skip every park: 56,961).
    func testFeedingStreamsFloodedByAThirdThreadKeepTheirQueuesBounded() throws {
        #if DEBUG
            let a = PublishSubject<Int>()
            let b = PublishSubject<Int>()
            let bag = DisposeBag()
            a.subscribe(onNext: { if $0 >= 0 { b.onNext(-1) } }).disposed(by: bag)
            b.subscribe(onNext: { if $0 >= 0 { a.onNext(-1) } }).disposed(by: bag)
            EmissionControl.mostWaitingAfterSkippedParkForTesting.store(0, ordering: .relaxed)
            runConcurrently(
                "two subjects feeding each other, one flooded", [{ a.onNext($0) }, { b.onNext($0) }, { a.onNext($0) }])
            let most = EmissionControl.mostWaitingAfterSkippedParkForTesting.load(ordering: .relaxed)
            print("most events waiting after a skipped park: \(most)")
            XCTAssertLessThanOrEqual(most, 32 * EmissionControl.capacity)
        #else
            throw XCTSkip("the high-water mark is kept in debug builds only")
        #endif
    }

    func testTwoRelaysWhoseObserversAcceptIntoEachOther() {
        let a = PublishRelay<Int>()
        let b = BehaviorRelay<Int>(value: -2)
        let bag = DisposeBag()
        a.subscribe(onNext: { if $0 >= 0 { for _ in 0..<3 { b.accept(-1) } } }).disposed(by: bag)
        b.subscribe(onNext: { if $0 >= 0 { for _ in 0..<3 { a.accept(-1) } } }).disposed(by: bag)
        runConcurrently("two relays feeding each other", [{ a.accept($0) }, { b.accept($0) }])
    }

    func testAnObserverOfAMergeThatSendsIntoOneOfItsSources() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let received = LockedCounter()
        let bag = DisposeBag()
        // Values of `b` (odd) are sent on into `a` (as -1).
        Observable.merge(a, b.map { $0 * 2 + 1 })
            .subscribe(onNext: { if $0 > 0 && $0 % 2 == 1 { a.onNext(-1) } else if $0 == -1 { received.increment() } })
            .disposed(by: bag)
        runConcurrently("merge(a, b) whose observer sends into a", [{ a.onNext($0 * 2) }, { b.onNext($0) }])
        XCTAssertEqual(received.value, rounds, "every value sent on arrives once")
    }

    func testThreeSubjectsInARingOfThreeThreads() {
        let subjects = [PublishSubject<Int>(), PublishSubject<Int>(), PublishSubject<Int>()]
        let bag = DisposeBag()
        for index in subjects.indices {
            let next = subjects[(index + 1) % subjects.count]
            subjects[index].subscribe(onNext: { if $0 >= 0 { for _ in 0..<3 { next.onNext(-1) } } }).disposed(by: bag)
        }
        runConcurrently(
            "three subjects in a ring", subjects.map { subject in { subject.onNext($0) } })
    }

    func testACombineLatestWhoseObserverSendsIntoTheOtherThreadsSource() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let c = PublishSubject<Int>()
        let bag = DisposeBag()
        // Thread 1 sends into `a`, whose pair with `b` is sent into `c`; `c`'s observer sends into `b`,
        // which thread 2 sends into as well.
        Observable.combineLatest(a, b) { $0 + $1 }.subscribe(onNext: { if $0 >= 0 && $0 % 3 == 0 { c.onNext($0) } })
            .disposed(by: bag)
        c.subscribe(onNext: { if $0 >= 0 { b.onNext(-1_000_000) } }).disposed(by: bag)
        runConcurrently("combineLatest feeding back", [{ a.onNext($0) }, { b.onNext($0) }, { c.onNext($0) }])
    }
}
