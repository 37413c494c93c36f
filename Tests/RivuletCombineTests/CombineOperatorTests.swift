import Rivulet
import RivuletCombine
import TestSupport
import XCTest

/// The Combine-dialect operators added over the Rx ones: values, completion, failure and the
/// upstream subscription lifetime (subscribed / disposed counts of `ProbePublisher`).
final class CombineOperatorTests: RivuletTestCase {
    func testMergeFamily() {
        let a = ProbePublisher<Int, TestFailure>()
        let b = ProbePublisher<Int, TestFailure>()
        let merged: Publishers.Merge<ProbePublisher<Int, TestFailure>, ProbePublisher<Int, TestFailure>> =
            Publishers.Merge(a, b)
        let recorder = CombineRecorder(merged)
        a.send(1)
        b.send(2)
        a.send(completion: .finished)
        b.send(3)
        XCTAssertEqual(recorder.events, [.value(1), .value(2), .value(3)])
        b.send(completion: .failure(.boom))
        XCTAssertEqual(recorder.events.last, .completion(.failure(.boom)))
        XCTAssertEqual(a.disposeCount + b.disposeCount, 2)

        let c = PassthroughSubject<Int, Never>()
        let d = PassthroughSubject<Int, Never>()
        let e = PassthroughSubject<Int, Never>()
        let f = PassthroughSubject<Int, Never>()
        let three = CombineRecorder(Publishers.Merge3(c, d, e))
        let four = CombineRecorder(c.merge(with: d, e, f))
        let two = CombineRecorder(c.merge(with: f))
        c.send(1)
        d.send(2)
        e.send(3)
        f.send(4)
        XCTAssertEqual(three.values, [1, 2, 3])
        XCTAssertEqual(four.values, [1, 2, 3, 4])
        XCTAssertEqual(two.values, [1, 4])
        _ = Publishers.Merge4(c, d, e, f)
    }

    func testMergeFiveToEight() {
        let subjects = (0..<8).map { _ in PassthroughSubject<Int, TestFailure>() }
        let s = subjects
        let five: Publishers.Merge5 = s[0].merge(with: s[1], s[2], s[3], s[4])
        let eight: Publishers.Merge8 = s[0].merge(with: s[1], s[2], s[3], s[4], s[5], s[6], s[7])
        let six = Publishers.Merge6(s[0], s[1], s[2], s[3], s[4], s[5])
        let seven = Publishers.Merge7(s[0], s[1], s[2], s[3], s[4], s[5], s[6])
        let recorders = (CombineRecorder(five), CombineRecorder(six), CombineRecorder(seven), CombineRecorder(eight))
        for (index, subject) in subjects.enumerated() { subject.send(index) }
        XCTAssertEqual(recorders.0.values, [0, 1, 2, 3, 4])
        XCTAssertEqual(recorders.1.values, [0, 1, 2, 3, 4, 5])
        XCTAssertEqual(recorders.2.values, [0, 1, 2, 3, 4, 5, 6])
        XCTAssertEqual(recorders.3.values, Array(0..<8))
        for subject in subjects.dropLast() { subject.send(completion: .finished) }
        XCTAssertEqual(recorders.3.events.last, .value(7), "eight waits for its last publisher")
        XCTAssertEqual(recorders.0.events.last, .completion(.finished))
        subjects[7].send(completion: .failure(.boom))
        XCTAssertEqual(recorders.3.events.last, .completion(.failure(.boom)))
    }

    func testCombineLatest() {
        let a = PassthroughSubject<String, TestFailure>()
        let b = PassthroughSubject<Int, TestFailure>()
        var pairs: [String] = []
        let cancellable = a.combineLatest(b).sink(
            receiveCompletion: { _ in }, receiveValue: { pairs.append("\($0)\($1)") })
        a.send("a")
        b.send(1)
        a.send("b")
        b.send(2)
        XCTAssertEqual(pairs, ["a1", "b1", "b2"])
        cancellable.cancel()

        let c = PassthroughSubject<Int, TestFailure>()
        let summed = CombineRecorder(a.combineLatest(b, c) { "\($0)\($1 + $2)" })
        a.send("x")
        b.send(1)
        c.send(10)
        XCTAssertEqual(summed.values, ["x11"])
        let mapped = CombineRecorder(a.combineLatest(b) { "\($0)\($1)" })
        a.send("y")
        b.send(5)
        XCTAssertEqual(mapped.values, ["y5"], "subjects do not replay: b had no value yet for this subscriber")
        let typed:
            Publishers.CombineLatest3<
                PassthroughSubject<String, TestFailure>, PassthroughSubject<Int, TestFailure>,
                PassthroughSubject<Int, TestFailure>
            > = a.combineLatest(b, c)
        _ = typed
        a.send(completion: .failure(.other))
        XCTAssertEqual(summed.events.last, .completion(.failure(.other)))
    }

