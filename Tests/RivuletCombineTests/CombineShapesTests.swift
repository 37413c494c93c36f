import Foundation
import RivuletCombine
import TestSupport
import XCTest

// A publisher, a subscription, a subscriber, a subject and a scheduler written the way Combine
// code is written against Apple's declarations: only `import RivuletCombine` (the file would
// compile with `import Combine` instead), no Rivulet-specific member. Each works with Rivulet's
// operators, subjects and subscribers.

/// A generic publisher of a fixed list of values, then a completion, honouring demand: its own
/// `Subscription` sends only what was requested and stops on `cancel()`.
struct ListPublisher<Output, Failure: Error>: Publisher {
    let values: [Output]
    let completion: Subscribers.Completion<Failure>
    let log: ShapesLog

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        subscriber.receive(subscription: ListSubscription(subscriber, values, completion, log))
    }
}

/// The subscription of a `ListPublisher`.
final class ListSubscription<S: Subscriber>: Subscription {
    private var subscriber: S?
    private var remaining: ArraySlice<S.Input>
    private let completion: Subscribers.Completion<S.Failure>
    private var demand = Subscribers.Demand.none
    private var isSending = false
    private let log: ShapesLog

    init(_ subscriber: S, _ values: [S.Input], _ completion: Subscribers.Completion<S.Failure>, _ log: ShapesLog) {
        self.subscriber = subscriber
        remaining = values[...]
        self.completion = completion
        self.log = log
    }

    func request(_ demand: Subscribers.Demand) {
        log.append("request \(demand)")
        self.demand += demand
        if isSending { return }
        isSending = true
        defer { isSending = false }
        while let subscriber, self.demand > 0, let value = remaining.popFirst() {
            self.demand -= 1
            self.demand += subscriber.receive(value)
        }
        if remaining.isEmpty, let subscriber {
            self.subscriber = nil
            subscriber.receive(completion: completion)
        }
    }

    func cancel() {
        log.append("cancel")
        subscriber = nil
    }
}

/// A subscriber class that asks for one value at a time and records what it receives.
final class OneByOne<Input, Failure: Error>: Subscriber {
    private(set) var received: [String] = []
    private(set) var subscription: Subscription?

    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(.max(1))
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        received.append("\(input)")
        return .max(1)
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        received.append("\(completion)")
        subscription = nil
    }
}

/// A subject written from scratch: it keeps its subscribers and their demand, and requests
/// everything from the upstreams it is attached to.
final class SimpleSubject<Output, Failure: Error>: Subject {
    private final class Box: Subscription {
        let send: (Output) -> Subscribers.Demand
        let finish: (Subscribers.Completion<Failure>) -> Void
        var demand = Subscribers.Demand.none
        var isLive = true
        init<S: Subscriber>(_ subscriber: S) where S.Input == Output, S.Failure == Failure {
            send = subscriber.receive
            finish = subscriber.receive(completion:)
        }
        func request(_ demand: Subscribers.Demand) { self.demand += demand }
        func cancel() { isLive = false }
    }

    private var boxes: [Box] = []
    private var completion: Subscribers.Completion<Failure>?
    private(set) var upstreams: [CombineIdentifier] = []

    func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        let box = Box(subscriber)
        subscriber.receive(subscription: box)
        if let completion {
            subscriber.receive(completion: completion)
        } else {
            boxes.append(box)
        }
    }

    func send(_ value: Output) {
        for box in boxes where box.isLive && box.demand > 0 {
            box.demand -= 1
            box.demand += box.send(value)
        }
    }

    func send(completion: Subscribers.Completion<Failure>) {
        guard self.completion == nil else { return }
        self.completion = completion
        let finished = boxes
        boxes = []
        for box in finished where box.isLive { box.finish(completion) }
    }

    func send(subscription: Subscription) {
        upstreams.append(subscription.combineIdentifier)
        subscription.request(.unlimited)
    }
}

/// A scheduler whose stride is a plain number of seconds, in a `Double` (nothing like Rivulet's
/// strides): the time operators measure it through `SchedulerTimeIntervalConvertible` alone.
final class SecondsScheduler: Scheduler {
    struct SchedulerTimeType: Strideable, Hashable {
        var seconds: Double
        func distance(to other: Self) -> Stride { Stride(other.seconds - seconds) }
        func advanced(by n: Stride) -> Self { Self(seconds: seconds + n.seconds) }

