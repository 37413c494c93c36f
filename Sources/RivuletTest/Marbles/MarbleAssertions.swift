import Rivulet

/// Asserts that `events` are what `diagram` draws (frame 0 at `origin`, 10 ticks a frame, `#`
/// standing for `error`). Works in XCTest and Swift Testing; a mismatch is reported at the
/// caller with both diagrams aligned and the first differing frame:
///
/// ```
/// marble diagrams differ at frame 5 (virtual time 250)
/// expected: --a--b--|
/// actual:   --a--c--|
///                ^
/// expected: next(2) @ 250
/// actual:   next(3) @ 250
/// ```
///
/// A malformed `diagram` is reported as a failure naming the column.
@discardableResult
public func assertMarbles<T: Equatable>(
    _ events: [Recorded<Event<T>>], _ diagram: String, values: [String: T],
    error: Swift.Error = MarbleDefaultError(), origin: TestTime = Marbles.defaultOrigin,
    resolution: Double = 1.0,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Bool {
    let message: String?
    do {
        let expected = try Marbles.events(
            diagram, kind: .result, values: values, error: error, origin: origin, resolution: resolution)
        message =
            expected == events
            ? nil
            : marbleMismatchMessage(
                expected: expected, actual: events, written: diagram, values: values,
                origin: origin, resolution: resolution)
    } catch {
        message = "invalid expected diagram: \(error)"
    }
    guard let message else { return true }
    reportFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
    return false
}

/// `assertMarbles` for `String` values drawn as their own characters.
@discardableResult
public func assertMarbles(
    _ events: [Recorded<Event<String>>], _ diagram: String,
    error: Swift.Error = MarbleDefaultError(), origin: TestTime = Marbles.defaultOrigin,
    resolution: Double = 1.0,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Bool {
    var values: [String: String] = [:]
    for character in diagram where Marbles.isValueKey(character) { values[String(character)] = String(character) }
    return assertMarbles(
        events, diagram, values: values, error: error, origin: origin, resolution: resolution,
        fileID: fileID, filePath: filePath, line: line, column: column)
}

/// `assertMarbles` for what `observer` recorded (time progressions use its scheduler's
/// resolution).
@discardableResult
public func assertMarbles<T: Equatable>(
    _ observer: TestableObserver<T>, _ diagram: String, values: [String: T],
    error: Swift.Error = MarbleDefaultError(), origin: TestTime = Marbles.defaultOrigin,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Bool {
    assertMarbles(
        observer.events, diagram, values: values, error: error, origin: origin,
        resolution: observer.scheduler.resolution,
        fileID: fileID, filePath: filePath, line: line, column: column)
}

/// `assertMarbles` for what `observer` recorded, with `String` values drawn as their own
/// characters.
@discardableResult
public func assertMarbles(
    _ observer: TestableObserver<String>, _ diagram: String,
    error: Swift.Error = MarbleDefaultError(), origin: TestTime = Marbles.defaultOrigin,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Bool {
    assertMarbles(
        observer.events, diagram, error: error, origin: origin, resolution: observer.scheduler.resolution,
        fileID: fileID, filePath: filePath, line: line, column: column)
}

/// Asserts that `subscriptions` are the ones the subscription diagrams draw (`"^---!"`, one
/// diagram per subscription, in order; frame 0 at `origin`). Works in XCTest and Swift
/// Testing; a mismatch prints both sets of diagrams aligned.
@discardableResult
public func assertSubscriptions(
    _ subscriptions: [Subscription], _ diagrams: [String],
    origin: TestTime = Marbles.defaultOrigin, resolution: Double = 1.0,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Bool {
    let message: String?
    do {
        var expected: [Subscription] = []
        for diagram in diagrams {
            expected.append(try Marbles.subscription(diagram, origin: origin, resolution: resolution))
        }
        message =
            expected == subscriptions
            ? nil
            : subscriptionMismatchMessage(
                expected: expected, actual: subscriptions, origin: origin, resolution: resolution)
    } catch {
        message = "invalid subscription diagram: \(error)"
    }
    guard let message else { return true }
    reportFailure(message, fileID: fileID, filePath: filePath, line: line, column: column)
    return false
}

/// `assertSubscriptions` for a source subscribed once.
@discardableResult
public func assertSubscriptions(
    _ subscriptions: [Subscription], _ diagram: String,
    origin: TestTime = Marbles.defaultOrigin, resolution: Double = 1.0,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Bool {
    assertSubscriptions(
        subscriptions, [diagram], origin: origin, resolution: resolution,
        fileID: fileID, filePath: filePath, line: line, column: column)
}

/// `assertSubscriptions` for the subscriptions `source` recorded.
@discardableResult
public func assertSubscriptions<T>(
    _ source: TestableObservable<T>, _ diagrams: String...,
    origin: TestTime = Marbles.defaultOrigin,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) -> Bool {
    assertSubscriptions(
        source.subscriptions, diagrams, origin: origin, resolution: source.testScheduler.resolution,
        fileID: fileID, filePath: filePath, line: line, column: column)
}

/// The failure text of `assertMarbles`: aligned diagrams, a caret under the first differing
/// frame, and the differing events.
func marbleMismatchMessage<T: Equatable>(
    expected: [Recorded<Event<T>>], actual: [Recorded<Event<T>>], written: String,
    values: [String: T], origin: TestTime, resolution: Double
) -> String {
    let renderer = MarbleRenderer(values: values, origin: origin, resolution: resolution)
    let expectedDrawing = renderer.render(expected)
    let actualDrawing = renderer.render(actual)

    var index = 0
    while index < expected.count, index < actual.count, expected[index] == actual[index] { index += 1 }
    let expectedEvent = index < expected.count ? expected[index] : nil
    let actualEvent = index < actual.count ? actual[index] : nil
    let time = [expectedEvent?.time, actualEvent?.time].compactMap { $0 }.min() ?? origin

    var lines = ["marble diagrams differ at \(frameDescription(time, origin: origin))"]
    lines.append("expected: " + (expectedDrawing?.text ?? written))
    lines.append("actual:   " + (actualDrawing?.text ?? "(cannot be drawn as a diagram)"))
    if let expectedDrawing, let actualDrawing {
        let column: Int
        if let expectedEvent, expectedEvent.time == time {
            column = expectedDrawing.columns[index]
        } else {
            column = actualDrawing.columns[index]
        }
        lines.append(String(repeating: " ", count: 10 + column) + "^")
    }
    lines.append("expected: " + (expectedEvent?.debugDescription ?? "nothing more"))
    lines.append("actual:   " + (actualEvent?.debugDescription ?? "nothing more"))
    if let extra = actualDrawing?.extraValues, !extra.isEmpty {
        lines.append("values not in the dictionary: " + extra.map { "\($0.key) = \($0.value)" }.joined(separator: ", "))
    }
    if actualDrawing == nil {
        lines.append("actual events: [" + actual.map(\.debugDescription).joined(separator: ", ") + "]")
    }
    return lines.joined(separator: "\n")
}

/// The failure text of `assertSubscriptions`: each side's diagrams aligned, then the values.
func subscriptionMismatchMessage(
    expected: [Subscription], actual: [Subscription], origin: TestTime, resolution: Double
) -> String {
    let renderer = MarbleRenderer<Never>(values: [:], origin: origin, resolution: resolution)
    func drawings(_ subscriptions: [Subscription]) -> [String] {
        if subscriptions.isEmpty { return ["(no subscriptions)"] }
        return subscriptions.map { renderer.render($0) ?? $0.debugDescription }
    }
    func block(_ label: String, _ rows: [String]) -> [String] {
        rows.enumerated().map { offset, row in (offset == 0 ? label : String(repeating: " ", count: 10)) + row }
    }
    func list(_ subscriptions: [Subscription]) -> String {
        "[" + subscriptions.map(\.debugDescription).joined(separator: ", ") + "]"
    }
    return
        (["subscriptions differ"]
        + block("expected: ", drawings(expected))
        + block("actual:   ", drawings(actual))
        + ["expected: " + list(expected), "actual:   " + list(actual)]).joined(separator: "\n")
}

/// `frame 5 (virtual time 250)` or `frame 5 + 3 ticks (virtual time 253)`.
func frameDescription(_ time: TestTime, origin: TestTime) -> String {
    let offset = time - origin
    let frame =
        offset >= 0 ? offset / Marbles.ticksPerFrame : -((-offset + Marbles.ticksPerFrame - 1) / Marbles.ticksPerFrame)
    let remainder = offset - frame * Marbles.ticksPerFrame
    let ticks = remainder == 0 ? "" : " + \(remainder) tick\(remainder == 1 ? "" : "s")"
    return "frame \(frame)\(ticks) (virtual time \(time))"
}
