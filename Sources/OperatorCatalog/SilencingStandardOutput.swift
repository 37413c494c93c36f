import Foundation

/// Runs `body` with standard output sent to /dev/null (the `debug` demo prints its log there).
package func silencingStandardOutput<T>(_ body: () throws -> T) rethrows -> T {
    fflush(nil)
    let saved = dup(STDOUT_FILENO)
    let null = open("/dev/null", O_WRONLY)
    if saved >= 0, null >= 0 { dup2(null, STDOUT_FILENO) }
    if null >= 0 { close(null) }
    defer {
        fflush(nil)
        if saved >= 0 {
            dup2(saved, STDOUT_FILENO)
            close(saved)
        }
    }
    return try body()
}
