import Foundation
import Rivulet
import XCTest

/// A test case that checks for leaked subscriptions: `Resources.total` (live sinks and subject
/// subscriptions, counted in debug builds) must be back at its starting value when the test ends.
///
/// Subclasses that override `setUp()`/`tearDown()` call `super` (first in `setUp`, last in
/// `tearDown`). Keep subscriptions in locals, not in stored properties of the test case: XCTest
/// keeps test-case instances alive, so a stored subscription would be reported as a leak.
class RivuletTestCase: XCTestCase {
    private var resourcesAtStart = 0

    override func setUp() {
        super.setUp()
        resourcesAtStart = Resources.total
    }

    override func tearDown() {
        XCTAssertEqual(
            Resources.total, resourcesAtStart,
            "Resources.total did not return to its starting value: a sink or subscription leaked"
        )
        super.tearDown()
    }
}
