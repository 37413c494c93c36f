import Rivulet
import RivuletCombine
import RivuletTest
import TestSupport
import XCTest

/// The Combine dialect's reducing publishers: what they send and when, failures (typed, and
/// `Error` for the `try` forms), cancellation, and when the upstream's subscription ends.
final class CombineReducingTests: RivuletTestCase {
    private typealias Probe = ProbePublisher<Int, TestFailure>

    private func send(_ values: [Int], to probe: Probe) {
        for value in values { probe.send(value) }
    }

    // MARK: collect

    func testCollectSendsEveryValueInOneArrayOnFinish() {
        let probe = Probe()
        let recorder = CombineRecorder(probe.collect())
        send([1, 2, 3], to: probe)
        XCTAssertEqual(recorder.events, [])
        probe.send(completion: .finished)
        XCTAssertEqual(recorder.events, [.value([1, 2, 3]), .completion(.finished)])
        XCTAssertEqual(CombineRecorder(Empty<Int, Never>().collect()).events, [.value([]), .completion(.finished)])
    }

    func testCollectPassesAFailureOnInsteadOfTheArray() {
        let probe = Probe()
        let recorder = CombineRecorder(probe.collect())
        send([1, 2], to: probe)
        probe.send(completion: .failure(.boom))
        XCTAssertEqual(recorder.events, [.completion(.failure(.boom))])
    }

    func testCollectStartsAnEmptyArrayPerSubscription() {
        let subject = PassthroughSubject<Int, Never>()
        let collected = subject.collect()
        let first = CombineRecorder(collected)
        subject.send(1)
        let second = CombineRecorder(collected)
        subject.send(2)
        subject.send(completion: .finished)
        XCTAssertEqual(first.values, [[1, 2]])
        XCTAssertEqual(second.values, [[2]])
    }

    func testCollectByCountSendsFullArraysThenTheRest() {
        let probe = Probe()
        let recorder = CombineRecorder(probe.collect(2))
        send([1, 2, 3], to: probe)
        XCTAssertEqual(recorder.events, [.value([1, 2])])
        send([4, 5], to: probe)
        probe.send(completion: .finished)
        XCTAssertEqual(recorder.events, [.value([1, 2]), .value([3, 4]), .value([5]), .completion(.finished)])

        let exact = Probe()
        let exactRecorder = CombineRecorder(exact.collect(2))
        send([1, 2], to: exact)
        exact.send(completion: .finished)
        XCTAssertEqual(exactRecorder.events, [.value([1, 2]), .completion(.finished)], "no empty array at the end")

        let typed: Publishers.CollectByCount<Probe> = exact.collect(3)
        XCTAssertEqual(typed.count, 3)
        XCTAssertEqual(
            CombineRecorder(Publishers.Sequence<[Int], Never>(sequence: [1, 2]).collect(0)).values, [[1], [2]])
    }

    func testCollectByCountDropsThePartialArrayOnFailure() {
        let probe = Probe()
        let recorder = CombineRecorder(probe.collect(2))
        send([1, 2, 3], to: probe)
        probe.send(completion: .failure(.other))
        XCTAssertEqual(recorder.events, [.value([1, 2]), .completion(.failure(.other))])
    }

    // MARK: reduce

    func testReduceSendsTheFinalResult() {
        let probe = Probe()
        let reduced: Publishers.Reduce<Probe, String> = probe.reduce("") { $0 + "\($1)" }
        let recorder = CombineRecorder(reduced)
        send([1, 2, 3], to: probe)
        XCTAssertEqual(recorder.events, [])
        probe.send(completion: .finished)
        XCTAssertEqual(recorder.events, [.value("123"), .completion(.finished)])
        XCTAssertEqual(
            CombineRecorder(Empty<Int, Never>().reduce(42, +)).events, [.value(42), .completion(.finished)],
            "an empty upstream sends the initial result")

        let failing = Probe()
        let failed = CombineRecorder(failing.reduce(0, +))
        failing.send(1)
        failing.send(completion: .failure(.boom))
        XCTAssertEqual(failed.events, [.completion(.failure(.boom))])
    }

