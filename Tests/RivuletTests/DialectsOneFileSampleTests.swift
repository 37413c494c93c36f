import TestSupport

// docs/dialects.md, "Apple platforms": a file that imports Apple's Combine and Rivulet uses both
// without qualifying Combine's names (Rivulet declares none). Compiled where Apple's Combine
// exists (not on Linux); DocsSamplesTests checks the guide shows this code.
#if canImport(Combine)
    // docs: dialects, Combine and Rivulet in one file
    import Combine
    import Rivulet
    // end docs
    import XCTest

    final class DialectsOneFileSampleTests: RivuletTestCase {
        func testCombineAndRivuletInOneFile() {
            // docs: dialects, Combine and Rivulet in one file
            let apple = Just(1).map { $0 * 10 }.eraseToAnyPublisher()  // Combine's
            let rx = Rivulet.Observable.just(1).map { $0 * 10 }  // Rivulet's
            var cancellables = Set<AnyCancellable>()
            let bag = DisposeBag()
            // end docs
            var received: [Int] = []
            apple.sink { received.append($0) }.store(in: &cancellables)
            rx.subscribe(onNext: { received.append($0 + 1) }).disposed(by: bag)
            XCTAssertEqual(received, [10, 11])
        }
    }
#endif
