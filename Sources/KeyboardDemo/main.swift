// keyboard-demo: replays a scripted keyboard session through a real NotificationCenter and prints,
// step by step, the parsed events, the height relay and what each consumer did with it.
import Foundation
import Rivulet
import RivuletKeyboard

// MARK: - The stage: an iPad screen and stand-ins for the views the consumers move

let screen = CGRect(x: 0, y: 0, width: 1024, height: 1366)
let safeAreaBottom: CGFloat = 20

final class ScrollView: ScrollInsetTarget {
    var contentInset = EdgeInsets(top: 0, left: 0, bottom: 20, right: 0)
    var verticalScrollIndicatorInsets = EdgeInsets(top: 0, left: 0, bottom: 5, right: 0)
    var contentOffset = CGPoint.zero
    let bounds = screen
    let safeAreaInsets = EdgeInsets(top: 24, left: 0, bottom: safeAreaBottom, right: 0)
}

final class Constraint: LayoutConstantTarget {
    var constant: CGFloat
    init(_ constant: CGFloat) { self.constant = constant }
}

final class View: FrameTarget {
    var frame: CGRect
    init(frame: CGRect) { self.frame = frame }
}

// MARK: - The script

struct Step {
    let title: String
    let notification: Notification
}

func step(_ title: String, _ phase: KeyboardEvent.Phase, _ frame: CGRect, duration: TimeInterval = 0.25, curve: Int = 7)
    -> Step
{
    let event = KeyboardEvent(phase: phase, endFrame: frame, animationDuration: duration, animationCurve: curve)
    return Step(title: title, notification: event.notification())
}

let script: [Step] = [
    step("show", .willShow, CGRect(x: 0, y: 968, width: 1024, height: 398)),
    step(
        "frame change (emoji)", .willChangeFrame, CGRect(x: 0, y: 913, width: 1024, height: 453), duration: 0.35,
        curve: 2),
    // A hardware keyboard: UIKit reports the whole keyboard, pushed down so only its bar shows.
    step("hardware keyboard bar", .willShow, CGRect(x: 0, y: 1311, width: 1024, height: 398)),
    step("floating keyboard", .willChangeFrame, CGRect(x: 312, y: 700, width: 400, height: 260)),
    Step(title: "broken notification", notification: Notification(name: .keyboardWillShow, object: nil, userInfo: nil)),
    step("hide", .willHide, CGRect(x: 312, y: 1366, width: 400, height: 260)),
]

// MARK: - The wiring: one observer, one relay, five consumers

let center = NotificationCenter()
let keyboard = KeyboardObserver(center: center) { screen }
let bag = DisposeBag()

let scrollView = ScrollView()
let doneButton = CGRect(x: 40, y: 1150, width: 944, height: 50)
let insets = ScrollInsetConsumer(scrollView: scrollView) { doneButton }
let buttonBottom = Constraint(-16)
let lift = BottomConstraintConsumer(constraint: buttonBottom) { safeAreaBottom }
let centerY = Constraint(100)
let recenter = CenterYOffsetConsumer(constraint: centerY)
let form = View(frame: screen)
let shift = OriginShiftConsumer(view: form)

var lastEvent = "-"
var lastError = ""
var heightLog: [String] = []
var animationLog = "-"

keyboard.events
    .subscribe(onNext: { event in
        lastEvent = "\(event.phase)"
        animationLog = "\(format(event.animationDuration))s c\(event.animationCurve)"
    })
    .disposed(by: bag)
keyboard.errors
    .subscribe(onNext: { error in lastError = "\(error)" })
    .disposed(by: bag)
keyboard.height
    .subscribe(onNext: { height in heightLog.append(format(height)) })
    .disposed(by: bag)
for consumer in [insets, lift, recenter, shift] as [any KeyboardHeightConsumer] {
    // Each change comes with the keyboard's animation; a UIKit app runs `change` inside
    // `UIView.animate` with it (see `bindAnimated(to:layoutIn:)`), here it simply runs.
    consumer.bind(to: keyboard) { _, change in change() }
        .disposed(by: bag)
}
let state: KeyboardState? = {
    if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *) { return KeyboardState(observer: keyboard) }
    return nil
}()

