// The sections of docs/operators.md: which declarations each shows, the Combine spelling, and
// the demos run on a TestScheduler. `code` is what the page shows for the demo's operator call;
// it is written next to the call it describes. The sections live in one file per family
// (Sections+<Family>.swift); the page lists the factories in their own order, then every operator
// sorted by title, then the traits.
import Rivulet
import RivuletTest

/// Every section of the page, in the page's order.
package func makeSections() -> [Section] {
    let operators =
        transformingSections() + filteringSections() + combiningSections() + errorHandlingSections()
        + schedulingSections() + utilitySections() + traitConversionSections()
    return factorySections() + operators.sorted { $0.title < $1.title } + traitSections()
}

/// Collects what the `do` demo's closures saw (not shown on the page).
final class Log {
    private(set) var values: [String] = []
    func append(_ value: String) { values.append(value) }
}
