import Rivulet

extension Publisher {
    /// Prints a line for each event of each subscription, to `stream` or to standard output,
    /// and passes every event on unchanged (Combine's `print`, a debugging aid).
    ///
    /// ```
    /// Just(1).print("just").sink { _ in }
    /// // just: receive subscription: (Just)
    /// // just: request unlimited
    /// // just: receive value: (1)
    /// // just: receive finished
    /// ```
    ///
    /// The lines are Combine's: `receive subscription: (<upstream type>)`, `request unlimited`
    /// (demand is always unlimited), `receive value: (<value>)`, `receive finished`,
    /// `receive error: (<failure>)` and `receive cancel` (when the subscriber cancels, not after a
    /// completion). An empty `prefix` prints the lines without one. Each subscription writes to
    /// its own copy of `stream`; a stream that is a class (a log, a file) sees every line.
    @inlinable
    public func print(_ prefix: String = "", to stream: (any TextOutputStream)? = nil) -> Publishers.Print<Self> {
        Publishers.Print(upstream: self, prefix: prefix, to: stream)
    }
}

extension Publishers {
    /// The publisher `print(_:to:)` returns.
    public struct Print<Upstream: Publisher>: Publisher, EnginePublisher {
        /// The upstream's output.
        public typealias Output = Upstream.Output
        /// The upstream's failure.
        public typealias Failure = Upstream.Failure

        /// Written before each line, followed by `": "`, unless it is empty.
        public let prefix: String
        /// The publisher whose events are printed.
        public let upstream: Upstream
        /// Where the lines go; standard output when `nil`.
        public let stream: (any TextOutputStream)?

        /// Prints `upstream`'s events with `prefix`, to `stream` or standard output.
        @inlinable
        public init(upstream: Upstream, prefix: String, to stream: (any TextOutputStream)? = nil) {
            self.upstream = upstream
            self.prefix = prefix
            self.stream = stream
        }

        /// Attaches `subscriber` through the engine stream (see `Publisher`).
        @inlinable
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            attachThroughEngine(subscriber)
        }

        /// `upstream` observed by `handleEvents`, with one printer (its own copy of `stream`) per
        /// subscription.
        @inlinable
        func engineStream() -> Observable<Output> {
            let upstream = self.upstream
            let prefix = self.prefix
            let stream = self.stream
            return Observable.deferred {
                let printer = _CombinePrinter(prefix: prefix, stream: stream)
                return upstream.handleEvents(
                    receiveSubscription: { _ in
                        printer.write("receive subscription", _CombinePrinter.name(of: Upstream.self))
                    },
                    receiveOutput: { printer.write("receive value", $0) },
                    receiveCompletion: { completion in
                        switch completion {
                        case .finished: printer.write("receive finished")
                        case .failure(let failure): printer.write("receive error", failure)
                        }
                    },
                    receiveCancel: { printer.write("receive cancel") },
                    receiveRequest: { demand in printer.write("request \(demand)") }
                ).asObservable()
            }
        }
    }
}

/// One subscription's printer for `Publishers.Print`. Written on the event path only, and on
/// cancel after the upstream's delivery has stopped, so it needs no lock.
@usableFromInline
final class _CombinePrinter {
    @usableFromInline let prefix: String
    @usableFromInline var stream: (any TextOutputStream)?

    @inlinable
    init(prefix: String, stream: (any TextOutputStream)?) {
        self.prefix = prefix
        self.stream = stream
    }

    /// The type's name without its generic arguments (`PassthroughSubject`, `Map`).
    @usableFromInline
    static func name(of type: Any.Type) -> String {
        let name = String(describing: type)
        return name.firstIndex(of: "<").map { String(name[..<$0]) } ?? name
    }

    /// `prefix: message: (value)` and a newline.
    @usableFromInline
    func write(_ message: String, _ value: Any? = nil) {
        var line = prefix.isEmpty ? "" : prefix + ": "
        line += message
        if let value { line += ": (\(value))" }
        line += "\n"
        if stream != nil {
            stream!.write(line)
        } else {
            Swift.print(line, terminator: "")
        }
    }
}
