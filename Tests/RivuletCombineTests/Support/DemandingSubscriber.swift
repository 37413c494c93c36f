import Foundation
import RivuletCombine
import TestSupport

/// A subscriber that requests `initial` when it is subscribed and `perValue` after each value,
/// and records what it receives (from any thread).
final class DemandingSubscriber<Input, Failure: Error>: Subscriber, @unchecked Sendable {
    // @unchecked Sendable: the recorded arrays are guarded by `lock`.
    private let lock = NSLock()
    private let initial: Subscribers.Demand
    private let perValue: Subscribers.Demand
    private var storedValues: [Input] = []
    private var storedCompletions: [Subscribers.Completion<Failure>] = []
    var subscription: Subscription?
    var onValue: ((Input) -> Void)?

    init(initial: Subscribers.Demand, perValue: Subscribers.Demand = .none) {
        self.initial = initial
        self.perValue = perValue
    }

    var values: [Input] { lock.withLock { storedValues } }
    var completions: [Subscribers.Completion<Failure>] { lock.withLock { storedCompletions } }

    func receive(subscription: Subscription) {
        self.subscription = subscription
        if initial > 0 { subscription.request(initial) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.withLock { storedValues.append(input) }
        onValue?(input)
        return perValue
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.withLock { storedCompletions.append(completion) }
    }
}