        struct Stride: SchedulerTimeIntervalConvertible, Comparable, SignedNumeric, Hashable {
            var seconds: Double
            init(_ seconds: Double) { self.seconds = seconds }
            init(integerLiteral value: Int) { seconds = Double(value) }
            init?<T: BinaryInteger>(exactly source: T) {
                guard let value = Double(exactly: source) else { return nil }
                seconds = value
            }
            var magnitude: Double { abs(seconds) }
            static func seconds(_ s: Int) -> Self { Self(Double(s)) }
            static func seconds(_ s: Double) -> Self { Self(s) }
            static func milliseconds(_ ms: Int) -> Self { Self(Double(ms) / 1e3) }
            static func microseconds(_ us: Int) -> Self { Self(Double(us) / 1e6) }
            static func nanoseconds(_ ns: Int) -> Self { Self(Double(ns) / 1e9) }
            static func < (lhs: Self, rhs: Self) -> Bool { lhs.seconds < rhs.seconds }
            static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.seconds + rhs.seconds) }
            static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.seconds - rhs.seconds) }
            static func * (lhs: Self, rhs: Self) -> Self { Self(lhs.seconds * rhs.seconds) }
            static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
            static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
            static func *= (lhs: inout Self, rhs: Self) { lhs = lhs * rhs }
        }
    }

    struct SchedulerOptions {}

    private var queue: [(time: Double, action: () -> Void)] = []
    private(set) var now = SchedulerTimeType(seconds: 0)
    var minimumTolerance: SchedulerTimeType.Stride { .seconds(0) }

    func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
        queue.append((now.seconds, action))
    }

    func schedule(
        after date: SchedulerTimeType, tolerance: SchedulerTimeType.Stride, options: SchedulerOptions?,
        _ action: @escaping () -> Void
    ) {
        queue.append((date.seconds, action))
    }

    func schedule(
        after date: SchedulerTimeType, interval: SchedulerTimeType.Stride, tolerance: SchedulerTimeType.Stride,
        options: SchedulerOptions?, _ action: @escaping () -> Void
    ) -> Cancellable {
        schedule(after: date, tolerance: tolerance, options: options, action)
        return AnyCancellable {}
    }

    func advance(to seconds: Double) {
        while let index = queue.indices.filter({ queue[$0].time <= seconds }).min(by: {
            queue[$0].time < queue[$1].time
        }) {
            let (time, action) = queue.remove(at: index)
            now = SchedulerTimeType(seconds: max(now.seconds, time))
            action()
        }
        now = SchedulerTimeType(seconds: seconds)
    }
}

/// A log shared by the pieces above.
final class ShapesLog {
    private(set) var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
}

final class CombineShapesTests: RivuletTestCase {
    func testAGenericPublisherWorksWithRivuletsOperators() {
        let log = ShapesLog()
        let source = ListPublisher<Int, Never>(values: [1, 2, 3, 4, 5], completion: .finished, log: log)
        var values: [Int] = []
        var finished = false
        let cancellable = source.map { $0 * 10 }.filter { $0 != 20 }.sink(
            receiveCompletion: { _ in finished = true }, receiveValue: { values.append($0) })
        XCTAssertEqual(values, [10, 30, 40, 50])
        XCTAssertTrue(finished)
        XCTAssertEqual(log.entries, ["request unlimited"])
        cancellable.cancel()
    }

    func testAnOperatorThatEndsEarlyCancelsTheGenericPublishersSubscription() {
        let log = ShapesLog()
        let source = ListPublisher<Int, Never>(values: Array(1...100), completion: .finished, log: log)
        var values: [Int] = []
        _ = source.prefix(2).sink { values.append($0) }
        XCTAssertEqual(values, [1, 2])
        XCTAssertEqual(log.entries, ["request unlimited", "cancel"])
    }

    func testErasingAGenericPublisherKeepsItsOwnSubscriptionAndDemand() {
        let log = ShapesLog()
        let erased = ListPublisher<String, Never>(values: ["a", "b", "c"], completion: .finished, log: log)
            .eraseToAnyPublisher()
        let subscriber = OneByOne<String, Never>()
        erased.subscribe(subscriber)
        XCTAssertEqual(subscriber.received, ["a", "b", "c", "finished"])
        XCTAssertEqual(log.entries, ["request max(1)"], "the erased publisher's subscriber was handed its subscription")
    }

    func testASubscriberClassGetsWhatItRequestsFromARivuletPublisher() {
        let subject = PassthroughSubject<Int, Never>()
        let subscriber = OneByOne<Int, Never>()
        subject.map { $0 + 1 }.subscribe(subscriber)
        subject.send(1)
        subject.send(2)
        subject.send(completion: .finished)
        XCTAssertEqual(subscriber.received, ["2", "3", "finished"])
        XCTAssertNil(subscriber.subscription, "released at the completion")
    }

    func testASubjectWrittenFromScratchTakesAnUpstreamAndFeedsOperators() {
        let subject = SimpleSubject<Int, Never>()
        var received: [Int] = []
        let cancellable = subject.map { $0 * 2 }.sink { received.append($0) }
        let upstream = Publishers.Sequence<[Int], Never>(sequence: [1, 2, 3]).subscribe(subject)
        XCTAssertEqual(received, [2, 4, 6])
        XCTAssertEqual(subject.upstreams.count, 1, "the subject was handed the upstream's subscription")
        subject.send(completion: .finished)
        upstream.cancel()
        cancellable.cancel()
    }

    func testAnySubscriberOfASubjectHandsItTheSubscription() {
        let subject = SimpleSubject<Int, Never>()
        var received: [Int] = []
        let cancellable = subject.sink { received.append($0) }
        Just(7).subscribe(AnySubscriber(subject))
        XCTAssertEqual(received, [7])
        XCTAssertEqual(subject.upstreams.count, 1)
        cancellable.cancel()
    }

    func testASchedulerWithASecondsStrideTimesRivuletsOperators() {
        let scheduler = SecondsScheduler()
        let subject = PassthroughSubject<String, Never>()
        var received: [String] = []
        let cancellable = subject.debounce(for: .milliseconds(300), scheduler: scheduler).sink { received.append($0) }
        subject.send("a")
        scheduler.advance(to: 0.2)
        subject.send("b")
        scheduler.advance(to: 0.45)
        XCTAssertEqual(received, [], "0.25 s after b: still waiting")
        scheduler.advance(to: 0.51)
        XCTAssertEqual(received, ["b"], "0.3 s after b")
        var delayed: [String] = []
        let delay = Just("x").delay(for: .seconds(1.5), scheduler: scheduler).sink { delayed.append($0) }
        scheduler.advance(to: 1.9)
        XCTAssertEqual(delayed, [])
        scheduler.advance(to: 2.02)
        XCTAssertEqual(delayed, ["x"])
        cancellable.cancel()
        delay.cancel()
    }
}
