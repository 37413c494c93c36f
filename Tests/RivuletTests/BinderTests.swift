import Foundation
import Rivulet
import TestSupport
import XCTest

private final class ProgressView {
    var progress = 0.0
    var writesOffMain = 0
}

extension Reactive where Base: ProgressView {
    /// A custom `.rx` property as RxCocoa users write one.
    fileprivate var progress: Binder<Double> {
        Binder(base) { view, value in
            if !Thread.isMainThread { view.writesOffMain += 1 }
            view.progress = value
        }
    }
}

extension ProgressView: ReactiveCompatible {}

final class BinderTests: RealTimeTestCase {
    func testWritesEachValueIntoTheTargetOnTheGivenScheduler() {
        let view = ProgressView()
        let binder = Binder(view, scheduler: CurrentThreadScheduler.instance) { view, value in view.progress = value }
        let subject = PublishSubject<Double>()
        let subscription = subject.bind(to: binder)
        subject.onNext(0.5)
        XCTAssertEqual(view.progress, 0.5)
        subject.onNext(1)
        XCTAssertEqual(view.progress, 1)
        subscription.dispose()
    }

    func testACustomRxPropertyWritesOnTheMainThread() {
        let view = ProgressView()
        let subject = PublishSubject<Double>()
        let bag = DisposeBag()
        subject.bind(to: view.rx.progress).disposed(by: bag)
        let sent = expectation(description: "sent from a background queue")
        DispatchQueue.global().async {
            subject.onNext(0.25)
            subject.onNext(0.75)
            sent.fulfill()
        }
        wait(for: [sent], timeout: 5)
        let deadline = Date().addingTimeInterval(5)
        while view.progress != 0.75 && Date() < deadline { RunLoop.current.run(until: Date().addingTimeInterval(0.01)) }
        XCTAssertEqual(view.progress, 0.75)
        XCTAssertEqual(view.writesOffMain, 0, "the binding ran on the main thread")
    }

    func testAReleasedTargetDropsValues() {
        var view: ProgressView? = ProgressView()
        weak let released = view
        var writes = 0
        let binder = Binder(view!, scheduler: CurrentThreadScheduler.instance) { (_: ProgressView, _: Double) in
            writes += 1
        }
        binder.onNext(1)
        view = nil
        XCTAssertNil(released, "the binder holds its target weakly")
        binder.onNext(2)
        XCTAssertEqual(writes, 1)
    }

    func testAnErrorGoesToTheHookAndTheCompletionIsIgnored() {
        let view = ProgressView()
        var reported: [Error] = []
        let previous = Hooks.defaultErrorHandler
        Hooks.defaultErrorHandler = { _, error in reported.append(error) }
        defer { Hooks.defaultErrorHandler = previous }
        let binder = Binder(view, scheduler: CurrentThreadScheduler.instance) { view, value in view.progress = value }
        binder.on(.error(TestError.boom))
        binder.on(.completed)
        binder.onNext(0.5)
        XCTAssertEqual(reported.count, 1)
        XCTAssertEqual(reported.first as? TestError, .boom)
        XCTAssertEqual(view.progress, 0.5, "a binder does not stop after a stop event")
    }

    func testDriveAndEmitIntoABinder() {
        let view = ProgressView()
        let binder = Binder(view, scheduler: CurrentThreadScheduler.instance) { view, value in view.progress = value }
        let relay = BehaviorRelay(value: 0.3)
        let subscription = relay.asDriver().drive(binder)
        let deadline = Date().addingTimeInterval(5)
        while view.progress != 0.3 && Date() < deadline { RunLoop.current.run(until: Date().addingTimeInterval(0.01)) }
        XCTAssertEqual(view.progress, 0.3)
        subscription.dispose()
    }
}
