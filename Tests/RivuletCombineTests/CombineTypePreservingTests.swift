import Foundation
import Rivulet
import RivuletCombine
import TestSupport
import XCTest

/// The rest of Combine's type-preserving operators (each line compiles only if the operator
/// returns the declared type), the fusion of `map`/`filter`/`compactMap` chains over the original
/// upstream, and the API shapes Combine code reaches (`AnyPublisher` as one reference,
/// `playgroundDescription`, `Record.Recording.encode(into:)`, `_Introspection`).
final class CombineTypePreservingTests: RivuletTestCase {
    func testJustPrependAndAppendGiveASequence() {
        let prepended: Publishers.Sequence<[Int], Never> = Just(3).prepend(1, 2)
        XCTAssertEqual(prepended.sequence, [1, 2, 3])
        let appended: Publishers.Sequence<[Int], Never> = Just(1).append([2, 3])
        XCTAssertEqual(appended.sequence, [1, 2, 3])
        XCTAssertEqual(CombineRecorder(appended).events, [.value(1), .value(2), .value(3), .completion(.finished)])
    }

    func testSequenceOperatorsKeepTheSequenceType() {
        let source = Publishers.Sequence<[Int], Never>(sequence: [1, 2, 3])
        let around: Publishers.Sequence<[Int], Never> = source.prepend(Publishers.Sequence(sequence: [0])).append(4)
        XCTAssertEqual(around.sequence, [0, 1, 2, 3, 4])
        let typed: Publishers.Sequence<[Int], TestFailure> = source.setFailureType(to: TestFailure.self)
        XCTAssertEqual(typed.sequence, [1, 2, 3])
        let replaced: Publishers.Sequence<[Int?], Never> =
            Publishers.Sequence<[Int?], Never>(sequence: [1, nil]).replaceNil(with: 9)
        XCTAssertEqual(replaced.sequence, [1, 9])
        let counted: Just<Int> = source.count()
        XCTAssertEqual(counted.output, 3)
        let ranged: Publishers.Sequence<[Int], Never> = source.output(in: 1..<10)
        XCTAssertEqual(ranged.sequence, [2, 3], "a range past the end is clamped: no trap")
        let ignored: Empty<Int, Never> = source.ignoreOutput()
        XCTAssertEqual(CombineRecorder(ignored).events, [.completion(.finished)])
    }

    #if !canImport(Combine)
        func testJustOperatorsThatCanFailOrBeEmpty() {
            let dropped: Optional<Int>.Publisher = Just(1).drop { $0 < 5 }
            XCTAssertNil(dropped.output)
            let first: Optional<Int>.Publisher = Just(1).first { $0 == 1 }
            XCTAssertEqual(first.output, 1)
            let at: Optional<Int>.Publisher = Just(7).output(at: 0)
            XCTAssertEqual(at.output, 7)
            let inRange: Optional<Int>.Publisher = Just(7).output(in: 1..<3)
            XCTAssertNil(inRange.output, "only a range starting at 0 sends the value")
            let failing: Result<Bool, Error>.Publisher = Just(1).tryContains { _ in throw TestFailure.boom }
            XCTAssertThrowsError(try failing.result.get()) { XCTAssertEqual($0 as? TestFailure, .boom) }
            let scanned: Result<Int, Error>.Publisher = Just(2).tryScan(1, +)
            XCTAssertEqual(try? scanned.result.get(), 3)
        }

        func testOptionalAndResultOperatorsStayInTheirType() {
            let none: Optional<Int>.Publisher = Optional<String>.none.publisher.count()
            XCTAssertNil(none.output, "count of no value is no value, as in Combine")
            let smallest: Optional<Int>.Publisher = Optional(4).publisher.min()
            XCTAssertEqual(smallest.output, 4)
            let justified: Just<Int> = Optional<Int>.none.publisher.replaceEmpty(with: 8)
            XCTAssertEqual(justified.output, 8)
            let contains: Result<Bool, TestFailure>.Publisher = Result<Int, TestFailure>.success(2).publisher.contains(
                2)
            XCTAssertEqual(contains.result, .success(true))
            var comparisons = 0
            let tried: Result<Int, Error>.Publisher = Result<Int, TestFailure>.success(5).publisher.tryMax {
                comparisons += 1
                return $0 < $1
            }
            XCTAssertEqual(try? tried.result.get(), 5)
            XCTAssertEqual(comparisons, 1, "the comparator compares the value with itself once")
            let sum: Result<Int, Never>.Publisher = [1, 2, 3].publisher.reduce(0, +)
            XCTAssertEqual(sum.result, .success(6))
            let last: Optional<Int>.Publisher = [1, 2, 3].publisher.last { $0 < 3 }
            XCTAssertEqual(last.output, 2)
        }
    #endif

