import Rivulet
import RivuletCombine
import TestSupport
import XCTest

/// `Publishers.Sequence` and `sequence.publisher`, and `Record` with its recording.
final class CombineSequenceRecordTests: RivuletTestCase {
    /// A sequence that counts the elements pulled from it.
    private final class Counting: Sequence {
        var pulled = 0
        let limit: Int
        init(limit: Int) { self.limit = limit }
        func makeIterator() -> AnyIterator<Int> {
            var next = 0
            return AnyIterator { [self] in
                guard next < limit else { return nil }
                next += 1
                pulled += 1
                return next
            }
        }
    }

    // MARK: Publishers.Sequence

    func testSequenceSendsItsElementsThenFinishes() {
        let numbers = Publishers.Sequence<[Int], TestFailure>(sequence: [1, 2, 3])
        XCTAssertEqual(
            CombineRecorder(numbers).events, [.value(1), .value(2), .value(3), .completion(.finished)])
        XCTAssertEqual(numbers, Publishers.Sequence(sequence: [1, 2, 3]))
        XCTAssertEqual(
            CombineRecorder(Publishers.Sequence<[Int], Never>(sequence: [])).events, [.completion(.finished)])
    }

    func testMergedSequencesSendInTurnAsCombinesDoNotInterleavedAsRxSwiftsFrom() {
        let merged = Publishers.Sequence<[Int], Never>(sequence: [1, 3])
            .merge(with: Publishers.Sequence<[Int], Never>(sequence: [2, 4]))
        XCTAssertEqual(CombineRecorder(merged).values, [1, 3, 2, 4])
        // Also when subscribed the Rx way, on the current-thread trampoline.
        var values: [Int] = []
        _ = merged.asObservable().subscribe(onNext: { values.append($0) })
        XCTAssertEqual(values, [1, 3, 2, 4])
    }

    func testSequenceIsIteratedPerSubscriptionAndOnlyUntilCancelled() {
        let counting = Counting(limit: 1_000)
        let publisher = Publishers.Sequence<Counting, Never>(sequence: counting)
        XCTAssertEqual(CombineRecorder(publisher.prefix(2)).values, [1, 2])
        XCTAssertEqual(counting.pulled, 2, "prefix(2) stops the iteration")
        XCTAssertEqual(CombineRecorder(publisher.first()).values, [1], "a new subscription iterates anew")
        XCTAssertEqual(counting.pulled, 3)
    }

    #if !canImport(Combine)
        func testSequencePublisher() {
            let publisher: Publishers.Sequence<[Int], Never> = [1, 2, 3].publisher
            var values: [Int] = []
            _ = publisher.map { $0 * 10 }.sink { values.append($0) }
            XCTAssertEqual(values, [10, 20, 30])
            XCTAssertEqual(CombineRecorder((1...4).publisher.collect()).values, [[1, 2, 3, 4]])
            XCTAssertEqual(CombineRecorder("ab".publisher.map(String.init)).values, ["a", "b"])
            XCTAssertEqual(
                CombineRecorder([1, 2].publisher.zip(["a", "b", "c"].publisher) { "\($0)\($1)" }).values, ["1a", "2b"])
        }
    #endif

    // MARK: Record

    func testRecordReplaysItsRecordingToEverySubscriber() {
        let record = Record<Int, TestFailure> { recording in
            recording.receive(1)
            recording.receive(2)
            recording.receive(completion: .failure(.boom))
        }
        let expected: [Received<Int, TestFailure>] = [.value(1), .value(2), .completion(.failure(.boom))]
        XCTAssertEqual(CombineRecorder(record).events, expected)
        XCTAssertEqual(CombineRecorder(record).events, expected, "a second subscriber sees the same")
        XCTAssertEqual(record.recording.output, [1, 2])
        XCTAssertEqual(record.recording.completion, .failure(.boom))
    }

    func testRecordInitialisers() {
        let finished = Record<String, Never>(output: ["a", "b"], completion: .finished)
        XCTAssertEqual(CombineRecorder(finished).events, [.value("a"), .value("b"), .completion(.finished)])
        let recording = Record<Int, TestFailure>.Recording(output: [5], completion: .failure(.other))
        XCTAssertEqual(
            CombineRecorder(Record(recording: recording)).events, [.value(5), .completion(.failure(.other))])
        XCTAssertEqual(CombineRecorder(Record<Int, Never> { _ in }).events, [.completion(.finished)])
        XCTAssertEqual(Record<Int, Never>.Recording().completion, .finished)
    }

    func testARecordingIgnoresWhatArrivesAfterItsCompletion() {
        var recording = Record<Int, TestFailure>.Recording()
        recording.receive(1)
        recording.receive(completion: .failure(.boom))
        recording.receive(2)
        recording.receive(completion: .finished)
        XCTAssertEqual(recording.output, [1])
        XCTAssertEqual(recording.completion, .failure(.boom))

        var complete = Record<Int, Never>.Recording(output: [1])
        complete.receive(2)
        XCTAssertEqual(complete.output, [1], "a recording made with its output is complete")
    }

    func testAnEarlyStopEndsTheRecordsValues() {
        let record = Record<Int, Never>(output: Array(1...100), completion: .finished)
        XCTAssertEqual(CombineRecorder(record.prefix(1)).events, [.value(1), .completion(.finished)])
        XCTAssertEqual(
            CombineRecorder(record.prefix { $0 < 3 }).events, [.value(1), .value(2), .completion(.finished)])
    }
}
