import Rivulet
import XCTest

/// Fails a test that leaves live sinks or subject subscriptions behind (`Resources.total`,
/// counted in debug builds, must be back at its starting value).
class LeakCheckingTestCase: XCTestCase {
    private var resourcesAtStart = 0

    override func setUp() {
        super.setUp()
        resourcesAtStart = Resources.total
    }

    override func tearDown() {
        XCTAssertEqual(Resources.total, resourcesAtStart, "a sink or subscription leaked")
        super.tearDown()
    }
}
