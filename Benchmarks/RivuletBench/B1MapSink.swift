import Rivulet
import RivuletCombine

// B1 map-sink: a subject → map { $0 &+ 1 } → a subscriber summing; one operation = one event.

extension Scenarios {
    static func b1(dialect: String) -> Scenario {
        Scenario(
            id: "B1", name: "map-sink", dialect: dialect, unit: "event", operations: 1_000_000,
            target: dialect == "rx" ? 1.3 : 1.5, reportsAllocations: true,
            baseline: b1Baseline,
            rivulet: dialect == "rx" ? b1Rx : b1Combine
        )
    }

    static func b1Baseline(_ operations: Int, _ meter: Meter) -> Int {
        var sum = 0
        let subject = BaselineSubject()
        let token = subject.subscribe { value in sum &+= value &+ 1 }
        meter.start()
        for value in 0..<operations { subject.send(value) }
        meter.stop()
        token.cancel()
        return sum
    }

    static func b1Rx(_ operations: Int, _ meter: Meter) -> Int {
        var sum = 0
        let subject = PublishSubject<Int>()
        let subscription = subject.map { $0 &+ 1 }.subscribe(onNext: { sum &+= $0 })
        meter.start()
        for value in 0..<operations { subject.onNext(value) }
        meter.stop()
        subscription.dispose()
        return sum
    }

    static func b1Combine(_ operations: Int, _ meter: Meter) -> Int {
        var sum = 0
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject.map { $0 &+ 1 }.sink { sum &+= $0 }
        meter.start()
        for value in 0..<operations { subject.send(value) }
        meter.stop()
        cancellable.cancel()
        return sum
    }
}
