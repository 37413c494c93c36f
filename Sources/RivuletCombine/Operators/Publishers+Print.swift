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
    /// The lines are Combine's: `receive subscription: (<the upstream's subscription>)`,
    /// `request unlimited` or `request max: (n)` for each request, `receive value: (<value>)`
    /// followed by `request max: (n) (synchronous)` when the subscriber answers it with more
    /// demand, `receive finished`, `receive error: (<failure>)` and `receive cancel`. An empty
    /// `prefix` prints the lines without one. Each subscription writes to its own copy of
    /// `stream`; a stream that is a class (a log, a file) sees every line.
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

        /// Attaches `subscriber` to `upstream` through a `Print` subscription that prints each
        /// event and passes it on (see `print(_:to:)`).
        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            upstream.subscribe(
                PrintSubscription(
                    downstream: .erase(subscriber), printer: Printer(prefix: prefix, stream: stream)))
        }

        /// Never exact: its lines name the upstream's subscription and every request, which only
        /// the demand path has.
        @inlinable
        var isEngineExact: Bool { false }

        /// The demand path, bridged with an unlimited request (`asObservable()` never asks for it:
        /// this publisher is not exact).
        @usableFromInline
        func engineStream() -> Observable<Output> { ForeignPublisherBridge.observable(self) }
    }
}

/// One subscription's printer: `prefix: message`, written as `Swift.print(_:to:)` writes it (to
/// its own copy of the stream, or standard output), one line at a time.
private final class Printer: @unchecked Sendable {
    // @unchecked Sendable: `stream` is guarded by `lock` (lines from several threads do not mix).
    private let lock = Lock.make()
    private let prefix: String
    @exclusivity(unchecked) private var stream: (any TextOutputStream)?

    init(prefix: String, stream: (any TextOutputStream)?) {
        self.prefix = prefix.isEmpty ? "" : prefix + ": "
        self.stream = stream
    }

    /// Prints `message`, and `: (value)` when there is one.
    func write(_ message: String, _ value: Any? = nil) {
        var line = prefix + message
        if let value { line += ": (\(value))" }
        lock.lock()
        defer { lock.unlock() }
        if stream != nil {
            // What `Swift.print(line, to: &stream)` writes: the separator before the first item,
            // the item, the terminator.
            stream!.write("")
            stream!.write(line)
            stream!.write("\n")
        } else {
            Swift.print(line)
        }
    }

    /// `request unlimited` or `request max: (n)`, with `suffix`.
    func request(_ demand: Subscribers.Demand, _ suffix: String = "") {
        if let max = demand.max {
            write("request max: (\(max))" + suffix)
        } else {
            write("request unlimited" + suffix)
        }
    }
}

/// `print`'s subscription on the demand path. As Combine's: it prints every event it is given and
/// passes it on (a subscription received twice is printed, then the second one cancelled), every
/// request (passed upstream while the subscription is live), every demand a value returns (other
/// than `.none`, marked `(synchronous)`) and every cancel (the upstream is cancelled once).
private final class PrintSubscription<Input, Failure: Swift.Error>:
    OperatorSubscription<Input, Failure, Input, Failure>, @unchecked Sendable
{
    // @unchecked Sendable: as `OperatorSubscription`; the printer locks its own stream.
    let printer: Printer

    init(downstream: DemandSubscriber<Input, Failure>, printer: Printer) {
        self.printer = printer
        super.init(downstream: downstream)
    }

    override func receive(subscription: Subscription) {
        printer.write("receive subscription", subscription)
        super.receive(subscription: subscription)
    }

    override func request(_ demand: Subscribers.Demand) {
        printer.request(demand)
        super.request(demand)
    }

    override func cancel() {
        printer.write("receive cancel")
        super.cancel()
    }

    override func receive(_ input: Input) -> Subscribers.Demand {
        printer.write("receive value", input)
        let demand = downstream.receive(input)
        if demand > .none { printer.request(demand, " (synchronous)") }
        return demand
    }

    override func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: printer.write("receive finished")
        case .failure(let failure): printer.write("receive error", failure)
        }
        lock.lock()
        _ = slot.finish()
        lock.unlock()
        downstream.receive(completion: completion)
    }

    override var description: String { "Print" }
}
