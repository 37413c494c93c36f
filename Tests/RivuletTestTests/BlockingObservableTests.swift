import Foundation
import Rivulet
import RivuletTest
import XCTest

private enum Failure: Error, Equatable {
    case boom
}

final class BlockingObservableTests: LeakCheckingTestCase {
    func testToArrayWaitsForTheCompletion() throws {
        XCTAssertEqual(try Observable.of(1, 2, 3).toBlocking().toArray(), [1, 2, 3])
    }

    func testToArrayRethrowsTheError() {
        let failing = Observable.of(1).concat(Observable<Int>.error(Failure.boom))
        XCTAssertThrowsError(try failing.toBlocking().toArray()) { error in
            XCTAssertEqual(error as? Failure, .boom)
        }
    }

    func testFirstEndsTheSubscriptionAtTheFirstValue() throws {
        let subject = BehaviorSubject(value: 7)
        XCTAssertEqual(try subject.toBlocking().first(), 7, "no completion needed")
        XCTAssertFalse(subject.hasObservers, "the subscription ended")
        XCTAssertNil(try Observable<Int>.empty().toBlocking().first())
    }

    func testFirstRethrowsAnErrorThatComesBeforeAnyValue() {
        XCTAssertThrowsError(try Observable<Int>.error(Failure.boom).toBlocking().first()) { error in
            XCTAssertEqual(error as? Failure, .boom)
        }
        XCTAssertEqual(try Observable.of(1).concat(Observable<Int>.error(Failure.boom)).toBlocking().first(), 1)
        XCTAssertNil(try Observable<Int>.empty().toBlocking().first())
    }

    func testSingleWithAPredicateStopsAtTheSecondMatch() {
        var seen: [Int] = []
        XCTAssertThrowsError(
            try Observable.of(1, 2, 3, 4, 5).toBlocking().single { value in
                seen.append(value)
                return value.isMultiple(of: 2) || value == 3
            }
        ) { error in
            guard case RxError.moreThanOneElement = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(seen, [1, 2, 3])
    }

    func testSingleRethrowsThePredicatesError() {
        XCTAssertThrowsError(try Observable.of(1, 2).toBlocking().single { _ in throw Failure.boom }) { error in
            XCTAssertEqual(error as? Failure, .boom)
        }
    }

    func testLastAndSingle() throws {
        XCTAssertEqual(try Observable.of(1, 2, 3).toBlocking().last(), 3)
        XCTAssertEqual(try Observable.just(5).toBlocking().single(), 5)
        XCTAssertEqual(try Observable.of(1, 2, 3).toBlocking().single { $0 == 2 }, 2)
        XCTAssertThrowsError(try Observable<Int>.empty().toBlocking().single()) { error in
            guard case RxError.noElements = error else { return XCTFail("\(error)") }
        }
        XCTAssertThrowsError(try Observable.of(1, 2).toBlocking().single()) { error in
            guard case RxError.moreThanOneElement = error else { return XCTFail("\(error)") }
        }
    }

    func testMaterializeReportsHowTheStreamEnded() {
        guard case .completed(let elements) = Observable.of("a", "b").toBlocking().materialize() else {
            return XCTFail("expected a completion")
        }
        XCTAssertEqual(elements, ["a", "b"])
        let failing = Observable.of("a").concat(Observable<String>.error(Failure.boom))
        guard case .failed(let before, let error) = failing.toBlocking().materialize() else {
            return XCTFail("expected a failure")
        }
        XCTAssertEqual(before, ["a"])
        XCTAssertEqual(error as? Failure, .boom)
    }

    func testATimeOutIsAnRxErrorTimeout() {
        let never = Observable<Int>.never()
        XCTAssertThrowsError(try never.toBlocking(timeout: 0.05).toArray()) { error in
            guard case RxError.timeout = error else { return XCTFail("\(error)") }
        }
    }
}

/// Blocking on streams that run on other threads or the main queue: their scheduled work may end
/// just after the stream does, so the leak check waits (at most 2 s) for it to settle.
final class BlockingRealTimeTests: LeakCheckingTestCase {
    private var resourcesAtStart: Int32 = 0

    override func setUp() {
        super.setUp()
        resourcesAtStart = Resources.total
    }

    override func tearDown() {
        let deadline = Date().addingTimeInterval(2)
        while Resources.total != resourcesAtStart && Date() < deadline {
            RunLoop.current.run(until: Date().addingTimeInterval(0.001))
        }
        super.tearDown()
    }

    func testToArrayWaitsForAStreamOnAnotherThread() throws {
        let background = Observable<Int>.interval(
            .milliseconds(1), scheduler: ConcurrentDispatchQueueScheduler(qos: .default)
        ).take(4)
        XCTAssertEqual(try background.toBlocking(timeout: 5).toArray(), [0, 1, 2, 3])
    }

    func testWaitingOnTheMainThreadStillReceivesMainQueueDeliveries() throws {
        XCTAssertTrue(Thread.isMainThread)
        let onMain = Observable.of(1, 2).observe(on: MainScheduler.asyncInstance)
        XCTAssertEqual(try onMain.toBlocking(timeout: 5).toArray(), [1, 2])
        let driver = Observable.of(3).asDriver(onErrorJustReturn: 0)
        XCTAssertEqual(try driver.toBlocking(timeout: 5).toArray(), [3])
    }
}
