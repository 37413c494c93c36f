#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes the results as a JSON array of flat objects (no Foundation needed).
enum JSONWriter {
    static func encode(_ results: [Result], machine: [String: String]) -> String {
        var objects: [String] = []
        for result in results {
            var fields: [(String, String)] = [
                ("scenario", string(result.scenario.id)),
                ("name", string(result.scenario.name)),
                ("dialect", string(result.scenario.dialect)),
                (
                    "unit",
                    string(result.unitIsBytes ? "bytes per \(result.scenario.unit)" : "ns per \(result.scenario.unit)")
                ),
                ("operations", String(result.operations)),
                ("runs", String(result.rivuletSamples.count)),
                ("median_ns", number(result.rivuletMedian)),
                ("min_ns", number(result.rivuletMin)),
                ("baseline_median_ns", number(result.baselineMedian)),
                ("baseline_min_ns", number(result.baselineMin)),
                ("ratio", number(result.ratio)),
                ("target_ratio", result.scenario.target.map(number) ?? "null"),
                ("checksum", String(result.rivuletChecksum)),
                ("checksums_match", result.checksumsMatch ? "true" : "false"),
            ]
            if result.unitIsBytes {
                fields.append(("bytes", number(result.rivuletMedian)))
                fields.append(("baseline_bytes", number(result.baselineMedian)))
            }
            if let allocations = result.rivuletAllocations {
                fields.append(("allocs_per_op", number(allocations)))
            }
            if let allocations = result.baselineAllocations {
                fields.append(("baseline_allocs_per_op", number(allocations)))
            }
            if let growth = result.peakMemoryGrowth {
                fields.append(("peak_rss_growth_bytes", String(growth.rivulet)))
                fields.append(("baseline_peak_rss_growth_bytes", String(growth.baseline)))
            }
            if let target = result.memoryTarget {
                fields.append(("target_rss_growth_bytes", String(target)))
            }
            for (key, value) in machine.sorted(by: { $0.key < $1.key }) {
                fields.append((key, string(value)))
            }
            let body = fields.map { "    \(string($0.0)): \($0.1)" }.joined(separator: ",\n")
            objects.append("  {\n\(body)\n  }")
        }
        return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
    }

    static func write(_ text: String, to path: String) -> Bool {
        guard let file = fopen(path, "w") else { return false }
        defer { fclose(file) }
        return fputs(text, file) >= 0
    }

    private static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return String((value * 1000).rounded() / 1000)
    }

    private static func string(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
