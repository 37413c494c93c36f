/// A malformed marble diagram: what is wrong and the 1-based column where it is.
///
/// ```
/// MarbleError: unknown value key 'x' (not in `values`) at column 6
///   --a--x--|
///        ^
/// ```
public struct MarbleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with a diagram.
    public enum Reason: Equatable, Sendable {
        /// A character that means nothing in this kind of diagram.
        case unexpectedCharacter(Character)
        /// A value character with no entry in the `values` dictionary.
        case unknownValue(String)
        /// A `(` with no matching `)`.
        case unclosedGroup
        /// A `)` with no `(` before it.
        case unmatchedGroupClose
        /// A `(` inside a group.
        case nestedGroup
        /// An event after `|` or `#` (including a second terminal event).
        case eventAfterTerminal
        /// `^` in a cold diagram: a cold source starts at each subscription.
        case subscriptionPointInColdDiagram
        /// `^` in an expected-result diagram: results start at the origin.
        case subscriptionPointInResultDiagram
        /// A second `^`.
        case duplicateSubscriptionPoint
        /// A subscription diagram without `^` (the column is one past the end).
        case missingSubscriptionPoint
        /// A second `!`.
        case duplicateUnsubscription
        /// `!` before `^`.
        case unsubscriptionBeforeSubscription
        /// A time progression (`15ms`) that is not a whole number of ticks of `resolution` seconds
        /// (the message suggests a resolution that fits).
        case timeProgressionNotWholeTicks(String, resolution: Double)
        /// A time progression written without a space on each side (`--a--100ms-b`), which reads
        /// as value characters (`1`, `0`, `0`, `m`, `s`); the values are not in `values`.
        case timeProgressionNeedsSpaces(String)
    }

    /// What is wrong.
    public let reason: Reason
    /// The 1-based column (in characters, spaces included) where it is.
    public let column: Int
    /// The diagram.
    public let diagram: String

    /// An error about `diagram` at `column` (1-based).
    public init(_ reason: Reason, column: Int, diagram: String) {
        self.reason = reason
        self.column = column
        self.diagram = diagram
    }

    /// The reason, the column, and the diagram with a caret under the column.
    public var description: String {
        let caret = String(repeating: " ", count: max(column - 1, 0)) + "^"
        return "MarbleError: \(explanation) at column \(column)\n  \(diagram)\n  \(caret)"
    }

    private var explanation: String {
        switch reason {
        case .unexpectedCharacter("!"):
            return "unexpected '!' (unsubscription belongs in subscription diagrams)"
        case .unexpectedCharacter(let character):
            return "unexpected character '\(character)'"
        case .unknownValue(let key):
            return "unknown value key '\(key)' (not in `values`)"
        case .unclosedGroup:
            return "group '(' is never closed"
        case .unmatchedGroupClose:
            return "')' without an open group"
        case .nestedGroup:
            return "groups cannot nest"
        case .eventAfterTerminal:
            return "event after the terminal event"
        case .subscriptionPointInColdDiagram:
            return "'^' in a cold diagram (cold sources start at each subscription)"
        case .subscriptionPointInResultDiagram:
            return "'^' in an expected-result diagram"
        case .duplicateSubscriptionPoint:
            return "second '^'"
        case .missingSubscriptionPoint:
            return "subscription diagram without '^'"
        case .duplicateUnsubscription:
            return "second '!'"
        case .unsubscriptionBeforeSubscription:
            return "'!' before '^'"
        case .timeProgressionNotWholeTicks(let text, let resolution):
            let base = "time progression '\(text)' is not a whole number of ticks of \(resolution) s"
            guard let fitting = Self.resolution(fitting: text) else { return base }
            return base + " (a TestScheduler created with `resolution: \(fitting)` counts it in whole ticks)"
        case .timeProgressionNeedsSpaces(let text):
            return "'\(text)' reads as value characters here: a time progression needs a space before "
                + "and after it (`-a- \(text) -b`)"
        }
    }
}

extension MarbleError {
    /// The coarsest power-of-ten resolution (1 s down to 1 ns) in which `text` (`1.5s`, `100ms`,
    /// `2m`) is a whole number of ticks, or `nil`.
    static func resolution(fitting text: String) -> Double? {
        let (number, secondsPerUnit): (Substring, Double) =
            text.hasSuffix("ms")
            ? (text.dropLast(2), 0.001) : text.hasSuffix("s") ? (text.dropLast(), 1) : (text.dropLast(), 60)
        guard let amount = Double(number) else { return nil }
        let seconds = amount * secondsPerUnit
        for resolution in [1, 0.1, 0.01, 0.001, 0.0001, 1e-5, 1e-6, 1e-7, 1e-8, 1e-9] {
            let ticks = seconds / resolution
            if abs(ticks - ticks.rounded()) <= 1e-6 * max(1, abs(ticks)) { return resolution }
        }
        return nil
    }
}

/// The error a `#` stands for when no `error:` is given; its description is `error`.
public struct MarbleDefaultError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The default marble error.
    public init() {}

    /// `error`.
    public var description: String { "error" }
}
