#if canImport(Combine)
    import Combine
#else
    import RivuletCombine
#endif
import Foundation
import Rivulet
import RivuletCombineBridge
import TestSupport
import XCTest

/// The portable Rx <-> Combine bridge (RivuletCombineBridge), written against Combine's public
/// API: the same code is Apple's Combine on Apple platforms, RivuletCombine here.
final class CombineBridgeTests: RivuletTestCase {
    func testElementsWaitForDemandAndTheCompletionWaitsBehindThem() {
        let subject = PublishSubject<Int>()
        let subscriber = DemandSubscriber<Int, Error>(initial: .max(1))
        ObservablePublisher(subject).subscribe(subscriber)
        subject.onNext(1)
        subject.onNext(2)
        subject.onNext(3)
        subject.onCompleted()
        XCTAssertEqual(subscriber.values, [1])
        XCTAssertNil(subscriber.completion)
        subscriber.request(.max(1))
        XCTAssertEqual(subscriber.values, [1, 2])
        subscriber.request(.max(5))
        XCTAssertEqual(subscriber.values, [1, 2, 3])
        XCTAssertEqual(subscriber.completion, "finished")
        XCTAssertFalse(subject.hasObservers)
    }

    func testRequestsFromAnotherThreadWhileTheStreamSendsLoseAndReorderNothing() {
        let count = 5_000
        let subject = PublishSubject<Int>()
        let subscriber = DemandSubscriber<Int, Error>(initial: .none)
        ObservablePublisher(subject).subscribe(subscriber)
        // The subscription serialises the subscriber's calls; the test reads it after both threads.
        let requester = UncheckedSendable(subscriber)
        let finished = assertFinishes("a sender and a requester on two threads") {
            let group = DispatchGroup()
            DispatchQueue.global().async(group: group) {
                for value in 0..<count { subject.onNext(value) }
                subject.onCompleted()
            }
            DispatchQueue.global().async(group: group) {
                for _ in 0..<count { requester.value.request(.max(1)) }
            }
            group.wait()
        }
        guard finished else { return }
        XCTAssertEqual(subscriber.values, Array(0..<count))
        XCTAssertEqual(subscriber.completion, "finished")
    }

    func testDemandReturnedFromReceiveIsHonoured() {
        let subscriber = DemandSubscriber<Int, Error>(initial: .max(1), eachValue: .max(1))
        ObservablePublisher(Observable.of(1, 2, 3)).subscribe(subscriber)
        XCTAssertEqual(subscriber.values, [1, 2, 3])
        XCTAssertEqual(subscriber.completion, "finished")
    }

    func testCancelDisposesTheStreamAndNothingArrivesAfterIt() {
        let subject = PublishSubject<Int>()
        let subscriber = DemandSubscriber<Int, Error>(initial: .unlimited)
        ObservablePublisher(subject).subscribe(subscriber)
        subject.onNext(1)
        XCTAssertTrue(subject.hasObservers)
        subscriber.cancel()
        XCTAssertFalse(subject.hasObservers)
        subject.onNext(2)
        subject.onCompleted()
        XCTAssertEqual(subscriber.values, [1])
        XCTAssertNil(subscriber.completion)
    }

    func testCancelInsideReceiveStopsASynchronousSource() {
        let subscriber = DemandSubscriber<Int, Error>(initial: .unlimited, cancelAfter: 2)
        let behavior = BehaviorSubject(value: 1)
        ObservablePublisher(behavior).subscribe(subscriber)
        behavior.onNext(2)
        behavior.onNext(3)
        XCTAssertEqual(subscriber.values, [1, 2])
        XCTAssertFalse(behavior.hasObservers)
    }

