import Foundation
import Rivulet

/// Captures what reaches `Hooks.defaultErrorHandler` while `body` runs, then restores the
/// previous handler.
package func capturingUnhandledErrors(_ body: () throws -> Void) rethrows -> [Error] {
    let lock = NSLock()
    var captured: [Error] = []
    let previous = Hooks.defaultErrorHandler
    Hooks.defaultErrorHandler = { _, error in lock.withLock { captured.append(error) } }
    defer { Hooks.defaultErrorHandler = previous }
    try body()
    return lock.withLock { captured }
}
