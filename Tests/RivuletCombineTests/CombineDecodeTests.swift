import Foundation
import Rivulet
import RivuletCombine
import TestSupport
import XCTest

private struct Frame: Codable, Equatable {
    var height: Double
    var isFloating: Bool
}

/// Combine's `decode(type:decoder:)` and `encode(encoder:)` (`TopLevelDecoder`/`TopLevelEncoder`).
final class CombineDecodeTests: RivuletTestCase {
    func testCombineDecodeAndEncodeRoundTrip() {
        let frames = [Frame(height: 1, isFloating: false), Frame(height: 2, isFloating: true)]
        let decoded:
            Publishers.Decode<Publishers.Encode<Publishers.Sequence<[Frame], Never>, JSONEncoder>, Frame, JSONDecoder> =
                frames.publisher.encode(encoder: JSONEncoder()).decode(type: Frame.self, decoder: JSONDecoder())
        var values: [Frame] = []
        var finished = false
        let cancellable = decoded.sink(
            receiveCompletion: { if case .finished = $0 { finished = true } },
            receiveValue: { values.append($0) })
        XCTAssertEqual(values, frames)
        XCTAssertTrue(finished)
        cancellable.cancel()
    }

    func testCombineDecodeFailsWithTheDecodingError() {
        let subject = PassthroughSubject<Data, Never>()
        var failure: Error?
        var values: [Frame] = []
        let cancellable = subject.decode(type: Frame.self, decoder: JSONDecoder())
            .sink(
                receiveCompletion: { if case .failure(let error) = $0 { failure = error } },
                receiveValue: { values.append($0) })
        subject.send(Data("not json".utf8))
        subject.send(Data(#"{"height": 1, "isFloating": false}"#.utf8))
        XCTAssertEqual(values, [])
        XCTAssertTrue(failure is DecodingError, "the decoder's own error: \(String(describing: failure))")
        cancellable.cancel()
    }

    func testCombineEncodeIgnoresWhatAMisbehavingUpstreamSendsAfterTheEnd() {
        let upstream = HandPublisher<Frame, Never>()
        let subscriber = RecordingSubscriber<Data, Error>()
        upstream.encode(encoder: JSONEncoder()).subscribe(subscriber)
        upstream.sendSubscription()
        upstream.send(Frame(height: 1, isFloating: false))
        upstream.send(completion: .finished)
        upstream.send(Frame(height: 2, isFloating: false))
        XCTAssertEqual(subscriber.values.count, 1, "a value after the completion is not encoded, as in Combine")
        XCTAssertEqual(subscriber.completions.count, 1)
        subscriber.dropSubscriptions()
        upstream.reset()
    }

    func testCombineDecodeFailsOnceWhenTheUpstreamKeepsSending() {
        let upstream = HandPublisher<Data, Never>()
        let subscriber = RecordingSubscriber<Frame, Error>()
        upstream.decode(type: Frame.self, decoder: JSONDecoder()).subscribe(subscriber)
        upstream.sendSubscription()
        upstream.send(Data("not json".utf8))
        upstream.send(Data("still not json".utf8))
        XCTAssertEqual(subscriber.completions.count, 1, "the second value arrives after the failure and is ignored")
        XCTAssertEqual(upstream.requests.all, ["request unlimited", "cancel"])
        subscriber.dropSubscriptions()
        upstream.reset()
    }

    func testCombineEncodeAndCollectSubscriptionsShowCombinesChildren() throws {
        let upstream = HandPublisher<Frame, Never>()
        let encoded = RecordingSubscriber<Data, Error>(initial: nil)
        upstream.encode(encoder: JSONEncoder()).subscribe(encoded)
        let collected = RecordingSubscriber<[Frame], Never>(initial: nil)
        upstream.collect().subscribe(collected)
        upstream.sendSubscription()
        let encodeChildren = Mirror(reflecting: try XCTUnwrap(encoded.subscription)).children.map(\.label)
        XCTAssertEqual(encodeChildren, ["downstream", "finished", "upstreamSubscription"])
        let collectMirror = Mirror(reflecting: try XCTUnwrap(collected.subscription))
        XCTAssertEqual(collectMirror.children.map(\.label), ["count"])
        XCTAssertEqual(collectMirror.children.first?.value as? Int, 0)
        encoded.subscription?.cancel()
        collected.subscription?.cancel()
        encoded.dropSubscriptions()
        collected.dropSubscriptions()
        upstream.reset()
    }
}
