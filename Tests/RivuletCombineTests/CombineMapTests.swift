import Rivulet
import RivuletCombine
import TestSupport
import XCTest

final class CombineMapTests: RivuletTestCase {
    func testMap() {
        let probe = ProbePublisher<Int, TestFailure>()
        let recorder = CombineRecorder(probe.map { $0 * 10 })
        probe.send(1)
        probe.send(2)
        probe.send(completion: .failure(.boom))
        XCTAssertEqual(recorder.events, [.value(10), .value(20), .completion(.failure(.boom))])
        XCTAssertEqual(probe.disposeCount, 1)
    }

    func testMapFusesIntoOneMap() {
        let fused: Publishers.Map<Just<Int>, String> = Just(1).map { $0 + 1 }.map { "\($0)" }
        XCTAssertEqual(CombineRecorder(fused).events, [.value("2"), .completion(.finished)])
    }

    func testTryMapFailsWithTheThrownError() {
        let probe = ProbePublisher<Int, Never>()
        let mapped: Publishers.TryMap<ProbePublisher<Int, Never>, Int> = probe.tryMap { value in
            if value == 2 { throw TestFailure.other }
            return value
        }
        var values: [Int] = []
        var failure: Error?
        let cancellable = mapped.sink(
            receiveCompletion: { if case .failure(let error) = $0 { failure = error } },
            receiveValue: { values.append($0) })
        probe.send(1)
        probe.send(2)
        probe.send(3)
        XCTAssertEqual(values, [1])
        XCTAssertEqual(failure as? TestFailure, .other)
        XCTAssertEqual(probe.disposeCount, 1, "the throw cancels the upstream")
        cancellable.cancel()
    }

    func testFilterAndTryFilter() {
        let probe = ProbePublisher<Int, TestFailure>()
        let recorder = CombineRecorder(probe.filter { $0.isMultiple(of: 2) })
        for value in 1...5 { probe.send(value) }
        probe.send(completion: .finished)
        XCTAssertEqual(recorder.events, [.value(2), .value(4), .completion(.finished)])

        var caught: Error?
        let cancellable = Just(1).tryFilter { _ in throw TestFailure.boom }
            .sink(receiveCompletion: { if case .failure(let error) = $0 { caught = error } }, receiveValue: { _ in })
        XCTAssertEqual(caught as? TestFailure, .boom)
        cancellable.cancel()
    }

    func testCompactMapAndTryCompactMap() {
        let subject = PassthroughSubject<String, Never>()
        let recorder = CombineRecorder(subject.compactMap { Int($0) })
        subject.send("1")
        subject.send("x")
        subject.send("3")
        subject.send(completion: .finished)
        XCTAssertEqual(recorder.events, [.value(1), .value(3), .completion(.finished)])

        var values: [Int] = []
        var caught: Error?
        let numbers = PassthroughSubject<Int, Never>()
        let cancellable = numbers.setFailureType(to: TestFailure.self)
            .tryCompactMap { value -> Int? in
                if value == 0 { throw TestFailure.boom }
                return value > 0 ? value : nil
            }
            .sink(
                receiveCompletion: { if case .failure(let error) = $0 { caught = error } },
                receiveValue: { values.append($0) })
        numbers.send(1)
        numbers.send(-1)
        numbers.send(2)
        numbers.send(0)
        numbers.send(3)
        XCTAssertEqual(values, [1, 2])
        XCTAssertEqual(caught as? TestFailure, .boom)
        cancellable.cancel()
    }

    func testMapErrorTransformsTheTypedFailure() {
        let subject = PassthroughSubject<Int, TestFailure>()
        let mapped: Publishers.MapError<PassthroughSubject<Int, TestFailure>, WrappedFailure> =
            subject.mapError { WrappedFailure(inner: $0) }
        let recorder = CombineRecorder(mapped)
        subject.send(1)
        subject.send(completion: .failure(.boom))
        XCTAssertEqual(recorder.events, [.value(1), .completion(.failure(WrappedFailure(inner: .boom)))])
    }

    func testMapErrorFromAnyErrorAfterTryMap() {
        let recorder = CombineRecorder(
            Just(1).tryMap { _ -> Int in throw TestFailure.other }
                .mapError { ($0 as? TestFailure) ?? .boom })
        XCTAssertEqual(recorder.events, [.completion(.failure(.other))])
    }

    func testSetFailureTypeLetsNeverPublishersMeetFailingOnes() {
        let never = Just(1).setFailureType(to: TestFailure.self)
        let erased: AnyPublisher<Int, TestFailure> = never.eraseToAnyPublisher()
        XCTAssertEqual(CombineRecorder(erased).events, [.value(1), .completion(.finished)])
    }

    func testEraseToAnyPublisherKeepsTheChain() {
        let subject = PassthroughSubject<Int, Never>()
        let erased: AnyPublisher<String, Never> = subject.map { "\($0)" }.filter { $0 != "2" }.eraseToAnyPublisher()
        let twice = erased.eraseToAnyPublisher()
        XCTAssertTrue(twice.asObservable() === erased.asObservable(), "erasing an AnyPublisher again is free")
        let recorder = CombineRecorder(twice)
        subject.send(1)
        subject.send(2)
        subject.send(3)
        XCTAssertEqual(recorder.values, ["1", "3"])
    }
}
