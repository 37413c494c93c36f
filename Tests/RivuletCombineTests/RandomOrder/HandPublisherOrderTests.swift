import Foundation
import Rivulet
import RivuletCombine
import TestSupport
import XCTest

/// A custom publisher that calls its subscriber in any order (values before the subscription,
/// two subscriptions, two completions, values after the completion, calls from several threads
/// at once), in front of Rivulet's operators and subscribers, with the subscriber cancelling at a
/// random point. Seeded, so a failure names its seed. Checked: nothing crashes (the run
/// finishes), nothing hangs (a watchdog), the grammar holds downstream (no value after the
/// completion, one completion at most, no overlapping calls), and everything is released (the
/// leak check of `RealTimeTestCase`). The grammar is checked wherever Rivulet keeps it: at `sink`
/// (which queues what a publisher sends during a call), and behind an operator that stands between
/// its upstream and its subscriber. Combine's transparent operators (`map`, `filter`, ...) hand a
/// custom subscriber the publisher's own subscription and pass on whatever order the publisher
/// calls in, as Combine's do; operators that decide value by value (`removeDuplicates`, ...) or pass
/// each value on as it comes (`prefix`, `collect(_:)`, `append`, `catch`, `retry`,
/// `replaceEmpty`, `subscribe(on:)`, `measureInterval`, `drop`/`prefix(untilOutputFrom:)`) drop
/// what comes after the end of a publisher that calls one at a time, but like Combine's do not
/// serialise a publisher that calls from several threads at once. There only the absence of
/// crashes, hangs and leaks is checked.
final class HandPublisherOrderTests: RealTimeTestCase {
    private let seeds: ClosedRange<UInt64> = 1...150

    enum Step {
        case subscription
        case value(Int)
        case finish, fail, cancel
    }

    private func randomScript(_ random: inout SeededGenerator) -> [(step: Step, onOtherThread: Bool)] {
        (0..<Int.random(in: 1...12, using: &random)).map { index in
            let step: Step
            switch Int.random(in: 0..<10, using: &random) {
            case 0, 1: step = .subscription
            case 2...6: step = .value(index)
            case 7: step = .finish
            case 8: step = .fail
            default: step = .cancel
            }
            return (step, Bool.random(using: &random))
        }
    }

