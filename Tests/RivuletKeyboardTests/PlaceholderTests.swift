import RivuletKeyboard
import XCTest

final class RivuletKeyboardModuleTests: XCTestCase {
    func testModuleLinks() { XCTAssertTrue(true) }
}
