/// The marble grammar (RxJS's), scanned into timed symbols. Times are ticks from the diagram's
/// frame 0; the public entry points are in `Marbles`.
struct MarbleParser {
    /// What a diagram character stands for.
    enum Symbol: Equatable {
        case value(Character)
        case completed
        case error
    }

    /// One scanned symbol.
    struct Entry: Equatable {
        /// Ticks from frame 0 (negative before a hot diagram's `^`).
        var ticks: Int
        var symbol: Symbol
        /// 1-based column.
        var column: Int
    }

    let diagram: String
    let characters: [Character]
    let resolution: Double

    init(_ diagram: String, resolution: Double) {
        self.diagram = diagram
        self.characters = Array(diagram)
        self.resolution = resolution.isFinite && resolution > 0 ? resolution : 1.0
    }

    private func failure(_ reason: MarbleError.Reason, at index: Int) -> MarbleError {
        MarbleError(reason, column: index + 1, diagram: diagram)
    }

    /// Scans an event diagram. `^` is allowed only for `.hot`; frame 0 is the `^` frame when
    /// there is one, otherwise the first column.
    func events(kind: Marbles.DiagramKind) throws(MarbleError) -> [Entry] {
        var entries: [Entry] = []
        var subscriptionTicks: Int?
        var terminated = false
        try scan { (character, ticks, index) throws(MarbleError) -> Bool in
            switch character {
            case "^":
                switch kind {
                case .cold: throw failure(.subscriptionPointInColdDiagram, at: index)
                case .result: throw failure(.subscriptionPointInResultDiagram, at: index)
                case .hot: break
                }
                if subscriptionTicks != nil { throw failure(.duplicateSubscriptionPoint, at: index) }
                subscriptionTicks = ticks
            case "|", "#":
                if terminated { throw failure(.eventAfterTerminal, at: index) }
                terminated = true
                let symbol: Symbol = character == "|" ? .completed : .error
                entries.append(Entry(ticks: ticks, symbol: symbol, column: index + 1))
            default:
                guard Marbles.isValueKey(character) else { return false }
                if terminated { throw failure(.eventAfterTerminal, at: index) }
                entries.append(Entry(ticks: ticks, symbol: .value(character), column: index + 1))
            }
            return true
        }
        if let subscriptionTicks {
            for position in entries.indices { entries[position].ticks -= subscriptionTicks }
        }
        return entries
    }

    /// Scans a subscription diagram into (subscribe, unsubscribe) ticks from frame 0.
    func subscription() throws(MarbleError) -> (subscribe: Int, unsubscribe: Int?) {
        var subscribe: Int?
        var unsubscribe: Int?
        try scan { (character, ticks, index) throws(MarbleError) -> Bool in
            switch character {
            case "^":
                if subscribe != nil { throw failure(.duplicateSubscriptionPoint, at: index) }
                subscribe = ticks
            case "!":
                if unsubscribe != nil { throw failure(.duplicateUnsubscription, at: index) }
                if subscribe == nil { throw failure(.unsubscriptionBeforeSubscription, at: index) }
                unsubscribe = ticks
            default:
                return false
            }
            return true
        }
        guard let subscribe else { throw failure(.missingSubscriptionPoint, at: characters.count) }
        return (subscribe, unsubscribe)
    }

    /// The part of the grammar both kinds of diagram share: spaces, `-` frames, `( )` groups and
    /// time progressions. Every other character goes to `symbol` with the ticks it stands at (a
    /// group's characters share the group's first frame) and its index; `symbol` returns `false`
    /// for a character it does not know, which is an `unexpectedCharacter` error.
    private func scan(
        _ symbol: (_ character: Character, _ ticks: Int, _ index: Int) throws(MarbleError) -> Bool
    ) throws(MarbleError) {
        var pointer = 0
        var groupStart: (ticks: Int, index: Int)?
        var index = 0
        while index < characters.count {
            let character = characters[index]
            switch character {
            case " ":
                index += 1
                continue
            case "-":
                break
            case "(":
                if groupStart != nil { throw failure(.nestedGroup, at: index) }
                groupStart = (pointer, index)
            case ")":
                if groupStart == nil { throw failure(.unmatchedGroupClose, at: index) }
                groupStart = nil
            default:
                if let (ticks, end) = try timeProgression(at: index) {
                    pointer += ticks
                    index = end
                    continue
                }
                guard try symbol(character, groupStart?.ticks ?? pointer, index) else {
                    // `-a-1.5s`: the point of a time progression written without spaces.
                    var start = index
                    while start > 0, characters[start - 1].isASCII, characters[start - 1].isNumber { start -= 1 }
                    if start < index, let text = spacelessTimeProgression(at: start) {
                        throw failure(.timeProgressionNeedsSpaces(text), at: start)
                    }
                    throw failure(.unexpectedCharacter(character), at: index)
                }
            }
            pointer += Marbles.ticksPerFrame
            index += 1
        }
        if let groupStart { throw failure(.unclosedGroup, at: groupStart.index) }
    }

    /// The text of a time progression (`100ms`) that starts at `index`, at the start of a number,
    /// but lacks the space before or after it that would make it one.
    func spacelessTimeProgression(at index: Int) -> String? {
        guard characters[index].isASCII, characters[index].isNumber else { return nil }
        if index > 0, characters[index - 1].isASCII, characters[index - 1].isNumber || characters[index - 1] == "." {
            return nil
        }
        var end = index
        while end < characters.count, characters[end].isASCII, characters[end].isNumber || characters[end] == "." {
            end += 1
        }
        for unit in ["ms", "s", "m"] where String(characters[end..<min(end + unit.count, characters.count)]) == unit {
            return String(characters[index..<end]) + unit
        }
        return nil
    }

    /// A time progression (`100ms`, `1.5s`, `2m`) starting at `index`: it must start the diagram
    /// or follow a space, and end the diagram or be followed by a space (RxJS's rule, so `1s`
    /// between other characters is two values). Returns its ticks and the index after it.
    private func timeProgression(at index: Int) throws(MarbleError) -> (Int, Int)? {
        guard characters[index].isASCII, characters[index].isNumber else { return nil }
        guard index == 0 || characters[index - 1] == " " else { return nil }
        var end = index
        while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
        if end + 1 < characters.count, characters[end] == ".", characters[end + 1].isASCII, characters[end + 1].isNumber
        {
            end += 1
            while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
        }
        let number = String(characters[index..<end])
        let unit: String
        let secondsPerUnit: Double
        if end + 1 < characters.count, characters[end] == "m", characters[end + 1] == "s" {
            (unit, secondsPerUnit) = ("ms", 0.001)
        } else if end < characters.count, characters[end] == "s" {
            (unit, secondsPerUnit) = ("s", 1)
        } else if end < characters.count, characters[end] == "m" {
            (unit, secondsPerUnit) = ("m", 60)
        } else {
            return nil
        }
        let after = end + unit.count
        guard after == characters.count || characters[after] == " " else { return nil }
        guard let amount = Double(number) else { return nil }
        let exact = amount * secondsPerUnit / resolution
        let ticks = exact.rounded()
        guard ticks.isFinite, abs(exact - ticks) <= 1e-6 * max(1, abs(exact)), ticks < 1e15 else {
            throw failure(.timeProgressionNotWholeTicks(number + unit, resolution: resolution), at: index)
        }
        return (Int(ticks), after)
    }
}
