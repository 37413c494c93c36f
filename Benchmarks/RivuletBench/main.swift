// rivulet-bench: runs every scenario (docs/performance.md) for Rivulet and for a hand-written
// baseline in the same process, interleaved, and prints median/min per operation and the ratio.
// `rivulet-bench --help` lists the options and the scenarios.
//
// Exit status 1 if any scenario's checksums differ (the two sides did not do the same work) or,
// unless --no-judge is given, a ratio misses its target; 2 for a usage error.
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

let helpText = """
    usage: rivulet-bench [--quick] [--no-judge] [--filter NAME]... [--json FILE] [--runs N]
           rivulet-bench --reliability [--quick]
           rivulet-bench --help

    Measures each scenario for Rivulet and for a hand-written baseline doing the same work, in one
    process, interleaved, and prints the time (or memory) per operation of each and their ratio.
    Build with `swift run -c release rivulet-bench`: a debug build's figures mean nothing.

    options:
      --quick          1/100 of the operations and 3 runs: a smoke test, not a measurement
      --no-judge       report the ratios but do not fail on a missed target (smoke runs, CI)
      --filter NAME    keep the scenarios whose id, name or dialect contains NAME
                       (case-insensitive; repeatable; "b3-combine" selects one row)
      --json FILE      also write the results as JSON to FILE
      --runs N         timed runs per side (default 9, after 2 warm-up runs)
      --reliability    print the concurrency figures of docs/reliability.md instead
                       (floods of 3 s each; 0.3 s with --quick)
      --help, -h       print this text

    exit status: 0 when every checksum matches and every ratio meets its target; 1 when a
    checksum differs or (without --no-judge) a ratio misses its target; 2 for a usage error.

    scenarios (target: the largest Rivulet/baseline ratio accepted; - = reported, not judged):
    """

func printHelp() {
    print(helpText)
    for scenario in Scenarios.all() {
        let target = scenario.target.map { "≤ " + Table.format($0, 1) + "x" } ?? "-"
        let padding = String(repeating: " ", count: max(0, 22 - scenario.name.count))
        print("  \(scenario.id)  \(scenario.dialect.padding(7))  \(scenario.name)\(padding)  target \(target)")
    }
}

/// Writes `text` and a newline to standard error (unbuffered).
func printToStandardError(_ text: String) {
    var line = text + "\n"
    line.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

func usage(_ problem: String) -> Never {
    printToStandardError(
        "rivulet-bench: \(problem)\nusage: rivulet-bench [--quick] [--no-judge] [--filter NAME]... "
            + "[--json FILE] [--runs N] | --reliability [--quick] | --help")
    exit(2)
}

var config = RunConfig()
var filters: [String] = []
var jsonPath: String? = nil
var judges = true
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--quick":
        let runs = config.runs
        config = .quickConfig
        if runs != RunConfig().runs { config.runs = runs }
    case "--no-judge": judges = false
    case "--reliability":
        Reliability.run(seconds: arguments.contains("--quick") ? 0.3 : 3)
        exit(0)
    case "--filter":
        guard let name = arguments.popFirst() else { usage("--filter needs a NAME") }
        filters.append(name.lowercased())
    case "--json":
        guard let path = arguments.popFirst() else { usage("--json needs a FILE") }
        jsonPath = path
    case "--runs":
        guard let text = arguments.popFirst(), let runs = Int(text), runs >= 1 else {
            usage("--runs needs a whole number of at least 1")
        }
        config.runs = runs
    case "--help", "-h":
        printHelp()
        exit(0)
    default: usage("unknown argument: \(argument)")
    }
}

let machine = Machine.describe()
print(
    "rivulet-bench — \(machine["cpu"] ?? "?"), \(machine["nproc"] ?? "?") cores, built by \(machine["swift"] ?? "?") "
        + "in a \(machine["build"] ?? "?") build")
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
    usage("no scenario matches \(filters) (see --help for the list)")
}

Table.printHeader()
for scenario in selected {
    // Progress on standard error, and each row flushed at once: a pipe sees the run as it goes.
    fflush(nil)
    printToStandardError("running \(scenario.id) \(scenario.dialect) \(scenario.name)…")
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
    fflush(nil)
    if !result.checksumsMatch {
        failures.append(
            "\(scenario.id) \(scenario.dialect): checksum \(result.rivuletChecksum) != baseline \(result.baselineChecksum)"
        )
    }
    if judges, let target = scenario.target, !(result.ratio <= target) {
        failures.append(
            "\(scenario.id) \(scenario.dialect): ratio \(Table.format(result.ratio, 2))x misses its target "
                + "≤ \(Table.format(target, 1))x (--no-judge reports without failing)")
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
    fflush(nil)
    exit(1)
}
