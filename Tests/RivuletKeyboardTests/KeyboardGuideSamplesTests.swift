// swift-format-ignore-file
// This file mirrors the code samples of a guide line for line (DocsSamplesTests compares them),
// so it keeps the layout the guide shows.
// The samples of docs/keyboard.md outside the five recipes (those are in
// KeyboardRecipesTests.swift): the KeyboardObserver overview, and the SwiftUI form, compiled
// where SwiftUI exists. DocsSamplesTests checks that the guide shows the code between
// `// docs:` and `// end docs`.

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

#if canImport(SwiftUI)
import SwiftUI
#endif

final class KeyboardGuideSamplesTests: LeakCheckingTestCase {
    func testKeyboardObserverOverview() {
        let containerInScreen = CGRect(x: 0, y: 0, width: 390, height: 844)
        // docs: keyboard, KeyboardObserver overview
        let keyboard = KeyboardObserver(center: .default, ignoresNonLocal: false) { containerInScreen }
        let height: BehaviorRelay<CGFloat> = keyboard.height  // starts at 0, never repeats a value
        let isVisible: BehaviorRelay<Bool> = keyboard.isVisible  // height > 0, never repeats a value
        let events: Observable<KeyboardEvent> = keyboard.events  // every parsed notification
        let errors: Observable<KeyboardEventError> = keyboard.errors  // every notification that could not be parsed
        let animation: KeyboardAnimation = keyboard.animation  // duration and curve of the event behind the current height
        // Combine dialect (import RivuletKeyboardCombine): keyboard.heightPublisher, .isVisiblePublisher, .eventsPublisher, .errorsPublisher
        // end docs
        XCTAssertEqual(height.value, 0)
        XCTAssertFalse(isVisible.value)
        var seen = 0
        let subscriptions = [
            events.subscribe(onNext: { _ in seen += 1 }), errors.subscribe(onNext: { _ in seen += 1 }),
        ]
        subscriptions.forEach { $0.dispose() }
        XCTAssertEqual(seen, 0)
        XCTAssertGreaterThanOrEqual(animation.duration, 0)
    }
}

#if canImport(SwiftUI) && os(iOS)
private let screenBounds = CGRect(x: 0, y: 0, width: 390, height: 844)

// docs: keyboard, SwiftUI form
struct SignUpForm: View {
    @State private var keyboard = KeyboardState(observer: KeyboardObserver { screenBounds })

    var body: some View {
        GeometryReader { proxy in
            VStack { /* fields */ }
                .keyboardPadding(keyboard, safeAreaBottom: proxy.safeAreaInsets.bottom)
        }
        .ignoresSafeArea(.keyboard)  // SwiftUI must not avoid the keyboard a second time
    }
}
// end docs
#endif
