import Rivulet
import RivuletCombine
import RivuletTest
import TestSupport
import XCTest

/// Every misuse the Combine dialect reports (where Combine stops the program): the message names
/// the call and the value, and the documented fallback holds.
final class CombineMisuseTests: RivuletTestCase {
    private let source = Publishers.Sequence<[Int], Never>(sequence: [1, 2, 3])

    private func values<P: RivuletCombine.Publisher>(_ publisher: P) -> [P.Output] where P.Failure == Never {
        var received: [P.Output] = []
        let cancellable = publisher.sink { received.append($0) }
        cancellable.cancel()
        return received
    }

    private func only(_ misuses: [Hooks.Misuse], file: StaticString = #filePath, line: UInt = #line) -> String? {
        XCTAssertEqual(misuses.count, 1, "\(misuses)", file: file, line: line)
        return misuses.first?.description
    }

    func testNegativePrefixFinishesAtOnce() {
        var received: [Int] = [-1]
        let text = only(capturingMisuses { received = values(source.prefix(-1)) })
        XCTAssertEqual(text, "Rivulet misuse: prefix(-1): maxLength is negative; finishing at once, as prefix(0)")
        XCTAssertEqual(received, [])
    }

    func testNegativeDropFirstDropsNothing() {
        var received: [Int] = []
        let text = only(capturingMisuses { received = values(source.dropFirst(-1)) })
        XCTAssertEqual(text, "Rivulet misuse: dropFirst(-1): count is negative; dropping no values")
        XCTAssertEqual(received, [1, 2, 3])
    }

    func testCollectBelowOneCollectsArraysOfOne() {
        var received: [[Int]] = []
        let text = only(capturingMisuses { received = values(source.collect(-1)) })
        XCTAssertEqual(text, "Rivulet misuse: collect(-1): count is below 1; collecting arrays of 1")
        XCTAssertEqual(received, [[1], [2], [3]])
    }

    func testNegativeOutputIndexSendsNothing() {
        var received: [Int] = [-1]
        // Erased: `Publishers.Sequence.output(at:)` is Combine's specialisation, which gives an
        // empty `Optional.Publisher` for any index outside the collection, as Combine's does.
        let text = only(capturingMisuses { received = values(source.eraseToAnyPublisher().output(at: -1)) })
        XCTAssertEqual(text, "Rivulet misuse: output(at: -1): index is negative; finishing without a value")
        XCTAssertEqual(received, [])
    }

    func testNegativeBufferSizeAndRetryAreReported() {
        XCTAssertEqual(
            only(capturingMisuses { _ = source.buffer(size: -1, prefetch: .byRequest, whenFull: .dropOldest) }),
            "Rivulet misuse: buffer(size: -1): size is negative; keeping no values, as size 0")
        XCTAssertEqual(
            only(capturingMisuses { _ = source.retry(-2) }),
            "Rivulet misuse: retry(-2): retries is negative; not retrying")
    }

    func testValidArgumentsReportNothing() {
        let misuses = capturingMisuses {
            _ = values(source.prefix(0).dropFirst(0))
            _ = values(source.collect(1))
            _ = values(source.output(at: 0))
        }
        XCTAssertEqual(misuses, [])
    }
}
