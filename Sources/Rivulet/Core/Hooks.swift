import Foundation

/// Global hooks, spelled as in RxSwift.
///
/// ```swift
/// Hooks.defaultErrorHandler = { _, error in logger.error("unhandled: \(error)") }
/// ```
public enum Hooks {
    /// Receives an error nobody handles, with the call stack captured when the subscription was
    /// made (empty unless `recordCallStackOnError` is set).
    public typealias DefaultErrorHandler = (_ subscriptionCallStack: [String], _ error: Swift.Error) -> Void

    /// Captures the call stack of a subscription (for `recordCallStackOnError`).
    public typealias CustomCaptureSubscriptionCallstack = () -> [String]

    // Guarded by `lock`.
    nonisolated(unsafe) private static var handler: DefaultErrorHandler = printInDebug
    nonisolated(unsafe) private static var capture: CustomCaptureSubscriptionCallstack = callStackInDebug
    nonisolated(unsafe) private static let lock = Lock.make()

    /// `recordCallStackOnError`, read by `subscribe(onNext:...)` without `onError` (one relaxed
    /// load).
    @usableFromInline static let recording = AtomicCell<Bool>(false)

    /// When `true`, `subscribe(onNext:...)` without `onError` captures the call stack with
    /// `customCaptureSubscriptionCallstack` as it subscribes, and an error it does not handle
    /// reaches `defaultErrorHandler` with that stack. `false` by default (capturing costs time
    /// on every subscription). Readable and settable from any thread.
    public static var recordCallStackOnError: Bool {
        get { recording.load(ordering: .relaxed) }
        set { recording.store(newValue, ordering: .relaxed) }
    }

    /// How a subscription's call stack is captured when `recordCallStackOnError` is set: by
    /// default `Thread.callStackSymbols` in debug builds and nothing in release builds. Readable
    /// and settable from any thread.
    public static var customCaptureSubscriptionCallstack: CustomCaptureSubscriptionCallstack {
        get { lock.withLock { capture } }
        set { lock.withLock { capture = newValue } }
    }

    /// Called for an error that reaches a subscription with no error handler: a
    /// `subscribe(onNext:...)` without `onError`, a `bind(onNext:)`, or a binding to a relay
    /// (which cannot fail). The default prints the error in debug builds and ignores it in release
    /// builds; Rivulet never stops the program for it. Readable and settable from any thread.
    public static var defaultErrorHandler: DefaultErrorHandler {
        get { lock.withLock { handler } }
        set { lock.withLock { handler = newValue } }
    }

    /// Keeps `observer`'s subscribing call stack if `recordCallStackOnError` is set. Not inlined:
    /// at a subscription's call site an opaque call costs less than an inlined flag read (B6).
    @usableFromInline @inline(never)
    static func noteSubscription(_ observer: SubscriptionCallStackRecording) {
        if recording.load(ordering: .relaxed) { observer.recordSubscriptionCallStack() }
    }

    private static func printInDebug(_ callStack: [String], _ error: Swift.Error) {
        #if DEBUG
            print("Rivulet: unhandled error: \(error)")
            if !callStack.isEmpty { print("subscription called from:\n\(callStack.joined(separator: "\n"))") }
        #endif
    }

    private static func callStackInDebug() -> [String] {
        #if DEBUG
            return Thread.callStackSymbols
        #else
            return []
        #endif
    }
}
