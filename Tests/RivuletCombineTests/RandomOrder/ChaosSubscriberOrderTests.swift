import Foundation
import Rivulet
import RivuletCombine
import TestSupport
import XCTest

/// A custom subscriber that requests, returns demand and cancels in any order — from inside its
/// own methods, before the first value, after the completion, from another thread while the
/// source sends — attached to Rivulet's publishers and operators. Seeded. Checked: nothing hangs
/// (a watchdog), the subscriber never receives more values than it asked for, never a value after
/// the completion or two completions, never two calls at once, never a call that starts after
/// its own `cancel()` returned on the delivering thread; and everything is released.
final class ChaosSubscriberOrderTests: RealTimeTestCase {
    private let seeds: ClosedRange<UInt64> = 1...200

    func testAnyOrderOfRequestsAndCancelsOnRivuletPublishers() {
        for seed in seeds { withWatchdog("seed \(seed)") { self.run(seed: seed) } }
    }

    private func run(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let subject = PassthroughSubject<Int, TestFailure>()
        let current = CurrentValueSubject<Int, TestFailure>(-1)
        let queue = DispatchQueue(label: "chaos-\(seed)")
        let sourceKind = Int.random(in: 0..<22, using: &random)
        let publisher: AnyPublisher<Int, TestFailure>
        switch sourceKind {
        case 0: publisher = subject.eraseToAnyPublisher()
        case 1: publisher = current.eraseToAnyPublisher()
        case 2: publisher = (0..<20).publisher.setFailureType(to: TestFailure.self).eraseToAnyPublisher()
        case 3: publisher = Just(7).setFailureType(to: TestFailure.self).eraseToAnyPublisher()
        case 4: publisher = subject.map { $0 * 2 }.prefix(5).eraseToAnyPublisher()
        case 5: publisher = subject.receive(on: queue).eraseToAnyPublisher()
        case 6: publisher = subject.delay(for: 0, scheduler: ImmediateScheduler.shared).eraseToAnyPublisher()
        case 7: publisher = subject.buffer(size: 2, prefetch: .byRequest, whenFull: .dropOldest).eraseToAnyPublisher()
        case 8: publisher = Fail<Int, TestFailure>(error: .boom).eraseToAnyPublisher()
        case 9: publisher = subject.merge(with: current).eraseToAnyPublisher()
        // The operators' own subscriptions (the demand path):
        case 10:
            publisher = (0..<30).publisher.map { $0 * 2 }.filter { $0 % 3 != 0 }.setFailureType(to: TestFailure.self)
                .eraseToAnyPublisher()
        case 11:
            publisher = subject.tryMap { $0 }.mapError { _ in TestFailure.other }.removeDuplicates()
                .eraseToAnyPublisher()
        case 12:
            publisher = subject.flatMap(maxPublishers: .max(1)) { Just($0).setFailureType(to: TestFailure.self) }
                .eraseToAnyPublisher()
        case 13: publisher = current.dropFirst(2).scan(0, +).eraseToAnyPublisher()
        case 14: publisher = subject.handleEvents(receiveOutput: { _ in }).prefix { $0 < 6 }.eraseToAnyPublisher()
        case 15:
            publisher = subject.replaceError(with: -2).setFailureType(to: TestFailure.self).compactMap { $0 }
                .eraseToAnyPublisher()
        // Limiting, reducing and recovering operators (demand carried over to the next publisher):
        case 17:
            publisher = (0..<5).publisher.setFailureType(to: TestFailure.self).append(subject).eraseToAnyPublisher()
        case 18:
            publisher = subject.catch { _ in (0..<4).publisher.setFailureType(to: TestFailure.self) }
                .eraseToAnyPublisher()
        case 19: publisher = subject.collect(2).map { $0.count }.eraseToAnyPublisher()
        case 20:
            publisher = subject.reduce(0, +).append(subject.contains(3).map { $0 ? 1 : 0 }).eraseToAnyPublisher()
        case 21: publisher = subject.retry(1).output(in: 1..<4).eraseToAnyPublisher()
        default:
            publisher = Record<Int, TestFailure>(output: Array(0..<10), completion: .failure(.boom)).drop { $0 < 2 }
                .eraseToAnyPublisher()
        }
        let plan = ChaosSubscriber.Plan(
            initial: Int.random(in: 0...3, using: &random),
            perValue: Int.random(in: 0...2, using: &random),
            cancelInsideAfter: Bool.random(using: &random) ? Int.random(in: 0...4, using: &random) : nil,
            requestInside: Bool.random(using: &random),
            sendInside: Bool.random(using: &random))
        let subscriber = ChaosSubscriber(plan, resend: { subject.send($0 + 1_000) })
        publisher.subscribe(subscriber)
        let sends = Int.random(in: 0...8, using: &random)
        let sendOnOtherThread = Bool.random(using: &random)
        let requestsFromOutside = Int.random(in: 0...3, using: &random)
        let cancelFromOutside = Bool.random(using: &random)
        let finish = Int.random(in: 0..<3, using: &random)
        let box = UncheckedSendableBox((subject, current, subscriber))
        let send = {
            for value in 0..<sends {
                box.value.0.send(value)
                box.value.1.send(value)
            }
            switch finish {
            case 0: box.value.0.send(completion: .finished)
            case 1: box.value.0.send(completion: .failure(.boom))
            default: break
            }
        }
        let group = DispatchGroup()
        if sendOnOtherThread {
            let work = UncheckedSendableBox(send)
            DispatchQueue.global().async(group: group) { work.value() }
        } else {
            send()
        }
        for _ in 0..<requestsFromOutside { box.value.2.requestFromOutside(.max(1)) }
        if cancelFromOutside { box.value.2.cancelFromOutside() }
        XCTAssertEqual(group.wait(timeout: .now() + 5), .success)
        queue.sync {}
        box.value.2.cancelFromOutside()
        queue.sync {}
        XCTAssertEqual(subscriber.brokenRules, [], "seed \(seed), source \(sourceKind), \(plan)")
    }
}