    func testScan() {
        let probe = ProbePublisher<Int, Never>()
        let recorder = CombineRecorder(probe.scan(0, +))
        probe.send(1)
        probe.send(2)
        probe.send(3)
        XCTAssertEqual(recorder.values, [1, 3, 6])
        let second = CombineRecorder(probe.scan(100, +))
        probe.send(1)
        XCTAssertEqual(second.values, [101], "each subscription starts from the initial result")
    }

    func testRemoveDuplicates() {
        let subject = PassthroughSubject<Int, Never>()
        let plain = CombineRecorder(subject.removeDuplicates())
        let byParity = CombineRecorder(subject.removeDuplicates { $0 % 2 == $1 % 2 })
        for value in [1, 1, 2, 2, 4, 1] { subject.send(value) }
        XCTAssertEqual(plain.values, [1, 2, 4, 1])
        XCTAssertEqual(byParity.values, [1, 2, 1])
    }

    func testPrefixFinishesAndCancelsTheUpstream() {
        let probe = ProbePublisher<Int, Never>()
        let output: Publishers.Output<ProbePublisher<Int, Never>> = probe.prefix(2)
        let recorder = CombineRecorder(output)
        probe.send(1)
        probe.send(2)
        probe.send(3)
        XCTAssertEqual(recorder.events, [.value(1), .value(2), .completion(.finished)])
        XCTAssertEqual(probe.disposeCount, 1)
        XCTAssertEqual(CombineRecorder(Just(1).prefix(0)).events, [.completion(.finished)])
    }

    func testPrefixUntilOutputFrom() {
        let probe = ProbePublisher<Int, Never>()
        let stop = ProbePublisher<Void, TestFailure>()
        let recorder = CombineRecorder(probe.prefix(untilOutputFrom: stop))
        probe.send(1)
        stop.send(completion: .failure(.boom))
        probe.send(2)
        XCTAssertEqual(recorder.events, [.value(1), .value(2)], "the other's failure is ignored")
        let again = ProbePublisher<Void, Never>()
        let second = CombineRecorder(probe.prefix(untilOutputFrom: again))
        again.send(())
        probe.send(3)
        XCTAssertEqual(second.events, [.completion(.finished)])
        XCTAssertEqual(again.disposeCount, 1)
        XCTAssertEqual(probe.disposeCount, 1)
    }

    func testDropFirst() {
        let subject = PassthroughSubject<Int, Never>()
        let one = CombineRecorder(subject.dropFirst())
        let two = CombineRecorder(subject.dropFirst(2))
        for value in 1...4 { subject.send(value) }
        XCTAssertEqual(one.values, [2, 3, 4])
        XCTAssertEqual(two.values, [3, 4])
    }

    func testPrependAndAppend() {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = CombineRecorder(subject.prepend(8, 9).append(100).append([101, 102]).prepend(Just(7)))
        XCTAssertEqual(recorder.values, [7, 8, 9])
        subject.send(1)
        subject.send(completion: .finished)
        XCTAssertEqual(recorder.events, [7, 8, 9, 1, 100, 101, 102].map { .value($0) } + [.completion(.finished)])

        let failing = PassthroughSubject<Int, TestFailure>()
        let tail = ProbePublisher<Int, TestFailure>()
        let failed = CombineRecorder(failing.append(tail))
        failing.send(completion: .failure(.boom))
        XCTAssertEqual(failed.events, [.completion(.failure(.boom))])
        XCTAssertEqual(tail.subscribeCount, 0, "a failed prefix never subscribes the suffix")
        XCTAssertEqual(CombineRecorder(Just(1).prepend([0])).values, [0, 1])
    }

