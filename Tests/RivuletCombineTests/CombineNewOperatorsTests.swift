import Foundation
import Rivulet
import RivuletCombine
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The operators added with the module split: `buffer(size:prefetch:whenFull:)`, `drop(untilOutputFrom:)`,
/// `map` with one to three key paths, `breakpoint`, and the `flatMap`/`switchToLatest`
/// overloads that mix `Never` with a failure type.
final class CombineNewOperatorsTests: RivuletTestCase {
    // MARK: buffer

    func testBufferKeepsTheFirstValuesWithDropNewest() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = DemandingSubscriber<Int, Never>(initial: .max(1))
        subject.buffer(size: 2, prefetch: .byRequest, whenFull: .dropNewest).subscribe(subscriber)
        for value in 1...6 { subject.send(value) }
        XCTAssertEqual(subscriber.values, [1], "one requested")
        subscriber.subscription?.request(.unlimited)
        XCTAssertEqual(subscriber.values, [1, 2, 3], "two kept, the newer ones dropped")
        subject.send(7)
        XCTAssertEqual(subscriber.values, [1, 2, 3, 7], "with demand, values pass straight on")
        subscriber.subscription?.cancel()
    }

    func testBufferKeepsTheLastValuesWithDropOldest() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = DemandingSubscriber<Int, Never>(initial: .none)
        publisher.buffer(size: 3, prefetch: .keepFull, whenFull: .dropOldest).subscribe(subscriber)
        for value in 1...10 { publisher.send(value) }
        publisher.send(completion: .finished)
        subscriber.subscription?.request(.max(2))
        XCTAssertEqual(subscriber.values, [8, 9])
        XCTAssertEqual(subscriber.completions, [], "the completion waits behind the last value")
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.values, [8, 9, 10])
        XCTAssertEqual(subscriber.completions, [], "and, as in Combine, for demand left after it")
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.completions, [.finished])
    }

    func testAKeepFullBufferOverASubjectAsksForItsSize() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = DemandingSubscriber<Int, Never>(initial: .none)
        subject.buffer(size: 3, prefetch: .keepFull, whenFull: .dropOldest).subscribe(subscriber)
        for value in 1...10 { subject.send(value) }
        subscriber.subscription?.request(.max(2))
        XCTAssertEqual(subscriber.values, [1, 2], "the subject dropped what found no demand, as Combine's does")
        subject.send(11)
        subscriber.subscription?.request(.unlimited)
        XCTAssertEqual(subscriber.values, [1, 2, 3, 11], "two more were asked for when two were passed on")
        subscriber.subscription?.cancel()
    }

    func testAFullBufferWithCustomErrorCancelsTheUpstreamAtOnceAndFailsAfterTheNextValues() {
        let probe = ProbePublisher<Int, TestFailure>()
        let subscriber = DemandingSubscriber<Int, TestFailure>(initial: .none)
        probe.buffer(size: 2, prefetch: .byRequest, whenFull: .customError { .other }).subscribe(subscriber)
        probe.send(1)
        probe.send(2)
        XCTAssertTrue(probe.isSubscribed)
        probe.send(3)
        XCTAssertFalse(probe.isSubscribed, "the upstream was cancelled")
        XCTAssertEqual(subscriber.completions, [], "as in Combine, the failure waits for the next request")
        subscriber.subscription?.request(.max(1))
        XCTAssertEqual(subscriber.values, [1], "the values asked for go first; the others are dropped")
        XCTAssertEqual(subscriber.completions, [.failure(.other)])
    }

    func testBufferPassesEverythingToASink() {
        var received: [Int] = []
        _ = (1...5).publisher.buffer(size: 1, prefetch: .byRequest, whenFull: .dropNewest).sink { received.append($0) }
        XCTAssertEqual(received, [1, 2, 3, 4, 5])
        XCTAssertEqual(Publishers.PrefetchStrategy.keepFull, .keepFull)
        XCTAssertNotEqual(Publishers.PrefetchStrategy.keepFull, .byRequest)
    }

    // MARK: drop(untilOutputFrom:)

    func testDropUntilOutputFromPassesValuesAfterTheOthersFirstValue() {
        let upstream = PassthroughSubject<Int, TestFailure>()
        let other = PassthroughSubject<String, TestFailure>()
        let recorder = CombineRecorder(upstream.drop(untilOutputFrom: other))
        upstream.send(1)
        upstream.send(2)
        other.send("go")
        upstream.send(3)
        other.send("again")
        upstream.send(4)
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.events, [.value(3), .value(4), .completion(.finished)])
    }

    func testDropUntilOutputFromFailsWithTheOthersFailure() {
        let upstream = PassthroughSubject<Int, TestFailure>()
        let other = PassthroughSubject<String, TestFailure>()
        let recorder = CombineRecorder(upstream.drop(untilOutputFrom: other))
        upstream.send(1)
        other.send(completion: .failure(.boom))
        upstream.send(2)
        XCTAssertEqual(recorder.events, [.completion(.failure(.boom))])
    }

    func testDropUntilAnOtherThatFinishesWithoutAValueDropsEverything() {
        let upstream = PassthroughSubject<Int, Never>()
        let other = PassthroughSubject<Int, Never>()
        let recorder = CombineRecorder(upstream.drop(untilOutputFrom: other))
        other.send(completion: .finished)
        upstream.send(1)
        upstream.send(completion: .finished)
        XCTAssertEqual(recorder.events, [.completion(.finished)])
    }

    // MARK: key paths

    private struct Point {
        var x: Int
        var y: Int
        var label: String
    }

    func testMapWithOneTwoAndThreeKeyPaths() {
        let points = [Point(x: 1, y: 2, label: "a"), Point(x: 3, y: 4, label: "b")]
        let one: Publishers.MapKeyPath<Publishers.Sequence<[Point], Never>, Int> = points.publisher.map(\.x)
        let two: Publishers.MapKeyPath2<Publishers.Sequence<[Point], Never>, Int, Int> = points.publisher.map(\.x, \.y)
        let three = points.publisher.map(\.x, \.y, \.label)
        var xs: [Int] = []
        var pairs: [String] = []
        var triples: [String] = []
        _ = one.sink { xs.append($0) }
        _ = two.sink { pairs.append("\($0.0),\($0.1)") }
        _ = three.sink { triples.append("\($0.0),\($0.1),\($0.2)") }
        XCTAssertEqual(xs, [1, 3])
        XCTAssertEqual(pairs, ["1,2", "3,4"])
        XCTAssertEqual(triples, ["1,2,a", "3,4,b"])
    }

    // MARK: breakpoint

    func testBreakpointRaisesNoSignalWhileTheClosuresSayNo() {
        var asked: [String] = []
        let recorder = CombineRecorder(
            [1, 2].publisher.setFailureType(to: TestFailure.self).breakpoint(
                receiveSubscription: { _ in
                    asked.append("subscription")
                    return false
                },
                receiveOutput: { value in
                    asked.append("output \(value)")
                    return false
                },
                receiveCompletion: { completion in
                    asked.append("completion \(completion)")
                    return false
                }))
        XCTAssertEqual(recorder.events, [.value(1), .value(2), .completion(.finished)])
        XCTAssertEqual(asked, ["subscription", "output 1", "output 2", "completion finished"])
    }

    func testBreakpointRaisesSIGTRAPWhenAClosureSaysSo() {
        BreakpointSignals.install()
        defer { BreakpointSignals.restore() }
        let subject = PassthroughSubject<Int, TestFailure>()
        let recorder = CombineRecorder(subject.breakpoint(receiveOutput: { $0 < 0 }))
        subject.send(1)
        XCTAssertEqual(BreakpointSignals.count, 0)
        subject.send(-1)
        XCTAssertEqual(BreakpointSignals.count, 1, "raised for the negative value")
        XCTAssertEqual(recorder.values, [1, -1], "and the value still passes on")

        let failing = PassthroughSubject<Int, TestFailure>()
        let onError = CombineRecorder(failing.breakpointOnError())
        failing.send(2)
        failing.send(completion: .failure(.boom))
        XCTAssertEqual(BreakpointSignals.count, 2, "breakpointOnError raises on the failure")
        XCTAssertEqual(onError.events, [.value(2), .completion(.failure(.boom))])

        let finishing = CombineRecorder(Just(3).setFailureType(to: TestFailure.self).breakpointOnError())
        XCTAssertEqual(BreakpointSignals.count, 2, "not on .finished")
        XCTAssertEqual(finishing.events, [.value(3), .completion(.finished)])
    }

    // MARK: flatMap and switchToLatest mixing Never with a failure

    func testFlatMapOverloadsMixNeverWithAFailureType() {
        let neverNever: Publishers.FlatMap<Just<Int>, Just<Int>> = Just(1).flatMap { Just($0 + 1) }
        let neverFailing:
            Publishers.FlatMap<Fail<Int, TestFailure>, Publishers.SetFailureType<Just<Int>, TestFailure>> =
                Just(1).flatMap { _ in Fail<Int, TestFailure>(error: .boom) }
        let subject = PassthroughSubject<Int, TestFailure>()
        let failingNever:
            Publishers.FlatMap<
                Publishers.SetFailureType<Just<Int>, TestFailure>, PassthroughSubject<Int, TestFailure>
            > = subject.flatMap { Just($0 * 10) }
        XCTAssertEqual(CombineRecorder(neverNever).events, [.value(2), .completion(.finished)])
        XCTAssertEqual(CombineRecorder(neverFailing).events, [.completion(.failure(.boom))])
        let recorder = CombineRecorder(failingNever)
        subject.send(4)
        subject.send(completion: .failure(.other))
        XCTAssertEqual(recorder.events, [.value(40), .completion(.failure(.other))])
    }

    func testSwitchToLatestOverloadsMixNeverWithAFailureType() {
        let outerNever = PassthroughSubject<PassthroughSubject<Int, TestFailure>, Never>()
        let a:
            Publishers.SwitchToLatest<
                PassthroughSubject<Int, TestFailure>,
                Publishers.SetFailureType<PassthroughSubject<PassthroughSubject<Int, TestFailure>, Never>, TestFailure>
            > = outerNever.switchToLatest()
        let bothNever = PassthroughSubject<Just<Int>, Never>()
        let b: Publishers.SwitchToLatest<Just<Int>, PassthroughSubject<Just<Int>, Never>> = bothNever.switchToLatest()
        let innerNever = PassthroughSubject<Just<Int>, TestFailure>()
        let c = innerNever.switchToLatest()

        let inner = PassthroughSubject<Int, TestFailure>()
        let recordA = CombineRecorder(a)
        outerNever.send(inner)
        inner.send(1)
        inner.send(completion: .failure(.boom))
        XCTAssertEqual(recordA.events, [.value(1), .completion(.failure(.boom))])

        let recordB = CombineRecorder(b)
        bothNever.send(Just(2))
        bothNever.send(completion: .finished)
        XCTAssertEqual(recordB.events, [.value(2), .completion(.finished)])

        let recordC = CombineRecorder(c)
        innerNever.send(Just(3))
        innerNever.send(completion: .failure(.other))
        XCTAssertEqual(recordC.events, [.value(3), .completion(.failure(.other))])
    }
}

/// Counts `SIGTRAP`s while installed (a handler instead of the default action, which ends the
/// process), for the breakpoint test.
enum BreakpointSignals {
    nonisolated(unsafe) static var count = 0
    nonisolated(unsafe) private static var previous = sigaction()

    static func install() {
        count = 0
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = { _ in BreakpointSignals.count += 1 }
        #else
            action.__sigaction_handler.sa_handler = { _ in BreakpointSignals.count += 1 }
        #endif
        sigaction(SIGTRAP, &action, &previous)
    }

    static func restore() {
        sigaction(SIGTRAP, &previous, nil)
    }
}
