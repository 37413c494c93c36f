#if DEBUG
    @testable import Rivulet
#else
    import Rivulet
#endif
import RivuletTest
import TestSupport
import XCTest

/// An infinite sequence that counts how many elements were pulled from it.
private final class Naturals: Sequence, @unchecked Sendable {
    // @unchecked Sendable: only used on the test's thread.
    var pulled = 0
    func makeIterator() -> AnyIterator<Int> {
        var next = 0
        return AnyIterator { [self] in
            pulled += 1
            next += 1
            return next
        }
    }
}

final class FromTests: RivuletTestCase {
    func testOfSendsItsArgumentsThenCompletes() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2, 3).subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3), .completed])
    }

    func testOfWithNoArgumentsCompletes() {
        let recorder = EventRecorder<Int>()
        _ = Observable<Int>.of().subscribe(recorder)
        XCTAssertEqual(recorder.events, [.completed])
    }

    func testFromArray() {
        let recorder = EventRecorder<String>()
        _ = Observable.from(["a", "b"]).subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next("a"), .next("b"), .completed])
    }

    func testFromEmptyArrayCompletes() {
        let recorder = EventRecorder<Int>()
        _ = Observable<Int>.from([]).subscribe(recorder)
        XCTAssertEqual(recorder.events, [.completed])
    }

    func testFromSequence() {
        let recorder = EventRecorder<Int>()
        _ = Observable.from(1...4).subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .next(3), .next(4), .completed])
    }

    func testFromSequenceIsIteratedAnewPerSubscription() {
        let source = Observable.from(stride(from: 0, to: 6, by: 2))
        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        _ = source.subscribe(first)
        _ = source.subscribe(second)
        XCTAssertEqual(first.elements, [0, 2, 4])
        XCTAssertEqual(second.events, first.events)
    }

    func testMapOverFrom() {
        let recorder = EventRecorder<Int>()
        _ = Observable.of(1, 2).map { $0 * 10 }.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(10), .next(20), .completed])
    }

    #if DEBUG
        func testDisposingInsideOnNextStopsAnInfiniteSequence() {
            // The subscription is handed down before the first value, so a subscriber can stop a
            // synchronous infinite source from inside its own handler (what `take(n)` relies on).
            let naturals = Naturals()
            var values: [Int] = []
            var sawTerminal = false
            let subscriber = SinkBase()
            Observable.from(naturals)._subscribe(
                { event in
                    switch event {
                    case .next(let value):
                        values.append(value)
                        if value == 3 { subscriber.dispose() }
                    case .error, .completed:
                        sawTerminal = true
                    }
                }, subscriber)
            XCTAssertEqual(values, [1, 2, 3])
            XCTAssertFalse(sawTerminal, "a disposed subscription gets no completion")
            XCTAssertEqual(naturals.pulled, 3, "iteration stops right after the disposing value")
        }

        func testDisposingBeforeTheFirstValueSendsNothing() {
            let naturals = Naturals()
            var events = 0
            let subscriber = SinkBase()
            subscriber.dispose()
            Observable.from(naturals)._subscribe({ _ in events += 1 }, subscriber)
            XCTAssertEqual(events, 0)
            XCTAssertLessThanOrEqual(naturals.pulled, 1)
        }
    #endif

    // MARK: from(optional:)

    func testFromOptionalSendsTheValueThenCompletes() {
        let some = EventRecorder<Int>()
        _ = Observable.from(optional: 1).subscribe(some)
        XCTAssertEqual(some.events, [.next(1), .completed])
        let none = EventRecorder<Int>()
        _ = Observable<Int>.from(optional: nil).subscribe(none)
        XCTAssertEqual(none.events, [.completed])
    }

    func testFromOptionalSendsDuringTheSubscriptionNotOnTheTrampoline() {
        // As RxSwift: `from(optional:)` sends at once, while `of` waits for the trampoline.
        let recorder = EventRecorder<Int>()
        _ = Observable.merge(Observable.of(2), Observable.from(optional: 1)).subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
    }

    func testFromOptionalOnASchedulerSendsTheValueAndTheCompletionOneStepEach() {
        let scheduler = TestScheduler(initialClock: 0)
        let some = scheduler.start { Observable.from(optional: 1, scheduler: scheduler) }
        XCTAssertEqual(some.events, [.next(201, 1), .completed(202)])
        let other = TestScheduler(initialClock: 0)
        let none = other.start { Observable<Int>.from(optional: nil, scheduler: other) }
        XCTAssertEqual(none.events, [.completed(201)])
    }
}
