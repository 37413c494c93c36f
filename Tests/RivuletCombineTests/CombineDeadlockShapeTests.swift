import Foundation
import Rivulet
import RivuletCombine
import TestSupport
import XCTest

/// The Combine spellings of the deadlock shapes in `DeadlockShapeTests`: `sink` + a
/// `Set<AnyCancellable>` emptied on the thread the handler waits for. `cancel()` never waits for
/// another thread's delivery (docs/DESIGN.md, contract 4).
final class CombineDeadlockShapeTests: RealTimeTestCase {
    func testSinkSyncingToTheUIThreadWhileTheUIThreadRemovesItsCancellables() {
        assertFinishes("sink { ui.sync {} } while ui empties the Set<AnyCancellable>") {
            for _ in 0..<20 {
                let subject = PassthroughSubject<Int, Never>()
                let ui = UIThread()
                var cancellables = Set<AnyCancellable>()
                subject.sink { _ in ui.sync {} }.store(in: &cancellables)
                subject.sink { _ in }.store(in: &cancellables)
                let sender = LoopingSender { subject.send($0) }
                _ = sender.waitUntilSent(3)
                ui.sync { cancellables.removeAll() }
                sender.stop()
                ui.stop()
            }
        }
    }

    func testSinkCancellingItselfOnTheUIThread() {
        assertFinishes("sink { ui.sync { cancellable = nil } }") {
            for _ in 0..<20 {
                let subject = CurrentValueSubject<Int, Never>(0)
                let ui = UIThread()
                var cancellable: AnyCancellable?
                var values: [Int] = []
                ui.sync {
                    cancellable = subject.sink { value in
                        values.append(value)
                        if value == 1 { ui.sync { cancellable = nil } }
                    }
                }
                runConcurrently(1) { _ in subject.send(1) }
                subject.send(2)
                XCTAssertEqual(values, [0, 1])
                ui.sync { XCTAssertNil(cancellable) }
                ui.stop()
            }
        }
    }
}