// MARK: - Printing

func format(_ value: CGFloat) -> String {
    value == value.rounded() ? String(Int(value)) : String(describing: Double(value))
}

func format(_ rect: CGRect) -> String {
    "\(format(rect.minX)),\(format(rect.minY)) \(format(rect.width))x\(format(rect.height))"
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

func padLeft(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

func row(_ cells: [(String, Int)]) -> String {
    let line = cells.map { text, width in width < 0 ? padLeft(text, -width) : pad(text, width) }.joined(separator: "  ")
    return String(line.reversed().drop(while: { $0 == " " }).reversed())
}

print("keyboard-demo: a scripted keyboard session, posted through a real NotificationCenter")
print(
    "screen \(format(screen.width))x\(format(screen.height)) (iPad), bottom safe area \(format(safeAreaBottom)); the container is the full screen"
)
print("")

let eventColumns = [
    ("step", 24), ("frame end", 20), ("parsed", 16), ("anim", 9), ("height relay", -12), ("visible", 7),
]
let consumerColumns = [
    ("step", 24), ("inset", -5), ("indic.", -6), ("offset.y", -8), ("bottom", -7), ("centerY", -7), ("origin.y", -8),
    ("SwiftUI pad", -11),
]
var eventRows: [String] = []
var consumerRows: [String] = []

@MainActor
func record(_ title: String, frame: String) {
    let heights = heightLog.isEmpty ? "(same)" : heightLog.joined(separator: ", ")
    let parsed = lastError.isEmpty ? lastEvent : "error"
    eventRows.append(
        row([
            (title, 24), (frame, 20), (parsed, 16), (animationLog, 9), (heights, -12),
            (keyboard.isVisible.value ? "yes" : "no", 7),
        ]))
    let pad = state.map { format($0.bottomPadding(safeAreaBottom: safeAreaBottom)) } ?? "n/a"
    consumerRows.append(
        row([
            (title, 24), (format(scrollView.contentInset.bottom), -5),
            (format(scrollView.verticalScrollIndicatorInsets.bottom), -6),
            (format(scrollView.contentOffset.y), -8), (format(buttonBottom.constant), -7),
            (format(centerY.constant), -7),
            (format(form.frame.minY), -8), (pad, -11),
        ]))
    if !lastError.isEmpty { eventRows.append("    ↳ \(lastError)") }
}

animationLog = "-"
record("start", frame: "-")
for step in script {
    heightLog = []
    lastEvent = "-"
    lastError = ""
    animationLog = "-"
    let frame = (try? KeyboardEvent(notification: step.notification)).map { format($0.endFrame) } ?? "(none)"
    center.post(step.notification)
    record(step.title, frame: frame)
}

print("1. Events and the height relay (the visible height in the container; it never repeats a value)")
print(row(eventColumns))
for line in eventRows { print(line) }
print("anim: duration and curve (cN: UIView.AnimationCurve raw value N; 7 is the keyboard's own curve, 2 easeOut)")
print("(same): the relay sent nothing, the height did not change; visible: the keyboard covers part of the container")
print("")
print("2. The consumers (each puts back what it found once the height returns to 0; the scroll offset is not")
print("   put back, by design: it scrolled to reveal the Done button, as a user's scroll would, and stays)")
print(row(consumerColumns.map { ($0.0, $0.1) }))
for line in consumerRows { print(line) }
print("")
print(
    "scroll view: bottom inset (inset) = 20 + max(0, height - 20), indicator inset (indic.) = 5 + the same; reveals the Done button (maxY 1200) + 10"
)
print("bottom constraint: -16 - max(0, height - 20); centerY: 100 - height / 2; origin: 0 - height, never twice")
keyboard.dispose()
center.post(script[0].notification)
print(
    "errors seen: \(keyboard.errorCount); after dispose() another willShow changes nothing: height \(format(keyboard.height.value)), inset \(format(scrollView.contentInset.bottom))"
)