    func testAStreamErrorIsTheFailureOrFinishesANeverFailingPublisher() {
        let failing = DemandSubscriber<Int, Error>(initial: .unlimited)
        ObservablePublisher(Observable<Int>.error(BridgeFailure.boom)).subscribe(failing)
        XCTAssertEqual(failing.completion, "failure(boom)")
        let neverFailing = DemandSubscriber<Int, Never>(initial: .unlimited)
        ObservablePublisher(neverFailing: Observable<Int>.error(BridgeFailure.boom)).subscribe(neverFailing)
        XCTAssertEqual(neverFailing.completion, "finished")
    }

    func testAnInfallibleBecomesAPublisherThatNeverFails() {
        var values: [String] = []
        let cancellable = Infallible.just("infallible").asPublisher().sink { values.append($0) }
        XCTAssertEqual(values, ["infallible"])
        cancellable.cancel()
    }

    func testADriverBecomesAPublisherThatNeverFails() {
        let relay = BehaviorRelay(value: "driver")
        var values: [String] = []
        let cancellable = relay.asDriver().asPublisher().sink { values.append($0) }
        relay.accept("again")
        XCTAssertEqual(values, ["driver", "again"])
        cancellable.cancel()
    }

    func testASingleBecomesAFutureThatSubscribesOnce() {
        var subscriptions = 0
        let single = Single<Int>.deferred {
            subscriptions += 1
            return .just(7)
        }
        let future = single.asFuture()
        var values: [Int] = []
        let first = future.sink(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
        let second = future.sink(receiveCompletion: { _ in }, receiveValue: { values.append($0) })
        XCTAssertEqual(values, [7, 7])
        XCTAssertEqual(subscriptions, 1)
        var failure: String?
        let third = Single<Int>.error(BridgeFailure.boom).asFuture().sink(
            receiveCompletion: { if case .failure(let error) = $0 { failure = "\(error)" } }, receiveValue: { _ in })
        XCTAssertEqual(failure, "boom")
        [first, second, third].forEach { $0.cancel() }
    }

    func testAPublisherBecomesAStreamThatCancelsWhenDisposed() {
        let subject = PassthroughSubject<Int, BridgeFailure>()
        var cancels = 0
        var events: [String] = []
        let stream = Observable.from(publisher: subject.handleEvents(receiveCancel: { cancels += 1 }))
        let disposable = stream.subscribe(onNext: { events.append("\($0)") }, onError: { events.append("\($0)") })
        subject.send(1)
        disposable.dispose()
        subject.send(2)
        XCTAssertEqual(events, ["1"])
        XCTAssertEqual(cancels, 1)
        _ = stream.subscribe(onNext: { events.append("\($0)") }, onError: { events.append("\($0)") })
        subject.send(3)
        subject.send(completion: .failure(.boom))
        XCTAssertEqual(events, ["1", "3", "boom"])
    }
}

private enum BridgeFailure: Error { case boom }

/// A subscriber that requests `initial`, then `eachValue` per value, and can cancel after a count.
private final class DemandSubscriber<Input, Failure: Error>: Subscriber {
    private let initial: Subscribers.Demand
    private let eachValue: Subscribers.Demand
    private let cancelAfter: Int?
    private var subscription: Subscription?
    private(set) var values: [Input] = []
    private(set) var completion: String?
    let combineIdentifier = CombineIdentifier()

    init(initial: Subscribers.Demand, eachValue: Subscribers.Demand = .none, cancelAfter: Int? = nil) {
        self.initial = initial
        self.eachValue = eachValue
        self.cancelAfter = cancelAfter
    }

    func receive(subscription: Subscription) {
        self.subscription = subscription
        subscription.request(initial)
    }

    func receive(_ input: Input) -> Subscribers.Demand {
        values.append(input)
        if let cancelAfter, values.count == cancelAfter { cancel() }
        return eachValue
    }

    func receive(completion: Subscribers.Completion<Failure>) {
        switch completion {
        case .finished: self.completion = "finished"
        case .failure(let error): self.completion = "failure(\(error))"
        }
    }

    func request(_ demand: Subscribers.Demand) { subscription?.request(demand) }

    func cancel() {
        subscription?.cancel()
        subscription = nil
    }
}
