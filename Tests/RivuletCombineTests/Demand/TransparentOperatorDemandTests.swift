import Foundation
import RivuletCombine
import TestSupport
import XCTest

/// The operators Combine makes transparent (`mapError`, `setFailureType`, `replaceNil`, the
/// key-path `map`s, `assertNoFailure`, `breakpoint`) and `decode`/`encode` on the demand path:
/// the first hand on the upstream's own subscription, so demand and cancels go straight upstream;
/// `decode`/`encode` are `tryMap`s under their own names.
final class TransparentOperatorDemandTests: RivuletTestCase {
    private struct Point: Codable, Equatable {
        var x: Int
        var y: Int
    }

    private func assertTransparent<P: Publisher>(
        _ name: String, _ make: (RecordingPublisher<Int, TestFailure>) -> P, mirror: [String?] = [],
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<P.Output, P.Failure>(initial: .max(2), perValue: .max(3))
        make(publisher).subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))], name, file: file, line: line)
        XCTAssertEqual(publisher.send(1), .max(3), name, file: file, line: line)
        subscriber.subscription?.cancel()
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2)), .cancel], name, file: file, line: line)
        XCTAssertEqual(subscriber.log.first, "subscription(RecordingSubscription)", name, file: file, line: line)
        XCTAssertEqual(publisher.subscriberDescription, name, file: file, line: line)
        XCTAssertEqual(publisher.subscriberMirror?.children.map(\.label), mirror, name, file: file, line: line)
    }

    func testEachHandsOnTheUpstreamsSubscriptionUnderCombinesName() {
        assertTransparent("MapError", { $0.mapError { WrappedFailure(inner: $0) } })
        assertTransparent("Map", { $0.map { Optional($0) }.replaceNil(with: 0) })
        assertTransparent("ValueForKey", { $0.map(\.bitWidth) }, mirror: ["keyPath"])
        assertTransparent("ValueForKeys", { $0.map(\.bitWidth, \.nonzeroBitCount) }, mirror: ["keyPath0", "keyPath1"])
        assertTransparent(
            "ValueForKeys", { $0.map(\.bitWidth, \.nonzeroBitCount, \.magnitude) },
            mirror: ["keyPath0", "keyPath1", "keyPath2"])
        assertTransparent(
            "AssertNoFailure", { $0.assertNoFailure("P", file: "F.swift", line: 7) },
            mirror: ["file", "line", "prefix"])
        assertTransparent("Breakpoint", { $0.breakpoint(receiveOutput: { _ in false }) })
    }

    func testSetFailureTypeHandsOnTheUpstreamsSubscription() {
        let publisher = RecordingPublisher<Int, Never>()
        let subscriber = RecordingSubscriber<Int, TestFailure>(initial: .max(2), perValue: .max(1))
        publisher.setFailureType(to: TestFailure.self).subscribe(subscriber)
        XCTAssertEqual(publisher.subscription.log, [.request(.max(2))])
        XCTAssertEqual(publisher.send(4), .max(1))
        publisher.send(completion: .finished)
        XCTAssertEqual(subscriber.log, ["subscription(RecordingSubscription)", "value(4)", "finished"])
        XCTAssertEqual(publisher.subscriberDescription, "SetFailureType")
    }

    func testMapErrorTransformsTheFailure() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, WrappedFailure>(initial: .unlimited)
        publisher.mapError { WrappedFailure(inner: $0) }.subscribe(subscriber)
        publisher.send(completion: .failure(.boom))
        XCTAssertEqual(subscriber.completions, [.failure(WrappedFailure(inner: .boom))])
    }

    func testAssertNoFailureReportsAndFinishesOnTheDemandPath() {
        let publisher = RecordingPublisher<Int, TestFailure>()
        let subscriber = RecordingSubscriber<Int, Never>(initial: .unlimited)
        let errors = capturingUnhandledErrors {
            publisher.assertNoFailure("P: ").subscribe(subscriber)
            publisher.send(completion: .failure(.boom))
        }
        XCTAssertEqual(subscriber.log, ["subscription(RecordingSubscription)", "finished"])
        XCTAssertEqual(errors.map { "\($0)".hasPrefix("P: boom") }, [true])
    }

    func testDecodeAndEncodeAreTryMapsUnderTheirNames() {
        let data = RecordingPublisher<Data, Never>()
        let decoded = RecordingSubscriber<Point, Error>(initial: .max(2), perValue: .max(1))
        data.decode(type: Point.self, decoder: JSONDecoder()).subscribe(decoded)
        XCTAssertEqual(data.subscription.log, [.request(.max(2))])
        XCTAssertEqual(data.send(Data(#"{"x":1,"y":2}"#.utf8)), .max(1))
        XCTAssertEqual(data.send(Data("not json".utf8)), .none)
        XCTAssertEqual(data.subscription.log, [.request(.max(2)), .cancel])
        XCTAssertEqual(decoded.values, [Point(x: 1, y: 2)])
        XCTAssertEqual(decoded.completions.count, 1)
        XCTAssertEqual(data.subscriberDescription, "Decode")

        let points = RecordingPublisher<Point, Never>()
        let encoded = RecordingSubscriber<Data, Error>(initial: .max(1))
        points.encode(encoder: JSONEncoder()).subscribe(encoded)
        points.send(Point(x: 3, y: 4))
        XCTAssertEqual(encoded.values.count, 1)
        XCTAssertEqual(points.subscriberDescription, "Encode")
    }
}
