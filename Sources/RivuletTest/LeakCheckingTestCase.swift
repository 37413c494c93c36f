import Rivulet
import XCTest

/// An `XCTestCase` that fails any test leaving live sinks or subscriptions behind:
/// `Resources.total` (counted in debug builds) must be back at its starting value when the test
/// ends. Inherit from it instead of `XCTestCase` to have every test checked.
///
/// ```swift
/// final class ViewModelTests: LeakCheckingTestCase {
///     func testSearch() { ... }  // fails if a subscription made here is still alive at the end
/// }
/// ```
///
/// Subclasses that override `setUp()`/`tearDown()` call `super` (first in `setUp`, last in
/// `tearDown`). Keep subscriptions in locals, not in stored properties of the test case: XCTest
/// keeps test-case instances alive, so a stored subscription would be reported as a leak. In
/// release builds the counter is always 0 and the check always passes.
open class LeakCheckingTestCase: XCTestCase {
    private var resourcesAtStart: Int32 = 0

    /// Records `Resources.total` before the test.
    open override func setUp() {
        super.setUp()
        resourcesAtStart = Resources.total
    }

    /// Fails the test if `Resources.total` is not back at its starting value.
    open override func tearDown() {
        XCTAssertEqual(
            Resources.total, resourcesAtStart,
            "Resources.total did not return to its starting value: a sink or subscription leaked"
        )
        super.tearDown()
    }
}
