import Foundation
import Rivulet
import TestSupport
import XCTest

/// A control as a UIKit one would be: a value, and a stream of the user's changes.
private final class Slider: @unchecked Sendable {
    // @unchecked Sendable: `value` and `writesOffMain` are written on the main thread only (the
    // test checks it); the subject is thread-safe.
    let userChanges = PublishSubject<Double>()
    var value = 0.0
    var writesOffMain = 0
}

extension Slider: ReactiveCompatible {}

extension Reactive where Base: Slider {
    /// A two-way `.rx` property as RxCocoa users write one.
    fileprivate var value: ControlProperty<Double> {
        let slider = base
        let values = Observable.deferred { slider.userChanges.startWith(slider.value) }
        let sink = Binder(slider) { slider, value in
            if !Thread.isMainThread { slider.writesOffMain += 1 }
            slider.value = value
        }
        return ControlProperty(values: values, valueSink: sink)
    }

    /// An event `.rx` property.
    fileprivate var changes: ControlEvent<Double> { ControlEvent(events: base.userChanges) }
}

final class ControlPropertyTests: RealTimeTestCase {
    func testReadsTheCurrentValueThenTheUsersChanges() {
        let slider = Slider()
        slider.value = 0.2
        var seen: [Double] = []
        let subscription = slider.rx.value.subscribe(onNext: { seen.append($0) })
        spinUntil { seen == [0.2] }
        slider.userChanges.onNext(0.4)
        XCTAssertEqual(seen, [0.2, 0.4])
        subscription.dispose()
    }

    func testChangedSkipsTheCurrentValue() {
        let slider = Slider()
        var seen: [Double] = []
        let subscription = slider.rx.value.changed.subscribe(onNext: { seen.append($0) })
        slider.userChanges.onNext(0.7)
        spinUntil { seen == [0.7] }
        XCTAssertEqual(seen, [0.7], "no current value first")
        subscription.dispose()
    }

    func testBindingIntoThePropertyWritesTheControlOnTheMainThread() {
        let slider = Slider()
        let model = BehaviorRelay(value: 0.9)
        let bag = DisposeBag()
        let sent = expectation(description: "bound from a background queue")
        DispatchQueue.global().async {
            model.bind(to: slider.rx.value).disposed(by: bag)
            sent.fulfill()
        }
        wait(for: [sent], timeout: 5)
        spinUntil { slider.value == 0.9 }
        XCTAssertEqual(slider.value, 0.9)
        XCTAssertEqual(slider.writesOffMain, 0)
    }

    func testAnErrorSentIntoThePropertyGoesToTheHook() {
        let slider = Slider()
        var reported = 0
        let previous = Hooks.defaultErrorHandler
        Hooks.defaultErrorHandler = { _, _ in reported += 1 }
        defer { Hooks.defaultErrorHandler = previous }
        slider.rx.value.on(.error(TestError.boom))
        XCTAssertEqual(reported, 1)
    }

    func testOrEmptyReadsNilAsTheEmptyString() {
        let texts = PublishSubject<String?>()
        var written: [String?] = []
        let property = ControlProperty(
            values: texts,
            valueSink: AnyObserver<String?> { event in
                if case .next(let value) = event { written.append(value) }
            })
        var seen: [String] = []
        let subscription = property.orEmpty.subscribe(onNext: { seen.append($0) })
        spinUntil { texts.hasObservers }
        texts.onNext(nil)
        texts.onNext("a")
        property.orEmpty.onNext("b")
        XCTAssertEqual(seen, ["", "a"])
        XCTAssertEqual(written, ["b"])
        subscription.dispose()
    }

    func testAControlEventAsADriverAndASignal() {
        let slider = Slider()
        var driven: [Double] = []
        var emitted: [Double] = []
        let bag = DisposeBag()
        slider.rx.changes.asDriver().drive(onNext: { driven.append($0) }).disposed(by: bag)
        slider.rx.changes.asSignal().emit(onNext: { emitted.append($0) }).disposed(by: bag)
        spinUntil { slider.userChanges.hasObservers }
        slider.userChanges.onNext(1)
        spinUntil { driven == [1] && emitted == [1] }
        XCTAssertEqual(driven, [1])
        XCTAssertEqual(emitted, [1])
    }

    /// Runs the main run loop until `condition` holds (at most 5 s).
    private func spinUntil(_ condition: () -> Bool) {
        let deadline = Date().addingTimeInterval(5)
        while !condition() && Date() < deadline { RunLoop.current.run(until: Date().addingTimeInterval(0.005)) }
    }
}
