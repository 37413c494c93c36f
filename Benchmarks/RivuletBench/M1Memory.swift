import Rivulet

// M1 memory: heap bytes per live subscription — N subscribers on one subject, held in a bag
// (the baseline holds its tokens in an array). Measured as the growth of glibc's in-use heap
// (`mallinfo2`: `uordblks + hblkhd`) while the subscriptions are made, divided by N.

extension Scenarios {
    static var m1: Scenario {
        Scenario(
            id: "M1", name: "bytes per subscription", dialect: "rx", unit: "subscription",
            operations: 100_000, target: 1.2, reportsAllocations: true,
            baseline: m1Baseline, rivulet: m1Rx
        )
    }

    /// The body's meter is used only to count allocations; the bytes come back through `bytes`.
    nonisolated(unsafe) static var lastBytes: UInt64 = 0

    static func m1Baseline(_ operations: Int, _ meter: Meter) -> Int {
        var sum = 0
        let subject = BaselineSubject()
        var bag: [BaselineToken] = []
        meter.start()
        let before = heapBytesInUse()
        for _ in 0..<operations {
            bag.append(subject.subscribe { value in sum &+= value })
        }
        lastBytes = heapBytesInUse() &- before
        meter.stop()
        subject.send(1)
        bag.removeAll()
        subject.send(1_000_000)
        return sum
    }

    static func m1Rx(_ operations: Int, _ meter: Meter) -> Int {
        var sum = 0
        let subject = PublishSubject<Int>()
        var bag: DisposeBag? = DisposeBag()
        meter.start()
        let before = heapBytesInUse()
        for _ in 0..<operations {
            subject.subscribe(onNext: { value in sum &+= value }).disposed(by: bag!)
        }
        lastBytes = heapBytesInUse() &- before
        meter.stop()
        subject.onNext(1)
        bag = nil
        subject.onNext(1_000_000)
        withExtendedLifetime(bag) {}
        return sum
    }
}

/// Runs M1: both sides interleaved, `runs` times each (bytes are nearly deterministic, so a few
/// runs suffice), plus one allocation-counting run per side.
func measureMemory(_ scenario: Scenario, config: RunConfig) -> Result {
    let operations = max(1, Int(Double(scenario.operations) * config.scale))
    let runs = max(3, config.runs / 3)
    var baselineSamples: [Double] = []
    var rivuletSamples: [Double] = []
    var baselineChecksum = 0
    var rivuletChecksum = 0
    let rivulet = scenario.rivulet ?? scenario.baseline
    for _ in 0..<runs {
        baselineChecksum = scenario.baseline(operations, Meter(countsAllocations: false))
        baselineSamples.append(Double(Scenarios.lastBytes) / Double(operations))
        rivuletChecksum = rivulet(operations, Meter(countsAllocations: false))
        rivuletSamples.append(Double(Scenarios.lastBytes) / Double(operations))
    }
    var baselineAllocations: Double? = nil
    var rivuletAllocations: Double? = nil
    if allocationCounterWorks {
        let baselineMeter = Meter(countsAllocations: true)
        _ = scenario.baseline(operations, baselineMeter)
        baselineAllocations = Double(baselineMeter.allocations) / Double(operations)
        let rivuletMeter = Meter(countsAllocations: true)
        _ = rivulet(operations, rivuletMeter)
        rivuletAllocations = Double(rivuletMeter.allocations) / Double(operations)
    }
    var result = Result(
        scenario: scenario, operations: operations,
        rivuletSamples: rivuletSamples, baselineSamples: baselineSamples,
        rivuletChecksum: rivuletChecksum, baselineChecksum: baselineChecksum,
        rivuletAllocations: rivuletAllocations, baselineAllocations: baselineAllocations
    )
    result.unitIsBytes = true
    return result
}
