import Rivulet
import TestSupport
import XCTest

/// An observer may send into, subscribe to, or dispose subscriptions of the subject that is
/// delivering to it (docs/DESIGN.md, "Threading and disposal contract"): no deadlock, no crash,
/// and breadth-first ordering: every observer receives event n before any receives n + 1.
final class SubjectReentrancyTests: RivuletTestCase {
    func test_contract6_observerSendingIntoItsOwnSubjectIsDeliveredBreadthFirst() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let a = subject.subscribe(onNext: { value in
            log.append("A\(value)")
            if value == 1 { subject.onNext(2) }
        })
        let b = subject.subscribe(onNext: { value in log.append("B\(value)") })
        subject.onNext(1)
        XCTAssertEqual(log, ["A1", "B1", "A2", "B2"])
        a.dispose()
        b.dispose()
    }

    func testReentrantSendsKeepAcceptanceOrder() {
        let subject = PublishSubject<Int>()
        var log: [Int] = []
        let subscription = subject.subscribe(onNext: { value in
            log.append(value)
            if value == 1 {
                subject.onNext(2)
                subject.onNext(3)
            }
            if value == 2 { subject.onNext(4) }
        })
        subject.onNext(1)
        XCTAssertEqual(log, [1, 2, 3, 4])
        subscription.dispose()
    }

    func testDeepReentrantChainDoesNotGrowTheStack() {
        // 100 000 nested sends would overflow the stack if delivered recursively.
        let subject = PublishSubject<Int>()
        var count = 0
        var last = 0
        let subscription = subject.subscribe(onNext: { value in
            count += 1
            last = value
            if value < 100_000 { subject.onNext(value + 1) }
        })
        subject.onNext(1)
        XCTAssertEqual(count, 100_000)
        XCTAssertEqual(last, 100_000)
        subscription.dispose()
    }

    func testReentrantCompletionReachesEveryObserverAfterTheCurrentEvent() {
        let subject = PublishSubject<Int>()
        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        _ = subject.subscribe { event in
            first.on(event)
            if case .next(1) = event { subject.onCompleted() }
        }
        _ = subject.subscribe(second)
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(first.events, [.next(1), .completed])
        XCTAssertEqual(second.events, [.next(1), .completed])
        XCTAssertFalse(subject.hasObservers)
    }

    func testReentrantSendIntoBehaviorSubjectUpdatesValueAtOnce() throws {
        let subject = BehaviorSubject(value: 0)
        var seen: [Int] = []
        let subscription = subject.subscribe(onNext: { value in
            if value == 1 {
                subject.onNext(2)
                seen.append((try? subject.value()) ?? -1)
            }
        })
        subject.onNext(1)
        XCTAssertEqual(seen, [2])
        XCTAssertEqual(try subject.value(), 2)
        subscription.dispose()
    }

    func testReentrantAcceptIntoBehaviorRelay() {
        let relay = BehaviorRelay(value: 0)
        var log: [Int] = []
        let subscription = relay.subscribe(onNext: { value in
            log.append(value)
            if value < 3 { relay.accept(value + 1) }
        })
        XCTAssertEqual(log, [0, 1, 2, 3])
        XCTAssertEqual(relay.value, 3)
        subscription.dispose()
    }

    func test_contract7_subscribingInsideADeliveryDoesNotReceiveTheCurrentEvent() {
        let subject = PublishSubject<Int>()
        let late = EventRecorder<Int>()
        var lateSubscription: Disposable?
        let outer = subject.subscribe(onNext: { value in
            if value == 1 { lateSubscription = subject.subscribe(late) }
        })
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(late.elements, [2])
        outer.dispose()
        lateSubscription?.dispose()
    }

    func testSubscribingDuringTheStopEventReceivesOnlyTheStopEvent() {
        let subject = PublishSubject<Int>()
        let late = EventRecorder<Int>()
        _ = subject.subscribe(onCompleted: { _ = subject.subscribe(late) })
        subject.onNext(1)
        subject.onCompleted()
        XCTAssertEqual(late.events, [.completed])
    }

    func testDisposingALaterObserverDuringDeliverySkipsIt() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        var laterSubscription: Disposable?
        let first = subject.subscribe(onNext: { value in
            log.append("A\(value)")
            if value == 1 { laterSubscription?.dispose() }
        })
        laterSubscription = subject.subscribe(onNext: { log.append("B\($0)") })
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(log, ["A1", "A2"])
        first.dispose()
        laterSubscription = nil
    }

    func testDisposingAnEarlierObserverDuringDelivery() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let first = subject.subscribe(onNext: { log.append("A\($0)") })
        let second = subject.subscribe(onNext: { value in
            log.append("B\(value)")
            if value == 1 { first.dispose() }
        })
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(log, ["A1", "B1", "B2"])
        second.dispose()
    }

    func testDisposingItselfDuringDelivery() {
        let subject = PublishSubject<Int>()
        var log: [Int] = []
        var disposed = 0
        let holder = SingleAssignmentDisposable()
        holder.setDisposable(
            subject.subscribe(
                onNext: { value in
                    log.append(value)
                    holder.dispose()
                },
                onDisposed: { disposed += 1 }
            ))
        subject.onNext(1)
        subject.onNext(2)
        XCTAssertEqual(log, [1])
        XCTAssertEqual(disposed, 1)
        XCTAssertFalse(subject.hasObservers)
    }

    func testSubjectsFeedingEachOtherDoNotDeadlock() {
        let ping = PublishSubject<Int>()
        let pong = PublishSubject<Int>()
        var log: [String] = []
        let a = ping.subscribe(onNext: { value in
            log.append("ping \(value)")
            if value < 3 { pong.onNext(value + 1) }
        })
        let b = pong.subscribe(onNext: { value in
            log.append("pong \(value)")
            ping.onNext(value + 1)
        })
        ping.onNext(0)
        XCTAssertEqual(log, ["ping 0", "pong 1", "ping 2", "pong 3", "ping 4"])
        a.dispose()
        b.dispose()
    }

    func testDisposingTheSubjectFromInsideADelivery() {
        let subject = ReplaySubject<Int>.create(bufferSize: 2)
        let recorder = EventRecorder<Int>()
        _ = subject.subscribe { event in
            recorder.on(event)
            if case .next(2) = event { subject.dispose() }
        }
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        XCTAssertEqual(recorder.events, [.next(1), .next(2)])
        XCTAssertFalse(subject.hasObservers)
    }
}