    func testTryReduceFailsWithTheThrownErrorAndCancelsTheUpstream() {
        let probe = Probe()
        var events: [String] = []
        let cancellable = probe.tryReduce(0) { sum, value in
            if value < 0 { throw TestError.other(value) }
            return sum + value
        }.sink(receiveCompletion: { events.append(describe($0)) }, receiveValue: { events.append("\($0)") })
        send([1, 2, -3, 4], to: probe)
        XCTAssertEqual(events, ["failure(\(TestError.other(-3)))"])
        XCTAssertFalse(probe.isSubscribed)
        _ = cancellable

        let fine = Probe()
        let summed = CombineRecorder(fine.tryReduce(0, +).mapError { $0 as? TestFailure ?? .other })
        send([1, 2], to: fine)
        fine.send(completion: .failure(.boom))
        XCTAssertEqual(summed.events, [.completion(.failure(.boom))], "the upstream's typed failure passes through")
    }

    func testReduceStartsFromTheInitialResultPerSubscription() {
        let subject = PassthroughSubject<Int, Never>()
        let reduced = subject.reduce(100, +)
        let first = CombineRecorder(reduced)
        subject.send(1)
        let second = CombineRecorder(reduced)
        subject.send(2)
        subject.send(completion: .finished)
        XCTAssertEqual(first.values, [103])
        XCTAssertEqual(second.values, [102])
    }

    // MARK: count

    func testCountSendsTheNumberOfValues() {
        let probe = Probe()
        let recorder = CombineRecorder(probe.count())
        send([5, 5, 5, 5], to: probe)
        probe.send(completion: .finished)
        XCTAssertEqual(recorder.events, [.value(4), .completion(.finished)])
        XCTAssertEqual(CombineRecorder(Empty<String, Never>().count()).values, [0])
        let failing = Probe()
        let failed = CombineRecorder(failing.count())
        failing.send(1)
        failing.send(completion: .failure(.boom))
        XCTAssertEqual(failed.events, [.completion(.failure(.boom))])
    }

    // MARK: contains, allSatisfy

    func testContainsFinishesAtTheFirstMatchAndCancelsTheUpstream() {
        let probe = Probe()
        let recorder = CombineRecorder(probe.contains(2))
        probe.send(1)
        XCTAssertEqual(recorder.events, [])
        probe.send(2)
        XCTAssertEqual(recorder.events, [.value(true), .completion(.finished)])
        XCTAssertFalse(probe.isSubscribed)

        let none = Probe()
        let noMatch = CombineRecorder(none.contains(9))
        send([1, 2], to: none)
        none.send(completion: .finished)
        XCTAssertEqual(noMatch.events, [.value(false), .completion(.finished)])

        let failing = Probe()
        let failed = CombineRecorder(failing.contains(9))
        failing.send(completion: .failure(.boom))
        XCTAssertEqual(failed.events, [.completion(.failure(.boom))])
        XCTAssertEqual(CombineRecorder(Empty<Int, Never>().contains(1)).values, [false])
    }

    func testContainsWhereAndTryContainsWhere() {
        let probe = Probe()
        let recorder = CombineRecorder(probe.contains { $0 > 10 })
        send([1, 20], to: probe)
        XCTAssertEqual(recorder.events, [.value(true), .completion(.finished)])
        XCTAssertFalse(probe.isSubscribed)

        let throwing = Probe()
        var events: [String] = []
        let cancellable = throwing.tryContains { value in
            if value == 3 { throw TestError.boom }
            return value == 4
        }.sink(receiveCompletion: { events.append(describe($0)) }, receiveValue: { events.append("\($0)") })
        send([1, 3, 4], to: throwing)
        XCTAssertEqual(events, ["failure(\(TestError.boom))"])
        XCTAssertFalse(throwing.isSubscribed)
        _ = cancellable

        let found: Publishers.TryContainsWhere<Publishers.Sequence<[Int], Never>> =
            Publishers.Sequence(sequence: [1, 2, 3]).tryContains { $0 == 3 }
        var result: [Bool] = []
        _ = found.sink(receiveCompletion: { _ in }, receiveValue: { result.append($0) })
        XCTAssertEqual(result, [true])
    }

    func testAllSatisfyFinishesAtTheFirstValueThatFails() {
        let probe = Probe()
        let recorder = CombineRecorder(probe.allSatisfy { $0 % 2 == 0 })
        send([2, 4], to: probe)
        XCTAssertEqual(recorder.events, [])
        probe.send(5)
        XCTAssertEqual(recorder.events, [.value(false), .completion(.finished)])
        XCTAssertFalse(probe.isSubscribed)

        let all = Probe()
        let allEven = CombineRecorder(all.allSatisfy { $0 % 2 == 0 })
        send([2, 4], to: all)
        all.send(completion: .finished)
        XCTAssertEqual(allEven.events, [.value(true), .completion(.finished)])
        XCTAssertEqual(CombineRecorder(Empty<Int, Never>().allSatisfy { _ in false }).values, [true])

        let failing = Probe()
        let failed = CombineRecorder(failing.allSatisfy { _ in true })
        failing.send(completion: .failure(.other))
        XCTAssertEqual(failed.events, [.completion(.failure(.other))])
    }

