import Rivulet
import TestSupport
import XCTest

@testable import RivuletCombine

/// Which path a subscription takes (docs/DESIGN.md, "The demand path"): `sink` and `assign` over
/// an engine-exact chain of Rivulet publishers run on the engine; everything else runs on the
/// operators' own subscriptions, as in Combine. Both paths must give the same events.
final class EnginePathTests: RivuletTestCase {
    func testRivuletChainsAreExactAndChainsOverAForeignPublisherAreNot() {
        let subject = PassthroughSubject<Int, TestFailure>()
        XCTAssertTrue(subject.isExactOnEngine)
        XCTAssertTrue(subject.map { $0 }.tryMap { $0 }.isExactOnEngine)
        XCTAssertTrue(Just(1).map { $0 }.eraseToAnyPublisher().isExactOnEngine)
        let foreign = RecordingPublisher<Int, TestFailure>()
        XCTAssertFalse(foreign.isExactOnEngine)
        XCTAssertFalse(foreign.map { $0 }.isExactOnEngine)
        XCTAssertFalse(foreign.map { $0 }.eraseToAnyPublisher().isExactOnEngine)
        XCTAssertFalse(foreign.eraseToAnyPublisher().map { $0 }.isExactOnEngine)
        XCTAssertNil(foreign.map { $0 }.exactEngineStream)
        XCTAssertNotNil(subject.map { $0 }.exactEngineStream)
        XCTAssertFalse(subject.prefix(0).isExactOnEngine, "an empty range ends at the first value, take(0) at once")
        XCTAssertTrue(subject.prefix(1).first().contains(1).isExactOnEngine)
        XCTAssertFalse(subject.append(foreign).isExactOnEngine, "exact when both publishers are")
        XCTAssertFalse(foreign.append(subject).isExactOnEngine)
        XCTAssertTrue(subject.append(Just(1).setFailureType(to: TestFailure.self)).isExactOnEngine)
    }

