// docs/dialects.md, "import Combine and import Rivulet in one file": the sample is compiled where
// Apple's Combine exists (not on Linux). DocsSamplesTests checks the guide shows this code.
#if canImport(Combine)
    // docs: dialects, module-qualified names
    import Combine
    import Rivulet
    // end docs
    import XCTest

    final class DialectsQualifiedNamesSampleTests: RivuletTestCase {
        func testModuleQualifiedNames() {
            // docs: dialects, module-qualified names
            let apple: Combine.AnyPublisher<Int, Never> = Combine.Just(1).eraseToAnyPublisher()
            let ours: Rivulet.AnyPublisher<Int, Never> = Rivulet.Just(1).eraseToAnyPublisher()
            var bag = Set<Rivulet.AnyCancellable>()
            // end docs
            var received: [Int] = []
            apple.sink { received.append($0) }.cancel()
            ours.sink { received.append($0 * 10) }.store(in: &bag)
            XCTAssertEqual(received, [1, 10])
        }
    }
#endif
