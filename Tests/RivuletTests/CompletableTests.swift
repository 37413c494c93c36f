import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class CompletableTests: RivuletTestCase {
    func testCreateTakesTheFirstResultOnly() {
        for (first, expected) in [
            (CompletableEvent.completed, [Recorded<Event<Never>>.completed(201)]),
            (.error(TestError.boom), [.error(201, TestError.boom)]),
        ] {
            let scheduler = TestScheduler(initialClock: 0)
            var observer: Completable.CompletableObserver?
            var disposedAt: TestTime?
            scheduler.scheduleAt(201) { observer?(first) }
            scheduler.scheduleAt(202) { observer?(.error(TestError.other(2))) }
            scheduler.scheduleAt(203) { observer?(.completed) }
            let res = scheduler.start {
                Completable.create { completable in
                    observer = completable
                    return Disposables.create { disposedAt = scheduler.clock }
                }
            }
            XCTAssertEqual(res.events.map(\.time), expected.map(\.time))
            XCTAssertEqual(res.events.map { $0.value.isCompleted }, expected.map { $0.value.isCompleted })
            XCTAssertEqual(disposedAt, 201)
            observer = nil
        }
    }

    func testCreateDisposedBeforeTheResult() {
        let scheduler = TestScheduler(initialClock: 0)
        var observer: Completable.CompletableObserver?
        var disposedAt: TestTime?
        scheduler.scheduleAt(203) { observer?(.completed) }
        let res = scheduler.start(disposed: 202) {
            Completable.create { completable in
                observer = completable
                return Disposables.create { disposedAt = scheduler.clock }
            }
        }
        XCTAssertEqual(res.events.count, 0)
        XCTAssertEqual(disposedAt, 202)
        observer = nil
    }

    func testSubscribeForms() {
        var events: [CompletableEvent] = []
        _ = Completable.empty().subscribe { events.append($0) }
        _ = Completable.error(TestError.boom).subscribe { events.append($0) }
        let never = Completable.never().subscribe { events.append($0) }
        XCTAssertEqual(events, [.completed, .error(TestError.boom)])
        never.dispose()

        var log: [String] = []
        _ = Completable.empty().subscribe(
            onCompleted: { log.append("completed") }, onError: { log.append("error \($0)") },
            onDisposed: { log.append("disposed") })
        _ = Completable.error(TestError.boom).subscribe(
            onCompleted: { log.append("completed") }, onError: { log.append("error \($0)") })
        final class Owner { var log: [String] = [] }
        let owner = Owner()
        _ = Completable.empty().subscribe(with: owner, onCompleted: { $0.log.append("completed") })
        XCTAssertEqual(log, ["completed", "disposed", "error boom"])
        XCTAssertEqual(owner.log, ["completed"])

        let errors = capturingUnhandledErrors { _ = Completable.error(TestError.boom).subscribe() }
        XCTAssertEqual(errors.count, 1)
    }

    func testConcatRunsOneAfterTheOther() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([Recorded<Event<Never>>.completed(10)])
        let ys = scheduler.createColdObservable([Recorded<Event<Never>>.completed(20)])
        let res = scheduler.start { xs.asCompletable().concat(ys.asCompletable()) }
        XCTAssertEqual(res.events.map(\.time), [230])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
        XCTAssertEqual(ys.subscriptions, [Subscription(210, 230)])

        var events: [CompletableEvent] = []
        _ = Completable.concat(Completable.empty(), .error(TestError.boom), .empty()).subscribe { events.append($0) }
        _ = Completable.concat([Completable.empty(), .empty()]).subscribe { events.append($0) }
        _ = Completable.concat(AnySequence([Completable.empty()])).subscribe { events.append($0) }
        XCTAssertEqual(events, [.error(TestError.boom), .completed, .completed])
    }

    func testZipRunsAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([Recorded<Event<Never>>.completed(30)])
        let ys = scheduler.createColdObservable([Recorded<Event<Never>>.completed(20)])
        let res = scheduler.start { Completable.zip(xs.asCompletable(), ys.asCompletable()) }
        XCTAssertEqual(res.events.map(\.time), [230])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])

        var events: [CompletableEvent] = []
        _ = Completable.zip([Completable.empty(), .error(TestError.boom)]).subscribe { events.append($0) }
        _ = Completable.zip(Set<Int>().map { _ in Completable.empty() }).subscribe { events.append($0) }
        XCTAssertEqual(events, [.error(TestError.boom), .completed])
    }

    @available(*, deprecated)
    func testMergeIsTheDeprecatedNameOfZip() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([Recorded<Event<Never>>.completed(30)])
        let ys = scheduler.createColdObservable([Recorded<Event<Never>>.completed(20)])
        let res = scheduler.start { Completable.merge(xs.asCompletable(), ys.asCompletable()) }
        XCTAssertEqual(res.events.map(\.time), [230])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])

        var events: [CompletableEvent] = []
        _ = Completable.merge([Completable.empty(), .error(TestError.boom)]).subscribe { events.append($0) }
        _ = Completable.merge(Set<Int>().map { _ in Completable.empty() }).subscribe { events.append($0) }
        XCTAssertEqual(events, [.error(TestError.boom), .completed])
    }

    func testDo() {
        var log: [String] = []
        _ = Completable.error(TestError.boom)
            .do(
                onError: { log.append("onError \($0)") }, afterError: { _ in log.append("afterError") },
                onDispose: { log.append("onDispose") }
            )
            .subscribe(onError: { log.append("error \($0)") })
        XCTAssertEqual(log, ["onError boom", "error boom", "afterError", "onDispose"])
    }

    // MARK: andThen

    func testAndThenSubscribesTheSecondWhenTheFirstCompletes() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([Recorded<Event<Never>>.completed(20)])
        let ys = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let res = scheduler.start { xs.asCompletable().andThen(ys.asSingle()) }
        XCTAssertEqual(res.events, [.next(230, 1), .completed(230)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(220, 230)])
    }

    func testAndThenLetsGoOfTheFirstCompletableOnceItHasCompleted() {
        // While the second runs, nothing keeps the first (or what its closures capture) alive.
        final class Captured {}
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([Recorded<Event<Never>>.completed(210)])
        var captured: Captured? = Captured()
        weak let watched = captured
        var first: Completable? = xs.asCompletable().do(onCompleted: { [captured] in _ = captured })
        captured = nil
        let subscription = first!.andThen(Completable.never()).subscribe()
        first = nil
        XCTAssertNotNil(watched, "the running first completable keeps its closures")
        scheduler.advanceTo(300)
        XCTAssertNil(watched, "released when the first completed, while the second still runs")
        subscription.dispose()
    }

    func testAndThenAnErrorSkipsTheSecond() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([Recorded<Event<Never>>.error(20, TestError.boom)])
        let ys = scheduler.createColdObservable([.next(10, 1), .completed(10)])
        let res = scheduler.start { xs.asCompletable().andThen(ys.asObservable()) }
        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [])
    }

    func testAndThenDisposedWhileTheSecondRuns() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([Recorded<Event<Never>>.completed(20)])
        let ys = scheduler.createColdObservable([.next(10, 1), .next(50, 2), .completed(60)])
        let res = scheduler.start(disposed: 250) { xs.asCompletable().andThen(ys.asObservable()) }
        XCTAssertEqual(res.events, [.next(230, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(220, 250)])
    }

    func testAndThenEveryTrait() {
        var maybe: [MaybeEvent<Int>] = []
        _ = Completable.empty().andThen(Maybe.just(1)).subscribe { maybe.append($0) }
        var completable: [CompletableEvent] = []
        _ = Completable.empty().andThen(Completable.error(TestError.boom)).subscribe { completable.append($0) }
        _ = Completable.empty().andThen(Completable.empty()).andThen(Completable.empty()).subscribe {
            completable.append($0)
        }
        XCTAssertEqual(maybe, [.success(1)])
        XCTAssertEqual(completable, [.error(TestError.boom), .completed])
    }
}
