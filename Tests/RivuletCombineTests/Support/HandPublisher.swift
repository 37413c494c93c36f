import Foundation
import RivuletCombine
import TestSupport

/// A publisher driven by hand, written the Combine way: it keeps the subscribers it is given, and
/// the test calls them in any order it likes (a value before the subscription, two completions,
/// a value after the completion, calls from several threads at once): the shapes a buggy or
/// hostile custom publisher can produce.
final class HandPublisher<Output, Failure: Error>: Publisher, @unchecked Sendable {
    // @unchecked Sendable: `subscribers` is guarded by `lock`; the subscribers are called outside it.
    private let lock = NSLock()
    private var subscribers: [AnySubscriber<Output, Failure>] = []
    /// What the subscribers did to their subscriptions.
    let requests = LockedValues<String>()

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        lock.withLock { subscribers.append(AnySubscriber(subscriber)) }
    }

    private var current: [AnySubscriber<Output, Failure>] { lock.withLock { subscribers } }

    /// Hands every subscriber a (new) subscription that records what it is asked.
    func sendSubscription() {
        for subscriber in current { subscriber.receive(subscription: HandSubscription(requests)) }
    }

    /// Sends `value` to every subscriber, ignoring the demand it returns.
    func send(_ value: Output) {
        for subscriber in current { _ = subscriber.receive(value) }
    }

    /// Sends `completion` to every subscriber (also twice, if the test says so).
    func send(completion: Subscribers.Completion<Failure>) {
        for subscriber in current { subscriber.receive(completion: completion) }
    }

    /// Forgets the subscribers (they are released).
    func reset() { lock.withLock { subscribers = [] } }
}

/// The subscription a `HandPublisher` hands out: it only records what it is asked.
final class HandSubscription: Subscription, @unchecked Sendable {
    // @unchecked Sendable: `log` is thread-safe.
    private let log: LockedValues<String>

    init(_ log: LockedValues<String>) { self.log = log }

    func request(_ demand: Subscribers.Demand) { log.append("request \(demand)") }
    func cancel() { log.append("cancel") }
}

/// Records what one subscription receives and fails the test on a broken grammar: a value or a
/// completion after the completion, or two calls at once.
final class GrammarRecorder<Value>: @unchecked Sendable {
    // @unchecked Sendable: every var is guarded by `lock`.
    private let lock = NSLock()
    private var values: [Value] = []
    private var completions = 0
    private var inside = false
    private(set) var violations: [String] = []

    func value(_ value: Value) {
        enter("value")
        lock.withLock {
            if completions > 0 { violations.append("value after the completion") }
            values.append(value)
        }
        leave()
    }

    func completion() {
        enter("completion")
        lock.withLock {
            completions += 1
            if completions > 1 { violations.append("second completion") }
        }
        leave()
    }

    private func enter(_ what: String) {
        lock.withLock {
            if inside { violations.append("overlapping \(what)") }
            inside = true
        }
    }

    private func leave() { lock.withLock { inside = false } }

    var received: [Value] { lock.withLock { values } }
    var completionCount: Int { lock.withLock { completions } }
    var brokenRules: [String] { lock.withLock { violations } }
}
