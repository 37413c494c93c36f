import Foundation
import Rivulet
import TestSupport
import XCTest

private struct Frame: Codable, Equatable {
    var height: Double
    var isFloating: Bool
}

final class DecodeTests: RivuletTestCase {
    func testDecodesEachDataValue() {
        let subject = PublishSubject<Data>()
        let recorder = EventRecorder<Frame>()
        _ = subject.decode(type: Frame.self, decoder: JSONDecoder()).subscribe(recorder)
        subject.onNext(Data(#"{"height": 291, "isFloating": false}"#.utf8))
        subject.onNext(Data(#"{"height": 0, "isFloating": true}"#.utf8))
        subject.onCompleted()
        XCTAssertEqual(
            recorder.events,
            [.next(Frame(height: 291, isFloating: false)), .next(Frame(height: 0, isFloating: true)), .completed])
    }

    func testDataThatDoesNotDecodeEndsTheStreamWithTheDecodingError() {
        let subject = PublishSubject<Data>()
        var values: [Frame] = []
        var failure: Error?
        _ = subject.decode(type: Frame.self, decoder: JSONDecoder())
            .subscribe(onNext: { values.append($0) }, onError: { failure = $0 })
        subject.onNext(Data(#"{"height": 1, "isFloating": false}"#.utf8))
        subject.onNext(Data(#"{"height": "tall"}"#.utf8))
        subject.onNext(Data(#"{"height": 2, "isFloating": false}"#.utf8))
        XCTAssertEqual(values, [Frame(height: 1, isFloating: false)])
        XCTAssertTrue(failure is DecodingError, "the decoder's own error: \(String(describing: failure))")
        XCTAssertFalse(subject.hasObservers, "the source subscription ended")
    }

    func testPropertyListAndCustomDecoders() throws {
        let frame = Frame(height: 42, isFloating: true)
        let plist = try PropertyListEncoder().encode(frame)
        var frames: [Frame] = []
        _ = Observable.just(plist).decode(type: Frame.self, decoder: PropertyListDecoder())
            .subscribe(onNext: { frames.append($0) })
        XCTAssertEqual(frames, [frame])
        var bytes: [Int] = []
        _ = Observable.just(Data([7])).decode(type: Int.self, decoder: FirstByteDecoder())
            .subscribe(onNext: { bytes.append($0) })
        XCTAssertEqual(bytes, [7])
    }
}

/// A decoder of one-byte integers, to show that any `DataDecoder` works.
private struct FirstByteDecoder: DataDecoder {
    struct Unsupported: Error {}

    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item {
        guard let byte = data.first, let value = Int(byte) as? Item else { throw Unsupported() }
        return value
    }
}
