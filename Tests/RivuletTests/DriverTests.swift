import Dispatch
import Foundation
import Rivulet
import RivuletTest
import TestSupport
import XCTest

/// `Driver` on the real main queue (threading, replay, sharing) and, through
/// `SharingScheduler.mock`, on a `TestScheduler` (the conversions' events).
final class DriverTests: RealTimeTestCase {
    // MARK: Conversions (virtual time)

    func testOnErrorJustReturnReplacesTheErrorWithTheValueAndCompletes() throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let xs = try scheduler.createHotObservable("-a-b-#")
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start { xs.asDriver(onErrorJustReturn: "z") }
            assertMarbles(res.events, "-a-b-(z|)")
            assertSubscriptions(xs, "^----!")
        }
    }

    func testOnErrorDriveWithSwitchesToTheFallback() throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let xs = try scheduler.createHotObservable("-a-#")
        let ys = try scheduler.createColdObservable("-y-z|")
        SharingScheduler.mock(scheduler: scheduler) {
            let fallback = ys.asDriver(onErrorJustReturn: "never")
            let res = scheduler.start { xs.asDriver(onErrorDriveWith: fallback) }
            assertMarbles(res.events, "-a--y-z|")
        }
    }

    func testOnErrorRecoverReceivesTheError() {
        var seen: [TestError] = []
        let driver = Observable<Int>.error(TestError.other(3)).asDriver { error in
            seen.append(error as! TestError)
            return .just(3)
        }
        let recorder = EventRecorder<Int>()
        let subscription = driver.drive(onNext: { recorder.on(.next($0)) }, onCompleted: { recorder.on(.completed) })
        XCTAssertEqual(seen, [.other(3)])
        XCTAssertEqual(recorder.events, [.next(3), .completed])
        subscription.dispose()
    }

    func testAnInfallibleAndARelayBecomeDrivers() {
        let relay = BehaviorRelay(value: 1)
        var values: [Int] = []
        let bag = DisposeBag()
        relay.asDriver().drive(onNext: { values.append($0) }).disposed(by: bag)
        Infallible.of(2, 3).asDriver().drive(onNext: { values.append($0) }).disposed(by: bag)
        relay.asDriver().asDriver().map { $0 * 10 }.drive(onNext: { values.append($0) }).disposed(by: bag)
        XCTAssertEqual(values, [1, 2, 3, 10])
    }

    func testMergeOfADriverOfDriversPassesOnEveryInnerValueAsItArrives() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let a = scheduler.createHotObservable([.next(220, 1), .next(240, 3), .completed(250)])
        let b = scheduler.createHotObservable([.next(230, 2), .next(260, 4), .completed(270)])
        SharingScheduler.mock(scheduler: scheduler) {
            let outer = scheduler.createHotObservable([
                .next(210, a.asDriver(onErrorJustReturn: -1)), .next(225, b.asDriver(onErrorJustReturn: -1)),
                .completed(235),
            ])
            let res = scheduler.start { outer.asDriver(onErrorJustReturn: .empty()).merge() }
            XCTAssertEqual(res.events, [.next(220, 1), .next(230, 2), .next(240, 3), .next(260, 4), .completed(270)])
            XCTAssertEqual(a.subscriptions, [Subscription(210, 250)])
            XCTAssertEqual(b.subscriptions, [Subscription(225, 270)])
        }
    }

    func testMergeWithMaxConcurrentSubscribesTheNextInnerDriverWhenOneCompletes() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let a = scheduler.createHotObservable([.next(220, 1), .next(240, 3), .completed(250)])
        let b = scheduler.createHotObservable([.next(230, 2), .next(260, 4), .completed(270)])
        SharingScheduler.mock(scheduler: scheduler) {
            let outer = scheduler.createHotObservable([
                .next(210, a.asDriver(onErrorJustReturn: -1)), .next(225, b.asDriver(onErrorJustReturn: -1)),
                .completed(235),
            ])
            let res = scheduler.start { outer.asDriver(onErrorJustReturn: .empty()).merge(maxConcurrent: 1) }
            XCTAssertEqual(res.events, [.next(220, 1), .next(240, 3), .next(260, 4), .completed(270)])
            XCTAssertEqual(b.subscriptions, [Subscription(250, 270)], "b waits for a to complete")
        }
    }

    func testFlatteningIntoAnotherSharingStrategyGivesASequenceOfThatStrategy() {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let taps = scheduler.createHotObservable([.next(210, 1), .next(230, 2), .completed(250)])
        let loads = scheduler.createHotObservable([.next(220, 10), .next(240, 20), .completed(260)])
        SharingScheduler.mock(scheduler: scheduler) {
            let signal = taps.asSignal(onErrorJustReturn: -1)
            let driver = loads.asDriver(onErrorJustReturn: -1)
            let latest: Driver<Int> = signal.flatMapLatest { _ in driver }
            let merged: Driver<Int> = signal.flatMap { _ in driver }
            let first: Driver<Int> = signal.flatMapFirst { _ in driver }
            let switched: Signal<Int> = Driver.just(signal).switchLatest()
            let res = scheduler.start { latest }
            // At 230 the switch disposes the inner driver before subscribing it again, as RxSwift
            // does: its connection ends, so nothing is replayed.
            XCTAssertEqual(res.events, [.next(220, 10), .next(240, 20), .completed(260)])
            XCTAssertEqual(loads.subscriptions, [Subscription(210, 230), Subscription(230, 260)])
            _ = (merged, first, switched)
        }
    }

    @MainActor
    func testValuesOfADriverIsAnAsyncSequenceThatEndsWithTheCompletion() async {
        var received: [Int] = []
        for await value in Driver.from([1, 2, 3]).values { received.append(value) }
        XCTAssertEqual(received, [1, 2, 3])
    }

    // MARK: Threading

    func testValuesSentOnABackgroundQueueArriveOnTheMainThread() {
        let done = expectation(description: "completed")
        let offMain = LockedFlag()
        let values = LockedValues<Int>()
        let source = Observable<Int>.create { observer in
            nonisolated(unsafe) let send = observer
            DispatchQueue.global().async {
                send.onNext(1)
                send.onError(TestError.boom)
            }
            return Disposables.create()
        }
        let subscription = source.asDriver(onErrorJustReturn: -1).drive(
            onNext: { value in
                if !Thread.isMainThread { offMain.set() }
                values.append(value)
            },
            onCompleted: {
                if !Thread.isMainThread { offMain.set() }
                done.fulfill()
            })
        wait(for: [done], timeout: 5)
        XCTAssertEqual(values.all, [1, -1])
        XCTAssertFalse(offMain.value)
        subscription.dispose()
    }

    func testDriveFromABackgroundThreadStillReceivesTheReplayedValueOnTheMainThread() {
        let relay = BehaviorRelay(value: 7)
        let driver = relay.asDriver()
        let first = driver.drive(onNext: { _ in })
        let received = expectation(description: "replayed")
        let onMain = LockedFlag()
        let subscription = SerialDisposable()
        nonisolated(unsafe) let background = (driver, subscription)
        DispatchQueue.global().async {
            background.1.disposable = background.0.drive(onNext: { value in
                if Thread.isMainThread && value == 7 { onMain.set() }
                received.fulfill()
            })
        }
        wait(for: [received], timeout: 5)
        XCTAssertTrue(onMain.value)
        subscription.dispose()
        first.dispose()
    }

    // MARK: Sharing

    func testASecondSubscriberGetsTheLatestValueAtOnce() {
        let subject = PublishSubject<Int>()
        let driver = subject.asDriver(onErrorJustReturn: 0)
        var first: [Int] = []
        var second: [Int] = []
        let a = driver.drive(onNext: { first.append($0) })
        subject.onNext(1)
        subject.onNext(2)
        let b = driver.drive(onNext: { second.append($0) })
        XCTAssertEqual(second, [2], "the latest value is replayed synchronously on the main thread")
        subject.onNext(3)
        XCTAssertEqual(first, [1, 2, 3])
        XCTAssertEqual(second, [2, 3])
        a.dispose()
        b.dispose()
    }

    func testTwoSubscribersShareOneSubscriptionToTheSource() {
        var subscriptions = 0
        var mapped = 0
        let subject = PublishSubject<Int>()
        let driver = Observable.deferred { () -> Observable<Int> in
            subscriptions += 1
            return subject.asObservable()
        }
        .asDriver(onErrorJustReturn: 0)
        .map { value -> Int in
            mapped += 1
            return value * 10
        }
        var a: [Int] = []
        var b: [Int] = []
        let first = driver.drive(onNext: { a.append($0) })
        let second = driver.drive(onNext: { b.append($0) })
        subject.onNext(1)
        XCTAssertEqual(subscriptions, 1)
        XCTAssertEqual(mapped, 1, "the map runs once per value, however many drive it")
        XCTAssertEqual(a, [10])
        XCTAssertEqual(b, [10])
        first.dispose()
        second.dispose()
        // `.whileConnected`: once every subscriber left, the next one subscribes the source anew.
        let third = driver.drive()
        XCTAssertEqual(subscriptions, 2)
        third.dispose()
    }

    // MARK: Driving

    func testDriveToRelays() {
        let driver = Observable.of(1, 2).asDriver(onErrorJustReturn: 0)
        let behavior = BehaviorRelay(value: 0)
        let optionalBehavior = BehaviorRelay<Int?>(value: nil)
        let publish = PublishRelay<Int>()
        let optionalPublish = PublishRelay<Int?>()
        let replay = ReplayRelay<Int>.create(bufferSize: 5)
        let optionalReplay = ReplayRelay<Int?>.create(bufferSize: 5)
        var published: [Int] = []
        var optionalPublished: [Int?] = []
        let bag = DisposeBag()
        publish.subscribe(onNext: { published.append($0) }).disposed(by: bag)
        optionalPublish.subscribe(onNext: { optionalPublished.append($0) }).disposed(by: bag)
        driver.drive(behavior).disposed(by: bag)
        driver.drive(optionalBehavior).disposed(by: bag)
        driver.drive(publish).disposed(by: bag)
        driver.drive(optionalPublish).disposed(by: bag)
        driver.drive(replay, replay).disposed(by: bag)
        driver.drive(optionalReplay).disposed(by: bag)
        XCTAssertEqual(behavior.value, 2)
        XCTAssertEqual(optionalBehavior.value, 2)
        XCTAssertEqual(published, [1, 2])
        XCTAssertEqual(optionalPublished, [1, 2])
        let replayed = EventRecorder<Int>()
        replay.subscribe(replayed.handler).disposed(by: bag)
        XCTAssertEqual(replayed.elements, [1, 1, 2, 2])
        let optionalReplayed = EventRecorder<Int?>()
        optionalReplay.subscribe(optionalReplayed.handler).disposed(by: bag)
        XCTAssertEqual(optionalReplayed.elements, [1, 2])
    }

    func testDriveToObserversAndWithAnObject() {
        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        let optional = EventRecorder<Int?>()
        let bag = DisposeBag()
        Driver.just(5).drive(first, second).disposed(by: bag)
        Driver.just(5).drive(optional).disposed(by: bag)
        XCTAssertEqual(first.events, [.next(5), .completed])
        XCTAssertEqual(second.events, [.next(5), .completed])
        XCTAssertEqual(optional.events, [.next(5), .completed])

        final class Owner { var values: [Int] = [] }
        var owner: Owner? = Owner()
        let relay = BehaviorRelay(value: 1)
        var disposed = false
        let subscription = relay.asDriver().drive(
            with: owner!, onNext: { owner, value in owner.values.append(value) }, onDisposed: { _ in disposed = true })
        relay.accept(2)
        XCTAssertEqual(owner?.values, [1, 2])
        owner = nil
        relay.accept(3)
        subscription.dispose()
        XCTAssertFalse(disposed, "nothing runs once the object was released")
    }

    // MARK: Factories and combining

    func testFactoriesDeliverOnTheMainThread() {
        var values: [Int] = []
        var completions = 0
        var offMain = 0
        let done = expectation(description: "all completed")
        let bag = DisposeBag()
        for driver in [
            Driver.just(1), Driver.of(2, 3), Driver.from([4]), Driver.from(5...6), Driver.from(optional: 7),
            Driver.from(optional: nil), Driver.empty(), Driver.deferred { .just(8) },
        ] {
            driver.drive(
                onNext: { value in
                    if !Thread.isMainThread { offMain += 1 }
                    values.append(value)
                },
                onCompleted: {
                    completions += 1
                    if completions == 8 { done.fulfill() }
                }
            ).disposed(by: bag)
        }
        Driver<Int>.never().drive(onNext: { values.append($0) }, onCompleted: { completions += 1 }).disposed(by: bag)
        XCTAssertEqual(values.first, 1, "`just` driven on the main thread sends at once")
        wait(for: [done], timeout: 5)
        XCTAssertEqual(values.sorted(), [1, 2, 3, 4, 5, 6, 7, 8])
        XCTAssertEqual(completions, 8)
        XCTAssertEqual(offMain, 0)
    }

    func testCombiningOperators() {
        let a = BehaviorRelay(value: 1)
        let b = BehaviorRelay(value: "x")
        let bag = DisposeBag()
        var combined: [String] = []
        Driver.combineLatest(a.asDriver(), b.asDriver()) { "\($0)\($1)" }
            .drive(onNext: { combined.append($0) }).disposed(by: bag)
        var tuples: [String] = []
        Driver.combineLatest(a.asDriver(), b.asDriver(), a.asDriver(), b.asDriver())
            .map { "\($0)\($1)\($2)\($3)" }
            .drive(onNext: { tuples.append($0) }).disposed(by: bag)
        var arrays: [[Int]] = []
        Driver.combineLatest([a.asDriver(), a.asDriver().map { $0 * 10 }])
            .drive(onNext: { arrays.append($0) }).disposed(by: bag)
        var zipped: [String] = []
        Driver.zip(a.asDriver(), b.asDriver(), a.asDriver()) { "\($0)\($1)\($2)" }
            .drive(onNext: { zipped.append($0) }).disposed(by: bag)
        var merged: [Int] = []
        Driver.merge(a.asDriver(), a.asDriver().map { -$0 }).drive(onNext: { merged.append($0) }).disposed(by: bag)
        var latest: [String] = []
        a.asDriver().skip(1).withLatestFrom(b.asDriver()) { "\($0)\($1)" }
            .drive(onNext: { latest.append($0) }).disposed(by: bag)
        a.accept(2)
        b.accept("y")
        XCTAssertEqual(combined, ["1x", "2x", "2y"])
        XCTAssertEqual(tuples.last, "2y2y")
        XCTAssertEqual(arrays, [[1, 10], [2, 10], [2, 20]])
        XCTAssertEqual(zipped, ["1x1", "2y2"])
        XCTAssertEqual(merged, [1, -1, 2, -2])
        XCTAssertEqual(latest, ["2x"])
    }

    func testCombineLatestAndZipOfFiveToEightDrivers() {
        // RxCocoa has them up to eight sources, with and without a result selector.
        let relays = (1...8).map { BehaviorRelay(value: $0) }
        let d = relays.map { $0.asDriver() }
        let bag = DisposeBag()
        var five: [Int] = []
        Driver.combineLatest(d[0], d[1], d[2], d[3], d[4]) { $0 + $1 + $2 + $3 + $4 }
            .drive(onNext: { five.append($0) }).disposed(by: bag)
        var eightTuples: [[Int]] = []
        Driver.combineLatest(d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7])
            .map { [$0, $1, $2, $3, $4, $5, $6, $7] }
            .drive(onNext: { eightTuples.append($0) }).disposed(by: bag)
        var sixZipped: [Int] = []
        Driver.zip(d[0], d[1], d[2], d[3], d[4], d[5]) {
            $0 * 100_000 + $1 * 10_000 + $2 * 1_000 + $3 * 100 + $4 * 10 + $5
        }
        .drive(onNext: { sixZipped.append($0) }).disposed(by: bag)
        var sevenZipped: [[Int]] = []
        Driver.zip(d[0], d[1], d[2], d[3], d[4], d[5], d[6]).map { [$0, $1, $2, $3, $4, $5, $6] }
            .drive(onNext: { sevenZipped.append($0) }).disposed(by: bag)
        var signalled: [Int] = []
        let signals = relays.map { relay in relay.asSignal(onErrorJustReturn: 0) }
        Signal.combineLatest(signals[0], signals[1], signals[2], signals[3], signals[4], signals[5], signals[6]) {
            $0 + $1 + $2 + $3 + $4 + $5 + $6
        }.emit(onNext: { signalled.append($0) }).disposed(by: bag)
        relays[4].accept(50)
        relays[7].accept(80)
        XCTAssertEqual(five, [15, 60])
        XCTAssertEqual(
            eightTuples, [[1, 2, 3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 50, 6, 7, 8], [1, 2, 3, 4, 50, 6, 7, 80]])
        XCTAssertEqual(sixZipped, [123_456], "zip waits for one new value from every source")
        XCTAssertEqual(sevenZipped, [[1, 2, 3, 4, 5, 6, 7]])
        XCTAssertEqual(signalled, [28, 73], "each relay's current value at subscription, then the change")
    }

    func testOperatorsKeepTheDriverType() {
        let source = BehaviorRelay(value: 1)
        let driver: Driver<Int> = source.asDriver()
        let mapped: Driver<String> = driver.map { "\($0)" }
        let compact: Driver<Int> = mapped.compactMap { Int($0) }
        let filtered: Driver<Int> = compact.filter { $0 > 0 }
        let flat: Driver<Int> = filtered.flatMap { Driver.just($0) }
        let latest: Driver<Int> = flat.flatMapLatest { Driver.just($0 + 1) }
        let first: Driver<Int> = latest.flatMapFirst { Driver.just($0) }
        let concat: Driver<Int> = first.concatMap { Driver.just($0) }
        let scanned: Driver<Int> = concat.scan(0, accumulator: +)
        let distinct: Driver<Int> = scanned.distinctUntilChanged().distinctUntilChanged { $0 }
            .distinctUntilChanged { $0 == $1 }
        let started: Driver<Int> = distinct.startWith(0)
        let sideEffects: Driver<Int> = started.do(onNext: { _ in })
        let skipped: Driver<Int> = sideEffects.skip(1).take(5)
        let timed: Driver<Int> = skipped.debounce(.milliseconds(1)).throttle(.milliseconds(1)).delay(.milliseconds(1))
        let withLatest: Driver<String> = timed.withLatestFrom(mapped)
        let observable: Observable<String> = withLatest.asObservable()
        let sequence: SharedSequence<DriverSharingStrategy, String> = withLatest.asDriver().asSharedSequence()
        _ = (observable, sequence)
    }

    func testTimeOperatorsRunOnTheSharingScheduler() throws {
        let scheduler = TestScheduler(initialClock: 0, simulateProcessingDelay: false)
        let xs = try scheduler.createHotObservable("-ab---c-|")
        SharingScheduler.mock(scheduler: scheduler) {
            let res = scheduler.start { xs.asDriver(onErrorJustReturn: "z").debounce(.seconds(20)) }
            assertMarbles(res.events, "----b---(c|)")
        }
    }

    // MARK: RxSwift + RxCocoa code as users write it

    /// A keyboard-height binding written for RxSwift and RxCocoa, only the import changed: the
    /// notifications are posted on a background thread, the constraint is set on the main thread.
    func testKeyboardCodeAsWrittenForRxCocoa() {
        final class KeyboardViewController {
            let disposeBag = DisposeBag()
            private(set) var bottomConstant: Double = 0
            private(set) var updatesOffMain = 0
            var onUpdate: (() -> Void)?

            func bind(center: NotificationCenter) {
                let willShow = center.rx.notification(DriverTests.willShow)
                    .map { ($0.userInfo?["height"] as? Double) ?? 0 }
                let willHide = center.rx.notification(DriverTests.willHide).map { _ in 0.0 }
                let keyboardHeight = Observable.merge(willShow, willHide)
                // docs: keyboard height with a Driver
                keyboardHeight
                    .asDriver(onErrorJustReturn: 0)
                    .distinctUntilChanged()
                    .drive(onNext: { [weak self] height in self?.setBottomConstant(height) })
                    .disposed(by: disposeBag)
                // end docs
            }

            func setBottomConstant(_ height: Double) {
                if !Thread.isMainThread { updatesOffMain += 1 }
                bottomConstant = height
                onUpdate?()
            }
        }

        let center = NotificationCenter()
        let controller = KeyboardViewController()
        var seen: [Double] = []
        let shown = expectation(description: "shown and hidden")
        controller.onUpdate = { [unowned controller] in
            seen.append(controller.bottomConstant)
            if seen.count == 2 { shown.fulfill() }
        }
        controller.bind(center: center)
        DispatchQueue.global().async {
            center.post(name: DriverTests.willShow, object: nil, userInfo: ["height": 291.0])
            center.post(name: DriverTests.willShow, object: nil, userInfo: ["height": 291.0])
            center.post(name: DriverTests.willHide, object: nil)
        }
        wait(for: [shown], timeout: 5)
        XCTAssertEqual(seen, [291, 0])
        XCTAssertEqual(controller.updatesOffMain, 0)
    }

    static let willShow = Notification.Name("DriverTests.keyboardWillShow")
    static let willHide = Notification.Name("DriverTests.keyboardWillHide")
}