    /// The operator chain between the hand publisher and the subscriber.
    private func chain(
        _ kind: Int, _ source: HandPublisher<Int, TestFailure>, _ queue: DispatchQueue
    ) -> AnyPublisher<Int, TestFailure> {
        switch kind {
        // (An erased hand publisher alone would hand the subscriber straight to it, as Combine's
        // `AnyPublisher` does: whatever order it calls in is then its own; here an operator follows.)
        case 0: return source.eraseToAnyPublisher().filter { _ in true }.eraseToAnyPublisher()
        case 1: return source.map { $0 * 2 }.filter { $0 >= 0 }.eraseToAnyPublisher()
        case 2: return source.delay(for: .milliseconds(1), scheduler: queue).eraseToAnyPublisher()
        case 3: return source.receive(on: queue).eraseToAnyPublisher()
        case 4: return source.prefix(2).eraseToAnyPublisher()
        case 5: return source.flatMap { Just($0).setFailureType(to: TestFailure.self) }.eraseToAnyPublisher()
        case 6: return source.delay(for: 0, scheduler: ImmediateScheduler.shared).eraseToAnyPublisher()
        case 7: return source.buffer(size: 1, prefetch: .byRequest, whenFull: .dropOldest).eraseToAnyPublisher()
        case 8: return source.delay(for: .milliseconds(1), scheduler: queue).receive(on: queue).eraseToAnyPublisher()
        case 9: return source.scan(0, +).removeDuplicates().eraseToAnyPublisher()
        case 10: return source.collect(2).map { $0.count }.eraseToAnyPublisher()
        case 11: return source.contains(3).map { $0 ? 1 : 0 }.eraseToAnyPublisher()
        case 12: return source.reduce(0, +).eraseToAnyPublisher()
        case 13: return source.append(7, 8).eraseToAnyPublisher()
        case 14: return source.catch { _ in Just(9).setFailureType(to: TestFailure.self) }.eraseToAnyPublisher()
        case 15: return source.retry(2).eraseToAnyPublisher()
        case 16: return source.replaceEmpty(with: 5).eraseToAnyPublisher()
        case 18: return source.timeout(.milliseconds(2), scheduler: queue).eraseToAnyPublisher()
        case 19: return source.debounce(for: .milliseconds(1), scheduler: queue).eraseToAnyPublisher()
        case 20: return source.subscribe(on: queue).eraseToAnyPublisher()
        case 21: return source.throttle(for: .milliseconds(1), scheduler: queue, latest: true).eraseToAnyPublisher()
        case 22:
            return source.collect(.byTimeOrCount(queue, .milliseconds(1), 2)).map { $0.reduce(0, +) }
                .eraseToAnyPublisher()
        // (1_000: a subscriber that sends into the publisher stops at values from 1_000 up.)
        case 23: return source.measureInterval(using: queue).map { _ in 1_000 }.eraseToAnyPublisher()
        // As Combine's, a merge passes on what an upstream sends after the merge has finished.
        case 24: return source.merge(with: Empty()).eraseToAnyPublisher()
        case 25:
            return source.map { [$0, $0 + 1].publisher.setFailureType(to: TestFailure.self) }.switchToLatest()
                .eraseToAnyPublisher()
        case 26:
            return source.zip((0..<100).publisher.setFailureType(to: TestFailure.self)) { value, _ in value }
                .eraseToAnyPublisher()
        case 27:
            return source.combineLatest(Just(0).setFailureType(to: TestFailure.self)) { value, _ in value }
                .eraseToAnyPublisher()
        case 28:
            return source.drop(untilOutputFrom: Just(()).setFailureType(to: TestFailure.self)).eraseToAnyPublisher()
        case 29: return source.prefix(untilOutputFrom: Empty<Void, Never>()).eraseToAnyPublisher()
        case 30: return source.share().eraseToAnyPublisher()
        case 31: return source.makeConnectable().autoconnect().eraseToAnyPublisher()
        default: return source.first().eraseToAnyPublisher()
        }
    }

    private func run(seed: UInt64, subscriberKind: Int) {
        var random = SeededGenerator(seed: seed &* 31 &+ UInt64(subscriberKind))
        let source = HandPublisher<Int, TestFailure>()
        let queue = DispatchQueue(label: "order-\(seed)")
        let kind = Int.random(in: 0..<32, using: &random)
        let recorder = GrammarRecorder<Int>()
        let publisher = chain(kind, source, queue)
        let script = randomScript(&random)
        let cancel: () -> Void
        switch subscriberKind {
        case 0:
            let cancellable = publisher.sink(
                receiveCompletion: { _ in recorder.completion() }, receiveValue: { recorder.value($0) })
            cancel = { cancellable.cancel() }
        case 1:
            let subscriber = GrammarRecordingSubscriber<Int, TestFailure>(
                recorder, initial: Int.random(in: 0...3, using: &random))
            publisher.subscribe(subscriber)
            cancel = { subscriber.cancel() }
        default:
            // Sends into the hand publisher from inside its own receive(_:), once per value.
            let subscriber = GrammarRecordingSubscriber<Int, TestFailure>(recorder, initial: 100) { value in
                if value < 1_000 { source.send(value + 1_000) }
            }
            publisher.subscribe(subscriber)
            cancel = { subscriber.cancel() }
        }
        let group = DispatchGroup()
        let box = UncheckedSendableBox((source, cancel))
        for (step, onOtherThread) in script {
            let act = {
                switch step {
                case .subscription: box.value.0.sendSubscription()
                case .value(let value): box.value.0.send(value)
                case .finish: box.value.0.send(completion: .finished)
                case .fail: box.value.0.send(completion: .failure(.boom))
                case .cancel: box.value.1()
                }
            }
            if onOtherThread {
                let work = UncheckedSendableBox(act)
                DispatchQueue.global().async(group: group) { work.value() }
            } else {
                act()
            }
        }
        XCTAssertEqual(group.wait(timeout: .now() + 5), .success, "seed \(seed): the steps ended")
        cancel()
        queue.sync {}
        queue.sync {}
        let transparentToTheEnd = kind == 0 || kind == 1 || kind == 24
        // Operators that pass each value on as it comes, as Combine's do, do not serialise a publisher
        // that calls from several threads at once; the reducing ones (11, 12, 17) send their one
        // result and completion from one thread.
        let unserialised =
            [4, 9, 10, 13, 14, 15, 16, 20, 23, 28, 29].contains(kind) && script.contains { $0.onOtherThread }
        if subscriberKind == 0 || !(transparentToTheEnd || unserialised) {
            XCTAssertEqual(recorder.brokenRules, [], "seed \(seed), chain \(kind), subscriber \(subscriberKind)")
        }
        source.reset()
    }

