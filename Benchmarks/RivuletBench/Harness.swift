#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import MallocCounter

/// The monotonic clock in nanoseconds.
@inline(__always)
func nowNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Times the measured part of one run (one or more start/stop windows) and, when asked, counts
/// the heap allocations made inside those windows.
final class Meter {
    let countsAllocations: Bool
    private(set) var nanoseconds: UInt64 = 0
    private(set) var allocations: UInt64 = 0
    private var startedAt: UInt64 = 0

    init(countsAllocations: Bool) {
        self.countsAllocations = countsAllocations
    }

    @inline(__always)
    func start() {
        if countsAllocations { mc_start() }
        startedAt = nowNanoseconds()
    }

    @inline(__always)
    func stop() {
        let end = nowNanoseconds()
        if countsAllocations {
            mc_stop()
            allocations += mc_allocations()
        }
        nanoseconds += end - startedAt
    }
}

/// One side of a scenario: does `operations` operations, measuring with the meter, and returns
/// a checksum of the work done (both sides of a scenario must return the same one).
typealias Body = (_ operations: Int, _ meter: Meter) -> Int

/// A scenario as the table shows it: one row per dialect.
struct Scenario {
    let id: String
    let name: String
    let dialect: String
    /// What one operation is ("event", "pipeline", "subscription", "delivery").
    let unit: String
    let operations: Int
    /// The largest ratio accepted, from docs/performance.md (`nil`: the ratio is reported, not
    /// judged).
    let target: Double?
    /// Whether the allocations per operation are reported.
    let reportsAllocations: Bool
    let baseline: Body
    /// `nil` when the Rivulet side cannot be built yet; `skipReason` says why.
    let rivulet: Body?
    var skipReason: String? = nil
}

/// How long and how often to run.
struct RunConfig {
    var warmups = 2
    var runs = 9
    var scale = 1.0
    var quick = false

    static let quickConfig = RunConfig(warmups: 1, runs: 3, scale: 0.01, quick: true)
}

/// The measurements of one scenario row.
struct Result {
    let scenario: Scenario
    let operations: Int
    let rivuletSamples: [Double]  // ns (or bytes) per operation, one per timed run
    let baselineSamples: [Double]
    let rivuletChecksum: Int
    let baselineChecksum: Int
    let rivuletAllocations: Double?
    let baselineAllocations: Double?
    var unitIsBytes = false
    /// The peak growth of resident memory while the scenario ran, per side (B7), in bytes.
    var peakMemoryGrowth: (baseline: Int, rivulet: Int)? = nil
    /// The target for `peakMemoryGrowth`, in bytes.
    var memoryTarget: Int? = nil

    var rivuletMedian: Double { median(rivuletSamples) }
    var rivuletMin: Double { rivuletSamples.min() ?? .nan }
    var baselineMedian: Double { median(baselineSamples) }
    var baselineMin: Double { baselineSamples.min() ?? .nan }
    var ratio: Double { rivuletMedian / baselineMedian }
    var checksumsMatch: Bool { rivuletChecksum == baselineChecksum }
}

func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Runs both sides interleaved (baseline, Rivulet, baseline, ...): warm-ups first, then the timed
/// runs, then one extra run per side that counts allocations (counting costs time, so it is
/// never part of a timed run).
func measure(_ scenario: Scenario, rivulet: Body, config: RunConfig) -> Result {
    let operations = max(1, Int(Double(scenario.operations) * config.scale))
    var baselineChecksum = 0
    var rivuletChecksum = 0
    for _ in 0..<config.warmups {
        baselineChecksum = scenario.baseline(operations, Meter(countsAllocations: false))
        rivuletChecksum = rivulet(operations, Meter(countsAllocations: false))
    }
    var baselineSamples: [Double] = []
    var rivuletSamples: [Double] = []
    for run in 0..<config.runs {
        // Alternate which side goes first so neither always runs on a warmer cache.
        let baselineFirst = run % 2 == 0
        let baselineMeter = Meter(countsAllocations: false)
        let rivuletMeter = Meter(countsAllocations: false)
        if baselineFirst {
            baselineChecksum = scenario.baseline(operations, baselineMeter)
            rivuletChecksum = rivulet(operations, rivuletMeter)
        } else {
            rivuletChecksum = rivulet(operations, rivuletMeter)
            baselineChecksum = scenario.baseline(operations, baselineMeter)
        }
        baselineSamples.append(Double(baselineMeter.nanoseconds) / Double(operations))
        rivuletSamples.append(Double(rivuletMeter.nanoseconds) / Double(operations))
    }
    var baselineAllocations: Double? = nil
    var rivuletAllocations: Double? = nil
    if scenario.reportsAllocations && allocationCounterWorks {
        let baselineMeter = Meter(countsAllocations: true)
        _ = scenario.baseline(operations, baselineMeter)
        baselineAllocations = Double(baselineMeter.allocations) / Double(operations)
        let rivuletMeter = Meter(countsAllocations: true)
        _ = rivulet(operations, rivuletMeter)
        rivuletAllocations = Double(rivuletMeter.allocations) / Double(operations)
    }
    return Result(
        scenario: scenario, operations: operations,
        rivuletSamples: rivuletSamples, baselineSamples: baselineSamples,
        rivuletChecksum: rivuletChecksum, baselineChecksum: baselineChecksum,
        rivuletAllocations: rivuletAllocations, baselineAllocations: baselineAllocations
    )
}