    func testTryAllSatisfyFailsWithTheThrownError() {
        let probe = Probe()
        var events: [String] = []
        let cancellable = probe.tryAllSatisfy { value in
            if value > 2 { throw TestError.other(value) }
            return true
        }.sink(receiveCompletion: { events.append(describe($0)) }, receiveValue: { events.append("\($0)") })
        send([1, 2, 3], to: probe)
        XCTAssertEqual(events, ["failure(\(TestError.other(3)))"])
        XCTAssertFalse(probe.isSubscribed)
        _ = cancellable
    }

    // MARK: min, max

    func testMinAndMaxSendTheExtremeOnFinish() {
        let probe = Probe()
        let minimum = CombineRecorder(probe.min())
        let maximum = CombineRecorder(probe.max())
        send([3, 1, 4, 1, 5], to: probe)
        XCTAssertEqual(minimum.events, [])
        probe.send(completion: .finished)
        XCTAssertEqual(minimum.events, [.value(1), .completion(.finished)])
        XCTAssertEqual(maximum.events, [.value(5), .completion(.finished)])
        XCTAssertEqual(CombineRecorder(Empty<Int, Never>().min()).events, [.completion(.finished)], "nothing to send")

        let failing = Probe()
        let failed = CombineRecorder(failing.max())
        failing.send(7)
        failing.send(completion: .failure(.boom))
        XCTAssertEqual(failed.events, [.completion(.failure(.boom))])
    }

    func testMinAndMaxByKeepTheFirstOfEqualValues() {
        let words = Publishers.Sequence<[String], Never>(sequence: ["bb", "a", "cc", "d", "ee"])
        XCTAssertEqual(CombineRecorder(words.min { $0.count < $1.count }).values, ["a"])
        XCTAssertEqual(CombineRecorder(words.max { $0.count < $1.count }).values, ["bb"])
        let comparison: Publishers.Comparison<Publishers.Sequence<[String], Never>> = words.max(by: <)
        XCTAssertEqual(CombineRecorder(comparison).values, ["ee"])
    }

    func testTryMinAndTryMax() {
        let numbers = Publishers.Sequence<[Int], Never>(sequence: [4, 2, 8])
        let minimum = CombineRecorder(numbers.tryMin(by: <).mapError { _ in TestFailure.other })
        let maximum = CombineRecorder(numbers.tryMax(by: <).mapError { _ in TestFailure.other })
        XCTAssertEqual(minimum.values, [2])
        XCTAssertEqual(maximum.values, [8])

        let probe = Probe()
        var events: [String] = []
        let cancellable = probe.tryMax { _, _ in throw TestError.boom }.sink(
            receiveCompletion: { events.append(describe($0)) }, receiveValue: { events.append("\($0)") })
        probe.send(1)
        XCTAssertEqual(events, [], "one value needs no comparison")
        probe.send(2)
        XCTAssertEqual(events, ["failure(\(TestError.boom))"])
        XCTAssertFalse(probe.isSubscribed)
        _ = cancellable
    }

    // MARK: first, last

    func testFirstSendsTheFirstValueAndCancelsTheUpstream() {
        let probe = Probe()
        let first: Publishers.First<Probe> = probe.first()
        let recorder = CombineRecorder(first)
        send([1, 2], to: probe)
        XCTAssertEqual(recorder.events, [.value(1), .completion(.finished)])
        XCTAssertFalse(probe.isSubscribed)
        XCTAssertEqual(CombineRecorder(Empty<Int, Never>().first()).events, [.completion(.finished)])

        let failing = Probe()
        let failed = CombineRecorder(failing.first())
        failing.send(completion: .failure(.boom))
        XCTAssertEqual(failed.events, [.completion(.failure(.boom))])
    }

