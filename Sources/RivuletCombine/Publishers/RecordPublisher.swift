import Rivulet

/// A publisher that replays a recorded list of values and a completion to each subscriber
/// (Combine's `Record`).
///
/// ```swift
/// let record = Record<Int, MyError> { recording in
///     recording.receive(1)
///     recording.receive(2)
///     recording.receive(completion: .failure(.timedOut))
/// }
/// // each subscriber: 1, 2, then .failure(.timedOut)
/// ```
///
/// ```
/// Record(output: [1, 2], completion: .finished):  (12|)
/// ```
///
/// The values are sent synchronously on the subscribing thread, and only until the subscription
/// is cancelled.
public struct Record<Output, Failure: Swift.Error>: Publisher, EnginePublisher {
    /// The recorded values and completion.
    public let recording: Recording

    /// A record of the values and the completion that `record` feeds into a recording.
    @inlinable
    public init(record: (inout Recording) -> Void) {
        var recording = Recording()
        record(&recording)
        self.recording = recording
    }

    /// A record of `recording`.
    @inlinable
    public init(recording: Recording) {
        self.recording = recording
    }

    /// A record of `output`, then `completion`.
    @inlinable
    public init(output: [Output], completion: Subscribers.Completion<Failure>) {
        recording = Recording(output: output, completion: completion)
    }

    /// Hands `subscriber` a subscription that sends the recorded values as they are requested,
    /// then the recorded completion (no values: `Subscriptions.empty` and the completion).
    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        SequenceSubscription.attach(
            .erase(subscriber), to: recording.output, completion: recording.completion, isRecord: true)
    }

    /// The output, sent during the subscription, followed by `Observable.error(failure)` for a
    /// failed recording.
    @inlinable
    func engineStream() -> Observable<Output> {
        let values = Observable.fromSequenceImmediately(recording.output)
        switch recording.completion {
        case .finished: return values
        case .failure(let failure): return values.concat(Observable.error(failure))
        }
    }
}

extension Record {
    /// A list of values and a completion, built by receiving them in order.
    ///
    /// Once it has received a completion a recording is complete: Combine stops the program on
    /// a later `receive`; Rivulet ignores it (the first completion stays).
    public struct Recording {
        /// The values a recording receives.
        public typealias Input = Output

        /// The values received, in order.
        public private(set) var output: [Output]
        /// The completion received; `.finished` until one was received.
        public private(set) var completion: Subscribers.Completion<Failure>
        var isComplete: Bool

        /// An empty recording (it finishes without a value if used as it is).
        public init() {
            output = []
            completion = .finished
            isComplete = false
        }

        /// A complete recording of `output`, then `completion`.
        public init(output: [Output], completion: Subscribers.Completion<Failure> = .finished) {
            self.output = output
            self.completion = completion
            isComplete = true
        }

        /// Appends `input` to the values; ignored once the recording is complete.
        public mutating func receive(_ input: Input) {
            if isComplete { return }
            output.append(input)
        }

        /// Completes the recording with `completion`; ignored once it is complete.
        public mutating func receive(completion: Subscribers.Completion<Failure>) {
            if isComplete { return }
            self.completion = completion
            isComplete = true
        }
    }
}

extension Record: Sendable where Output: Sendable, Failure: Sendable {}
extension Record.Recording: Sendable where Output: Sendable, Failure: Sendable {}

extension Record: Codable where Output: Codable, Failure: Codable {
    @usableFromInline
    enum CodingKeys: String, CodingKey {
        case recording
    }

    /// Decodes the recording.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(recording: try container.decode(Recording.self, forKey: .recording))
    }

    /// Encodes the recording.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(recording, forKey: .recording)
    }
}

extension Record.Recording: Codable where Output: Codable, Failure: Codable {
    @usableFromInline
    enum CodingKeys: String, CodingKey {
        case output, completion
    }

    /// Decodes the values and the completion; a decoded recording is complete.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            output: try container.decode([Output].self, forKey: .output),
            completion: try container.decode(Subscribers.Completion<Failure>.self, forKey: .completion))
    }

    /// Encodes the values and the completion.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(output, forKey: .output)
        try container.encode(completion, forKey: .completion)
    }
}

extension Record.Recording where Output: Codable, Failure: Codable {
    /// Encodes the values and the completion into `encoder` (Combine's older name for
    /// `encode(to:)`).
    public func encode(into encoder: Encoder) throws { try encode(to: encoder) }
}
