import Rivulet

// B5 keyboard: waits for the keyboard module (KeyboardObserver, ScrollInsetConsumer).

extension Scenarios {
    static var b5: Scenario { Scenario(
        id: "B5", name: "keyboard", dialect: "rx", unit: "post", operations: 100_000,
        target: 1.3, reportsAllocations: false,
        baseline: { _, _ in 0 }, rivulet: nil,
        skipReason: "the keyboard module is not on main yet"
    ) }
}
