import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `body` with standard output redirected into a pipe and returns what it printed (for
/// `debug`, which prints). Keep the output small: the pipe is read after `body` returns.
func capturingStandardOutput(_ body: () -> Void) -> String {
    fflush(nil)
    let pipe = Pipe()
    let saved = dup(STDOUT_FILENO)
    dup2(pipe.fileHandleForWriting.fileDescriptor, STDOUT_FILENO)
    body()
    fflush(nil)
    dup2(saved, STDOUT_FILENO)
    close(saved)
    try? pipe.fileHandleForWriting.close()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    return String(decoding: data, as: UTF8.self)
}
