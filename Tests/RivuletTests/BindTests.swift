import Rivulet
import RivuletTest
import TestSupport
import XCTest

final class BindTests: RivuletTestCase {
    // MARK: Observers

    func testBindToAnObserverForwardsEveryEvent() {
        let source = PublishSubject<Int>()
        let target = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = target.subscribe(recorder)
        let binding = source.bind(to: target)
        XCTAssertTrue(source.hasObservers)
        source.onNext(1)
        source.onCompleted()
        XCTAssertEqual(recorder.events, [.next(1), .completed])
        XCTAssertFalse(source.hasObservers, "the binding ends with the source")
        binding.dispose()
    }

    func testBindToAnObserverForwardsErrors() {
        let target = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        _ = target.subscribe(recorder)
        let errors = capturingUnhandledErrors {
            _ = Observable<Int>.error(TestError.boom).bind(to: target)
        }
        XCTAssertEqual(recorder.events, [.error(TestError.boom)])
        XCTAssertTrue(errors.isEmpty, "an observer receives the error; nothing is reported")
    }

    func testBindToSeveralObservers() {
        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        _ = Observable.of(1, 2).bind(to: first, second)
        XCTAssertEqual(first.events, [.next(1), .next(2), .completed])
        XCTAssertEqual(second.events, first.events)
    }

    func testBindToAnyObserver() {
        let recorder = EventRecorder<Int>()
        _ = Observable.just(3).bind(to: AnyObserver(eventHandler: recorder.handler))
        XCTAssertEqual(recorder.events, [.next(3), .completed])
    }

    func testBindToOptionalObservers() {
        let first = EventRecorder<Int?>()
        let second = EventRecorder<Int?>()
        let third = EventRecorder<Int?>()
        _ = Observable.of(1, 2).bind(to: first)
        _ = Observable<Int>.error(TestError.boom).bind(to: second, third)
        XCTAssertEqual(first.events, [.next(1), .next(2), .completed])
        XCTAssertEqual(second.events, [.error(TestError.boom)])
        XCTAssertEqual(third.events, [.error(TestError.boom)])
    }

    func testBindToAnOptionalBehaviorSubject() throws {
        let subject = BehaviorSubject<String?>(value: nil)
        let binding = Observable.just("x").bind(to: subject)
        XCTAssertEqual(try subject.value(), "x")
        binding.dispose()
    }

    func testDisposingTheBindingStopsForwarding() {
        let source = PublishSubject<Int>()
        let recorder = EventRecorder<Int>()
        let binding = source.bind(to: recorder)
        source.onNext(1)
        binding.dispose()
        source.onNext(2)
        XCTAssertEqual(recorder.events, [.next(1)])
        XCTAssertFalse(source.hasObservers)
    }

    func testOptionalSourceBindsToOptionalTargetsWithoutLifting() {
        let source = Observable<Int?>.of(1, nil)
        let subject = PublishSubject<Int?>()
        let relay = BehaviorRelay<Int?>(value: 0)
        let recorder = EventRecorder<Int?>()
        _ = subject.subscribe(recorder)
        _ = source.bind(to: subject)
        _ = source.bind(to: relay)
        XCTAssertEqual(recorder.events, [.next(1), .next(nil), .completed])
        XCTAssertNil(relay.value)
    }

    // MARK: Relays

    func testBindToPublishRelays() {
        let source = PublishSubject<Int>()
        let first = PublishRelay<Int>()
        let second = PublishRelay<Int>()
        var firstValues: [Int] = []
        var secondValues: [Int] = []
        let a = first.subscribe(onNext: { firstValues.append($0) })
        let b = second.subscribe(onNext: { secondValues.append($0) })
        let binding = source.bind(to: first, second)
        source.onNext(1)
        source.onNext(2)
        XCTAssertEqual(firstValues, [1, 2])
        XCTAssertEqual(secondValues, [1, 2])
        binding.dispose()
        source.onNext(3)
        XCTAssertEqual(firstValues, [1, 2])
        a.dispose()
        b.dispose()
    }

    func testBindToOptionalPublishRelay() {
        let relay = PublishRelay<Int?>()
        var values: [Int?] = []
        let subscription = relay.subscribe(onNext: { values.append($0) })
        _ = Observable.of(1, 2).bind(to: relay)
        XCTAssertEqual(values, [1, 2])
        subscription.dispose()
    }

