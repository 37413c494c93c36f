// swift-format-ignore-file
// This file mirrors the code samples of a guide line for line (DocsSamplesTests compares them),
// so it keeps the layout the guide shows.
// The keyboard pipeline of docs/dialects.md ("The same KeyboardObserver pipeline in both
// dialects"), compiled and run with RivuletKeyboard's names. DocsSamplesTests checks that the
// guide shows the code between `// docs:` and `// end docs`.

// Imports as an iOS app file writes them: Apple's Combine where it exists, RivuletCombine elsewhere.
#if canImport(Combine)
    import Combine
#else
    import RivuletCombine
#endif
import Foundation
import Rivulet
import RivuletKeyboard
import RivuletKeyboardCombine
import RivuletTest
import XCTest

private final class KeyboardHeightModel {
    var height: CGFloat = 0
    var cancellables = Set<AnyCancellable>()
    let bag = DisposeBag()

    func observeWithCombine(_ center: NotificationCenter) {
        // docs: dialects, keyboard pipeline
        // Combine dialect (compiles against Combine or RivuletCombine: only the imports change)
        Publishers.Merge(
            center.publisher(for: .keyboardWillShow)
                .map { ($0.userInfo?[KeyboardUserInfoKey.frameEnd] as? CGRect)?.height ?? 0 },
            center.publisher(for: .keyboardWillHide).map { _ in CGFloat(0) })
            .receive(on: RunLoop.main)
            .sink { [weak self] height in self?.height = height }
            .store(in: &cancellables)
        // end docs
    }

    func observeWithRx(_ center: NotificationCenter) {
        // docs: dialects, keyboard pipeline
        // Rx dialect
        Observable.merge(
            center.rx.notification(.keyboardWillShow)
                .map { ($0.userInfo?[KeyboardUserInfoKey.frameEnd] as? CGRect)?.height ?? 0 },
            center.rx.notification(.keyboardWillHide).map { _ in CGFloat(0) })
            .observe(on: MainScheduler.instance)
            .subscribe(with: self, onNext: { owner, height in owner.height = height })
            .disposed(by: bag)
        // end docs
    }
}

final class DialectsGuideSamplesTests: LeakCheckingTestCase {
    private func show(_ center: NotificationCenter, height: CGFloat) {
        let frame = CGRect(x: 0, y: 800 - height, width: 390, height: height)
        center.post(name: .keyboardWillShow, object: nil, userInfo: [KeyboardUserInfoKey.frameEnd: frame])
    }

    func testRxPipeline() {
        let center = NotificationCenter()
        let model = KeyboardHeightModel()
        model.observeWithRx(center)
        show(center, height: 336)  // posted on the main thread: MainScheduler.instance delivers at once
        XCTAssertEqual(model.height, 336)
        center.post(name: .keyboardWillHide, object: nil)
        XCTAssertEqual(model.height, 0)
    }

    func testCombinePipeline() {
        let center = NotificationCenter()
        let model = KeyboardHeightModel()
        model.observeWithCombine(center)
        show(center, height: 336)
        XCTAssertEqual(model.height, 0, "receive(on: RunLoop.main) delivers when the run loop turns")
        var turns = 0
        while model.height == 0, turns < 1000 {
            _ = RunLoop.main.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
            turns += 1
        }
        XCTAssertEqual(model.height, 336)
    }
}
