import Foundation
import TestSupport
import XCTest

/// Runs `body` on its own thread and waits for it at most `limit` seconds: a hang is reported as
/// a test failure naming `what` (the stuck thread is left behind), never by CI timing out.
func withWatchdog(
    _ what: @autoclosure () -> String, limit: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line,
    _ body: @escaping () -> Void
) {
    let done = DispatchSemaphore(value: 0)
    let work = UncheckedSendableBox(body)
    let thread = Thread {
        work.value()
        done.signal()
    }
    thread.stackSize = 4 << 20
    thread.start()
    if done.wait(timeout: .now() + limit) == .timedOut {
        XCTFail("hang: \(what()) did not finish within \(limit) s", file: file, line: line)
    }
}

/// Waits until `condition` holds, for at most `limit` seconds; returns whether it did.
@discardableResult
func waitUntil(limit: TimeInterval = 5, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(limit)
    while !condition() {
        if Date() > deadline { return false }
        usleep(200)
    }
    return true
}
