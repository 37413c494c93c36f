import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class DebugTests: RivuletTestCase {
    /// The lines without their timestamps (`yyyy-MM-dd HH:mm:ss.SSS: `, 25 characters).
    private func contents(_ output: String) -> [String] {
        output.split(separator: "\n").map { line in
            XCTAssertTrue(line.count > 25 && line.dropFirst(23).hasPrefix(": "), "timestamp in \(line)")
            return String(line.dropFirst(25))
        }
    }

    func testPrintsTheSubscriptionTheEventsAndTheDisposal() {
        var received: [Int] = []
        let output = capturingStandardOutput {
            _ = Observable.of(1, 2).debug("numbers").subscribe(onNext: { received.append($0) })
        }
        XCTAssertEqual(
            contents(output),
            [
                "numbers -> subscribed", "numbers -> Event next(1)", "numbers -> Event next(2)",
                "numbers -> Event completed", "numbers -> isDisposed",
            ])
        XCTAssertEqual(received, [1, 2])
    }

    func testEventsPassUnchanged() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError.boom)])
        var res: TestableObserver<Int>?
        let output = capturingStandardOutput { res = scheduler.start { xs.debug("x") } }
        XCTAssertEqual(res?.events, [.next(210, 1), .error(220, TestError.boom)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 220)])
        XCTAssertEqual(
            contents(output), ["x -> subscribed", "x -> Event next(1)", "x -> Event error(boom)", "x -> isDisposed"])
    }

    func testDisposingPrintsIsDisposedOnce() {
        let subject = PublishSubject<Int>()
        let output = capturingStandardOutput {
            let subscription = subject.debug("s").subscribe()
            subscription.dispose()
            subscription.dispose()
            subject.onNext(1)
        }
        XCTAssertEqual(contents(output), ["s -> subscribed", "s -> isDisposed"])
    }

    func testTheDefaultIdentifierIsTheCallSite() {
        let line = #line + 2
        let output = capturingStandardOutput {
            _ = Observable.just(1).debug().subscribe()
        }
        XCTAssertEqual(
            contents(output).first, "DebugTests.swift:\(line) (testTheDefaultIdentifierIsTheCallSite()) -> subscribed")
    }

    func testTrimOutput() {
        let long = String(repeating: "a", count: 50)
        let output = capturingStandardOutput { _ = Observable.just(long).debug("t", trimOutput: true).subscribe() }
        let event = "next(\(long))"
        XCTAssertEqual(contents(output)[1], "t -> Event " + event.prefix(20) + "..." + event.suffix(20))
        let short = capturingStandardOutput { _ = Observable.just("b").debug("t", trimOutput: true).subscribe() }
        XCTAssertEqual(contents(short)[1], "t -> Event next(b)")
    }

    func testTraits() {
        var values: [Int] = []
        let output = capturingStandardOutput {
            _ = Single.just(1).debug("single").subscribe(onSuccess: { values.append($0) })
        }
        XCTAssertEqual(contents(output).first, "single -> subscribed")
        XCTAssertEqual(values, [1])
    }
}
