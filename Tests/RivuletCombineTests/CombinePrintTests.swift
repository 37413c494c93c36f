import Rivulet
import RivuletCombine
import TestSupport
import XCTest

/// `print(_:to:)`: Combine's lines, one printer per subscription, a cancel told from a completion.
final class CombinePrintTests: RivuletTestCase {
    /// A text stream that is a class, so every copy writes to the same text.
    private final class Log: TextOutputStream {
        var text = ""
        func write(_ string: String) { text += string }
        var lines: [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }

    func testPrintsEveryEventWithThePrefix() {
        let log = Log()
        let subject = PassthroughSubject<Int, TestFailure>()
        let printed: Publishers.Print<PassthroughSubject<Int, TestFailure>> = subject.print("numbers", to: log)
        let recorder = CombineRecorder(printed)
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        XCTAssertEqual(
            log.lines,
            [
                "numbers: receive subscription: (PassthroughSubject)",
                "numbers: request unlimited",
                "numbers: receive value: (1)",
                "numbers: receive value: (2)",
                "numbers: receive finished",
                "",
            ])
        XCTAssertEqual(recorder.events, [.value(1), .value(2), .completion(.finished)], "events pass unchanged")
    }

    func testPrintsAFailureAndNoCancelAfterACompletion() {
        let log = Log()
        let subject = PassthroughSubject<String, TestFailure>()
        let recorder = CombineRecorder(subject.print(to: log))
        subject.send("a")
        subject.send(completion: .failure(.boom))
        recorder.cancellable?.cancel()
        XCTAssertEqual(
            log.lines,
            [
                "receive subscription: (PassthroughSubject)", "request unlimited", "receive value: (a)",
                "receive error: (boom)", "",
            ])
        XCTAssertEqual(recorder.events, [.value("a"), .completion(.failure(.boom))])
    }

    /// As in Combine, the line names the upstream's subscription: `map` hands on the subject's own.
    func testPrintsACancel() {
        let log = Log()
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject.map { $0 * 2 }.print("p", to: log).sink { _ in }
        subject.send(1)
        cancellable.cancel()
        subject.send(2)
        XCTAssertEqual(
            log.lines,
            [
                "p: receive subscription: (PassthroughSubject)", "p: request unlimited", "p: receive value: (2)",
                "p: receive cancel", "",
            ])
    }

    func testEachSubscriptionPrintsItsOwnLines() {
        let log = Log()
        let printed = Just(7).print("j", to: log)
        _ = printed.sink { _ in }
        _ = printed.sink { _ in }
        XCTAssertEqual(log.lines.filter { $0 == "j: receive value: (7)" }.count, 2)
        XCTAssertEqual(log.lines.filter { $0 == "j: receive subscription: (Just)" }.count, 2)
        XCTAssertEqual(printed.prefix, "j")
    }
}