/// A subscriber following a `Plan` of requests and cancels, that records the rules it sees broken.
final class ChaosSubscriber: Subscriber, @unchecked Sendable {
    // @unchecked Sendable: every var is guarded by `lock` (declared below the plan's type).
    typealias Input = Int
    typealias Failure = TestFailure

    struct Plan: CustomStringConvertible {
        var initial: Int
        var perValue: Int
        var cancelInsideAfter: Int?
        var requestInside: Bool
        var sendInside: Bool
        var description: String {
            "initial \(initial), perValue \(perValue), cancelInsideAfter \(String(describing: cancelInsideAfter)), "
                + "requestInside \(requestInside), sendInside \(sendInside)"
        }
    }

    private let lock = NSLock()
    private let plan: Plan
    private let resend: (Int) -> Void
    private var subscription: Subscription?
    private var requested = Subscribers.Demand.none
    private var received = 0
    private var completions = 0
    private var inside = false
    private var cancelledInside = false
    private var violations: [String] = []

    init(_ plan: Plan, resend: @escaping (Int) -> Void) {
        self.plan = plan
        self.resend = resend
    }

    var brokenRules: [String] { lock.withLock { violations } }

    private func enter(_ what: String) {
        lock.withLock {
            if inside { violations.append("overlapping \(what)") }
            if cancelledInside { violations.append("\(what) after cancel() returned on the delivering thread") }
            inside = true
        }
    }

    private func leave() { lock.withLock { inside = false } }

    func receive(subscription: Subscription) {
        lock.withLock {
            if self.subscription != nil { violations.append("second subscription") }
            self.subscription = subscription
            requested += .max(plan.initial)
        }
        if plan.initial > 0 { subscription.request(.max(plan.initial)) }
    }

    func receive(_ input: Int) -> Subscribers.Demand {
        enter("value")
        let (count, subscription) = lock.withLock { () -> (Int, Subscription?) in
            received += 1
            if completions > 0 { violations.append("value after the completion") }
            if Subscribers.Demand.max(received) > requested { violations.append("more values than requested") }
            requested += .max(plan.perValue)
            return (received, self.subscription)
        }
        if plan.requestInside, let subscription {
            lock.withLock { requested += .max(1) }
            subscription.request(.max(1))
        }
        if plan.sendInside && input < 1_000 { resend(input) }
        if let after = plan.cancelInsideAfter, count > after, let subscription {
            subscription.cancel()
            lock.withLock { cancelledInside = true }
        }
        leave()
        return .max(plan.perValue)
    }

    func receive(completion: Subscribers.Completion<TestFailure>) {
        enter("completion")
        lock.withLock {
            completions += 1
            if completions > 1 { violations.append("second completion") }
            subscription = nil
        }
        leave()
    }

    func requestFromOutside(_ demand: Subscribers.Demand) {
        let subscription = lock.withLock { () -> Subscription? in
            if self.subscription != nil { requested += demand }
            return self.subscription
        }
        subscription?.request(demand)
    }

    func cancelFromOutside() {
        let subscription = lock.withLock { () -> Subscription? in
            let subscription = self.subscription
            self.subscription = nil
            return subscription
        }
        subscription?.cancel()
    }
}
