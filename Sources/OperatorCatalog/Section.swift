// What the operator reference shows for each operator, and the demos it runs (see Sections.swift).
import Rivulet
import RivuletTest

/// A demo: what the section shows as code, and how to run it.
package struct Demo {
    /// The operator call the page shows.
    package var code: String
    /// Whether the demo's `TestScheduler` simulates processing delay.
    package var simulateProcessingDelay = true
    /// A note the page shows after the diagram.
    package var note: String?
    /// Runs the demo in `Lab` and returns what the stream sent.
    package var run: (Lab) throws -> [Recorded<Event<String>>]

    /// A demo showing `code`, run by `run`.
    package init(
        code: String, simulateProcessingDelay: Bool = true, note: String? = nil,
        run: @escaping (Lab) throws -> [Recorded<Event<String>>]
    ) {
        self.code = code
        self.simulateProcessingDelay = simulateProcessingDelay
        self.note = note
        self.run = run
    }
}

/// One section of the reference.
package struct Section {
    /// The section's heading.
    package var title: String
    /// Declarations shown and claimed: (file under Sources/Rivulet, start of the declaration
    /// after `func `).
    package var declarations: [(file: String, prefix: String)]
    /// The Combine dialect's spelling, if there is one.
    package var combine: String?
    /// The section's first sentence, when it is not the first declaration's summary.
    package var summary: String? = nil
    /// The demos the page draws (and the leak check runs).
    package var demos: [Demo]
}
