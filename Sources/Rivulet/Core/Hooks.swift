/// Global hooks, spelled as in RxSwift.
///
/// ```swift
/// Hooks.defaultErrorHandler = { _, error in logger.error("unhandled: \(error)") }
/// ```
public enum Hooks {
    /// Receives an error nobody handles. The call stack is always empty in Rivulet (RxSwift
    /// fills it when `recordCallStackOnError` is set).
    public typealias DefaultErrorHandler = (_ subscriptionCallStack: [String], _ error: Swift.Error) -> Void

    // Guarded by `lock`.
    nonisolated(unsafe) private static var handler: DefaultErrorHandler = printInDebug
    nonisolated(unsafe) private static let lock = Lock.make()

    /// Called for an error that reaches a subscription with no error handler: a
    /// `subscribe(onNext:...)` without `onError`, a `bind(onNext:)`, or a binding to a relay
    /// (which cannot fail). The default prints the error in debug builds and ignores it in release
    /// builds; Rivulet never stops the program for it. Readable and settable from any thread.
    public static var defaultErrorHandler: DefaultErrorHandler {
        get { lock.withLock { handler } }
        set { lock.withLock { handler = newValue } }
    }

    private static func printInDebug(_: [String], _ error: Swift.Error) {
        #if DEBUG
            print("Rivulet: unhandled error: \(error)")
        #endif
    }
}
