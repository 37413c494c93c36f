import Foundation

extension ObservableType {
    /// Prints every subscription, event and disposal to standard output, prefixed with a
    /// timestamp and `identifier`, and passes the events on unchanged.
    ///
    /// ```
    /// 2024-05-01 10:00:00.000: query -> subscribed
    /// 2024-05-01 10:00:00.120: query -> Event next(result)
    /// 2024-05-01 10:00:00.121: query -> Event completed
    /// 2024-05-01 10:00:00.121: query -> isDisposed
    /// ```
    ///
    /// Without `identifier`, the call site (`File.swift:12 (function)`) names the stream. With
    /// `trimOutput`, an event description longer than 40 characters is shortened to its first and
    /// last 20.
    @inlinable
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line,
        function: String = #function
    ) -> Observable<Element> {
        let source = asObservable()
        let name = identifier ?? DebugLog.callSite(file: file, line: line, function: function)
        return AnonymousObservable { downstream, subscriber in
            let sink = DebugSink(downstream, name: name)
            subscriber.setUpstream(sink)
            DebugLog.write(name, "subscribed")
            source._subscribe(
                { event in
                    if sink.isStopped { return }
                    DebugLog.write(name, "Event " + DebugLog.describe(event, trim: trimOutput))
                    sink.forward(event)
                }, sink)
        }
    }
}

/// Formats and prints `debug`'s lines. One shared formatter behind a lock (a `DateFormatter` is
/// not safe to use from several threads at once everywhere); the line is printed after the lock.
@usableFromInline
final class DebugLog: @unchecked Sendable {
    // @unchecked Sendable: `formatter` is only used with `lock` held.
    let lock = Lock.make()
    let formatter: DateFormatter

    private init() {
        formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss.SSS"
    }

    private static let shared = DebugLog()

    /// Prints `identifier -> content` after the current time.
    @usableFromInline
    static func write(_ identifier: String, _ content: String) {
        let now = Date()
        let timestamp = shared.lock.withLock { shared.formatter.string(from: now) }
        print("\(timestamp): \(identifier) -> \(content)")
    }

    /// `File.swift:12 (function)` for the default identifier.
    @usableFromInline
    static func callSite(file: String, line: UInt, function: String) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return "\(name):\(line) (\(function))"
    }

    /// The event's description, shortened to 20 + `...` + 20 characters when `trim` is set and
    /// it is longer than 40.
    @usableFromInline
    static func describe<Element>(_ event: Event<Element>, trim: Bool) -> String {
        let text = "\(event)"
        let limit = 40
        if !trim || text.count <= limit { return text }
        return String(text.prefix(limit / 2)) + "..." + String(text.suffix(limit / 2))
    }
}

/// `debug`'s sink: `ForwardingSink`'s forwarding, and an `isDisposed` line when the subscription ends.
@usableFromInline
final class DebugSink<Element>: ForwardingSink<Element>, @unchecked Sendable {
    // @unchecked Sendable: `name` is immutable.
    @usableFromInline let name: String

    @inlinable
    init(_ downstream: @escaping (Event<Element>) -> Void, name: String) {
        self.name = name
        super.init(downstream)
    }

    @usableFromInline
    override func didDispose() { DebugLog.write(name, "isDisposed") }
}
