import Rivulet

// B3 take lifecycle: a new subject, map → take(2) → subscribe, send 3 values, dispose; one
// operation = one whole pipeline lifecycle.

extension Scenarios {
    static func b3(dialect: String) -> Scenario {
        Scenario(
            id: "B3", name: "take lifecycle", dialect: dialect, unit: "pipeline", operations: 100_000,
            target: 2.5, reportsAllocations: true,
            baseline: b3Baseline,
            rivulet: nil,
            skipReason: dialect == "rx"
                ? "take is not on main yet" : "the Combine dialect is not on main yet"
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
}
