import Rivulet
import RivuletCombine
import RivuletTest
import TestSupport
import XCTest

/// `replaceNil`, `replaceEmpty`, `drop(while:)`, `prefix(while:)`, `tryScan` and
/// `tryRemoveDuplicates`: values, completion, failure typing and the upstream's subscription.
final class CombineFilteringTests: RivuletTestCase {
    private typealias Probe = ProbePublisher<Int, TestFailure>

    func testReplaceNil() {
        let subject = PassthroughSubject<Int?, TestFailure>()
        let replaced: Publishers.Map<PassthroughSubject<Int?, TestFailure>, Int> = subject.replaceNil(with: 0)
        let recorder = CombineRecorder(replaced)
        subject.send(1)
        subject.send(nil)
        subject.send(3)
        subject.send(completion: .failure(.boom))
        XCTAssertEqual(recorder.events, [.value(1), .value(0), .value(3), .completion(.failure(.boom))])
    }

    func testReplaceEmptySendsTheValueOnlyForAnEmptyUpstream() {
        let empty = Probe()
        let replaced: Publishers.ReplaceEmpty<Probe> = empty.replaceEmpty(with: 42)
        let recorder = CombineRecorder(replaced)
        empty.send(completion: .finished)
        XCTAssertEqual(recorder.events, [.value(42), .completion(.finished)])

        let full = Probe()
        let passed = CombineRecorder(full.replaceEmpty(with: 42))
        full.send(1)
        XCTAssertEqual(passed.events, [.value(1)], "values pass at once")
        full.send(2)
        full.send(completion: .finished)
        XCTAssertEqual(passed.events, [.value(1), .value(2), .completion(.finished)])

        let failing = Probe()
        let failed = CombineRecorder(failing.replaceEmpty(with: 42))
        failing.send(completion: .failure(.other))
        XCTAssertEqual(failed.events, [.completion(.failure(.other))], "a failure is not an empty finish")
        XCTAssertEqual(Just(1).replaceEmpty(with: 2), Publishers.ReplaceEmpty(upstream: Just(1), output: 2))
    }

    func testDropWhile() {
        let probe = Probe()
        let dropped: Publishers.DropWhile<Probe> = probe.drop { $0 < 3 }
        let recorder = CombineRecorder(dropped)
        for value in [1, 2, 3, 1, 5] { probe.send(value) }
        probe.send(completion: .failure(.boom))
        XCTAssertEqual(recorder.events, [.value(3), .value(1), .value(5), .completion(.failure(.boom))])
    }

    func testTryDropWhileFailsWithTheThrownError() {
        let probe = Probe()
        var calls = 0
        var events: [String] = []
        let cancellable = probe.tryDrop { value in
            calls += 1
            if value == 2 { throw TestError.boom }
            return true
        }.sink(receiveCompletion: { events.append(describe($0)) }, receiveValue: { events.append("\($0)") })
        probe.send(1)
        probe.send(2)
        probe.send(3)
        XCTAssertEqual(events, ["failure(boom)"])
        XCTAssertEqual(calls, 2)
        XCTAssertFalse(probe.isSubscribed)
        _ = cancellable

        let passing = Probe()
        var values: [Int] = []
        var predicateCalls = 0
        let second = passing.tryDrop { value in
            predicateCalls += 1
            return value < 2
        }.sink(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
        for value in [1, 2, 1] { passing.send(value) }
        XCTAssertEqual(values, [2, 1])
        XCTAssertEqual(predicateCalls, 2, "once a value passes, the predicate is not called again")
        _ = second
    }

    func testPrefixWhileFinishesAndCancelsTheUpstream() {
        let probe = Probe()
        let prefixed: Publishers.PrefixWhile<Probe> = probe.prefix { $0 < 3 }
        let recorder = CombineRecorder(prefixed)
        probe.send(1)
        probe.send(2)
        XCTAssertTrue(probe.isSubscribed)
        probe.send(3)
        probe.send(1)
        XCTAssertEqual(recorder.events, [.value(1), .value(2), .completion(.finished)])
        XCTAssertFalse(probe.isSubscribed)

        let failing = Probe()
        let failed = CombineRecorder(failing.prefix { _ in true })
        failing.send(1)
        failing.send(completion: .failure(.boom))
        XCTAssertEqual(failed.events, [.value(1), .completion(.failure(.boom))])
    }

    func testTryPrefixWhile() {
        let probe = Probe()
        var events: [String] = []
        let cancellable = probe.tryPrefix { value in
            if value == 3 { throw TestError.boom }
            return true
        }.sink(receiveCompletion: { events.append(describe($0)) }, receiveValue: { events.append("\($0)") })
        for value in [1, 2, 3, 4] { probe.send(value) }
        XCTAssertEqual(events, ["1", "2", "failure(boom)"])
        XCTAssertFalse(probe.isSubscribed)
        _ = cancellable
    }

    func testTryScan() {
        let probe = Probe()
        var events: [String] = []
        let scanned: Publishers.TryScan<Probe, Int> = probe.tryScan(0) { sum, value in
            if value < 0 { throw TestError.other(value) }
            return sum + value
        }
        let cancellable = scanned.sink(
            receiveCompletion: { events.append(describe($0)) }, receiveValue: { events.append("\($0)") })
        for value in [1, 2, -1, 4] { probe.send(value) }
        XCTAssertEqual(events, ["1", "3", "failure(other(-1))"])
        XCTAssertFalse(probe.isSubscribed)
        _ = cancellable

        let subject = PassthroughSubject<Int, Never>()
        let first = CombineRecorder(subject.tryScan(10, +).mapError { _ in TestFailure.other })
        subject.send(1)
        let second = CombineRecorder(subject.tryScan(10, +).mapError { _ in TestFailure.other })
        subject.send(2)
        subject.send(completion: .finished)
        XCTAssertEqual(first.events, [.value(11), .value(13), .completion(.finished)])
        XCTAssertEqual(second.values, [12], "each subscription starts from the initial result")
    }

    func testTryRemoveDuplicates() {
        let probe = Probe()
        var events: [String] = []
        let removed: Publishers.TryRemoveDuplicates<Probe> = probe.tryRemoveDuplicates { previous, next in
            if next < 0 { throw TestError.boom }
            return previous == next
        }
        let cancellable = removed.sink(
            receiveCompletion: { events.append(describe($0)) }, receiveValue: { events.append("\($0)") })
        for value in [1, 1, 2, 2, 1, -1, 5] { probe.send(value) }
        XCTAssertEqual(events, ["1", "2", "1", "failure(boom)"])
        XCTAssertFalse(probe.isSubscribed)
        _ = cancellable
    }

    func testTheUpstreamSubscriptionEndsWhenAPrefixEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 5), .next(230, 2), .completed(300)])
        let res = scheduler.start { xs.asPublisher().prefix { $0 < 4 }.asObservable() }
        XCTAssertEqual(res.events, [.next(210, 1), .completed(220)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
    }
}