    func testCompletionEndsARelayBindingAndLeavesTheRelayOpen() {
        let source = PublishSubject<Int>()
        let relay = PublishRelay<Int>()
        let recorder = EventRecorder<Int>()
        let subscription = relay.subscribe(recorder)
        let errors = capturingUnhandledErrors {
            _ = source.bind(to: relay)
            source.onNext(1)
            source.onCompleted()
        }
        XCTAssertTrue(errors.isEmpty)
        XCTAssertFalse(source.hasObservers)
        relay.accept(2)
        XCTAssertEqual(recorder.events, [.next(1), .next(2)], "the relay neither completes nor stops")
        subscription.dispose()
    }

    func testErrorIntoAPublishRelayIsReportedNotCrashing() {
        let source = PublishSubject<Int>()
        let relay = PublishRelay<Int>()
        let recorder = EventRecorder<Int>()
        let subscription = relay.subscribe(recorder)
        let errors = capturingUnhandledErrors {
            _ = source.bind(to: relay)
            source.onNext(1)
            source.onError(TestError.boom)
            source.onNext(2)
        }
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(errors.first as? TestError, .boom)
        XCTAssertFalse(source.hasObservers, "the error ends the binding")
        relay.accept(3)
        XCTAssertEqual(recorder.events, [.next(1), .next(3)], "the relay does not fail")
        subscription.dispose()
    }

    func testBindToBehaviorRelays() {
        let first = BehaviorRelay(value: 0)
        let second = BehaviorRelay(value: 0)
        _ = Observable.of(1, 2).bind(to: first, second)
        XCTAssertEqual(first.value, 2)
        XCTAssertEqual(second.value, 2)
    }

    func testBindToOptionalBehaviorRelay() {
        let relay = BehaviorRelay<String?>(value: nil)
        _ = Observable.just("a").bind(to: relay)
        XCTAssertEqual(relay.value, "a")
    }

