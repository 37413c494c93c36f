import Foundation
import Rivulet
import RivuletCombine
import TestSupport
import XCTest

/// `Subscribers.Demand`'s arithmetic and comparisons, `Codable` completions, demands and records,
/// `CurrentValueSubject.value` after the completion, and the descriptions and mirrors of the
/// public types.
final class CombineValueTypesTests: RivuletTestCase {
    typealias Demand = Subscribers.Demand

    func testDemandArithmetic() {
        XCTAssertEqual(Demand.max(2) + .max(3), .max(5))
        XCTAssertEqual(Demand.max(2) + .unlimited, .unlimited)
        XCTAssertEqual(Demand.max(.max) + 1, .unlimited, "overflow is unlimited")
        XCTAssertEqual(Demand.max(2) + 3, .max(5))
        XCTAssertEqual(Demand.max(2) + -5, .none, "never below none")
        XCTAssertEqual(Demand.max(5) - .max(2), .max(3))
        XCTAssertEqual(Demand.max(2) - .max(5), .none)
        XCTAssertEqual(Demand.unlimited - .max(5), .unlimited)
        XCTAssertEqual(Demand.unlimited - .unlimited, .unlimited)
        XCTAssertEqual(Demand.max(5) - .unlimited, .none)
        XCTAssertEqual(Demand.max(5) - 2, .max(3))
        XCTAssertEqual(Demand.max(1) - 2, .none)
        XCTAssertEqual(Demand.unlimited - 2, .unlimited)
        XCTAssertEqual(Demand.max(5) - (-3), .max(8), "subtracting a negative count adds")
        XCTAssertEqual(Demand.max(.max) - (-1), .none, "a difference that overflows is none")
        var overflowing = Demand.max(.max)
        overflowing -= -1
        XCTAssertEqual(overflowing, .none)
        XCTAssertEqual(Demand.max(3) * 4, .max(12))
        XCTAssertEqual(Demand.unlimited * 4, .unlimited)
        XCTAssertEqual(Demand.max(.max / 2) * 3, .unlimited, "overflow is unlimited")
        XCTAssertEqual(Demand.max(3) * -1, .none)
        var demand = Demand.max(1)
        demand += .max(1)
        demand += 2
        demand -= 1
        demand *= 5
        demand -= .max(5)
        XCTAssertEqual(demand, .max(10))
        XCTAssertEqual(Demand.max(-3), .none, "a negative count is none")
        XCTAssertEqual(Demand.max(4).max, 4)
        XCTAssertNil(Demand.unlimited.max)
    }

    func testDemandComparisonsWithCountsOnBothSides() {
        XCTAssertTrue(Demand.max(2) == 2)
        XCTAssertTrue(2 == Demand.max(2))
        XCTAssertTrue(Demand.unlimited != 2)
        XCTAssertTrue(2 != Demand.unlimited)
        XCTAssertFalse(Demand.max(2) != 2)
        XCTAssertTrue(Demand.max(1) < 2)
        XCTAssertFalse(Demand.unlimited < 2)
        XCTAssertTrue(Demand.max(2) <= 2)
        XCTAssertFalse(Demand.unlimited <= 2)
        XCTAssertTrue(Demand.unlimited > 2)
        XCTAssertTrue(Demand.max(2) >= 2)
        XCTAssertTrue(Demand.unlimited >= .max)
        XCTAssertTrue(1 < Demand.max(2))
        XCTAssertTrue(1 < Demand.unlimited)
        XCTAssertTrue(2 <= Demand.max(2))
        XCTAssertTrue(3 > Demand.max(2))
        XCTAssertFalse(3 > Demand.unlimited)
        XCTAssertTrue(2 >= Demand.max(2))
        XCTAssertFalse(Int.max >= Demand.unlimited)
        XCTAssertTrue(Demand.max(1) < .unlimited)
        XCTAssertTrue(Demand.unlimited <= .unlimited)
        XCTAssertFalse(Demand.unlimited > .unlimited)
        XCTAssertEqual("\(Demand.max(3))", "max(3)")
        XCTAssertEqual("\(Demand.unlimited)", "unlimited")
    }

