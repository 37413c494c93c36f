// rivulet-bench: runs every scenario of the benchmark issue for Rivulet and for a hand-written
// baseline in the same process, interleaved, and prints median/min per operation and the ratio.
//
//   swift run -c release rivulet-bench [--quick] [--filter NAME] [--json FILE] [--runs N]
//   swift run -c release rivulet-bench --reliability [--quick]
//
// --reliability prints the concurrency figures of docs/reliability.md instead (floods of 3 s;
// 0.3 s with --quick).
// --filter keeps the rows whose id, name or dialect contains NAME (case-insensitive; repeatable).
// Exit status 1 if any scenario's checksums differ (the two sides did not do the same work).
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Namespace for the scenario definitions (one file per scenario).
enum Scenarios {
    static func all() -> [Scenario] {
        var list: [Scenario] = []
        for dialect in ["rx", "combine"] {
            list.append(b1(dialect: dialect))
            list.append(b2(dialect: dialect))
            list.append(b3(dialect: dialect))
            list.append(b4(dialect: dialect))
        }
        list.append(b5)
        list.append(b6(dialect: "rx"))
        list.append(b7)
        list.append(b8)
        list.append(m1)
        return list.sorted { ($0.id, $0.dialect == "rx" ? 0 : 1) < ($1.id, $1.dialect == "rx" ? 0 : 1) }
    }
}

func usage() -> Never {
    print("usage: rivulet-bench [--quick] [--filter NAME]... [--json FILE] [--runs N]")
    print("       rivulet-bench --reliability [--quick]")
    exit(2)
}

var config = RunConfig()
var filters: [String] = []
var jsonPath: String? = nil
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--quick": config = .quickConfig
    case "--reliability":
        Reliability.run(seconds: arguments.contains("--quick") ? 0.3 : 3)
        exit(0)
    case "--filter":
        guard let name = arguments.popFirst() else { usage() }
        filters.append(name.lowercased())
    case "--json":
        guard let path = arguments.popFirst() else { usage() }
        jsonPath = path
    case "--runs":
        guard let text = arguments.popFirst(), let runs = Int(text), runs >= 1 else { usage() }
        config.runs = runs
    case "--help", "-h": usage()
    default:
        print("unknown argument: \(argument)")
        usage()
    }
}

let machine = Machine.describe()
print("rivulet-bench — \(machine["cpu"] ?? "?"), \(machine["nproc"] ?? "?") cores, \(machine["swift"] ?? "?")")
#if DEBUG
    print("warning: this is a debug build; measure with `swift run -c release rivulet-bench`")
#endif
print(
    config.quick
        ? "quick run (1/100 of the operations, \(config.runs) runs): a smoke test, not a measurement"
        : "\(config.warmups) warm-up + \(config.runs) timed runs per side, interleaved")
if !allocationCounterWorks { print("note: the malloc counter is not active; allocation columns are empty") }
print("")

var results: [Result] = []
var failures: [String] = []
let selected = Scenarios.all().filter { scenario in
    filters.isEmpty
        || filters.contains { filter in
            [scenario.id, scenario.name, scenario.dialect, "\(scenario.id)-\(scenario.dialect)"]
                .contains { $0.lowercased().contains(filter) }
        }
}
if selected.isEmpty {
    print("no scenario matches \(filters)")
    exit(2)
}

Table.printHeader()
for scenario in selected {
    guard let rivulet = scenario.rivulet else {
        Table.printSkipped(scenario)
        continue
    }
    var result =
        scenario.id == "M1"
        ? measureMemory(scenario, config: config)
        : measure(scenario, rivulet: rivulet, config: config)
    if scenario.id == "B7" {
        result.peakMemoryGrowth = Scenarios.b7PeakGrowth
        result.memoryTarget = Scenarios.b7MemoryTarget
    }
    results.append(result)
    Table.printRow(result)
    if !result.checksumsMatch {
        failures.append(
            "\(scenario.id) \(scenario.dialect): checksum \(result.rivuletChecksum) != baseline \(result.baselineChecksum)"
        )
    }
}
print("")
Table.printNotes(results)

if let jsonPath {
    if JSONWriter.write(JSONWriter.encode(results, machine: machine), to: jsonPath) {
        print("wrote \(jsonPath)")
    } else {
        print("error: could not write \(jsonPath)")
        failures.append("json")
    }
}
if !failures.isEmpty {
    for failure in failures { print("FAILED: \(failure)") }
    exit(1)
}
