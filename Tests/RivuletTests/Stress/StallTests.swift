import Foundation
import Rivulet
import TestSupport
import XCTest

/// Shapes that used to stop for good or crash under load (docs/DESIGN.md, "Concurrent senders" and
/// "Known limits"): each runs under a watchdog, so a hang fails the test that caused it.
final class StallTests: RealTimeTestCase {
    // MARK: - A multi-source sink ended before its gate existed

    func testCombineLatestTakeUntilAnAlreadyFiredTriggerEndsQuietly() {
        let a = PublishSubject<Int>()
        let b = PublishSubject<Int>()
        let trigger = BehaviorSubject(value: 0)
        var events: [Event<Int>] = []
        assertFinishes("combineLatest.take(until:) of a trigger that has a value") {
            let subscription = Observable.combineLatest(a, b) { $0 + $1 }.take(until: trigger)
                .subscribe { events.append($0) }
            a.onNext(1)
            b.onNext(2)
            subscription.dispose()
        }
        XCTAssertEqual(events.count, 1)
        XCTAssertEqual(events.first?.isCompleted, true)
        XCTAssertFalse(a.hasObservers)
        XCTAssertFalse(b.hasObservers)
    }

    func testEveryFixedArityCombineLatestAndZipEndedBeforeTheyStartEndQuietly() {
        let s = PublishSubject<Int>()
        let o = s.asObservable()
        let trigger = BehaviorSubject(value: 0)
        let shapes: [Observable<Int>] = [
            Observable.combineLatest(o, o) { $0 + $1 },
            Observable.combineLatest(o, o, o) { $0 + $1 + $2 },
            Observable.combineLatest(o, o, o, o) { _, _, _, d in d },
            Observable.combineLatest(o, o, o, o, o) { _, _, _, _, e in e },
            Observable.combineLatest(o, o, o, o, o, o) { _, _, _, _, _, f in f },
            Observable.combineLatest(o, o, o, o, o, o, o) { _, _, _, _, _, _, g in g },
            Observable.combineLatest(o, o, o, o, o, o, o, o) { _, _, _, _, _, _, _, h in h },
            Observable.zip(o, o) { $0 + $1 },
            Observable.zip(o, o, o) { $0 + $1 + $2 },
            Observable.zip(o, o, o, o) { _, _, _, d in d },
            Observable.zip(o, o, o, o, o) { _, _, _, _, e in e },
            Observable.zip(o, o, o, o, o, o) { _, _, _, _, _, f in f },
            Observable.zip(o, o, o, o, o, o, o) { _, _, _, _, _, _, g in g },
            Observable.zip(o, o, o, o, o, o, o, o) { _, _, _, _, _, _, _, h in h },
            Observable.combineLatest([o, o, o]).map { $0.count },
            Observable.zip([o, o, o]).map { $0.count },
            o.sample(o),
        ]
        for (index, shape) in shapes.enumerated() {
            var completed = 0
            assertFinishes("shape \(index) ended by take(until:) before it started") {
                _ = shape.take(until: trigger).subscribe(onCompleted: { completed += 1 })
                s.onNext(1)
            }
            XCTAssertEqual(completed, 1, "shape \(index)")
            XCTAssertFalse(s.hasObservers, "shape \(index)")
        }
    }

    func testFlatMapLatestOfCombineLatestDisposedWhileTheOuterStreamSends() {
        let outer = PublishSubject<Int>()
        let p = BehaviorSubject(value: 1)
        let q = BehaviorSubject(value: 2)
        assertFinishes("flatMapLatest { combineLatest } disposed while the outer stream sends") {
            let sender = LoopingSender { outer.onNext($0) }
            for _ in 0..<200 {
                let subscription = outer.flatMapLatest { _ in Observable.combineLatest(p, q) { $0 + $1 } }
                    .subscribe(onNext: { _ in })
                subscription.dispose()
            }
            sender.stop()
        }
        XCTAssertFalse(outer.hasObservers)
        XCTAssertFalse(p.hasObservers)
        XCTAssertFalse(q.hasObservers)
    }
}
