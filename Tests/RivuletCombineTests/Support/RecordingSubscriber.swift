import Foundation
import RivuletCombine
import TestSupport

/// A subscriber written the Combine way that records everything it receives: it requests
/// `initial` when it is given its subscription (nothing when `nil`) and answers each value with
/// `perValue(value)`. It keeps its subscription (strongly, as most subscribers do) so the test can
/// request and cancel through it, and records the subscription's description as it is when
/// received (`"Map"`, `"PassthroughSubject"`, ...).
final class RecordingSubscriber<Input, Failure: Error>: Subscriber, CustomStringConvertible, @unchecked Sendable {
    // @unchecked Sendable: the recorded events are guarded by `lock`.
    enum Event: CustomStringConvertible {
        case subscription(String)
        case value(Input)
        case completion(Subscribers.Completion<Failure>)

        var description: String {
            switch self {
            case .subscription(let name): return "subscription(\(name))"
            case .value(let value): return "value(\(value))"
            case .completion(.finished): return "finished"
            case .completion(.failure(let failure)): return "failure(\(failure))"
            }
        }
    }

    private let lock = NSLock()
    private var recorded: [Event] = []
    private let initial: Subscribers.Demand?
    private let perValue: (Input) -> Subscribers.Demand
    private var stored: [Subscription] = []
    /// Runs after a value is recorded, before the demand is returned.
    var onValue: ((Input) -> Void)?
    /// Runs after the completion is recorded.
    var onCompletion: ((Subscribers.Completion<Failure>) -> Void)?

    init(initial: Subscribers.Demand? = .unlimited, perValue: @escaping (Input) -> Subscribers.Demand = { _ in .none })
    {
        self.initial = initial
        self.perValue = perValue
    }

    convenience init(initial: Subscribers.Demand?, perValue: Subscribers.Demand) {
        self.init(initial: initial, perValue: { _ in perValue })
    }

    func receive(subscription: Subscription) {
        lock.withLock {
            recorded.append(.subscription(String(describing: subscription)))
            stored.append(subscription)
        }
        if let initial { subscription.request(initial) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        lock.withLock { recorded.append(.value(input)) }
        onValue?(input)
        return perValue(input)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        lock.withLock { recorded.append(.completion(completion)) }
        onCompletion?(completion)
    }

    /// Everything received, in order, as text (`subscription(Map)`, `value(1)`, `finished`).
    var log: [String] { lock.withLock { recorded.map(\.description) } }

    /// The values received.
    var values: [Input] {
        lock.withLock {
            recorded.compactMap { event in
                if case .value(let value) = event { return value }
                return nil
            }
        }
    }

    /// The completions received.
    var completions: [Subscribers.Completion<Failure>] {
        lock.withLock {
            recorded.compactMap { event in
                if case .completion(let completion) = event { return completion }
                return nil
            }
        }
    }

    /// The first subscription received.
    var subscription: Subscription? { lock.withLock { stored.first } }

    /// Every subscription received.
    var subscriptions: [Subscription] { lock.withLock { stored } }

    /// Lets go of the subscriptions (what a subscriber does when it is done).
    func dropSubscriptions() { lock.withLock { stored = [] } }

    var description: String { "RecordingSubscriber" }
}
