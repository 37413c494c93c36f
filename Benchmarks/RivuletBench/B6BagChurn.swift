import Rivulet

// B6 bag churn: subscribe to one subject N times into a DisposeBag, then release the bag; one
// operation = one subscription made and disposed. A value sent between the two phases (not
// timed) proves every subscription was live, one sent after proves every one was disposed.

extension Scenarios {
    static func b6(dialect: String) -> Scenario {
        Scenario(
            id: "B6", name: "bag churn", dialect: dialect, unit: "subscription", operations: 100_000,
            target: 1.5, reportsAllocations: true,
            baseline: b6Baseline,
            rivulet: b6Rx
        )
    }

    static func b6Baseline(_ operations: Int, _ meter: Meter) -> Int {
        var sum = 0
        let subject = BaselineSubject()
        var bag: [BaselineToken]? = []
        meter.start()
        for _ in 0..<operations {
            bag!.append(subject.subscribe { value in sum &+= value })
        }
        meter.stop()
        subject.send(1)
        meter.start()
        bag = nil
        meter.stop()
        subject.send(1_000_000)
        withExtendedLifetime(bag) {}
        return sum
    }

    static func b6Rx(_ operations: Int, _ meter: Meter) -> Int {
        var sum = 0
        let subject = PublishSubject<Int>()
        var bag: DisposeBag? = DisposeBag()
        meter.start()
        for _ in 0..<operations {
            subject.subscribe(onNext: { value in sum &+= value }).disposed(by: bag!)
        }
        meter.stop()
        subject.onNext(1)
        meter.start()
        bag = nil
        meter.stop()
        subject.onNext(1_000_000)
        withExtendedLifetime(bag) {}
        return sum
    }
}
