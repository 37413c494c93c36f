import Foundation

extension Hooks {
    /// A call that broke Rivulet's contract: an argument out of range (`take(-1)`,
    /// `ReplaySubject.create(bufferSize: -1)`) or a contract broken at run time (a `Single`
    /// resolved twice, a `SingleAssignmentDisposable` assigned twice, a keyboard consumer whose
    /// target was released). Rivulet never stops the program for one: it reports it to
    /// ``Hooks/misuseHandler`` and carries on with the documented fallback that `message` names.
    public struct Misuse: Sendable, CustomStringConvertible, Equatable {
        /// The call, with the value that was wrong: `"take(-1)"`.
        public let call: String
        /// What is wrong and what Rivulet does instead: `"count is negative; taking no values"`.
        public let message: String

        /// A misuse of `call`, explained by `message`.
        public init(call: String, message: String) {
            self.call = call
            self.message = message
        }

        /// `Rivulet misuse: <call>: <message>`.
        public var description: String { "Rivulet misuse: \(call): \(message)" }
    }

    /// Receives every ``Misuse``, on the thread of the call that misused the API.
    public typealias MisuseHandler = @Sendable (Misuse) -> Void

    // Guarded by `misuseLock`.
    nonisolated(unsafe) private static var misuseReceiver: MisuseHandler = printMisuseOnce
    nonisolated(unsafe) private static var printedMisuses = Set<String>()
    nonisolated(unsafe) private static let misuseLock = Lock.make()

    /// Where misuses go. The default, ``printMisuseOnce``, writes each distinct misuse (the same
    /// call with the same value) once to standard error, in debug and release builds. Replace it
    /// to log elsewhere or to fail a test; `{ _ in }` silences it. Readable and settable from any
    /// thread. A Combine-dialect app sets it from a file that imports `Rivulet`.
    ///
    /// ```swift
    /// Hooks.misuseHandler = { misuse in logger.fault("\(misuse)") }
    /// ```
    public static var misuseHandler: MisuseHandler {
        get { misuseLock.withLock { misuseReceiver } }
        set { misuseLock.withLock { misuseReceiver = newValue } }
    }

    /// The default ``misuseHandler``: writes `misuse` to standard error the first time this
    /// process sees it (a misuse inside a loop prints one line).
    public static let printMisuseOnce: MisuseHandler = { misuse in
        let text = misuse.description
        let isNew = misuseLock.withLock { printedMisuses.insert(text).inserted }
        if isNew { FileHandle.standardError.write(Data((text + "\n").utf8)) }
    }

    /// Reports a misuse of `call` to ``misuseHandler``. Kept out of line: it runs only on a
    /// misuse, and an inlined operator's entry point should stay small.
    @usableFromInline @inline(never)
    package static func reportMisuse(_ call: String, _ message: String) {
        let handler = misuseHandler
        handler(Misuse(call: call, message: message))
    }
}