    func testFirstWhereAndTryFirstWhere() {
        let probe = Probe()
        let recorder = CombineRecorder(probe.first { $0 > 1 })
        send([1, 2, 3], to: probe)
        XCTAssertEqual(recorder.events, [.value(2), .completion(.finished)])
        XCTAssertFalse(probe.isSubscribed)

        let throwing = Probe()
        var events: [String] = []
        let cancellable = throwing.tryFirst { value in
            if value == 2 { throw TestError.boom }
            return value == 3
        }.sink(receiveCompletion: { events.append(describe($0)) }, receiveValue: { events.append("\($0)") })
        send([1, 2, 3], to: throwing)
        XCTAssertEqual(events, ["failure(\(TestError.boom))"])
        XCTAssertFalse(throwing.isSubscribed)
        _ = cancellable

        let none = Probe()
        let noMatch = CombineRecorder(none.first { $0 > 100 })
        send([1, 2], to: none)
        none.send(completion: .finished)
        XCTAssertEqual(noMatch.events, [.completion(.finished)])
    }

    func testLastSendsTheLastValueOnFinish() {
        let probe = Probe()
        let recorder = CombineRecorder(probe.last())
        send([1, 2, 3], to: probe)
        XCTAssertEqual(recorder.events, [])
        probe.send(completion: .finished)
        XCTAssertEqual(recorder.events, [.value(3), .completion(.finished)])
        XCTAssertEqual(CombineRecorder(Empty<Int, Never>().last()).events, [.completion(.finished)])

        let failing = Probe()
        let failed = CombineRecorder(failing.last())
        failing.send(1)
        failing.send(completion: .failure(.boom))
        XCTAssertEqual(failed.events, [.completion(.failure(.boom))])
    }

    func testLastWhereAndTryLastWhere() {
        let probe = Probe()
        let recorder = CombineRecorder(probe.last { $0 % 2 == 0 })
        send([1, 2, 3, 4, 5], to: probe)
        probe.send(completion: .finished)
        XCTAssertEqual(recorder.events, [.value(4), .completion(.finished)])

        let throwing = Probe()
        var events: [String] = []
        let cancellable = throwing.tryLast { value in
            if value == 3 { throw TestError.boom }
            return true
        }.sink(receiveCompletion: { events.append(describe($0)) }, receiveValue: { events.append("\($0)") })
        send([1, 2, 3], to: throwing)
        XCTAssertEqual(events, ["failure(\(TestError.boom))"])
        XCTAssertFalse(throwing.isSubscribed)
        _ = cancellable

        let none = Probe()
        let noMatch = CombineRecorder(none.last { $0 > 100 })
        send([1, 2], to: none)
        none.send(completion: .finished)
        XCTAssertEqual(noMatch.events, [.completion(.finished)])
    }

    // MARK: output(at:), output(in:), ignoreOutput

    func testOutputAtSendsOneValueAndCancelsTheUpstream() {
        let probe = Probe()
        let recorder = CombineRecorder(probe.output(at: 2))
        send([10, 11], to: probe)
        XCTAssertEqual(recorder.events, [])
        XCTAssertTrue(probe.isSubscribed)
        probe.send(12)
        XCTAssertEqual(recorder.events, [.value(12), .completion(.finished)])
        XCTAssertFalse(probe.isSubscribed)

        let short = Probe()
        let tooShort = CombineRecorder(short.output(at: 5))
        send([1], to: short)
        short.send(completion: .finished)
        XCTAssertEqual(tooShort.events, [.completion(.finished)])
    }

    func testOutputInSendsTheValuesInTheRange() {
        let numbers = Publishers.Sequence<[Int], Never>(sequence: [0, 10, 20, 30, 40])
        XCTAssertEqual(CombineRecorder(numbers.output(in: 1...2)).values, [10, 20])
        XCTAssertEqual(CombineRecorder(numbers.output(in: 1..<2)).values, [10])
        XCTAssertEqual(CombineRecorder(numbers.output(in: 3...)).values, [30, 40])
        XCTAssertEqual(CombineRecorder(numbers.output(in: ..<2)).values, [0, 10])
        XCTAssertEqual(CombineRecorder(numbers.output(in: 2..<2)).events, [.completion(.finished)])

        let probe = Probe()
        let recorder = CombineRecorder(probe.output(in: 1...2))
        send([0, 1, 2], to: probe)
        XCTAssertEqual(recorder.events, [.value(1), .value(2), .completion(.finished)])
        XCTAssertFalse(probe.isSubscribed, "the upstream is cancelled after the range's last value")
        let typed: Publishers.Output<Probe> = probe.output(in: 0...)
        XCTAssertEqual(typed.range, 0..<Int.max)
    }