    func testCompletionsDemandsAndRecordsRoundTripThroughCodable() throws {
        let completions: [Subscribers.Completion<CodableFailure>] = [.finished, .failure(CodableFailure(code: 7))]
        XCTAssertEqual(try roundTrip(completions), completions)
        let demands: [Demand] = [.none, .max(3), .unlimited]
        XCTAssertEqual(try roundTrip(demands), demands)
        let record = Record<Int, CodableFailure>(output: [1, 2], completion: .failure(CodableFailure(code: 1)))
        let decoded = try roundTrip(record)
        XCTAssertEqual(decoded.recording.output, [1, 2])
        XCTAssertEqual(decoded.recording.completion, .failure(CodableFailure(code: 1)))
        XCTAssertEqual(
            CombineRecorder(decoded).events, [.value(1), .value(2), .completion(.failure(CodableFailure(code: 1)))])
        XCTAssertThrowsError(try JSONDecoder().decode(Demand.self, from: Data(#""lots""#.utf8)))
    }

    private func roundTrip<Value: Codable>(_ value: Value) throws -> Value {
        try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(value))
    }

    func testDemandEncodesAsCombinesUnsignedCount() throws {
        XCTAssertEqual(String(decoding: try JSONEncoder().encode([Demand.max(42)]), as: UTF8.self), "[42]")
        XCTAssertEqual(
            String(decoding: try JSONEncoder().encode([Demand.unlimited]), as: UTF8.self), "[9223372036854775808]")
        XCTAssertEqual(try JSONDecoder().decode([Demand].self, from: Data("[9223372036854775808]".utf8)), [.unlimited])
        XCTAssertEqual(
            try JSONDecoder().decode([Demand].self, from: Data("[9223372036854775809]".utf8)), [.unlimited],
            "any count above Int.max is unlimited")
        XCTAssertEqual(try JSONDecoder().decode([Demand].self, from: Data("[0]".utf8)), [.none])
        XCTAssertThrowsError(
            try JSONDecoder().decode([Demand].self, from: Data("[-1]".utf8)), "a negative count is an error")
    }

    func testSettingCurrentValueAfterTheCompletionStoresItWithoutSendingIt() {
        let subject = CurrentValueSubject<Int, Never>(1)
        let recorder = CombineRecorder(subject)
        subject.send(completion: .finished)
        subject.value = 5
        XCTAssertEqual(subject.value, 5, "stored, as Combine's setter stores it")
        subject.send(6)
        XCTAssertEqual(subject.value, 5, "send(_:) after the completion is ignored")
        XCTAssertEqual(recorder.events, [.value(1), .completion(.finished)])
        XCTAssertEqual(CombineRecorder(subject).events, [.completion(.finished)], "a late subscriber gets no value")
    }

    func testCurrentValueSubjectKeepsItsValueAfterTheCompletion() {
        let finished = CurrentValueSubject<Int, TestFailure>(1)
        finished.value = 2
        finished.send(completion: .finished)
        finished.send(3)
        XCTAssertEqual(finished.value, 2, "kept after .finished; later sends ignored")
        let failed = CurrentValueSubject<Int, TestFailure>(5)
        failed.send(6)
        failed.send(completion: .failure(.boom))
        XCTAssertEqual(failed.value, 6, "kept after a failure too")
        XCTAssertEqual(CombineRecorder(failed).events, [.completion(.failure(.boom))])
    }

    func testDescriptionsAndMirrors() {
        let sink = Subscribers.Sink<Int, Never>(receiveCompletion: { _ in }, receiveValue: { _ in })
        XCTAssertEqual(sink.description, "Sink")
        XCTAssertEqual(Mirror(reflecting: sink).children.count, 0)
        XCTAssertEqual(sink.playgroundDescription as? String, "Sink")
        let target = Target()
        let assign = Subscribers.Assign(object: target, keyPath: \Target.value)
        XCTAssertEqual(assign.description, "Assign Target.")
        XCTAssertEqual(Mirror(reflecting: assign).children.map(\.label), ["object", "keyPath", "status"])
        let anySubscriber = AnySubscriber(sink)
        XCTAssertEqual(anySubscriber.description, "Sink")
        XCTAssertEqual(anySubscriber.combineIdentifier, sink.combineIdentifier)
        XCTAssertEqual(AnySubscriber<Int, Never>().description, "Anonymous AnySubscriber")
        XCTAssertEqual(PassthroughSubject<Int, Never>().description, "PassthroughSubject")
        XCTAssertEqual(CurrentValueSubject<Int, Never>(0).description, "CurrentValueSubject")
        XCTAssertEqual(Future<Int, Never> { _ in }.description, "Future")
        XCTAssertEqual(Just(1).eraseToAnyPublisher().description, "AnyPublisher")
        XCTAssertEqual(AnyCancellable {}.description, "AnyCancellable")
        XCTAssertEqual(ImmediateScheduler.shared.description, "ImmediateScheduler")
        XCTAssertEqual("\(Subscriptions.empty)", "Empty")
        XCTAssertEqual(
            Subscriptions.empty.combineIdentifier, Subscriptions.empty.combineIdentifier,
            "one shared empty subscription")
        XCTAssertEqual(
            (Subscriptions.empty as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String, "Empty")
        XCTAssertEqual((Subscriptions.empty as? CustomReflectable)?.customMirror.children.count, 0)
        let identifierMirror = Mirror(reflecting: CombineIdentifier())
        XCTAssertEqual(identifierMirror.children.map(\.label), ["rawValue"], "one UInt64, named as Combine names it")
        XCTAssertNotNil(identifierMirror.descendant("rawValue") as? UInt64)
        XCTAssertNotEqual(CombineIdentifier(), CombineIdentifier(), "each new identifier is unique")
        XCTAssertEqual(CombineIdentifier(target), CombineIdentifier(target), "an object's is stable")
        XCTAssertTrue(CombineIdentifier().description.hasPrefix("0x"))
        // An object's identifier is its address, as Combine's.
        XCTAssertEqual(
            CombineIdentifier(target).description, "0x" + String(UInt(bitPattern: ObjectIdentifier(target)), radix: 16))
        sink.cancel()
        assign.cancel()
    }

    private final class Target {
        var value = 0
    }
}

/// A `Codable` failure.
struct CodableFailure: Error, Codable, Equatable {
    let code: Int
}
