import Rivulet

/// Marble diagrams for `TestScheduler`, in the RxJS grammar.
///
/// | character | meaning |
/// |---|---|
/// | `-` | one frame: **10 virtual ticks** (`Marbles.ticksPerFrame`) |
/// | `a`–`z`, `A`–`Z`, `0`–`9` | a value, looked up in the `values` dictionary; takes a frame |
/// | `|` | completion; takes a frame |
/// | `#` | error (the `error:` argument); takes a frame |
/// | `(ab)` | everything inside happens at the frame of `(`; each of the characters, parentheses included, still takes a frame (so columns stay frames) |
/// | `^` | hot diagrams: the subscription point, which is frame 0; takes a frame |
/// | `!` | subscription diagrams: the unsubscription |
/// | `100ms`, `1.5s`, `2m` | time progression, converted to ticks with the scheduler's `resolution` (default 1 s per tick, so `5s` is 5 ticks; with `resolution: 0.001`, `100ms` is 100 ticks); it must start the diagram or follow a space, and end it or be followed by a space |
/// | space | ignored (no time) |
///
/// Where frame 0 is: for hot diagrams, expected results and subscription diagrams it is the
/// virtual time `origin`, by default 200 (`TestScheduler.Defaults.subscribed`, when `start`
/// subscribes); frames before a hot diagram's `^` are before it. A cold diagram's frame 0 is
/// each subscription's moment.
///
/// ```swift
/// let xs = try scheduler.createHotObservable("--a--^--b--c--|", values: ["a": 1, "b": 2, "c": 3])
/// // a at 170, b at 230, c at 260, completed at 290
/// let res = scheduler.start { xs.map { $0 * 10 } }
/// assertMarbles(res, "---B--C--|", values: ["B": 20, "C": 30])
/// assertSubscriptions(xs, "^--------!")
/// ```
public enum Marbles {
    /// Virtual ticks in one frame (one `-`): 10.
    public static let ticksPerFrame: TestTime = 10

    /// The default virtual time of frame 0: 200, when `TestScheduler.start` subscribes.
    public static let defaultOrigin: TestTime = TestScheduler.Defaults.subscribed

    /// The kinds of event diagram.
    public enum DiagramKind: Sendable {
        /// A hot source: absolute times from `origin`, may contain `^`.
        case hot
        /// A cold source: times relative to each subscription; no `^`.
        case cold
        /// An expected result: absolute times from `origin`; no `^`.
        case result
    }

    /// The recorded events `diagram` stands for; values are looked up in `values`, `#` is
    /// `error`.
    ///
    /// ```swift
    /// try Marbles.events("-a-(b|)", values: ["a": 1, "b": 2])
    /// // [.next(210, 1), .next(230, 2), .completed(230)]
    /// ```
    public static func events<T>(
        _ diagram: String, kind: DiagramKind = .result, values: [String: T],
        error: Swift.Error = MarbleDefaultError(),
        origin: TestTime = defaultOrigin, resolution: Double = 1.0
    ) throws(MarbleError) -> [Recorded<Event<T>>] {
        try events(diagram, kind: kind, origin: origin, resolution: resolution, error: error) {
            (key: Character) -> T? in values[String(key)]
        }
    }

    /// The recorded events `diagram` stands for, each value being its own character as a
    /// `String`.
    public static func events(
        _ diagram: String, kind: DiagramKind = .result, error: Swift.Error = MarbleDefaultError(),
        origin: TestTime = defaultOrigin, resolution: Double = 1.0
    ) throws(MarbleError) -> [Recorded<Event<String>>] {
        try events(diagram, kind: kind, origin: origin, resolution: resolution, error: error) {
            (key: Character) -> String? in String(key)
        }
    }

    /// The subscription a subscription diagram (`"^---!"`, `"--^"`, `"(^!)"`) stands for; no
    /// `!` means still subscribed (`Int.max`).
    public static func subscription(
        _ diagram: String, origin: TestTime = defaultOrigin, resolution: Double = 1.0
    ) throws(MarbleError) -> Subscription {
        let parsed = try MarbleParser(diagram, resolution: resolution).subscription()
        return Subscription(origin + parsed.subscribe, parsed.unsubscribe.map { origin + $0 } ?? Int.max)
    }

    /// The diagram of `events` (frame 0 at `origin`; pass `origin: 0` for times relative to a
    /// subscription), or `nil` when the events cannot be drawn: two events closer than the
    /// frames the first one occupies, an event before `origin`, or more distinct unknown values
    /// than free characters. Values not in `values` are drawn with free characters.
    public static func diagram<T: Equatable>(
        _ events: [Recorded<Event<T>>], values: [String: T] = [:],
        origin: TestTime = defaultOrigin, resolution: Double = 1.0
    ) -> String? {
        MarbleRenderer(values: values, origin: origin, resolution: resolution).render(events)?.text
    }

    /// The diagram of `subscription` (`"^--!"`), or `nil` when it cannot be drawn (it starts
    /// before `origin`, or ends less than a frame after it starts without ending at the same
    /// time).
    public static func diagram(
        _ subscription: Subscription, origin: TestTime = defaultOrigin, resolution: Double = 1.0
    ) -> String? {
        MarbleRenderer<Never>(values: [:], origin: origin, resolution: resolution).render(subscription)
    }

    static func isValueKey(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber)
    }

    static func events<T>(
        _ diagram: String, kind: DiagramKind, origin: TestTime, resolution: Double,
        error: Swift.Error, value: (Character) -> T?
    ) throws(MarbleError) -> [Recorded<Event<T>>] {
        let parser = MarbleParser(diagram, resolution: resolution)
        let entries = try parser.events(kind: kind)
        let base = kind == .cold ? 0 : origin
        var result: [Recorded<Event<T>>] = []
        result.reserveCapacity(entries.count)
        for entry in entries {
            let event: Event<T>
            switch entry.symbol {
            case .completed: event = .completed
            case .error: event = .error(error)
            case .value(let key):
                guard let element = value(key) else {
                    // `--a--100ms-b`: digits the user meant as time, not values; say what would parse.
                    let reason: MarbleError.Reason =
                        parser.spacelessTimeProgression(at: entry.column - 1).map { .timeProgressionNeedsSpaces($0) }
                        ?? .unknownValue(String(key))
                    throw MarbleError(reason, column: entry.column, diagram: diagram)
                }
                event = .next(element)
            }
            result.append(Recorded(time: base + entry.ticks, value: event))
        }
        return result
    }
}
