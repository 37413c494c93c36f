import Rivulet
import TestSupport
import XCTest

final class DisposeBagPruningTests: RivuletTestCase {
    func test_contract14_finishedSubscriptionLeavesItsBagPromptly() {
        let bag = DisposeBag()
        let subject = PublishSubject<Int>()
        subject.subscribe(onNext: { _ in }).disposed(by: bag)
        Observable.just(1).subscribe().disposed(by: bag)
        XCTAssertEqual(bag.count, 1, "the completed `just` subscription left the bag")
        subject.onCompleted()
        XCTAssertEqual(bag.count, 0)
    }

    func test_contract14_longLivedBagDoesNotGrowWithFinishedWork() {
        let bag = DisposeBag()
        for value in 0..<1_000 {
            Observable.just(value).subscribe().disposed(by: bag)
        }
        XCTAssertEqual(bag.count, 0)
    }

    func testExplicitDisposeRemovesFromBag() {
        let bag = DisposeBag()
        let subject = PublishSubject<Int>()
        let subscriptions = (0..<40).map { _ in subject.subscribe(onNext: { _ in }) }
        subscriptions.forEach { $0.disposed(by: bag) }
        XCTAssertEqual(bag.count, 40)
        subscriptions.prefix(30).forEach { $0.dispose() }
        XCTAssertEqual(bag.count, 10)
        subject.onNext(1)
    }

    func testRemovalsCompactTheBagAndTheRestAreStillDisposedInOrder() {
        // Most subscriptions finish out of order (the bag compacts its holes and renumbers the
        // rest); the survivors must still leave when they finish and be disposed in insertion
        // order when the bag goes.
        let subject = PublishSubject<Int>()
        var disposedOrder: [Int] = []
        var subscriptions: [Disposable] = []
        var bag: DisposeBag? = DisposeBag()
        for index in 0..<100 {
            let subscription = subject.subscribe(onNext: { _ in }, onDisposed: { disposedOrder.append(index) })
            subscription.disposed(by: bag!)
            subscriptions.append(subscription)
        }
        for index in (0..<100).reversed() where index % 4 != 0 { subscriptions[index].dispose() }
        XCTAssertEqual(bag!.count, 25)
        subscriptions[40].dispose()  // found at its renumbered slot
        XCTAssertEqual(bag!.count, 24)
        disposedOrder.removeAll()
        bag = nil
        XCTAssertEqual(disposedOrder, stride(from: 0, to: 100, by: 4).filter { $0 != 40 })
        XCTAssertFalse(subject.hasObservers)
    }

    func testASubscriptionInTwoBagsIsDisposedByWhicheverGoesFirst() {
        let subject = PublishSubject<Int>()
        var disposed = 0
        var first: DisposeBag? = DisposeBag()
        let second = DisposeBag()
        let subscription = subject.subscribe(onNext: { _ in }, onDisposed: { disposed += 1 })
        subscription.disposed(by: first!)
        subscription.disposed(by: second)
        XCTAssertEqual(second.count, 1)
        first = nil
        XCTAssertEqual(disposed, 1)
        XCTAssertFalse(subject.hasObservers)
        XCTAssertEqual(second.count, 1, "the second bag holds it without tracking it; disposing again is a no-op")
    }

    func test_contract12_disposeBagMutesEverySubscriptionBeforeDisposingAny() {
        // Disposing the first subscription makes the source emit; the second subscription's
        // closure must not run any more, because the bag is being torn down.
        let subject = PublishSubject<Int>()
        var secondReceived: [Int] = []
        var bag: DisposeBag? = DisposeBag()
        Observable<Int>.create { _ in
            Disposables.create { subject.onNext(99) }
        }
        .subscribe()
        .disposed(by: bag!)
        subject.subscribe(onNext: { secondReceived.append($0) }).disposed(by: bag!)
        subject.onNext(1)
        bag = nil
        XCTAssertEqual(secondReceived, [1])
        XCTAssertFalse(subject.hasObservers)
    }
}
