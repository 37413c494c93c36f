import RivuletTest
import XCTest

final class RivuletTestModuleTests: XCTestCase {
    func testModuleLinks() { XCTAssertTrue(true) }
}