    func testSwitchToLatest() {
        let outer = PassthroughSubject<ProbePublisher<Int, Never>, Never>()
        let first = ProbePublisher<Int, Never>()
        let second = ProbePublisher<Int, Never>()
        let recorder = CombineRecorder(outer.switchToLatest())
        outer.send(first)
        first.send(1)
        outer.send(second)
        XCTAssertEqual(first.disposeCount, 1, "switching cancels the previous inner publisher")
        first.send(2)
        second.send(3)
        outer.send(completion: .finished)
        second.send(completion: .finished)
        XCTAssertEqual(recorder.events, [.value(1), .value(3), .completion(.finished)])
    }

    func testFlatMapMergesInnerPublishers() {
        let outer = PassthroughSubject<Int, TestFailure>()
        let inners = [ProbePublisher<Int, TestFailure>(), ProbePublisher<Int, TestFailure>()]
        let recorder = CombineRecorder(outer.flatMap { inners[$0] })
        outer.send(0)
        outer.send(1)
        inners[0].send(10)
        inners[1].send(20)
        inners[0].send(completion: .failure(.other))
        XCTAssertEqual(recorder.events, [.value(10), .value(20), .completion(.failure(.other))])
        XCTAssertEqual(inners[1].disposeCount, 1, "a failure cancels the other inner publishers")
    }

    /// As in Combine: `maxPublishers` is the demand `flatMap` gives its upstream, one more as each
    /// inner publisher finishes; a `PassthroughSubject` drops what it is not asked for.
    func testFlatMapMaxPublishersAsksTheUpstreamForOneMoreAsEachInnerFinishes() {
        let outer = PassthroughSubject<Int, Never>()
        let inners = [ProbePublisher<Int, Never>(), ProbePublisher<Int, Never>()]
        let recorder = CombineRecorder(outer.flatMap(maxPublishers: .max(1)) { inners[$0] })
        outer.send(0)
        outer.send(1)
        XCTAssertEqual(inners[1].subscribeCount, 0, "1 found no demand at the subject")
        inners[0].send(1)
        inners[0].send(completion: .finished)
        XCTAssertEqual(inners[1].subscribeCount, 0)
        outer.send(1)
        XCTAssertEqual(inners[1].subscribeCount, 1)
        inners[1].send(2)
        XCTAssertEqual(recorder.values, [1, 2])
    }

    func testFlatMapFromNeverIntoFailing() {
        let outer = PassthroughSubject<Int, Never>()
        let recorder = CombineRecorder(outer.flatMap { _ in Fail<Int, TestFailure>(error: .boom) })
        outer.send(1)
        XCTAssertEqual(recorder.events, [.completion(.failure(.boom))])
    }

    func testHandleEvents() {
        var log: [String] = []
        let probe = ProbePublisher<Int, TestFailure>()
        let handled = probe.handleEvents(
            receiveSubscription: { _ in log.append("subscription") },
            receiveOutput: { log.append("output \($0)") },
            receiveCompletion: { log.append("completion \($0)") },
            receiveCancel: { log.append("cancel") },
            receiveRequest: { log.append("request \($0)") })
        let cancellable = handled.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
        probe.send(1)
        cancellable.cancel()
        XCTAssertEqual(log, ["subscription", "request unlimited", "output 1", "cancel"])
        log.removeAll()
        let finished = CombineRecorder(handled)
        probe.send(completion: .failure(.boom))
        XCTAssertEqual(
            log, ["subscription", "request unlimited", "completion failure(RivuletCombineTests.TestFailure.boom)"],
            "no cancel after a completion")
        XCTAssertEqual(finished.events, [.completion(.failure(.boom))])
    }

    func testReplaceError() {
        let subject = PassthroughSubject<Int, TestFailure>()
        let replaced: Publishers.ReplaceError<PassthroughSubject<Int, TestFailure>> = subject.replaceError(with: 0)
        let recorder = CombineRecorder(replaced)
        subject.send(1)
        subject.send(completion: .failure(.boom))
        XCTAssertEqual(recorder.events, [.value(1), .value(0), .completion(.finished)])
    }

