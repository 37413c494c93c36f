import RivuletCombine

// B8 demand pull: a custom subscriber that requests `.max(1)` and one more per value, through
// map → filter → flatMap(maxPublishers: .max(1)) { Just($0) } over a sequence publisher (the
// demand path: every operator's own subscription, each value pulled on request). The baseline is
// a hand-written pull loop doing the same work. One operation = one element of the sequence.
// Target ≤ 400x: the same chain on OpenCombine costs about 1.6 times RivuletCombine's (7,330 against
// 5,008 instructions per element, measured under callgrind at review), so this keeps Rivulet below
// that peer's ~430x with room for the run-to-run spread measured here (267-362x); docs/performance.md.

extension Scenarios {
    static var b8: Scenario {
        Scenario(
            id: "B8", name: "demand pull", dialect: "combine", unit: "element", operations: 100_000,
            target: 400, reportsAllocations: true,
            baseline: b8Baseline,
            rivulet: b8Combine
        )
    }

    static func b8Baseline(_ operations: Int, _ meter: Meter) -> Int {
        meter.start()
        let source = BaselinePullSource(count: operations)
        var sum = 0
        // Pull one element, map it, filter it, pass it on: what the chain does per request.
        while let element = source.pull() {
            let mapped = element &+ 1
            if mapped & 1 == 0 { sum &+= mapped }
        }
        meter.stop()
        return sum
    }

    static func b8Combine(_ operations: Int, _ meter: Meter) -> Int {
        meter.start()
        let subscriber = OneAtATimeSubscriber()
        Publishers.Sequence<Range<Int>, Never>(sequence: 0..<operations)
            .map { $0 &+ 1 }
            .filter { $0 & 1 == 0 }
            .flatMap(maxPublishers: .max(1)) { Just($0) }
            .subscribe(subscriber)
        meter.stop()
        return subscriber.sum
    }
}

/// The baseline's source: hands out the next element on each call, as a library call would.
final class BaselinePullSource {
    private var next = 0
    private let count: Int

    init(count: Int) {
        self.count = count
    }

    @inline(never)
    func pull() -> Int? {
        guard next < count else { return nil }
        defer { next += 1 }
        return next
    }
}

/// A subscriber written the Combine way that asks for one value at a time.
final class OneAtATimeSubscriber: Subscriber {
    typealias Input = Int
    typealias Failure = Never

    var sum = 0

    func receive(subscription: Subscription) { subscription.request(.max(1)) }

    func receive(_ input: Int) -> Subscribers.Demand {
        sum &+= input
        return .max(1)
    }

    func receive(completion: Subscribers.Completion<Never>) {}
}
