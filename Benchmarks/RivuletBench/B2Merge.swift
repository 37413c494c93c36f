import Rivulet
import RivuletCombine

// B2 merge: two subjects → merge → map { $0 &+ 1 } → a subscriber summing; sends alternate
// between the two subjects; one operation = one event.

extension Scenarios {
    static func b2(dialect: String) -> Scenario {
        Scenario(
            id: "B2", name: "merge", dialect: dialect, unit: "event", operations: 1_000_000,
            target: 1.6, reportsAllocations: true,
            baseline: b2Baseline,
            rivulet: dialect == "rx" ? b2Rx : b2Combine
        )
    }

    static func b2Baseline(_ operations: Int, _ meter: Meter) -> Int {
        var sum = 0
        let first = BaselineSubject()
        let second = BaselineSubject()
        // merge by hand: both subjects feed the same downstream, which maps and sums.
        let downstream: (Int) -> Void = { value in sum &+= value &+ 1 }
        let firstToken = first.subscribe(downstream)
        let secondToken = second.subscribe(downstream)
        meter.start()
        var value = 0
        while value < operations {
            first.send(value)
            second.send(value &+ 1)
            value += 2
        }
        meter.stop()
        firstToken.cancel()
        secondToken.cancel()
        return sum
    }

    static func b2Rx(_ operations: Int, _ meter: Meter) -> Int {
        var sum = 0
        let first = PublishSubject<Int>()
        let second = PublishSubject<Int>()
        let subscription = Observable.merge(first, second).map { $0 &+ 1 }.subscribe(onNext: { sum &+= $0 })
        meter.start()
        var value = 0
        while value < operations {
            first.onNext(value)
            second.onNext(value &+ 1)
            value += 2
        }
        meter.stop()
        subscription.dispose()
        return sum
    }

    static func b2Combine(_ operations: Int, _ meter: Meter) -> Int {
        var sum = 0
        let first = PassthroughSubject<Int, Never>()
        let second = PassthroughSubject<Int, Never>()
        let cancellable = first.merge(with: second).map { $0 &+ 1 }.sink { sum &+= $0 }
        meter.start()
        var value = 0
        while value < operations {
            first.send(value)
            second.send(value &+ 1)
            value += 2
        }
        meter.stop()
        cancellable.cancel()
        return sum
    }
}
