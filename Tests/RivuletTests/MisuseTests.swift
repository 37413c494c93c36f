import Rivulet
import RivuletTest
import TestSupport
import XCTest

/// Every misuse the Rx dialect reports: the message names the call and the value, the program
/// goes on, and the documented fallback holds.
final class MisuseTests: RivuletTestCase {
    /// Runs `body`, expects exactly one misuse, and returns its text.
    private func reported(_ body: () -> Void, file: StaticString = #filePath, line: UInt = #line) -> String? {
        let misuses = capturingMisuses(body)
        XCTAssertEqual(misuses.count, 1, "\(misuses)", file: file, line: line)
        return misuses.first?.description
    }

    private func values(_ stream: Observable<Int>) -> [Event<Int>] {
        var events: [Event<Int>] = []
        _ = stream.subscribe { events.append($0) }
        return events
    }

    func testNegativeTakeCompletesAtOnce() {
        var events: [Event<Int>] = []
        let text = reported { events = values(Observable.of(1, 2).take(-1)) }
        XCTAssertEqual(text, "Rivulet misuse: take(-1): count is negative; completing at once, as take(0)")
        XCTAssertEqual(events, [.completed])
    }

    func testNegativeTakeLastSendsOnlyTheCompletion() {
        var events: [Event<Int>] = []
        let text = reported { events = values(Observable.of(1, 2).takeLast(-2)) }
        XCTAssertEqual(text, "Rivulet misuse: takeLast(-2): count is negative; sending only the completion")
        XCTAssertEqual(events, [.completed])
    }

    func testNegativeSkipAndSkipLastPassEverything() {
        var events: [Event<Int>] = []
        XCTAssertEqual(
            reported { events = values(Observable.of(1, 2).skip(-2)) },
            "Rivulet misuse: skip(-2): count is negative; skipping no values")
        XCTAssertEqual(events, [.next(1), .next(2), .completed])
        XCTAssertEqual(
            reported { events = values(Observable.of(1, 2).skipLast(-1)) },
            "Rivulet misuse: skipLast(-1): count is negative; skipping no values")
        XCTAssertEqual(events, [.next(1), .next(2), .completed])
    }

    func testNegativeElementAtFailsWithArgumentOutOfRange() {
        var events: [Event<Int>] = []
        let text = reported { events = values(Observable.of(1, 2).element(at: -1)) }
        XCTAssertEqual(
            text, "Rivulet misuse: element(at: -1): index is negative; failing with RxError.argumentOutOfRange")
        XCTAssertEqual(events, [.error(RxError.argumentOutOfRange)])
    }

    func testNegativeRangeCompletesAtOnce() {
        var events: [Event<Int>] = []
        let text = reported { events = values(Observable.range(start: 1, count: -3)) }
        XCTAssertEqual(text, "Rivulet misuse: range(start: 1, count: -3): count is negative; completing at once")
        XCTAssertEqual(events, [.completed])
        XCTAssertEqual(capturingMisuses { _ = Observable.range(start: 1, count: 0) }.count, 0, "0 is valid")
    }

    func testNegativeReplayBufferReplaysNothing() {
        var subject: ReplaySubject<Int>?
        XCTAssertEqual(
            reported { subject = ReplaySubject<Int>.create(bufferSize: -1) },
            "Rivulet misuse: ReplaySubject.create(bufferSize: -1): bufferSize is negative; replaying nothing")
        subject?.onNext(1)
        var events: [Event<Int>] = []
        subject.map { _ = $0.subscribe { events.append($0) } }
        XCTAssertEqual(events, [])
        XCTAssertEqual(
            reported { _ = ReplayRelay<Int>.create(bufferSize: -2) },
            "Rivulet misuse: ReplayRelay.create(bufferSize: -2): bufferSize is negative; replaying nothing")
    }

    func testNegativeShareReplayAndRetry() {
        XCTAssertEqual(
            reported { _ = Observable.of(1).share(replay: -1) },
            "Rivulet misuse: share(replay: -1): replay is negative; replaying nothing")
        var events: [Event<Int>] = []
        XCTAssertEqual(
            reported { events = values(Observable.of(1).retry(-1)) },
            "Rivulet misuse: retry(-1): maxAttemptCount is negative; completing at once")
        XCTAssertEqual(events, [.completed])
    }

    func testNegativeBufferAndWindowCountsLeaveTheTimeSpan() {
        let scheduler = TestScheduler(initialClock: 0)
        XCTAssertEqual(
            reported { _ = Observable<Int>.never().buffer(timeSpan: .seconds(1), count: -1, scheduler: scheduler) },
            "Rivulet misuse: buffer(timeSpan:count: -1): count is negative; only the time span ends a buffer")
        XCTAssertEqual(
            reported { _ = Observable<Int>.never().window(timeSpan: .seconds(1), count: -4, scheduler: scheduler) },
            "Rivulet misuse: window(timeSpan:count: -4): count is negative; only the time span closes a window")
    }

    func testSingleResolvedTwiceKeepsTheFirstResult() {
        var results: [Int] = []
        let text = reported {
            _ = Single<Int>.create { single in
                single(.success(1))
                single(.success(2))
                return Disposables.create()
            }
            .subscribe(onSuccess: { results.append($0) })
        }
        XCTAssertEqual(
            text,
            "Rivulet misuse: Single.create: resolved a second time with success(2); the first result stands, "
                + "this one is dropped")
        XCTAssertEqual(results, [1])
    }

    func testMaybeResolvedTwiceKeepsTheFirstResult() {
        var completions = 0
        let text = reported {
            _ = Maybe<Int>.create { maybe in
                maybe(.completed)
                maybe(.completed)
                return Disposables.create()
            }
            .subscribe(onCompleted: { completions += 1 })
        }
        XCTAssertEqual(
            text,
            "Rivulet misuse: Maybe.create: resolved a second time with completed; the first result stands, "
                + "this one is dropped")
        XCTAssertEqual(completions, 1)
    }

    func testAResultAfterDisposalIsNotAMisuse() {
        var observer: ((SingleEvent<Int>) -> Void)?
        let subscription = Single<Int>.create { single in
            observer = single
            return Disposables.create()
        }
        .subscribe(onSuccess: { _ in })
        subscription.dispose()
        XCTAssertEqual(capturingMisuses { observer?(.success(1)) }.count, 0)
    }

    func testEventsToAFinishedSubjectStaySilent() {
        let subject = PublishSubject<Int>()
        subject.onCompleted()
        XCTAssertEqual(capturingMisuses { subject.onNext(1) }.count, 0)
    }

    func testValidArgumentsReportNothing() {
        let misuses = capturingMisuses {
            _ = values(Observable.of(1, 2).take(0).skip(0).takeLast(0).skipLast(0).retry(0))
            _ = ReplaySubject<Int>.create(bufferSize: 0)
        }
        XCTAssertEqual(misuses, [])
    }

    func test_contract17_aMisuseReachesTheHandlerNamingTheCallAndTheValue() {
        let misuses = capturingMisuses { _ = Observable.of(1).take(-7) }
        XCTAssertEqual(
            misuses, [Hooks.Misuse(call: "take(-7)", message: "count is negative; completing at once, as take(0)")])
    }
}