    func testAnyOrderOfCallsIntoASink() {
        for seed in seeds { withWatchdog("seed \(seed)") { self.run(seed: seed, subscriberKind: 0) } }
    }

    func testAnyOrderOfCallsIntoACustomSubscriber() {
        for seed in seeds { withWatchdog("seed \(seed)") { self.run(seed: seed, subscriberKind: 1) } }
    }

    func testAnyOrderOfCallsIntoASubscriberThatSendsIntoThePublisher() {
        for seed in seeds { withWatchdog("seed \(seed)") { self.run(seed: seed, subscriberKind: 2) } }
    }

    /// The crash shape found when the Combine dialect moved to its own module: `delay`, with values sent by hand before the subscription and
    /// from inside the subscriber.
    func testDelayWithValuesSentByHandBeforeTheSubscriptionAndFromInsideTheSubscriber() {
        withWatchdog("delay") {
            let source = HandPublisher<Int, Never>()
            let queue = DispatchQueue(label: "delay")
            let recorder = GrammarRecorder<Int>()
            let subscriber = GrammarRecordingSubscriber<Int, Never>(recorder, initial: 100) { value in
                if value < 10 { source.send(value + 10) }
            }
            source.delay(for: .milliseconds(1), scheduler: queue).subscribe(subscriber)
            source.send(1)
            source.sendSubscription()
            source.send(2)
            source.send(3)
            XCTAssertTrue(waitUntil { recorder.received.count >= 4 })
            source.send(completion: .finished)
            source.send(4)
            XCTAssertTrue(waitUntil { recorder.completionCount == 1 })
            queue.sync {}
            XCTAssertEqual(
                Set(recorder.received), [2, 12, 3, 13],
                "the value before the subscription is ignored, the others arrive")
            XCTAssertEqual(recorder.brokenRules, [])
            subscriber.cancel()
            source.reset()
        }
    }
}

/// A custom subscriber that records into a `GrammarRecorder`, requests `initial` and one more per
/// value, and may act from inside `receive(_:)`.
final class GrammarRecordingSubscriber<Input, Failure: Error>: Subscriber, Cancellable, @unchecked Sendable {
    // @unchecked Sendable: `subscription` is guarded by `lock`.
    private let lock = NSLock()
    private let recorder: GrammarRecorder<Input>
    private let initial: Int
    private let onValue: ((Input) -> Void)?
    private var subscription: Subscription?

    init(_ recorder: GrammarRecorder<Input>, initial: Int, onValue: ((Input) -> Void)? = nil) {
        self.recorder = recorder
        self.initial = initial
        self.onValue = onValue
    }

    func receive(subscription: Subscription) {
        lock.withLock { self.subscription = subscription }
        if initial > 0 { subscription.request(.max(initial)) }
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        recorder.value(input)
        onValue?(input)
        return .max(1)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        recorder.completion()
        lock.withLock { subscription = nil }
    }

    func cancel() {
        let subscription = lock.withLock { self.subscription.take() }
        subscription?.cancel()
    }
}

extension Optional {
    /// Takes the value out, leaving `nil`.
    fileprivate mutating func take() -> Wrapped? {
        let value = self
        self = nil
        return value
    }
}
