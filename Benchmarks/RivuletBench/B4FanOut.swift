import Rivulet
import RivuletCombine

// B4 fan-out: a BehaviorSubject with 100 subscribers, sent 1/100 of the operations; one
// operation = one delivery.

extension Scenarios {
    static let fanOut = 100

    static func b4(dialect: String) -> Scenario {
        Scenario(
            id: "B4", name: "fan-out x100", dialect: dialect, unit: "delivery", operations: 1_000_000,
            target: dialect == "rx" ? 1.3 : 1.5, reportsAllocations: true,
            baseline: b4Baseline,
            rivulet: dialect == "rx" ? b4Rx : b4Combine
        )
    }

    static func b4Baseline(_ operations: Int, _ meter: Meter) -> Int {
        var sum = 0
        let subject = BaselineBehaviorSubject(value: 0)
        var tokens: [BaselineBehaviorToken] = []
        for _ in 0..<fanOut {
            tokens.append(subject.subscribe { value in sum &+= value })
        }
        let sends = max(1, operations / fanOut)
        meter.start()
        for value in 1...sends { subject.send(value) }
        meter.stop()
        for token in tokens { token.cancel() }
        return sum
    }

    static func b4Rx(_ operations: Int, _ meter: Meter) -> Int {
        var sum = 0
        let subject = BehaviorSubject<Int>(value: 0)
        var subscriptions: [Disposable] = []
        for _ in 0..<fanOut {
            subscriptions.append(subject.subscribe(onNext: { value in sum &+= value }))
        }
        let sends = max(1, operations / fanOut)
        meter.start()
        for value in 1...sends { subject.onNext(value) }
        meter.stop()
        for subscription in subscriptions { subscription.dispose() }
        return sum
    }

    static func b4Combine(_ operations: Int, _ meter: Meter) -> Int {
        var sum = 0
        let subject = CurrentValueSubject<Int, Never>(0)
        var cancellables: [AnyCancellable] = []
        for _ in 0..<fanOut {
            cancellables.append(subject.sink { value in sum &+= value })
        }
        let sends = max(1, operations / fanOut)
        meter.start()
        for value in 1...sends { subject.send(value) }
        meter.stop()
        for cancellable in cancellables { cancellable.cancel() }
        return sum
    }
}
