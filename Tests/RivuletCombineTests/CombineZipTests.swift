import Foundation
import Rivulet
import RivuletCombine
import RivuletTest
import TestSupport
import XCTest

/// `zip` in the Combine dialect: pairing in order, when it finishes (Combine's rules), failures,
/// cancellation and the upstreams' subscription lifetimes.
final class CombineZipTests: RivuletTestCase {
    private typealias Probe = ProbePublisher<Int, TestFailure>

    // MARK: Values

    func testPairsTheOldestUnpairedValuesInOrder() {
        let numbers = PassthroughSubject<Int, Never>()
        let letters = PassthroughSubject<String, Never>()
        var pairs: [String] = []
        let cancellable = numbers.zip(letters).sink { pairs.append("\($0)\($1)") }
        numbers.send(1)
        numbers.send(2)
        XCTAssertEqual(pairs, [], "nothing until the other side has a value")
        letters.send("A")
        XCTAssertEqual(pairs, ["1A"])
        numbers.send(3)
        letters.send("B")
        letters.send("C")
        XCTAssertEqual(pairs, ["1A", "2B", "3C"], "each value is used once, oldest first")
        letters.send("D")
        letters.send("E")
        numbers.send(4)
        XCTAssertEqual(pairs, ["1A", "2B", "3C", "4D"])
        cancellable.cancel()
    }

