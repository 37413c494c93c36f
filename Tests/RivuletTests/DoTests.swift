import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class DoTests: RivuletTestCase {
    func testRunsTheHandlersAroundEachEventAndPassesEventsOn() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        var log: [String] = []
        let res = scheduler.start {
            xs.do(
                onNext: { log.append("onNext \($0)") },
                afterNext: { log.append("afterNext \($0)") },
                onCompleted: { log.append("onCompleted") },
                afterCompleted: { log.append("afterCompleted") })
        }
        XCTAssertEqual(res.events, [.next(210, 1), .next(220, 2), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        XCTAssertEqual(
            log, ["onNext 1", "afterNext 1", "onNext 2", "afterNext 2", "onCompleted", "afterCompleted"])
    }

    func testOrderRelativeToTheSubscriberIsRxSwifts() {
        let subject = PublishSubject<Int>()
        var log: [String] = []
        let subscription = subject.do(
            onNext: { log.append("onNext \($0)") },
            afterNext: { log.append("afterNext \($0)") },
            onCompleted: { log.append("onCompleted") },
            afterCompleted: { log.append("afterCompleted") },
            onSubscribe: { log.append("onSubscribe") },
            onSubscribed: { log.append("onSubscribed") },
            onDispose: { log.append("onDispose") }
        ).subscribe(
            onNext: { log.append("subscriber \($0)") },
            onCompleted: { log.append("subscriber completed") },
            onDisposed: { log.append("subscriber disposed") })
        subject.onNext(1)
        subject.onCompleted()
        XCTAssertEqual(
            log,
            [
                "onSubscribe", "onSubscribed",
                "onNext 1", "subscriber 1", "afterNext 1",
                "onCompleted", "subscriber completed", "subscriber disposed", "afterCompleted", "onDispose",
            ])
        subscription.dispose()
    }

    func testErrorHandlers() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        var log: [String] = []
        let res = scheduler.start {
            xs.do(onError: { log.append("onError \($0)") }, afterError: { log.append("afterError \($0)") })
        }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(log, ["onError boom", "afterError boom"])
    }

    func testThrowingOnNextReplacesTheValueWithTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start {
            xs.do(onNext: { if $0 == 2 { throw TestError.boom } })
        }
        XCTAssertEqual(res.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }

    func testThrowingAfterNextFailsAfterTheValue() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(300)])
        let res = scheduler.start {
            xs.do(afterNext: { if $0 == 1 { throw TestError.boom } })
        }
        XCTAssertEqual(res.events, [.next(210, 1), .error(210, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testThrowingOnCompletedReplacesTheCompletionWithTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.do(onCompleted: { throw TestError.boom }) }
        XCTAssertEqual(res.events, [.next(210, 1), .error(300, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testThrowingOnErrorReplacesTheError() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.error(210, TestError.boom)] as [Recorded<Event<Int>>])
        let res = scheduler.start { xs.do(onError: { _ in throw TestError.other(1) }) }
        XCTAssertEqual(res.events, [.error(210, TestError.other(1))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 210)])
    }

    func testThrowingAfterTheTerminalEventIsDropped() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        let res = scheduler.start { xs.do(afterCompleted: { throw TestError.boom }) }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(300)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
    }

    func testOnDisposeRunsOnceWhenTheSubscriptionIsDisposed() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .completed(300)])
        var disposals = 0
        var disposedAt: Int?
        let res = scheduler.start(disposed: 250) {
            xs.do(onDispose: {
                disposals += 1
                disposedAt = scheduler.clock
            })
        }
        XCTAssertEqual(res.events, [.next(210, 1)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(disposals, 1)
        XCTAssertEqual(disposedAt, 250)
    }

    func testOnDisposeRunsOnceOnTermination() {
        var disposals = 0
        let subject = PublishSubject<Int>()
        let subscription = subject.do(onDispose: { disposals += 1 }).subscribe()
        subject.onCompleted()
        subscription.dispose()
        XCTAssertEqual(disposals, 1)
    }

    func testSynchronousSourceRunsOnDisposeAfterOnSubscribed() {
        var log: [String] = []
        let subscription = Observable.just(1).do(
            onNext: { log.append("onNext \($0)") },
            onCompleted: { log.append("onCompleted") },
            onSubscribe: { log.append("onSubscribe") },
            onSubscribed: { log.append("onSubscribed") },
            onDispose: { log.append("onDispose") }
        ).subscribe()
        XCTAssertEqual(log, ["onSubscribe", "onNext 1", "onCompleted", "onSubscribed", "onDispose"])
        subscription.dispose()
        XCTAssertEqual(log.count, 5)
    }

    func testEverySubscriptionRunsTheSubscribeHandlers() {
        var subscribes = 0
        var disposes = 0
        let source = Observable.of(1).do(onSubscribe: { subscribes += 1 }, onDispose: { disposes += 1 })
        source.subscribe().dispose()
        source.subscribe().dispose()
        XCTAssertEqual(subscribes, 2)
        XCTAssertEqual(disposes, 2)
    }

    // The order of the lifecycle handlers relative to the source's own subscribe and dispose,
    // as RxSwift's DoOn order tests pin it.

    private func loggingSource(_ log: @escaping (String) -> Void, body: @escaping (AnyObserver<Int>) -> Void)
        -> Observable<Int>
    {
        Observable<Int>.create { observer in
            log("source subscribed")
            body(observer)
            return Disposables.create { log("source disposed") }
        }
    }

    private func withHandlers(_ source: Observable<Int>, _ log: @escaping (String) -> Void) -> Observable<Int> {
        source.do(
            onNext: { _ in log("onNext") },
            onError: { _ in log("onError") },
            onCompleted: { log("onCompleted") },
            onSubscribe: { log("onSubscribe") },
            onSubscribed: { log("onSubscribed") },
            onDispose: { log("onDispose") })
    }

    func testHandlerOrderWhenTheSourceCompletesLater() {
        let scheduler = TestScheduler(initialClock: 0)
        var log: [String] = []
        _ = scheduler.start {
            self.withHandlers(
                self.loggingSource({ log.append($0) }) { observer in
                    scheduler.scheduleAt(300) {
                        observer.onNext(0)
                        observer.onCompleted()
                    }
                }, { log.append($0) })
        }
        XCTAssertEqual(
            log,
            [
                "onSubscribe", "source subscribed", "onSubscribed", "onNext", "onCompleted", "source disposed",
                "onDispose",
            ])
    }

    func testHandlerOrderWhenTheSourceCompletesDuringSubscribe() {
        var log: [String] = []
        let source = loggingSource({ log.append($0) }) { observer in
            observer.onNext(0)
            observer.onCompleted()
        }
        withHandlers(source, { log.append($0) }).subscribe { _ in }.dispose()
        XCTAssertEqual(
            log,
            [
                "onSubscribe", "source subscribed", "onNext", "onCompleted", "source disposed", "onSubscribed",
                "onDispose",
            ])
    }

    func testHandlerOrderWhenTheSourceFailsDuringSubscribe() {
        var log: [String] = []
        let source = loggingSource({ log.append($0) }) { observer in
            observer.onNext(0)
            observer.onError(TestError.boom)
        }
        withHandlers(source, { log.append($0) }).subscribe { _ in }.dispose()
        XCTAssertEqual(
            log,
            ["onSubscribe", "source subscribed", "onNext", "onError", "source disposed", "onSubscribed", "onDispose"])
    }

    func testHandlerOrderWhenTheSubscriptionIsDisposed() {
        var log: [String] = []
        let source = loggingSource({ log.append($0) }) { observer in observer.onNext(0) }
        withHandlers(source, { log.append($0) }).subscribe { _ in }.dispose()
        XCTAssertEqual(
            log, ["onSubscribe", "source subscribed", "onNext", "onSubscribed", "source disposed", "onDispose"])
    }
}