    func testCatchReplacesTheFailureWithAPublisher() {
        let subject = PassthroughSubject<Int, TestFailure>()
        var caught: [TestFailure] = []
        let recorder = CombineRecorder(
            subject.catch { failure -> Fail<Int, WrappedFailure> in
                caught.append(failure)
                return Fail(error: WrappedFailure(inner: failure))
            })
        subject.send(1)
        subject.send(completion: .failure(.other))
        XCTAssertEqual(caught, [.other])
        XCTAssertEqual(recorder.events, [.value(1), .completion(.failure(WrappedFailure(inner: .other)))])
        let recovered = CombineRecorder(Fail<Int, TestFailure>(error: .boom).catch { _ in Just(9) })
        XCTAssertEqual(recovered.events, [.value(9), .completion(.finished)])
    }

    func testShareSubscribesOnceAndReconnects() {
        let probe = ProbePublisher<Int, Never>()
        let shared = probe.map { $0 * 2 }.share()
        let first = CombineRecorder(shared)
        let second = CombineRecorder(shared)
        XCTAssertEqual(probe.subscribeCount, 1)
        probe.send(1)
        XCTAssertEqual(first.values, [2])
        XCTAssertEqual(second.values, [2])
        first.cancellable = nil
        XCTAssertEqual(probe.disposeCount, 0)
        second.cancellable = nil
        XCTAssertEqual(probe.disposeCount, 1, "the last cancel disconnects")
        let third = CombineRecorder(shared)
        XCTAssertEqual(probe.subscribeCount, 2, "a later subscriber connects again")
        third.cancellable = nil
    }

    func testCombineLatestOfFour() {
        let a = ProbePublisher<Int, TestFailure>()
        let b = PassthroughSubject<Int, TestFailure>()
        let c = PassthroughSubject<Int, TestFailure>()
        let d = PassthroughSubject<Int, TestFailure>()
        let four:
            Publishers.CombineLatest4<
                ProbePublisher<Int, TestFailure>, PassthroughSubject<Int, TestFailure>,
                PassthroughSubject<Int, TestFailure>, PassthroughSubject<Int, TestFailure>
            > = a.combineLatest(b, c, d)
        let tuples = CombineRecorder(four.map { "\($0)\($1)\($2)\($3)" })
        let summed = CombineRecorder(a.combineLatest(b, c, d) { $0 + $1 + $2 + $3 })
        a.send(1)
        b.send(2)
        c.send(3)
        XCTAssertEqual(summed.values, [], "nothing until every publisher has sent")
        d.send(4)
        a.send(5)
        XCTAssertEqual(tuples.values, ["1234", "5234"])
        XCTAssertEqual(summed.values, [10, 14])
        d.send(completion: .failure(.boom))
        XCTAssertEqual(summed.events.last, .completion(.failure(.boom)))
        XCTAssertFalse(a.isSubscribed)
    }

    func testMergeMany() {
        let probes = (0..<3).map { _ in ProbePublisher<Int, TestFailure>() }
        let merged: Publishers.MergeMany<ProbePublisher<Int, TestFailure>> = Publishers.MergeMany(probes)
        let recorder = CombineRecorder(merged)
        probes[2].send(3)
        probes[0].send(1)
        probes[0].send(completion: .finished)
        probes[1].send(completion: .finished)
        XCTAssertEqual(recorder.events, [.value(3), .value(1)])
        probes[2].send(completion: .finished)
        XCTAssertEqual(recorder.events, [.value(3), .value(1), .completion(.finished)], "finishes when all have")

        let failing = (0..<2).map { _ in ProbePublisher<Int, TestFailure>() }
        let failed = CombineRecorder(Publishers.MergeMany(failing[0]).merge(with: failing[1]))
        failing[1].send(completion: .failure(.other))
        XCTAssertEqual(failed.events, [.completion(.failure(.other))])
        XCTAssertFalse(failing[0].isSubscribed, "a failure cancels the others")
        XCTAssertEqual(
            CombineRecorder(Publishers.MergeMany([Just(1), Just(2)])).events,
            [.value(1), .value(2), .completion(.finished)])
        XCTAssertEqual(
            CombineRecorder(Publishers.MergeMany<Just<Int>>([])).events, [.completion(.finished)])
    }
}