    func testSinkOverAForeignChainHandsThePublisherCombinesSubscriberAndRequestsUnlimited() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        var received: [Int] = []
        var completion: Subscribers.Completion<TestFailure>?
        let cancellable = publisher.map { $0 * 3 }.sink(
            receiveCompletion: { completion = $0 }, receiveValue: { received.append($0) })
        XCTAssertEqual(publisher.subscriberDescription, "Map")
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)])
        XCTAssertEqual(publisher.send(1), .none)
        XCTAssertEqual(received, [3])
        cancellable.cancel()
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel])
        publisher.send(2)
        publisher.send(completion: .finished)
        XCTAssertEqual(received, [3], "nothing reaches the closures after cancel")
        XCTAssertNil(completion)
    }

    func testSinkDirectlyOnAForeignPublisherIsASubscribersSink() {
        let publisher = RecordingPublisher<Int, Never>()
        let cancellable = publisher.sink { _ in }
        XCTAssertEqual(publisher.subscriberDescription, "Sink")
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)])
        cancellable.cancel()
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel])
    }

    func testAssignOverAForeignChainIsASubscribersAssign() {
        final class Target {
            var value = 0
        }
        let publisher = RecordingPublisher<Int, Never>()
        let target = Target()
        let cancellable = publisher.map { $0 + 1 }.assign(to: \.value, on: target)
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)])
        publisher.send(41)
        XCTAssertEqual(target.value, 42)
        cancellable.cancel()
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel])
    }

    func testAsObservableOfAForeignChainRequestsUnlimitedThroughTheChain() {
        let publisher = RecordingPublisher<Int, Never>()
        var received: [Int] = []
        let subscription = publisher.map { $0 * 2 }.asObservable().subscribe(onNext: { received.append($0) })
        XCTAssertEqual(publisher.subscriberDescription, "Map")
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited)])
        publisher.send(5)
        XCTAssertEqual(received, [10])
        subscription.dispose()
        XCTAssertEqual(publisher.subscription.log, [.request(.unlimited), .cancel])
    }

    /// The same chains over the same sends, once through `sink` (the engine path, which each chain
    /// is checked to take) and once through a subscriber that requests `.unlimited` (the demand
    /// path): the events agree one for one.
    func testTheEnginePathAndTheDemandPathAgree() {
        var checked = 0
        func agree<P: Publisher>(
            _ name: String, _ make: (PassthroughSubject<Int, TestFailure>) -> P,
            sends: [Int], end: Subscribers.Completion<TestFailure>?, file: StaticString = #filePath, line: UInt = #line
        ) {
            func run(demandPath: Bool) -> [String] {
                let subject = PassthroughSubject<Int, TestFailure>()
                let publisher = make(subject)
                var log: [String] = []
                var cancellable: AnyCancellable?
                let subscriber = RecordingSubscriber<P.Output, P.Failure>(initial: .unlimited)
                if demandPath {
                    publisher.subscribe(subscriber)
                } else {
                    XCTAssertTrue(publisher.isExactOnEngine, "\(name) runs on the engine", file: file, line: line)
                    cancellable = publisher.sink(
                        receiveCompletion: { completion in
                            switch completion {
                            case .finished: log.append("finished")
                            case .failure(let failure): log.append("failure(\(failure))")
                            }
                        },
                        receiveValue: { log.append("value(\($0))") })
                }
                for value in sends { subject.send(value) }
                if let end { subject.send(completion: end) }
                cancellable?.cancel()
                subscriber.subscription?.cancel()
                return demandPath ? subscriber.log.filter { !$0.hasPrefix("subscription(") } : log
            }
            let engine = run(demandPath: false)
            let demand = run(demandPath: true)
            XCTAssertEqual(engine, demand, name, file: file, line: line)
            XCTAssertFalse(engine.isEmpty, "\(name) is not vacuous", file: file, line: line)
            checked += 1
        }
        agree("map", { $0.map { $0 * 2 } }, sends: [1, 2, 3], end: .finished)
        agree("map, failure", { $0.map { $0 - 1 } }, sends: [1], end: .failure(.boom))
        agree(
            "tryMap, throw",
            {
                $0.tryMap { value -> Int in
                    if value == 2 { throw TestFailure.other }
                    return value
                }
            },
            sends: [1, 2, 3], end: .finished)
        agree("tryMap, upstream failure", { $0.tryMap { $0 } }, sends: [4], end: .failure(.boom))
        agree("filter", { $0.filter { $0.isMultiple(of: 2) } }, sends: [1, 2, 3, 4], end: .finished)
        agree(
            "tryFilter, throw",
            {
                $0.tryFilter { value in
                    if value == 3 { throw TestFailure.other }
                    return true
                }
            },
            sends: [1, 2, 3, 4], end: .finished)
        agree("compactMap", { $0.compactMap { $0 > 1 ? String($0) : nil } }, sends: [1, 2, 3], end: .finished)
        agree("tryCompactMap", { $0.tryCompactMap { $0 > 1 ? $0 : nil } }, sends: [1, 2], end: .failure(.boom))
        agree("removeDuplicates", { $0.removeDuplicates() }, sends: [1, 1, 2, 2, 1], end: .finished)
        agree(
            "tryRemoveDuplicates",
            {
                $0.tryRemoveDuplicates { a, b in
                    if b == 3 { throw TestFailure.other }
                    return a == b
                }
            },
            sends: [1, 1, 2, 3], end: .finished)
        agree("scan", { $0.scan(0, +) }, sends: [1, 2, 3], end: .finished)
        agree(
            "tryScan",
            {
                $0.tryScan(0) {
                    if $1 == 2 { throw TestFailure.other }
                    return $0 + $1
                }
            }, sends: [1, 2, 3], end: nil)
        agree("dropFirst", { $0.dropFirst(2) }, sends: [1, 2, 3, 4], end: .finished)
        agree("drop(while:)", { $0.drop { $0 < 3 } }, sends: [1, 2, 3, 1], end: .failure(.boom))
        agree("tryDrop(while:)", { $0.tryDrop { _ in throw TestFailure.other } }, sends: [1], end: .finished)
        agree("prefix(while:)", { $0.prefix { $0 < 3 } }, sends: [1, 2, 3, 4], end: .finished)
        agree("tryPrefix(while:)", { $0.tryPrefix { $0 < 3 } }, sends: [1, 2], end: .failure(.boom))
        agree("ignoreOutput", { $0.ignoreOutput() }, sends: [1, 2], end: .failure(.boom))
        agree("replaceError", { $0.replaceError(with: 9) }, sends: [1], end: .failure(.boom))
        agree("mapError", { $0.mapError { WrappedFailure(inner: $0) } }, sends: [1], end: .failure(.other))
        agree("replaceNil", { $0.map { $0 == 2 ? nil : $0 }.replaceNil(with: 0) }, sends: [1, 2], end: .finished)
        agree("map(keyPath)", { $0.map(\.bitWidth) }, sends: [1], end: .finished)
        agree("handleEvents", { $0.handleEvents(receiveOutput: { _ in }) }, sends: [1, 2], end: .finished)
        agree("breakpoint", { $0.breakpoint(receiveOutput: { _ in false }) }, sends: [1, 2], end: .finished)
        agree("assertNoFailure", { $0.assertNoFailure() }, sends: [1, 2], end: .finished)
        agree(
            "flatMap", { $0.flatMap { Just($0 * 2).setFailureType(to: TestFailure.self) } }, sends: [1, 2],
            end: .finished)
        // Limiting, reducing and recovering operators.
        agree("prefix", { $0.prefix(2) }, sends: [1, 2, 3], end: .finished)
        agree("prefix, early end", { $0.prefix(3) }, sends: [1], end: .failure(.boom))
        agree("output(at:)", { $0.output(at: 1) }, sends: [1, 2, 3], end: .finished)
        agree("output(in:)", { $0.output(in: 1...2) }, sends: [1, 2, 3, 4], end: nil)
        agree("first", { $0.first() }, sends: [1, 2], end: .finished)
        agree("first(where:)", { $0.first { $0 > 1 } }, sends: [1, 2, 3], end: nil)
        agree("tryFirst(where:)", { $0.tryFirst { _ in throw TestFailure.other } }, sends: [1], end: .finished)
        agree("last", { $0.last() }, sends: [1, 2], end: .finished)
        agree("last(where:)", { $0.last { $0 < 2 } }, sends: [1, 2], end: .finished)
        agree("tryLast(where:)", { $0.tryLast { $0 < 2 } }, sends: [1, 2], end: .failure(.boom))
        agree("collect", { $0.collect() }, sends: [1, 2], end: .finished)
        agree("collect(count)", { $0.collect(2) }, sends: [1, 2, 3], end: .finished)
        agree("collect(count), failure", { $0.collect(2) }, sends: [1, 2, 3], end: .failure(.boom))
        agree("count", { $0.count() }, sends: [1, 2], end: .finished)
        agree("reduce", { $0.reduce(10, +) }, sends: [1, 2], end: .finished)
        agree(
            "tryReduce",
            {
                $0.tryReduce(0) {
                    if $1 == 2 { throw TestFailure.other }
                    return $0 + $1
                }
            }, sends: [1, 2, 3], end: nil)
        agree("contains", { $0.contains(2) }, sends: [1, 2, 3], end: nil)
        agree("contains(where:)", { $0.contains { $0 > 5 } }, sends: [1, 2], end: .finished)
        agree("tryContains(where:)", { $0.tryContains { _ in throw TestFailure.other } }, sends: [1], end: nil)
        agree("allSatisfy", { $0.allSatisfy { $0 < 2 } }, sends: [1, 2, 3], end: nil)
        agree("allSatisfy, true", { $0.allSatisfy { $0 < 9 } }, sends: [1, 2], end: .finished)
        agree("tryAllSatisfy", { $0.tryAllSatisfy { $0 < 9 } }, sends: [1], end: .failure(.boom))
        agree("min", { $0.min() }, sends: [3, 1, 2], end: .finished)
        agree("max", { $0.max() }, sends: [3, 1, 2], end: .finished)
        agree("tryMax(by:)", { $0.tryMax { $0 < $1 } }, sends: [3, 1, 2], end: .finished)
        agree("replaceEmpty", { $0.replaceEmpty(with: 9) }, sends: [], end: .finished)
        agree("replaceEmpty, values", { $0.replaceEmpty(with: 9) }, sends: [1], end: .finished)
        agree("append", { $0.append(8, 9) }, sends: [1], end: .finished)
        agree("prepend", { $0.prepend(8, 9) }, sends: [1], end: .finished)
        agree("prepend, failure", { $0.prepend(8) }, sends: [1], end: .failure(.boom))
        agree("catch", { $0.catch { _ in Just(0) } }, sends: [1], end: .failure(.boom))
        agree(
            "tryCatch", { $0.tryCatch { _ -> Just<Int> in throw TestFailure.other } }, sends: [1],
            end: .failure(.boom))
        agree("retry", { $0.retry(2) }, sends: [1], end: .failure(.boom))
        agree(
            "buffer(.byRequest)", { $0.buffer(size: 1, prefetch: .byRequest, whenFull: .dropNewest) },
            sends: [1, 2, 3], end: .failure(.boom))
        agree(
            "measureInterval", { $0.measureInterval(using: CombineTestScheduler()).map(\.nanoseconds) },
            sends: [1, 2], end: .finished)
        agree("merge", { $0.merge(with: $0.map { $0 * 10 }) }, sends: [1, 2], end: .finished)
        agree("merge, failure", { $0.merge(with: $0.filter { $0 > 100 }) }, sends: [3], end: .failure(.boom))
        agree(
            "switchToLatest",
            { $0.map { [$0, $0 + 1].publisher.setFailureType(to: TestFailure.self) }.switchToLatest() },
            sends: [1, 5], end: .failure(.boom))
        agree("zip", { $0.zip($0.map { $0 * 10 }) }, sends: [1, 2], end: .finished)
        agree(
            "zip3, transform", { $0.zip($0, $0.filter { $0 > 1 }) { $0 + $1 + $2 } }, sends: [1, 2, 3], end: .finished)
        agree(
            "prefix(untilOutputFrom:)", { $0.prefix(untilOutputFrom: $0.filter { $0 == 3 }) }, sends: [1, 2, 3, 4],
            end: .finished)
        agree("share", { $0.map { $0 + 1 }.share() }, sends: [1, 2], end: .failure(.boom))
        agree("makeConnectable().autoconnect()", { $0.makeConnectable().autoconnect() }, sends: [3], end: .finished)
        XCTAssertEqual(checked, 69)
    }

    /// Rivulet's sources, both ways: the same events.
    func testTheSourcesGiveTheSameEventsOnBothPaths() {
        func agree<P: Publisher>(_ name: String, _ publisher: P, file: StaticString = #filePath, line: UInt = #line) {
            XCTAssertTrue(publisher.isExactOnEngine, name, file: file, line: line)
            var engine: [String] = []
            let cancellable = publisher.sink(
                receiveCompletion: { engine.append($0.isFinished ? "finished" : "failure") },
                receiveValue: { engine.append("value(\($0))") })
            cancellable.cancel()
            let subscriber = RecordingSubscriber<P.Output, P.Failure>(initial: .unlimited)
            publisher.subscribe(subscriber)
            let demand = subscriber.log.dropFirst().map { $0.hasPrefix("failure") ? "failure" : $0 }
            XCTAssertEqual(engine, Array(demand), name, file: file, line: line)
        }
        agree("Just", Just(1))
        agree("Empty", Empty<Int, Never>())
        agree("Fail", Fail<Int, TestFailure>(error: .boom))
        agree("Sequence", [1, 2, 3].publisher)
        agree("Record", Record<Int, TestFailure>(output: [1, 2], completion: .failure(.boom)))
        agree("Future", Future<Int, Never> { $0(.success(4)) })
        agree("Deferred", Deferred { Just(5) })
        agree("Optional", Optional(6).publisher)
        agree("Result", Result<Int, TestFailure>.failure(.boom).publisher)
        agree("AnyPublisher", [7, 8].publisher.map { $0 * 2 }.eraseToAnyPublisher())
    }
}

extension Subscribers.Completion {
    fileprivate var isFinished: Bool {
        if case .finished = self { return true }
        return false
    }
}