    func testIgnoreOutputPassesOnlyTheCompletion() {
        let probe = Probe()
        let ignored: Publishers.IgnoreOutput<Probe> = probe.ignoreOutput()
        var completions: [Subscribers.Completion<TestFailure>] = []
        let cancellable = ignored.sink(receiveCompletion: { completions.append($0) }, receiveValue: { _ in })
        send([1, 2], to: probe)
        XCTAssertEqual(completions, [])
        probe.send(completion: .failure(.boom))
        XCTAssertEqual(completions, [.failure(.boom)])
        XCTAssertFalse(probe.isSubscribed)
        _ = cancellable
    }

    // MARK: Cancellation, reentrancy, subscription lifetimes

    func testCancellingBeforeTheEndSendsNothingAndCancelsTheUpstream() {
        let publishers: [(String, (Probe) -> AnyPublisher<String, TestFailure>)] = [
            ("collect", { $0.collect().map { "\($0)" }.eraseToAnyPublisher() }),
            ("collect(3)", { $0.collect(3).map { "\($0)" }.eraseToAnyPublisher() }),
            ("reduce", { $0.reduce(0, +).map { "\($0)" }.eraseToAnyPublisher() }),
            ("count", { $0.count().map { "\($0)" }.eraseToAnyPublisher() }),
            ("contains", { $0.contains(9).map { "\($0)" }.eraseToAnyPublisher() }),
            ("allSatisfy", { $0.allSatisfy { $0 > 0 }.map { "\($0)" }.eraseToAnyPublisher() }),
            ("min", { $0.min().map { "\($0)" }.eraseToAnyPublisher() }),
            ("last", { $0.last().map { "\($0)" }.eraseToAnyPublisher() }),
            ("output(at:)", { $0.output(at: 5).map { "\($0)" }.eraseToAnyPublisher() }),
        ]
        for (name, make) in publishers {
            let probe = Probe()
            let recorder = CombineRecorder(make(probe))
            send([1, 2], to: probe)
            recorder.cancellable?.cancel()
            XCTAssertFalse(probe.isSubscribed, name)
            send([3], to: probe)
            probe.send(completion: .finished)
            XCTAssertEqual(recorder.events, [], name)
        }
    }

    func testAValueSentReentrantlyDuringTheResultIsDropped() {
        let subject = PassthroughSubject<Int, Never>()
        var events: [String] = []
        let cancellable = subject.contains(1).sink(
            receiveCompletion: { events.append(describe($0)) },
            receiveValue: { value in
                events.append("\(value)")
                subject.send(1)
            })
        subject.send(1)
        XCTAssertEqual(events, ["true", "finished"])
        cancellable.cancel()
    }

    func testCancellingWhileReceivingTheResultSuppressesTheCompletion() {
        let subject = PassthroughSubject<Int, Never>()
        var events: [String] = []
        var cancellable: AnyCancellable?
        cancellable = subject.collect().sink(
            receiveCompletion: { events.append(describe($0)) },
            receiveValue: { value in
                events.append("\(value)")
                cancellable?.cancel()
            })
        subject.send(1)
        subject.send(completion: .finished)
        XCTAssertEqual(events, ["[1]"])
    }

    func testUpstreamSubscriptionLifetimesOnVirtualTime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(210, 1), .next(220, 2), .next(230, 3), .next(240, 4), .completed(250),
        ])
        let collected = scheduler.start { xs.asPublisher().collect(3).map { $0.reduce(0, +) }.asObservable() }
        XCTAssertEqual(collected.events, [.next(230, 6), .next(250, 4), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])

        let second = TestScheduler(initialClock: 0)
        let ys = second.createHotObservable([.next(310, 1), .next(320, 2), .next(330, 3), .completed(400)])
        let found = second.start(created: 300, subscribed: 305, disposed: 1000) {
            ys.asPublisher().contains(2).map { $0 ? 1 : 0 }.asObservable()
        }
        XCTAssertEqual(found.events, [.next(320, 1), .completed(320)])
        XCTAssertEqual(ys.subscriptions, [Subscription(305, 320)])

        let third = TestScheduler(initialClock: 0)
        let zs = third.createHotObservable([.next(410, 1), .error(420, TestError.boom)])
        let counted = third.start(created: 400, subscribed: 405, disposed: 1000) {
            zs.asPublisher().count().asObservable()
        }
        XCTAssertEqual(counted.events, [.error(420, TestError.boom)])
        XCTAssertEqual(zs.subscriptions, [Subscription(405, 420)])
    }
}
