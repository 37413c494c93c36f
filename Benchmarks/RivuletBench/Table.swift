#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Prints the results table.
enum Table {
    static let columns: [(String, Int)] = [
        ("id", 3), ("dialect", 7), ("scenario", 22), ("unit", 12),
        ("base med", 9), ("base min", 9), ("riv med", 9), ("riv min", 9),
        ("ratio", 6), ("target", 6), ("allocs b/r", 11), ("ok", 4), ("checksum", 16),
    ]

    static func printHeader() {
        print(line(columns.map { $0.0 }))
        print(line(columns.map { String(repeating: "-", count: $0.1) }))
    }

    static func printSkipped(_ scenario: Scenario) {
        print(
            line([
                scenario.id, scenario.dialect, scenario.name, "skipped: \(scenario.skipReason ?? "not available")",
            ]))
    }

    static func printRow(_ result: Result) {
        let scenario = result.scenario
        let unit = result.unitIsBytes ? "B/\(scenario.unit)" : "ns/\(scenario.unit)"
        let allocations: String
        if let baseline = result.baselineAllocations, let rivulet = result.rivuletAllocations {
            allocations = "\(format(baseline, 2))/\(format(rivulet, 2))"
        } else {
            allocations = "-"
        }
        let ok = !result.checksumsMatch ? "SUM!" : scenario.target.map { result.ratio <= $0 ? "yes" : "no" } ?? "-"
        print(
            line([
                scenario.id, scenario.dialect, scenario.name, String(unit.prefix(12)),
                format(result.baselineMedian, 1), format(result.baselineMin, 1),
                format(result.rivuletMedian, 1), format(result.rivuletMin, 1),
                format(result.ratio, 2) + "x", scenario.target.map { "≤" + format($0, 1) } ?? "-", allocations, ok,
                String(result.rivuletChecksum),
            ]))
        if let growth = result.peakMemoryGrowth, let target = result.memoryTarget {
            let within = growth.rivulet <= target ? "yes" : "no"
            print(
                "     \(scenario.id) peak resident-memory growth: baseline \(megabytes(growth.baseline)) MB, "
                    + "Rivulet \(megabytes(growth.rivulet)) MB (target ≤ \(megabytes(target)) MB: \(within))")
        }
    }

    static func megabytes(_ bytes: Int) -> String { format(Double(bytes) / 1_048_576, 1) }

    static func printNotes(_ results: [Result]) {
        print("base = hand-written baseline, riv = Rivulet; med/min over the timed runs; ratio = riv med / base med.")
        print("allocs b/r = heap allocations per operation, baseline/Rivulet (counted in a separate, untimed run).")
        print(
            "ok = ratio within the target of the benchmark issue (checked here for information; CI never judges timings)."
        )
    }

    static func line(_ cells: [String]) -> String {
        var text = ""
        for (index, cell) in cells.enumerated() {
            let width = index < columns.count ? columns[index].1 : 0
            let isNumber = index >= 4 && index <= 9
            let padding = String(repeating: " ", count: max(0, width - cell.count))
            text += (isNumber ? padding + cell : cell + padding)
            if index < cells.count - 1 { text += "  " }
        }
        return text
    }

    static func format(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let fraction = text[text.index(after: dot)...]
            if fraction.count < decimals { text += String(repeating: "0", count: decimals - fraction.count) }
        }
        return text
    }
}

/// The machine the numbers were taken on.
enum Machine {
    static func describe() -> [String: String] {
        var info: [String: String] = [:]
        info["nproc"] = String(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        info["cpu"] =
            firstLine(of: "/proc/cpuinfo", prefix: "model name").map { line in
                String(line.split(separator: ":", maxSplits: 1).last ?? "").trimmingSpaces()
            } ?? "unknown"
        #if swift(>=6.3)
            info["swift"] = "Swift 6.3+"
        #elseif swift(>=6.2)
            info["swift"] = "Swift 6.2"
        #else
            info["swift"] = "Swift 6.x"
        #endif
        var now = time(nil)
        var parts = tm()
        gmtime_r(&now, &parts)
        info["date"] =
            String(format4(Int(parts.tm_year) + 1900)) + "-" + two(Int(parts.tm_mon) + 1) + "-"
            + two(Int(parts.tm_mday))
        return info
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    private static func format4(_ value: Int) -> String { String(value) }

    private static func firstLine(of path: String, prefix: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 4096)
        while fgets(&buffer, Int32(buffer.count), file) != nil {
            let line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if line.hasPrefix(prefix) { return line.trimmingCharacters() }
        }
        return nil
    }
}

extension String {
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while scalars.first == " " || scalars.first == "\t" { scalars.removeFirst() }
        while scalars.last == " " || scalars.last == "\n" || scalars.last == "\t" { scalars.removeLast() }
        return String(scalars)
    }

    func trimmingCharacters() -> String { trimmingSpaces() }
}
