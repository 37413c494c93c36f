import Rivulet
import RivuletCombine

// B3 take lifecycle: a new subject, map → take(2) → subscribe, send 3 values, dispose; one
// operation = one whole pipeline lifecycle. (Combine: map → prefix(2) → sink, cancel.)

extension Scenarios {
    static func b3(dialect: String) -> Scenario {
        Scenario(
            id: "B3", name: "take lifecycle", dialect: dialect, unit: "pipeline", operations: 100_000,
            target: 2.0, reportsAllocations: true,
            baseline: b3Baseline,
            rivulet: dialect == "rx" ? b3Rx : b3Combine
        )
    }

    static func b3Baseline(_ operations: Int, _ meter: Meter) -> Int {
        var sum = 0
        meter.start()
        for value in 0..<operations {
            let subject = BaselineSubject()
            // map and take(2) by hand.
            var taken = 0
            let token = subject.subscribe { element in
                guard taken < 2 else { return }
                taken += 1
                sum &+= element &+ 1
            }
            subject.send(value)
            subject.send(value &+ 1)
            subject.send(value &+ 2)
            token.cancel()
        }
        meter.stop()
        return sum
    }

    static func b3Rx(_ operations: Int, _ meter: Meter) -> Int {
        var sum = 0
        meter.start()
        for value in 0..<operations {
            let subject = PublishSubject<Int>()
            let subscription = subject.map { $0 &+ 1 }.take(2).subscribe(onNext: { sum &+= $0 })
            subject.onNext(value)
            subject.onNext(value &+ 1)
            subject.onNext(value &+ 2)
            subscription.dispose()
        }
        meter.stop()
        return sum
    }

    static func b3Combine(_ operations: Int, _ meter: Meter) -> Int {
        var sum = 0
        meter.start()
        for value in 0..<operations {
            let subject = PassthroughSubject<Int, Never>()
            let cancellable = subject.map { $0 &+ 1 }.prefix(2).sink { sum &+= $0 }
            subject.send(value)
            subject.send(value &+ 1)
            subject.send(value &+ 2)
            cancellable.cancel()
        }
        meter.stop()
        return sum
    }
}
