import RivuletTest
import TestSupport

/// The base of every test case in this target: RivuletTest's `LeakCheckingTestCase`, which fails a
/// test that leaves a live sink or subscription behind (`Resources.total`). Every XCTestCase class
/// of every test target inherits it (`LeakCheckCoverageTests` checks the sources).
typealias RivuletTestCase = LeakCheckingTestCase
