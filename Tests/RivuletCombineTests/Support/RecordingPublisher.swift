import Foundation
import RivuletCombine
import TestSupport

/// A publisher written the Combine way and driven by the test: it keeps the subscriber it is
/// given, hands it a `RecordingSubscription` (at once, or when the test says), and lets the test
/// send values, completions and further subscriptions in any order, returning the demand the
/// subscriber answers to each value. What the subscriber asks of its subscription is in
/// `subscription.log`, so a test sees the exact request sequence an operator sends upstream.
final class RecordingPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    // @unchecked Sendable: `received` is guarded by `lock`; the subscriber is called outside it.
    private let lock = NSLock()
    private var received: [(subscriber: AnySubscriber<Output, Failure>, raw: AnyObject?)] = []
    /// The subscription handed to every subscriber.
    let subscription = RecordingSubscription()
    /// Whether `receive(subscriber:)` hands the subscription at once.
    let subscribesAtOnce: Bool

    init(subscribesAtOnce: Bool = true) {
        self.subscribesAtOnce = subscribesAtOnce
    }

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.withLock { received.append((AnySubscriber(subscriber), subscriber as AnyObject)) }
        if subscribesAtOnce { subscriber.receive(subscription: subscription) }
    }

    /// The last subscriber this publisher was given (the operator's inner subscriber).
    var subscriber: AnySubscriber<Output, Failure>? { lock.withLock { received.last?.subscriber } }

    /// The last subscriber as given, for its description and mirror.
    var rawSubscriber: AnyObject? { lock.withLock { received.last?.raw } }

    /// The last subscriber's `description` (Combine's name of an operator's subscriber).
    var subscriberDescription: String? { rawSubscriber.flatMap { $0 as? CustomStringConvertible }?.description }

    /// The last subscriber's `customMirror`, if it has one.
    var subscriberMirror: Mirror? { rawSubscriber.flatMap { $0 as? CustomReflectable }?.customMirror }

    /// The last subscriber's `playgroundDescription`, if it is a string.
    var subscriberPlaygroundDescription: String? {
        rawSubscriber.flatMap { $0 as? CustomPlaygroundDisplayConvertible }?.playgroundDescription as? String
    }

    /// How many subscribers this publisher was given.
    var subscriberCount: Int { lock.withLock { received.count } }

    /// Sends `value` to the last subscriber; returns the demand it answered.
    @discardableResult
    func send(_ value: Output) -> Subscribers.Demand {
        subscriber?.receive(value) ?? .none
    }

    /// Sends `completion` to the last subscriber.
    func send(completion: Subscribers.Completion<Failure>) {
        subscriber?.receive(completion: completion)
    }

    /// Hands the last subscriber `subscription` (a second one, or this publisher's own again).
    func send(subscription: Subscription) {
        subscriber?.receive(subscription: subscription)
    }

    /// Forgets the subscribers (they are released).
    func reset() { lock.withLock { received = [] } }
}

/// A subscription that records what it is asked: the requests, with their demand, and the
/// cancels, in order (from any thread).
final class RecordingSubscription: Subscription, CustomStringConvertible, @unchecked Sendable {
    // @unchecked Sendable: `entries` is guarded by `lock`.
    enum Entry: Equatable, CustomStringConvertible {
        case request(Subscribers.Demand)
        case cancel

        var description: String {
            switch self {
            case .request(let demand): return "request(\(demand))"
            case .cancel: return "cancel"
            }
        }
    }

    private let lock = NSLock()
    private var entries: [Entry] = []
    /// Runs inside each `request(_:)`, after it is recorded (a publisher that sends on demand).
    var onRequest: ((Subscribers.Demand) -> Void)?
    /// Runs inside each `cancel()`, after it is recorded.
    var onCancel: (() -> Void)?

    /// Everything asked so far.
    var log: [Entry] { lock.withLock { entries } }

    /// How many times `cancel()` was called.
    var cancelCount: Int { log.filter { $0 == .cancel }.count }

    /// The sum of the demand requested.
    var requested: Subscribers.Demand {
        log.reduce(.none) { sum, entry in
            if case .request(let demand) = entry { return sum + demand }
            return sum
        }
    }

    func request(_ demand: Subscribers.Demand) {
        lock.withLock { entries.append(.request(demand)) }
        onRequest?(demand)
    }

    func cancel() {
        lock.withLock { entries.append(.cancel) }
        onCancel?()
    }

    var description: String { "RecordingSubscription" }
}
