import Foundation
import Rivulet

/// Captures what reaches `Hooks.misuseHandler` while `body` runs, then restores the previous
/// handler (nothing is printed meanwhile).
package func capturingMisuses(_ body: () throws -> Void) rethrows -> [Hooks.Misuse] {
    let captured = MisuseLog()
    let previous = Hooks.misuseHandler
    Hooks.misuseHandler = { captured.append($0) }
    defer { Hooks.misuseHandler = previous }
    try body()
    return captured.all
}

/// The misuses one `capturingMisuses` call has seen.
private final class MisuseLog: @unchecked Sendable {
    // @unchecked Sendable: `entries` is guarded by `lock`.
    private let lock = NSLock()
    private var entries: [Hooks.Misuse] = []

    func append(_ misuse: Hooks.Misuse) { lock.withLock { entries.append(misuse) } }
    var all: [Hooks.Misuse] { lock.withLock { entries } }
}
