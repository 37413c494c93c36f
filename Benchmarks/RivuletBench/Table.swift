#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Prints the results table.
enum Table {
    static let columns: [(String, Int)] = [
        ("id", 3), ("dialect", 7), ("scenario", 22), ("unit", 16),
        ("base med", 9), ("base min", 9), ("riv med", 9), ("riv min", 9),
        ("ratio", 6), ("target", 8), ("allocs b/r", 11), ("ok", 4), ("checksum", 16),
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
                scenario.id, scenario.dialect, scenario.name, unit,
                format(result.baselineMedian, 1), format(result.baselineMin, 1),
                format(result.rivuletMedian, 1), format(result.rivuletMin, 1),
                format(result.ratio, 2) + "x", scenario.target.map { "≤" + format($0, 1) + "x" } ?? "-", allocations,
                ok,
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
        print("base = the hand-written baseline: the same work in plain Swift (a loop, a closure, a lock), no streams.")
        print("riv = Rivulet. med/min = median/minimum over the timed runs, per operation, in the unit's column.")
        print("ratio = riv med / base med: how many times the baseline's cost Rivulet pays for the same work.")
        print("target = the largest ratio accepted (docs/performance.md says where each comes from); ok = within it.")
        print("allocs b/r = heap allocations per operation, baseline/Rivulet (counted in a separate, untimed run).")
        print("checksum = a sum of what Rivulet's side delivered; it must equal the baseline's (same work done),")
        print("           else the row says SUM! and the run fails.")
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
    /// The compiler that built this executable (the language mode is Swift 6 whatever it is).
    static var compilerVersion: String {
        #if compiler(>=6.5)
            "a Swift 6.5 or later compiler"
        #elseif compiler(>=6.4)
            "the Swift 6.4 compiler"
        #elseif compiler(>=6.3)
            "the Swift 6.3 compiler"
        #elseif compiler(>=6.2)
            "the Swift 6.2 compiler"
        #elseif compiler(>=6.1)
            "the Swift 6.1 compiler"
        #else
            "the Swift 6.0 compiler"
        #endif
    }

    static func describe() -> [String: String] {
        var info: [String: String] = [:]
        info["nproc"] = String(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
        info["cpu"] =
            firstLine(of: "/proc/cpuinfo", prefix: "model name").map { line in
                String(line.split(separator: ":", maxSplits: 1).last ?? "").trimmingSpaces()
            } ?? "unknown"
        info["swift"] = compilerVersion
        #if DEBUG
            info["build"] = "debug"
        #else
            info["build"] = "release"
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
    /// The string padded with spaces to `width` characters.
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }

    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while scalars.first == " " || scalars.first == "\t" { scalars.removeFirst() }
        while scalars.last == " " || scalars.last == "\n" || scalars.last == "\t" { scalars.removeLast() }
        return String(scalars)
    }

    func trimmingCharacters() -> String { trimmingSpaces() }
}