    func testTransformVariants() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let c = PassthroughSubject<Int, Never>()
        let d = PassthroughSubject<Int, Never>()
        let two = CombineRecorder(a.zip(b) { $0 * 10 + $1 })
        let three = CombineRecorder(a.zip(b, c) { $0 * 100 + $1 * 10 + $2 })
        let four = CombineRecorder(a.zip(b, c, d) { $0 * 1000 + $1 * 100 + $2 * 10 + $3 })
        a.send(1)
        b.send(2)
        c.send(3)
        d.send(4)
        a.send(5)
        b.send(6)
        XCTAssertEqual(two.values, [12, 56])
        XCTAssertEqual(three.values, [123])
        XCTAssertEqual(four.values, [1234])
        c.send(7)
        XCTAssertEqual(three.values, [123, 567])
    }

    func testTupleFormsAndTheirTypes() {
        let a = PassthroughSubject<Int, TestFailure>()
        let b = PassthroughSubject<String, TestFailure>()
        let c = PassthroughSubject<Bool, TestFailure>()
        let d = PassthroughSubject<Double, TestFailure>()
        let zip2: Publishers.Zip<PassthroughSubject<Int, TestFailure>, PassthroughSubject<String, TestFailure>> =
            a.zip(b)
        let zip3:
            Publishers.Zip3<
                PassthroughSubject<Int, TestFailure>, PassthroughSubject<String, TestFailure>,
                PassthroughSubject<Bool, TestFailure>
            > = a.zip(b, c)
        let zip4 = Publishers.Zip4(a, b, c, d)
        var log: [String] = []
        var completions: [Subscribers.Completion<TestFailure>] = []
        let cancellables = [
            zip2.sink(receiveCompletion: { completions.append($0) }, receiveValue: { log.append("2:\($0)\($1)") }),
            zip3.sink(receiveCompletion: { completions.append($0) }, receiveValue: { log.append("3:\($0)\($1)\($2)") }),
            zip4.sink(
                receiveCompletion: { completions.append($0) }, receiveValue: { log.append("4:\($0)\($1)\($2)\($3)") }),
        ]
        a.send(1)
        b.send("x")
        c.send(true)
        d.send(0.5)
        XCTAssertEqual(log, ["2:1x", "3:1xtrue", "4:1xtrue0.5"])
        d.send(completion: .failure(.boom))
        XCTAssertEqual(completions, [.failure(.boom)], "only the zip of four saw d's failure")
        _ = cancellables
    }

    func testEachSubscriptionHasItsOwnBuffers() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let zipped = a.zip(b) { $0 + $1 }
        let first = CombineRecorder(zipped)
        a.send(1)
        let second = CombineRecorder(zipped)
        a.send(2)
        b.send(10)
        XCTAssertEqual(first.values, [11])
        XCTAssertEqual(second.values, [12], "the second subscriber never saw 1")
    }

    func testEquatableWhenTheUpstreamsAre() {
        XCTAssertEqual(Just(1).zip(Just(2)), Publishers.Zip(Just(1), Just(2)))
        XCTAssertNotEqual(Just(1).zip(Just(2)), Publishers.Zip(Just(1), Just(3)))
        XCTAssertEqual(Just(1).zip(Just(2), Just(3)), Publishers.Zip3(Just(1), Just(2), Just(3)))
        XCTAssertNotEqual(
            Publishers.Zip4(Just(1), Just(2), Just(3), Just(4)), Publishers.Zip4(Just(1), Just(2), Just(3), Just(5)))
    }

    // MARK: Completion (Combine's rules)

    func testFinishesWhenAnUpstreamFinishesWithNothingWaiting() {
        let a = Probe()
        let b = Probe()
        let recorder = CombineRecorder(a.zip(b) { $0 + $1 })
        a.send(1)
        b.send(2)
        b.send(completion: .finished)
        XCTAssertEqual(recorder.events, [.value(3), .completion(.finished)])
        XCTAssertFalse(a.isSubscribed, "finishing cancels the other upstream")
        XCTAssertFalse(b.isSubscribed)
    }

    func testAnUpstreamThatFinishesWithValuesWaitingEndsTheZipOnceTheyArePaired() {
        let a = Probe()
        let b = Probe()
        let recorder = CombineRecorder(a.zip(b) { $0 + $1 })
        a.send(1)
        a.send(2)
        a.send(completion: .finished)
        XCTAssertEqual(recorder.events, [], "1 and 2 are still waiting for partners")
        XCTAssertFalse(a.isSubscribed, "the finished upstream's subscription ends at once")
        XCTAssertTrue(b.isSubscribed)
        b.send(10)
        XCTAssertEqual(recorder.events, [.value(11)])
        XCTAssertTrue(b.isSubscribed)
        b.send(20)
        XCTAssertEqual(recorder.events, [.value(11), .value(22), .completion(.finished)])
        XCTAssertFalse(b.isSubscribed, "the last possible pair ends the zip and cancels b")
    }

    func testALaggingUpstreamThatFinishesEndsTheZipAtOnce() {
        let a = Probe()
        let b = Probe()
        let recorder = CombineRecorder(a.zip(b) { $0 + $1 })
        a.send(1)
        a.send(2)
        b.send(completion: .finished)
        XCTAssertEqual(recorder.events, [.completion(.finished)], "a's waiting values are dropped")
        XCTAssertFalse(a.isSubscribed)
    }

    func testAJustEndsTheZipAfterItsOnlyPair() {
        // Combine: `subject.zip(Just(2))` sends (1, 2) and finishes on the subject's first value.
        let subject = PassthroughSubject<Int, Never>()
        let recorder = CombineRecorder(subject.zip(Just(2)) { $0 * 10 + $1 })
        XCTAssertEqual(recorder.events, [])
        subject.send(1)
        XCTAssertEqual(recorder.events, [.value(12), .completion(.finished)])
    }

    func testSynchronousSequencesPairUpToTheShorterOne() {
        let long = Publishers.Sequence<[Int], Never>(sequence: [1, 2, 3, 4])
        let short = Publishers.Sequence<[String], Never>(sequence: ["a", "b"])
        var log: [String] = []
        var finished = 0
        let cancellable = long.zip(short).sink(
            receiveCompletion: { _ in finished += 1 }, receiveValue: { log.append("\($0)\($1)") })
        XCTAssertEqual(log, ["1a", "2b"])
        XCTAssertEqual(finished, 1)
        _ = cancellable
        XCTAssertEqual(CombineRecorder(short.zip(long) { "\($0)\($1)" }).values, ["a1", "b2"])
        XCTAssertEqual(
            CombineRecorder(Empty<Int, Never>().zip(long) { $0 + $1 }).events, [.completion(.finished)])
    }

    func testThreeAndFourFinishByTheSameRule() {
        let a = Probe()
        let b = Probe()
        let c = Probe()
        let d = Probe()
        let recorder = CombineRecorder(a.zip(b, c, d) { $0 + $1 + $2 + $3 })
        a.send(1)
        b.send(1)
        c.send(1)
        c.send(completion: .finished)
        XCTAssertEqual(recorder.events, [])
        d.send(1)
        XCTAssertEqual(recorder.events, [.value(4), .completion(.finished)])
        XCTAssertEqual([a, b, c, d].map(\.isSubscribed), [false, false, false, false])

        let x = Probe()
        let y = Probe()
        let z = Probe()
        let triple = CombineRecorder(x.zip(y, z) { $0 + $1 + $2 })
        y.send(completion: .finished)
        XCTAssertEqual(triple.events, [.completion(.finished)])
        XCTAssertEqual([x, y, z].map(\.isSubscribed), [false, false, false])
    }

    // MARK: Failure and cancellation

    func testFailsWithTheFirstFailureAndCancelsTheOthers() {
        let a = Probe()
        let b = Probe()
        let c = Probe()
        let recorder = CombineRecorder(a.zip(b, c) { $0 + $1 + $2 })
        a.send(1)
        a.send(2)
        b.send(completion: .failure(.boom))
        XCTAssertEqual(recorder.events, [.completion(.failure(.boom))])
        XCTAssertEqual([a, b, c].map(\.isSubscribed), [false, false, false])
        c.send(completion: .failure(.other))
        XCTAssertEqual(recorder.events.count, 1)
    }

    func testAFailureWinsOverWaitingValues() {
        let a = Probe()
        let b = Probe()
        let recorder = CombineRecorder(a.zip(b) { $0 + $1 })
        a.send(1)
        a.send(completion: .finished)
        b.send(completion: .failure(.other))
        XCTAssertEqual(recorder.events, [.completion(.failure(.other))])
    }

    func testCancelInTheMiddleCancelsEveryUpstream() {
        let a = Probe()
        let b = Probe()
        let recorder = CombineRecorder(a.zip(b) { $0 + $1 })
        a.send(1)
        b.send(1)
        a.send(5)
        recorder.cancellable?.cancel()
        XCTAssertEqual(a.disposeCount, 1)
        XCTAssertEqual(b.disposeCount, 1)
        b.send(5)
        a.send(completion: .finished)
        XCTAssertEqual(recorder.events, [.value(2)])
    }

    func testCancellingFromInsideTheValueHandlerEndsTheZipWithoutACompletion() {
        let a = Probe()
        let b = Probe()
        var events: [String] = []
        var cancellable: AnyCancellable?
        cancellable = a.zip(b).sink(
            receiveCompletion: { events.append("\($0)") },
            receiveValue: { value in
                events.append("\(value.0)\(value.1)")
                cancellable?.cancel()
            })
        a.send(1)
        a.send(completion: .finished)
        b.send(2)  // the last pair: the zip would finish right after it, but the handler cancelled
        XCTAssertEqual(events, ["12"])
        XCTAssertFalse(b.isSubscribed)
        XCTAssertEqual(b.disposeCount, 1)
    }

    // MARK: Subscription lifetimes on virtual time

    func testUpstreamSubscriptionsEndWhenTheZipEnds() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2), .completed(230)])
        let ys = scheduler.createHotObservable([.next(240, 10), .next(250, 20), .next(260, 30), .completed(300)])
        let res = scheduler.start { xs.asPublisher().zip(ys.asPublisher()) { $0 + $1 }.asObservable() }
        XCTAssertEqual(res.events, [.next(240, 11), .next(250, 22), .completed(250)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 250)])
    }

    func testAFailureEndsEverySubscriptionAtOnce() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        let ys = scheduler.createHotObservable([.next(215, 10), .next(230, 20)])
        let zs = scheduler.createHotObservable([Recorded<Event<Int>>]())
        let res = scheduler.start {
            xs.asPublisher().zip(ys.asPublisher(), zs.asPublisher()) { $0 + $1 + $2 }.asObservable()
        }
        XCTAssertEqual(res.events, [.error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(zs.subscriptions, [Subscription(200, 220)])
    }

    func testDisposalEndsEverySubscription() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .next(220, 2)])
        let ys = scheduler.createHotObservable([.next(230, 10)])
        let res = scheduler.start(disposed: 500) { xs.asPublisher().zip(ys.asPublisher()) { $0 + $1 }.asObservable() }
        XCTAssertEqual(res.events, [.next(230, 11)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 500)])
        XCTAssertEqual(ys.subscriptions, [Subscription(200, 500)])
    }

    // MARK: Threads and reentrancy

    func testConcurrentUpstreamsArePairedInOrder() {
        let count = 3_000
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        let recorder = EventRecorder<Int>()
        let subscription = a.zip(b) { $0 - $1 }.asObservable().subscribe(recorder)
        runConcurrently(2) { index in
            let subject = index == 0 ? a : b
            for value in 0..<count { subject.send(value) }
            subject.send(completion: .finished)
        }
        let events = recorder.events
        XCTAssertEqual(events.count, count + 1)
        XCTAssertEqual(events.compactMap(\.element), Array(repeating: 0, count: count), "value i pairs with value i")
        XCTAssertEqual(events.last, .completed)
        subscription.dispose()
    }

    func testAValueSentFromTheHandlerIsPairedAfterTheCurrentOne() {
        let a = PassthroughSubject<Int, Never>()
        let b = PassthroughSubject<Int, Never>()
        var pairs: [String] = []
        let cancellable = a.zip(b).sink { x, y in
            pairs.append("\(x)\(y)")
            if x == 1 {
                a.send(2)
                b.send(2)
                pairs.append("sent")
            }
        }
        a.send(1)
        b.send(1)
        XCTAssertEqual(pairs, ["11", "sent", "22"], "reentrant sends are queued, not delivered recursively")
        cancellable.cancel()
    }
}