    func testMapFilterAndCompactMapChainsFuseOverTheOriginalUpstream() {
        let subject = PassthroughSubject<Int, Never>()
        let mapped: Publishers.Map<PassthroughSubject<Int, Never>, String> = subject.map { $0 * 2 }.map { "\($0)" }
        XCTAssertTrue(mapped.upstream === subject)
        let tried: Publishers.TryMap<PassthroughSubject<Int, Never>, Int> = subject.map { $0 + 1 }.tryMap { $0 * 2 }
        XCTAssertTrue(tried.upstream === subject)
        let filtered: Publishers.Filter<PassthroughSubject<Int, Never>> = subject.filter { $0 > 0 }.filter { $0 < 10 }
        XCTAssertTrue(filtered.upstream === subject)
        let compact: Publishers.CompactMap<PassthroughSubject<Int, Never>, Int> =
            subject.compactMap { $0 > 0 ? $0 : nil }.map { $0 * 3 }
        XCTAssertTrue(compact.upstream === subject)
        let recorder = CombineRecorder(filtered.map { $0 })
        let triedRecorder = CombineRecorder(tried.mapError { _ in TestFailure.boom })
        for value in [-1, 3, 12] { subject.send(value) }
        XCTAssertEqual(recorder.events, [.value(3)], "both predicates hold for a fused filter's values")
        XCTAssertEqual(triedRecorder.events, [.value(0), .value(8), .value(26)])
    }

    func testAnyPublisherIsOneReferenceAndShowsInPlaygrounds() {
        XCTAssertEqual(MemoryLayout<AnyPublisher<Int, Never>>.size, MemoryLayout<AnyObject>.size)
        let erased = Just(1).eraseToAnyPublisher()
        XCTAssertEqual(erased.playgroundDescription as? String, "AnyPublisher")
        XCTAssertEqual(CombineRecorder(erased.eraseToAnyPublisher()).events, [.value(1), .completion(.finished)])
    }

    func testRecordingEncodesIntoAnEncoder() throws {
        let recording = Record<Int, CodableFailure>.Recording(output: [1, 2], completion: .finished)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let box = EncodingBox(recording)
        let data = try encoder.encode(box)
        XCTAssertEqual(data, try encoder.encode(recording))
    }

    func testIntrospectionObservesSubscribeOnlyWhileEnabled() {
        let observer = SubscribeCounter()
        let subject = PassthroughSubject<Int, Never>()
        XCTAssertFalse(observer.isEnabled)
        subject.subscribe(AnySubscriber<Int, Never>(receiveValue: { _ in .none }))
        observer.enable()
        defer { observer.disable() }
        XCTAssertTrue(observer.isEnabled)
        var received: [Int] = []
        subject.map { $0 * 2 }.subscribe(
            AnySubscriber<Int, Never>(
                receiveSubscription: { $0.request(.unlimited) },
                receiveValue: {
                    received.append($0)
                    return .none
                }))
        subject.send(4)
        observer.disable()
        XCTAssertFalse(observer.isEnabled)
        subject.send(5)
        XCTAssertEqual(received, [8, 10], "the stand-ins pass everything on, observed or not")
        XCTAssertEqual(observer.attachments, 2, "map's subscribe and its upstream's, not the earlier one")
        XCTAssertEqual(observer.inputs, [4, 8], "observed while enabled, at each subscriber")
        subject.send(completion: .finished)
        XCTAssertEqual(observer.requests, [.unlimited, .unlimited], "at the subscriber's stand-in, then at map's")
    }

    func testIntrospectionReportsEachEventOnceThroughAPublisherThatPassesItsSubscriberOn() {
        let observer = SubscribeCounter()
        let subject = PassthroughSubject<Int, Never>()
        observer.enable()
        defer { observer.disable() }
        var received: [Int] = []
        PassingOn(upstream: subject).eraseToAnyPublisher().subscribe(
            AnySubscriber<Int, Never>(
                receiveSubscription: { $0.request(.unlimited) },
                receiveValue: {
                    received.append($0)
                    return .none
                }))
        subject.send(3)
        XCTAssertEqual(received, [3])
        XCTAssertEqual(observer.attachments, 2, "the erased publisher's, and the subject's by the pass-through")
        XCTAssertEqual(observer.subscriptions, 1, "one subscription reported, not one per publisher")
        XCTAssertEqual(observer.inputs, [3], "one value reported")
        XCTAssertEqual(observer.requests, [.unlimited])
        subject.send(completion: .finished)
    }
}

/// A publisher that subscribes its upstream with the subscriber it is given.
private struct PassingOn<Upstream: Publisher>: Publisher {
    typealias Output = Upstream.Output
    typealias Failure = Upstream.Failure
    let upstream: Upstream

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        upstream.subscribe(subscriber)
    }
}

/// An `_Introspection` that counts what it sees.
private final class SubscribeCounter: _Introspection {
    var attachments = 0
    var subscriptions = 0
    var inputs: [Int] = []
    var requests: [Subscribers.Demand] = []

    func willReceive<Downstream: Subscriber>(subscriber: Downstream, subscription: Subscription) {
        subscriptions += 1
    }

    func willReceive<Upstream: Publisher, Downstream: Subscriber>(publisher: Upstream, subscriber: Downstream)
    where Upstream.Failure == Downstream.Failure, Upstream.Output == Downstream.Input {
        attachments += 1
    }

    func willReceive<Downstream: Subscriber>(subscriber: Downstream, input: Downstream.Input) {
        if let input = input as? Int { inputs.append(input) }
    }

    func willRequest(subscription: Subscription, _ demand: Subscribers.Demand) { requests.append(demand) }
}

/// Encodes a recording with `encode(into:)`.
private struct EncodingBox: Encodable {
    let recording: Record<Int, CodableFailure>.Recording
    init(_ recording: Record<Int, CodableFailure>.Recording) { self.recording = recording }
    func encode(to encoder: Encoder) throws { try recording.encode(into: encoder) }
}
