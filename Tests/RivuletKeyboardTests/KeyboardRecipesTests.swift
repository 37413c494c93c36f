// The five recipes of docs/keyboard.md, compiled and run: the code between `// docs:` and
// `// end docs` in each test is the code the guide shows (testDocsShowExactlyThisCode checks it).
// UIKit names come from Support/UIKitStandIns.swift here and from UIKit on iOS.

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

final class KeyboardRecipesTests: LeakCheckingTestCase {
    private var center: NotificationCenter!
    private var bag: DisposeBag!
    private var cancellables: Set<AnyCancellable> = []
    private let screenBounds = Screen.bounds
    private let safeAreaBottom = Screen.safeAreaBottom

    override func setUp() {
        super.setUp()
        center = NotificationCenter()
        bag = DisposeBag()
        AnimationLog.shared.animations = []
        AnimationLog.shared.layoutPasses = 0
    }

    override func tearDown() {
        bag = nil
        cancellables = []
        center = nil
        super.tearDown()
    }

    private func makeView() -> UIView {
        let view = UIView(frame: Screen.bounds)
        view.safeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: Screen.safeAreaBottom, right: 0)
        return view
    }

    /// Posts each event and reads `value` after it.
    private func replay<Value>(_ events: [KeyboardEvent], _ value: () -> Value) -> [Value] {
        events.map { event in
            center.post(event)
            return value()
        }
    }

    private func post(_ name: Notification.Name, _ object: AnyObject) {
        center.post(name: name, object: object)
    }

    /// Another field first, then the nickname field with the keyboard already up, a frame change,
    /// a second will-show, focus moving on, hide; the view's origin after each step.
    private func replayNicknameSession(_ view: UIView, _ nicknameField: UITextField) -> [CGFloat] {
        var origins: [CGFloat] = []
        post(UITextField.textDidBeginEditingNotification, UITextField(frame: .zero))
        center.post(Script.show)
        origins.append(view.frame.minY)  // another field: no shift
        post(UITextField.textDidBeginEditingNotification, nicknameField)
        origins.append(view.frame.minY)  // the nickname field, keyboard already up
        center.post(Script.change)
        origins.append(view.frame.minY)
        center.post(Script.showAgain)
        origins.append(view.frame.minY)  // a second will-show never shifts twice
        post(UITextField.textDidEndEditingNotification, nicknameField)
        origins.append(view.frame.minY)  // focus moved on: back exactly to 0
        center.post(Script.hide)
        origins.append(view.frame.minY)
        return origins
    }

    private var durations: [TimeInterval] { AnimationLog.shared.animations.map(\.duration) }

    // MARK: Recipe 1: a bottom button lifted by its constraint

    func testRecipe1BottomButtonRx() {
        let view = makeView()
        let buttonBottom = NSLayoutConstraint(constant: 0)
        let center = self.center!
        let bag = self.bag!
        // docs: recipe 1, Rx
        let keyboard = KeyboardObserver(view: view, center: center)
        let lift = BottomConstraintConsumer(constraint: buttonBottom) { [unowned view] in
            view.safeAreaInsets.bottom
        }
        lift.bind(to: keyboard) { animation, change in
            animation.run {
                change()
                view.layoutIfNeeded()
            }
        }
        .disposed(by: bag)
        // end docs
        XCTAssertEqual(replay(Script.session) { buttonBottom.constant }, [-302, -346, -302, 0])
        XCTAssertEqual(durations, [0.25, 0.25, 0.4, 0.25, 0.25])
        XCTAssertEqual(AnimationLog.shared.layoutPasses, 5)
        let hardwareBar = KeyboardEvent(phase: .willShow, endFrame: CGRect(x: 0, y: 789, width: 390, height: 336))
        XCTAssertEqual(replay([hardwareBar]) { buttonBottom.constant }, [-21])
    }

    func testRecipe1BottomButtonCombine() {
        let view = makeView()
        let buttonBottom = NSLayoutConstraint(constant: 0)
        let center = self.center!
        // docs: recipe 1, Combine
        let keyboard = KeyboardObserver(view: view, center: center)
        let lift = BottomConstraintConsumer(constraint: buttonBottom) { [unowned view] in
            view.safeAreaInsets.bottom
        }
        keyboard.heightPublisher
            .sink { height in
                keyboard.animation.run {
                    lift.apply(keyboardHeight: height)
                    view.layoutIfNeeded()
                }
            }
            .store(in: &cancellables)
        // end docs
        XCTAssertEqual(replay(Script.session) { buttonBottom.constant }, [-302, -346, -302, 0])
        XCTAssertEqual(durations, [0.25, 0.25, 0.4, 0.25, 0.25])
    }

    // MARK: Recipe 2: the whole view shifted up while one field is edited

    func testRecipe2OriginShiftRx() {
        let view = makeView()
        let nicknameField = UITextField(frame: CGRect(x: 20, y: 700, width: 350, height: 44))
        let center = self.center!
        let bag = self.bag!
        // docs: recipe 2, Rx
        let began = center.rx.notification(UITextField.textDidBeginEditingNotification, object: nicknameField)
        let ended = center.rx.notification(UITextField.textDidEndEditingNotification, object: nicknameField)
        let editingNickname = Observable.merge(began.map { _ in true }, ended.map { _ in false })
            .startWith(false)
        let shift = OriginShiftConsumer(view: view)
        let keyboard = KeyboardObserver(center: center) { [unowned shift] in shift.restingFrame ?? .null }
        Observable.combineLatest(keyboard.height, editingNickname) { height, editing in editing ? height : 0 }
            .subscribe(onNext: { height in
                keyboard.animation.run { shift.apply(keyboardHeight: height) }
            })
            .disposed(by: bag)
        // end docs
        XCTAssertEqual(replayNicknameSession(view, nicknameField), [0, -336, -380, -336, 0, 0])
        XCTAssertNil(shift.savedOriginY)
    }

    func testRecipe2OriginShiftCombine() {
        let view = makeView()
        let nicknameField = UITextField(frame: CGRect(x: 20, y: 700, width: 350, height: 44))
        let center = self.center!
        // docs: recipe 2, Combine
        let began = center.publisher(for: UITextField.textDidBeginEditingNotification, object: nicknameField)
        let ended = center.publisher(for: UITextField.textDidEndEditingNotification, object: nicknameField)
        let editingNickname = began.map { _ in true }.merge(with: ended.map { _ in false }).prepend(false)
        let shift = OriginShiftConsumer(view: view)
        let keyboard = KeyboardObserver(center: center) { [unowned shift] in shift.restingFrame ?? .null }
        keyboard.heightPublisher
            .combineLatest(editingNickname) { height, editing in editing ? height : 0 }
            .sink { height in
                keyboard.animation.run { shift.apply(keyboardHeight: height) }
            }
            .store(in: &cancellables)
        // end docs
        XCTAssertEqual(replayNicknameSession(view, nicknameField), [0, -336, -380, -336, 0, 0])
        XCTAssertNil(shift.savedOriginY)
    }

    func testOriginShiftOnlyWhileAFieldIsFirstResponder() {
        // The consumer's own condition, re-checked on every keyboard event: UIKit posts a
        // will-show each time the focus moves between fields.
        let view = makeView()
        let nicknameField = UITextField(frame: CGRect(x: 20, y: 700, width: 350, height: 44))
        var editing: UITextField? = nil
        let shift = OriginShiftConsumer(view: view) { editing === nicknameField }
        let keyboard = KeyboardObserver(center: center) { [unowned shift] in shift.restingFrame ?? .null }
        keyboard.eventsPublisher
            .sink { _ in shift.apply(keyboardHeight: keyboard.height.value) }
            .store(in: &cancellables)
        var origins: [CGFloat] = []
        editing = UITextField(frame: .zero)
        center.post(Script.show)
        origins.append(view.frame.minY)
        editing = nicknameField
        center.post(Script.showAgain)
        origins.append(view.frame.minY)
        center.post(Script.change)
        origins.append(view.frame.minY)
        center.post(Script.showAgain)
        origins.append(view.frame.minY)
        editing = nil
        center.post(Script.hide)
        origins.append(view.frame.minY)
        XCTAssertEqual(origins, [0, -336, -380, -336, 0])
    }

    // MARK: Recipe 3: a centred container kept centred above the keyboard

    func testRecipe3CenterYRx() {
        let view = makeView()
        let containerCenterY = NSLayoutConstraint(constant: 100)
        let center = self.center!
        let bag = self.bag!
        // docs: recipe 3, Rx
        let keyboard = KeyboardObserver(view: view, center: center)
        CenterYOffsetConsumer(constraint: containerCenterY)
            .bindAnimated(to: keyboard, layoutIn: view)
            .disposed(by: bag)
        // end docs
        XCTAssertEqual(replay(Script.session) { containerCenterY.constant }, [-68, -90, -68, 100])
        XCTAssertEqual(durations, [0.25, 0.25, 0.4, 0.25, 0.25])
        XCTAssertEqual(AnimationLog.shared.animations.map(\.curve), [7, 7, 2, 7, 7])
    }

    func testRecipe3CenterYCombine() {
        let view = makeView()
        let containerCenterY = NSLayoutConstraint(constant: 100)
        let center = self.center!
        // docs: recipe 3, Combine
        let keyboard = KeyboardObserver(view: view, center: center)
        let recenter = CenterYOffsetConsumer(constraint: containerCenterY)
        keyboard.heightPublisher
            .sink { height in
                keyboard.animation.run {
                    recenter.apply(keyboardHeight: height)
                    view.layoutIfNeeded()
                }
            }
            .store(in: &cancellables)
        // end docs
        XCTAssertEqual(replay(Script.session) { containerCenterY.constant }, [-68, -90, -68, 100])
        XCTAssertEqual(AnimationLog.shared.animations.map(\.curve), [7, 7, 2, 7, 7])
    }

    // MARK: Recipe 4: keyboard state for SwiftUI

    func testRecipe4SwiftUIStateRx() {
        let center = self.center!
        let screenBounds = self.screenBounds
        let safeAreaBottom = self.safeAreaBottom
        // docs: recipe 4, Rx
        let keyboard = KeyboardState(observer: KeyboardObserver(center: center) { screenBounds })
        // What the view reads: the padding above the bottom safe area, and the animation to use.
        let padding = { keyboard.bottomPadding(safeAreaBottom: safeAreaBottom) }
        // end docs
        XCTAssertEqual(replay(Script.session) { padding() }, [302, 346, 302, 0])
        XCTAssertEqual(replay(Script.session) { keyboard.animation.duration }, [0.25, 0.4, 0.25, 0.25])
        let floating = KeyboardEvent(phase: .willChangeFrame, endFrame: CGRect(x: 20, y: 300, width: 350, height: 250))
        XCTAssertEqual(replay([Script.show, floating]) { keyboard.isVisible }, [true, false])
    }

    func testRecipe4SwiftUIStateCombine() {
        let center = self.center!
        let screenBounds = self.screenBounds
        // docs: recipe 4, Combine
        final class KeyboardModel {
            var height: CGFloat = 0
            var isShowing = false
        }
        let model = KeyboardModel()
        let keyboard = KeyboardObserver(center: center) { screenBounds }
        keyboard.heightPublisher.assign(to: \.height, on: model).store(in: &cancellables)
        keyboard.isVisiblePublisher.assign(to: \.isShowing, on: model).store(in: &cancellables)
        // end docs
        XCTAssertEqual(replay(Script.session) { model.height }, [336, 380, 336, 0])
        XCTAssertEqual(replay([Script.show, Script.hide]) { model.isShowing }, [true, false])
    }

    // MARK: Recipe 5: a scroll view that keeps a button visible while one field is edited

    private func makeScrollStage() -> (UIScrollView, UITextField, UIButton) {
        let scrollView = UIScrollView(frame: Screen.bounds)
        scrollView.safeAreaInsets = EdgeInsets(top: 47, left: 0, bottom: Screen.safeAreaBottom, right: 0)
        scrollView.contentInset.bottom = 20
        scrollView.verticalScrollIndicatorInsets.bottom = 5
        let passwordField = UITextField(frame: CGRect(x: 20, y: 600, width: 350, height: 44))
        let doneButton = UIButton(frame: CGRect(x: 20, y: 700, width: 350, height: 50))
        return (scrollView, passwordField, doneButton)
    }

    private func replayPasswordSession(_ scrollView: UIScrollView, _ passwordField: UITextField) -> [String] {
        func state() -> String {
            "\(scrollView.contentInset.bottom) \(scrollView.verticalScrollIndicatorInsets.bottom) \(scrollView.contentOffset.y)"
        }
        var steps: [String] = []
        post(UITextField.textDidBeginEditingNotification, passwordField)
        for event in [Script.show, Script.change, Script.showAgain] {
            center.post(event)
            steps.append(state())
        }
        post(UITextField.textDidEndEditingNotification, passwordField)  // focus moves to another field
        steps.append(state())
        center.post(Script.change)  // ... whose keyboard changes: not this recipe's business any more
        steps.append(state())
        center.post(Script.hide)
        steps.append(state())
        return steps
    }

    private let passwordSession = [
        "322.0 307.0 252.0",  // 20 + (336 - 34); Done's 760 was below 508: scrolled by 252
        "366.0 351.0 296.0",  // replaced, not added; scrolled on to keep 760 visible
        "322.0 307.0 296.0",  // already visible: no scroll
        "20.0 5.0 296.0",  // editing ended: exactly the insets from before
        "20.0 5.0 296.0",
        "20.0 5.0 296.0",
    ]

    func testRecipe5ScrollViewRx() {
        let (scrollView, passwordField, doneButton) = makeScrollStage()
        let center = self.center!
        let bag = self.bag!
        // docs: recipe 5, Rx
        let keyboard = KeyboardObserver(view: scrollView, center: center)
        let insets = ScrollInsetConsumer(scrollView: scrollView) { [unowned doneButton] in doneButton.frame }
        let began = center.rx.notification(UITextField.textDidBeginEditingNotification, object: passwordField)
        let ended = center.rx.notification(UITextField.textDidEndEditingNotification, object: passwordField)
        began
            .flatMapLatest { _ in
                keyboard.height.take(until: ended).concat(Observable.just(0))
            }
            .subscribe(onNext: { height in
                keyboard.animation.run { insets.apply(keyboardHeight: height) }
            })
            .disposed(by: bag)
        // end docs
        XCTAssertEqual(replayPasswordSession(scrollView, passwordField), passwordSession)
        // A second editing session starts from the insets of that moment, with one subscription.
        post(UITextField.textDidBeginEditingNotification, passwordField)
        center.post(Script.show)
        XCTAssertEqual(scrollView.contentInset.bottom, 322)
        post(UITextField.textDidEndEditingNotification, passwordField)
        XCTAssertEqual(scrollView.contentInset.bottom, 20)
    }

    func testRecipe5ScrollViewCombine() {
        let (scrollView, passwordField, doneButton) = makeScrollStage()
        let center = self.center!
        // docs: recipe 5, Combine
        let keyboard = KeyboardObserver(view: scrollView, center: center)
        let insets = ScrollInsetConsumer(scrollView: scrollView) { [unowned doneButton] in doneButton.frame }
        let began = center.publisher(for: UITextField.textDidBeginEditingNotification, object: passwordField)
        let ended = center.publisher(for: UITextField.textDidEndEditingNotification, object: passwordField)
        began
            .map { _ in keyboard.heightPublisher.prefix(untilOutputFrom: ended).append(0) }
            .switchToLatest()
            .sink { height in
                keyboard.animation.run { insets.apply(keyboardHeight: height) }
            }
            .store(in: &cancellables)
        // end docs
        XCTAssertEqual(replayPasswordSession(scrollView, passwordField), passwordSession)
        post(UITextField.textDidBeginEditingNotification, passwordField)
        center.post(Script.show)
        XCTAssertEqual(scrollView.contentInset.bottom, 322)
        post(UITextField.textDidEndEditingNotification, passwordField)
        XCTAssertEqual(scrollView.contentInset.bottom, 20)
    }

    // MARK: The guide shows exactly this code

    func testDocsShowExactlyThisCode() throws {
        let testFile = URL(fileURLWithPath: #filePath)
        let root = testFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("docs/keyboard.md"), encoding: .utf8)
        let source = try String(contentsOf: testFile, encoding: .utf8)

        func normalised(_ lines: some Sequence<Substring>) -> [String] {
            lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        // The tested snippets: `// docs: <title>` ... `// end docs` in this file.
        var tested: [String: [String]] = [:]
        var current: String?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// docs: ") {
                current = String(trimmed.dropFirst("// docs: ".count))
                tested[current!] = []
            } else if trimmed == "// end docs" {
                current = nil
            } else if let title = current {
                tested[title]!.append(contentsOf: normalised([line]))
            }
        }
        // The guide's blocks: a `<!-- tested: <title> -->` line, then a ```swift fence.
        var shown: [String: [String]] = [:]
        let lines = guide.split(separator: "\n", omittingEmptySubsequences: false)
        var index = 0
        while index < lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("<!-- tested: "), line.hasSuffix(" -->") {
                let title = String(line.dropFirst("<!-- tested: ".count).dropLast(" -->".count))
                index += 2  // the fence
                var block: [Substring] = []
                while index < lines.count, !lines[index].hasPrefix("```") {
                    block.append(lines[index])
                    index += 1
                }
                // The guide's other samples are checked by DocsSamplesTests.
                if title.hasPrefix("recipe ") { shown[title] = normalised(block) }
            }
            index += 1
        }
        XCTAssertEqual(tested.count, 10)
        XCTAssertEqual(Set(shown.keys), Set(tested.keys), "every tested recipe is in the guide and nothing else")
        for (title, code) in tested {
            XCTAssertEqual(shown[title], code, "docs/keyboard.md, \(title), differs from the tested code")
        }
    }
}
