import Dispatch
import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

/// `Signal` on the real main queue and, through `SharingScheduler.mock`, on a `TestScheduler`.
final class SignalTests: RealTimeTestCase {
    func testOnErrorJustReturnReplacesTheErrorWithTheValueAndCompletes() throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let xs = try scheduler.createHotObservable("-a-b-#")
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start { xs.asSignal(onErrorJustReturn: "z") }
            assertMarbles(res.events, "-a-b-(z|)")
        }
    }

    func testOnErrorSignalWithAndOnErrorRecover() throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let xs = try scheduler.createHotObservable("-a-#")
        let ys = try scheduler.createColdObservable("-y|")
        SharingScheduler.mock(scheduler: scheduler) {
            let fallback = ys.asSignal(onErrorJustReturn: "never")
            let res = scheduler.start { xs.asSignal(onErrorSignalWith: fallback) }
            assertMarbles(res.events, "-a--y|")
        }
        var seen: [TestError] = []
        var values: [Int] = []
        let subscription = Observable<Int>.error(TestError.boom)
            .asSignal { error in
                seen.append(error as! TestError)
                return .just(1)
            }
            .emit(onNext: { values.append($0) })
        XCTAssertEqual(seen, [.boom])
        XCTAssertEqual(values, [1])
        subscription.dispose()
    }

    func testASecondSubscriberSeesOnlyLaterValues() {
        let relay = PublishRelay<Int>()
        let signal = relay.asSignal()
        var first: [Int] = []
        var second: [Int] = []
        let a = signal.emit(onNext: { first.append($0) })
        relay.accept(1)
        let b = signal.emit(onNext: { second.append($0) })
        XCTAssertEqual(second, [], "a Signal replays nothing")
        relay.accept(2)
        XCTAssertEqual(first, [1, 2])
        XCTAssertEqual(second, [2])
        a.dispose()
        b.dispose()
    }

    func testTwoSubscribersShareOneSubscriptionToTheSource() {
        var subscriptions = 0
        let subject = PublishSubject<Int>()
        let signal = Observable.deferred { () -> Observable<Int> in
            subscriptions += 1
            return subject.asObservable()
        }
        .asSignal(onErrorJustReturn: 0)
        let bag = DisposeBag()
        var values: [Int] = []
        signal.emit(onNext: { values.append($0) }).disposed(by: bag)
        signal.emit(onNext: { values.append($0 * 10) }).disposed(by: bag)
        signal.do(onNext: { values.append($0 * 100) }).emit().disposed(by: bag)
        subject.onNext(1)
        XCTAssertEqual(subscriptions, 1)
        XCTAssertEqual(values, [1, 10, 100])
    }

    func testValuesFromABackgroundThreadArriveOnTheMainThread() {
        let relay = PublishRelay<Int>()
        let done = expectation(description: "received")
        let offMain = LockedFlag()
        let subscription = relay.asSignal().emit(onNext: { value in
            if !Thread.isMainThread { offMain.set() }
            if value == 3 { done.fulfill() }
        })
        DispatchQueue.global().async {
            for value in 1...3 { relay.accept(value) }
        }
        wait(for: [done], timeout: 5)
        XCTAssertFalse(offMain.value)
        subscription.dispose()
    }

    func testEmitToRelaysObserversAndWithAnObject() {
        let source = PublishRelay<Int>()
        let signal = source.asSignal()
        let publish = PublishRelay<Int>()
        let optionalPublish = PublishRelay<Int?>()
        let behavior = BehaviorRelay(value: 0)
        let optionalBehavior = BehaviorRelay<Int?>(value: nil)
        let replay = ReplayRelay<Int>.create(bufferSize: 2)
        let optionalReplay = ReplayRelay<Int?>.create(bufferSize: 2)
        let observer = EventRecorder<Int>()
        let optionalObserver = EventRecorder<Int?>()
        let bag = DisposeBag()
        var published: [Int] = []
        var optionalPublished: [Int?] = []
        publish.subscribe(onNext: { published.append($0) }).disposed(by: bag)
        optionalPublish.subscribe(onNext: { optionalPublished.append($0) }).disposed(by: bag)
        signal.emit(to: publish).disposed(by: bag)
        signal.emit(to: optionalPublish).disposed(by: bag)
        signal.emit(to: behavior).disposed(by: bag)
        signal.emit(to: optionalBehavior).disposed(by: bag)
        signal.emit(to: replay).disposed(by: bag)
        signal.emit(to: optionalReplay).disposed(by: bag)
        signal.emit(to: observer).disposed(by: bag)
        signal.emit(to: optionalObserver).disposed(by: bag)
        final class Owner { var values: [Int] = [] }
        let owner = Owner()
        signal.emit(with: owner, onNext: { owner, value in owner.values.append(value) }).disposed(by: bag)
        source.accept(4)
        source.accept(5)
        XCTAssertEqual(published, [4, 5])
        XCTAssertEqual(optionalPublished, [4, 5])
        XCTAssertEqual(behavior.value, 5)
        XCTAssertEqual(optionalBehavior.value, 5)
        let replayed = EventRecorder<Int>()
        replay.subscribe(replayed.handler).disposed(by: bag)
        XCTAssertEqual(replayed.elements, [4, 5])
        let optionalReplayed = EventRecorder<Int?>()
        optionalReplay.subscribe(optionalReplayed.handler).disposed(by: bag)
        XCTAssertEqual(optionalReplayed.elements, [4, 5])
        XCTAssertEqual(observer.elements, [4, 5])
        XCTAssertEqual(optionalObserver.elements, [4, 5])
        XCTAssertEqual(owner.values, [4, 5])
    }

    func testFactoriesAndMerge() {
        let bag = DisposeBag()
        var values: [Int] = []
        var completions = 0
        let done = expectation(description: "completed")
        Signal.merge(Signal.just(1), Signal<Int>.empty(), Signal<Int>.never().take(0))
            .emit(
                onNext: { values.append($0) },
                onCompleted: {
                    completions += 1
                    done.fulfill()
                }
            )
            .disposed(by: bag)
        wait(for: [done], timeout: 5)
        XCTAssertEqual(values, [1])
        XCTAssertEqual(completions, 1)
    }

    func testOperatorsKeepTheSignalType() {
        let relay = PublishRelay<Int>()
        let signal: Signal<Int> = relay.asSignal()
        let mapped: Signal<String> = signal.map { "\($0)" }.filter { !$0.isEmpty }
        let flat: Signal<String> = mapped.flatMapLatest { Signal.just($0) }
        let throttled: Signal<String> = flat.throttle(.milliseconds(1), latest: false)
        let itself: Signal<String> = throttled.asSignal()
        let sequence: SharedSequence<SignalSharingStrategy, String> = itself.asSharedSequence()
        _ = sequence
    }

    /// A view model's one-shot events, written for RxSwift and RxCocoa, only the import changed.
    func testSignalCodeAsWrittenForRxCocoa() {
        final class LoginViewModel {
            private let errorRelay = PublishRelay<String>()
            var errorMessage: Signal<String> { errorRelay.asSignal() }
            func fail(_ message: String) { errorRelay.accept(message) }
        }
        final class LoginViewController {
            let disposeBag = DisposeBag()
            var shown: [String] = []
            func bind(_ viewModel: LoginViewModel) {
                viewModel.errorMessage
                    .emit(with: self, onNext: { owner, message in owner.shown.append(message) })
                    .disposed(by: disposeBag)
            }
        }
        let viewModel = LoginViewModel()
        viewModel.fail("lost before anyone listened")
        let controller = LoginViewController()
        controller.bind(viewModel)
        viewModel.fail("wrong password")
        XCTAssertEqual(controller.shown, ["wrong password"])
    }
}
