import Rivulet

/// Draws recorded events and subscriptions as marble diagrams (the inverse of `MarbleParser`).
struct MarbleRenderer<T> {
    /// A drawn diagram: its text, the 0-based column of each event, and the characters chosen
    /// for values that were not in the dictionary.
    struct Rendering {
        var text: String
        var columns: [Int]
        var extraValues: [(key: String, value: T)]
    }

    let values: [String: T]
    let origin: TestTime
    let resolution: Double

    init(values: [String: T], origin: TestTime, resolution: Double) {
        self.values = values
        self.origin = origin
        self.resolution = resolution.isFinite && resolution > 0 ? resolution : 1.0
    }

    private static var freeKeys: [Character] {
        Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    }

    /// Dashes and a time progression that take the pointer forward by `gap` ticks.
    private func advance(_ text: inout String, by gap: Int) -> Bool {
        text += String(repeating: "-", count: gap / Marbles.ticksPerFrame)
        let remainder = gap % Marbles.ticksPerFrame
        guard remainder > 0 else { return true }
        guard let progression = progression(ticks: remainder) else { return false }
        text += (text.isEmpty ? "" : " ") + progression + " "
        return true
    }

    /// `5ms`, `3s` or `0.5s` for `ticks` scheduler ticks.
    private func progression(ticks: Int) -> String? {
        let seconds = Double(ticks) * resolution
        let milliseconds = seconds * 1000
        let wholeMilliseconds = milliseconds.rounded()
        if abs(milliseconds - wholeMilliseconds) <= 1e-9 * max(1, milliseconds), wholeMilliseconds < 1e15 {
            let value = Int(wholeMilliseconds)
            return value % 1000 == 0 ? "\(value / 1000)s" : "\(value)ms"
        }
        let text = "\(seconds)"
        return text.contains("e") ? nil : text + "s"
    }

    /// The diagram of `subscription`, or `nil` when it cannot be drawn.
    func render(_ subscription: Subscription) -> String? {
        guard subscription.subscribe >= origin else { return nil }
        var text = ""
        guard advance(&text, by: subscription.subscribe - origin) else { return nil }
        if subscription.unsubscribe == Int.max { return text + "^" }
        if subscription.unsubscribe == subscription.subscribe { return text + "(^!)" }
        text += "^"
        let pointer = subscription.subscribe + Marbles.ticksPerFrame
        guard subscription.unsubscribe >= pointer, advance(&text, by: subscription.unsubscribe - pointer) else {
            return nil
        }
        text += "!"
        guard let parsed = try? Marbles.subscription(text, origin: origin, resolution: resolution),
            parsed == subscription
        else { return nil }
        return text
    }
}

extension MarbleRenderer where T: Equatable {
    /// The diagram of `events`, or `nil` when they cannot be drawn (checked by parsing the
    /// drawing back).
    func render(_ events: [Recorded<Event<T>>]) -> Rendering? {
        let sortedKeys = values.keys.sorted()
        var free = Self.freeKeys.filter { values[String($0)] == nil }.makeIterator()
        var extra: [(key: String, value: T)] = []

        func key(for element: T) -> String? {
            if let known = sortedKeys.first(where: { values[$0] == element }) { return known }
            if let chosen = extra.first(where: { $0.value == element }) { return chosen.key }
            guard let next = free.next() else { return nil }
            extra.append((String(next), element))
            return String(next)
        }

        var text = ""
        var columns: [Int] = []
        var pointer = origin
        var index = events.startIndex
        while index < events.endIndex {
            let time = events[index].time
            var end = index
            while end < events.endIndex, events[end].time == time { end += 1 }
            guard time >= pointer, advance(&text, by: time - pointer) else { return nil }
            pointer = time
            var symbols = ""
            for event in events[index..<end] {
                switch event.value {
                case .next(let element):
                    guard let key = key(for: element) else { return nil }
                    symbols += key
                case .error: symbols += "#"
                case .completed: symbols += "|"
                }
            }
            if end - index > 1 {
                columns += Array(repeating: text.count, count: end - index)
                text += "(" + symbols + ")"
                pointer += Marbles.ticksPerFrame * (symbols.count + 2)
            } else {
                columns.append(text.count)
                text += symbols
                pointer += Marbles.ticksPerFrame
            }
            index = end
        }

        // Check the drawing by parsing it back: every ambiguity (a value key that reads as a
        // time progression, an unrepresentable gap) shows up as a difference.
        var lookup = values
        for (key, value) in extra { lookup[key] = value }
        var errors: [any Swift.Error] = []
        for event in events { if let error = event.value.error { errors.append(error) } }
        let parsed: [Recorded<Event<T>>]
        do {
            parsed = try Marbles.events(
                text, kind: .result, origin: origin, resolution: resolution,
                error: errors.first ?? MarbleDefaultError()
            ) { (character: Character) -> T? in lookup[String(character)] }
        } catch {
            return nil
        }
        guard parsed == events else { return nil }
        return Rendering(text: text, columns: columns, extraValues: extra)
    }
}