    func testErrorIntoABehaviorRelayIsReported() {
        let relay = BehaviorRelay(value: 0)
        let errors = capturingUnhandledErrors {
            _ = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onError(TestError.other(7))
                return Disposables.create()
            }.bind(to: relay)
        }
        XCTAssertEqual(relay.value, 1)
        XCTAssertEqual(errors.first as? TestError, .other(7))
        XCTAssertEqual(errors.count, 1)
    }

    func testErrorIntoAnOptionalRelayIsReported() {
        let relay = PublishRelay<Int?>()
        let errors = capturingUnhandledErrors {
            _ = Observable<Int>.error(TestError.boom).bind(to: relay)
        }
        XCTAssertEqual(errors.count, 1)
    }

    func testBindToReplayRelays() {
        let first = ReplayRelay<Int>.create(bufferSize: 2)
        let second = ReplayRelay<Int?>.createUnbound()
        _ = Observable.of(1, 2, 3).bind(to: first)
        _ = Observable.of(1, 2, 3).bind(to: second)
        let errors = capturingUnhandledErrors {
            _ = Observable<Int>.error(TestError.boom).bind(to: first)
        }
        XCTAssertEqual(errors.count, 1)
        var replayed: [Int] = []
        var replayedOptional: [Int?] = []
        _ = first.subscribe(onNext: { replayed.append($0) }).dispose()
        _ = second.subscribe(onNext: { replayedOptional.append($0) }).dispose()
        XCTAssertEqual(replayed, [2, 3])
        XCTAssertEqual(replayedOptional, [1, 2, 3])
    }

    // MARK: Binder functions and onNext

    func testBindToABinderFunction() {
        let source = Observable.of(1, 2)
        var received: Observable<Int>?
        let description: String = source.bind(to: { observable in
            received = observable
            return "bound"
        })
        XCTAssertEqual(description, "bound")
        XCTAssertTrue(received === source, "the binder receives the sequence itself")
        var values: [Int] = []
        let binding: Disposable = source.bind(to: { $0.subscribe(onNext: { values.append($0) }) })
        XCTAssertEqual(values, [1, 2])
        binding.dispose()
    }

    func testBindToACurriedBinder() {
        func label(_ source: Observable<Int>) -> (String) -> Disposable {
            { prefix in source.subscribe(onNext: { _ = prefix + String($0) }) }
        }
        var calls: [String] = []
        func curried(_ source: Observable<Int>) -> (String) -> Int {
            { prefix in
                calls.append(prefix)
                return 7
            }
        }
        let result = Observable.just(1).bind(to: curried, curriedArgument: "p")
        XCTAssertEqual(result, 7)
        XCTAssertEqual(calls, ["p"])
        Observable.just(1).bind(to: label, curriedArgument: "x").dispose()
    }

    func testBindOnNext() {
        let source = PublishSubject<Int>()
        var values: [Int] = []
        let binding = source.bind(onNext: { values.append($0) })
        source.onNext(1)
        source.onNext(2)
        binding.dispose()
        source.onNext(3)
        XCTAssertEqual(values, [1, 2])
        XCTAssertFalse(source.hasObservers)
    }

    func testBindOnNextErrorIsReportedNotCrashing() {
        var values: [Int] = []
        let errors = capturingUnhandledErrors {
            _ = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onError(TestError.boom)
                observer.onNext(2)
                return Disposables.create()
            }.bind(onNext: { values.append($0) })
        }
        XCTAssertEqual(values, [1])
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(errors.first as? TestError, .boom)
    }

    func testBindWithPassesTheObjectWithEachValueAndDropsValuesOnceItIsReleased() {
        final class Owner { var received: [Int] = [] }
        let source = PublishSubject<Int>()
        var owner: Owner? = Owner()
        weak let released = owner
        var delivered = 0
        let binding = source.bind(with: owner!) { owner, value in
            owner.received.append(value)
            delivered += 1
        }
        source.onNext(1)
        source.onNext(2)
        XCTAssertEqual(owner?.received, [1, 2])
        owner = nil
        XCTAssertNil(released, "the binding holds its object weakly")
        source.onNext(3)
        XCTAssertEqual(delivered, 2)
        binding.dispose()
        XCTAssertFalse(source.hasObservers)
    }

    func testBindWithReportsAnErrorNotCrashing() {
        final class Owner { var received: [Int] = [] }
        let owner = Owner()
        let errors = capturingUnhandledErrors {
            _ = Observable<Int>.create { observer in
                observer.onNext(1)
                observer.onError(TestError.boom)
                observer.onNext(2)
                return Disposables.create()
            }.bind(with: owner) { owner, value in owner.received.append(value) }
        }
        XCTAssertEqual(owner.received, [1])
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(errors.first as? TestError, .boom)
    }

    func testBindingIntoABag() {
        let source = PublishSubject<Int>()
        let relay = BehaviorRelay(value: 0)
        do {
            let bag = DisposeBag()
            source.bind(to: relay).disposed(by: bag)
            source.onNext(1)
        }
        source.onNext(2)
        XCTAssertEqual(relay.value, 1)
        XCTAssertFalse(source.hasObservers)
    }
    // MARK: Virtual time: the source's subscription lifetime

    func testRelayBindingLifetimeEndsAtCompletion() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([
            .next(150, 1), .next(210, 2), .next(220, 3), .completed(300), .next(310, 4),
        ])
        let relay = PublishRelay<Int>()
        let observer = scheduler.createObserver(Int.self)
        let relaySubscription = relay.subscribe(observer)
        var binding: Disposable?
        scheduler.scheduleAt(200) { binding = xs.bind(to: relay) }
        scheduler.scheduleAt(400) { relay.accept(5) }
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(210, 2), .next(220, 3), .next(400, 5)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 300)])
        binding?.dispose()
        relaySubscription.dispose()
    }

    func testRelayBindingLifetimeEndsAtErrorWhichIsReported() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .error(250, TestError.boom), .next(260, 3)])
        let relay = BehaviorRelay(value: 0)
        let observer = scheduler.createObserver(Int.self)
        let relaySubscription = relay.subscribe(observer)
        var binding: Disposable?
        let errors = capturingUnhandledErrors {
            scheduler.scheduleAt(200) { binding = xs.bind(to: relay) }
            scheduler.start()
        }
        XCTAssertEqual(observer.events, [.next(0, 0), .next(210, 2)])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
        XCTAssertEqual(errors.count, 1)
        binding?.dispose()
        relaySubscription.dispose()
    }

    func testObserverBindingLifetimeEndsAtDispose() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 2), .next(260, 3), .completed(400)])
        let observer = scheduler.createObserver(Int?.self)
        var binding: Disposable?
        scheduler.scheduleAt(200) { binding = xs.bind(to: observer) }
        scheduler.scheduleAt(250) { binding?.dispose() }
        scheduler.start()
        XCTAssertEqual(observer.events, [.next(210, Optional(2))])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 250)])
    }

    func testBindOnNextLifetime() {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createColdObservable([.next(10, 1), .next(20, 2), .completed(30)])
        var values: [Int] = []
        scheduler.scheduleAt(200) { _ = xs.bind(onNext: { values.append($0) }) }
        scheduler.start()
        XCTAssertEqual(values, [1, 2])
        XCTAssertEqual(xs.subscriptions, [Subscription(200, 230)])
    }
}
