// The ways the leak check ends a demo's subscription, and how each rewrites the demo's sources.

/// One way a subscription ends: a demo run along it rewrites its sources' diagrams so that the
/// subscription ends that way.
package enum TerminalPath: Hashable, CustomStringConvertible {
    /// The sources as drawn; the subscriber never disposes before the demo's disposal time.
    case asDrawn
    /// Input `input` (in creation order) completes (`failing` false) or fails where its diagram
    /// ends (at its end when it has no terminal event), and every other input never ends.
    case inputEnds(input: Int, failing: Bool)
    /// No input ever ends; the subscription is disposed from outside at the demo's disposal time.
    case disposedFromOutside
    /// The sources as drawn; the subscriber disposes its own subscription from inside its
    /// handler, at the first value.
    case disposedFromInside

    /// The paths for a demo with `inputs` sources: every one, with each input ending first both
    /// ways.
    package static func all(inputs: Int) -> [TerminalPath] {
        [.asDrawn, .disposedFromOutside, .disposedFromInside]
            + (0..<inputs).flatMap { [.inputEnds(input: $0, failing: false), .inputEnds(input: $0, failing: true)] }
    }

    /// What the check reports.
    package var description: String {
        switch self {
        case .asDrawn: "as drawn"
        case .inputEnds(let input, let failing): "input \(input) \(failing ? "fails" : "completes") first"
        case .disposedFromOutside: "disposed from outside"
        case .disposedFromInside: "disposed from inside at the first value"
        }
    }

    /// The diagram of input `index` along this path.
    package func diagram(_ diagram: String, ofInput index: Int) -> String {
        switch self {
        case .asDrawn, .disposedFromInside: diagram
        case .disposedFromOutside: Self.ending(diagram, with: nil)
        case .inputEnds(let input, let failing):
            Self.ending(diagram, with: index == input ? (failing ? "#" : "|") : nil)
        }
    }

    /// `diagram` with its terminal event replaced by `terminal` (`nil`: removed), or `terminal`
    /// added at its end when it has none. Frames keep their columns.
    static func ending(_ diagram: String, with terminal: Character?) -> String {
        var result = ""
        var inGroup = false
        var replaced = false
        for character in diagram {
            switch character {
            case "(":
                inGroup = true
                result.append(character)
            case ")":
                inGroup = false
                result.append(character)
            case "|", "#":
                replaced = true
                if let terminal {
                    result.append(terminal)
                } else if !inGroup {
                    result.append("-")
                }
            default: result.append(character)
            }
        }
        if !replaced, let terminal { result.append(terminal) }
        return result
    }
}
