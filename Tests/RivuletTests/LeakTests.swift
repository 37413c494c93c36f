import Foundation
import Rivulet
import TestSupport
import XCTest

/// Contract 15: what a subscription holds (its sinks, the observers' closures and whatever they
/// capture, `NotificationCenter` observers) is released when the subscription ends: its bag dies,
/// the stream terminates, or `take(n)` has its values, even if the `Disposable` is still held or
/// was never put anywhere. `Resources.total` is checked after every test by the base class; these
/// tests also check it in the middle, where the subscription ended but the test still runs (a
/// `Disposable` the test still holds is itself counted; what it referred to is not).
final class LeakTests: RivuletTestCase {
    func test_contract15_observerClosuresAreReleasedWhenTheBagDies() {
        let subject = PublishSubject<Int>()
        let start = Resources.total
        weak var weakTracker: Tracker?
        var bag: DisposeBag? = DisposeBag()
        do {
            let tracker = Tracker()
            weakTracker = tracker
            subject.map { value in
                _ = tracker
                return value
            }
            .subscribe(onNext: { _ in _ = tracker }, onDisposed: { _ = tracker })
            .disposed(by: bag!)
            subject.subscribe(onNext: { _ in _ = tracker }).disposed(by: bag!)
        }
        subject.onNext(1)
        XCTAssertNotNil(weakTracker)
        XCTAssertGreaterThan(Resources.total, start)
        bag = nil
        XCTAssertNil(weakTracker)
        XCTAssertFalse(subject.hasObservers)
        XCTAssertEqual(Resources.total, start)
    }

    func test_contract15_observerClosuresAreReleasedWhenTheStreamTerminates() {
        let subject = PublishSubject<Int>()
        let failing = PublishSubject<Int>()
        let start = Resources.total
        weak var weakTracker: Tracker?
        var held: [Disposable] = []
        do {
            let tracker = Tracker()
            weakTracker = tracker
            held.append(
                subject.filter { _ in
                    _ = tracker
                    return true
                }.subscribe(onNext: { _ in _ = tracker }))
            held.append(failing.map { $0 + 1 }.subscribe(onNext: { _ in _ = tracker }, onError: { _ in _ = tracker }))
            // Never added to a bag nor kept: ends with the stream, or leaks forever.
            _ = Observable.merge(subject.asObservable(), failing.asObservable())
                .subscribe(onNext: { _ in _ = tracker }, onError: { _ in _ = tracker })
        }
        subject.onNext(1)
        subject.onCompleted()
        failing.onError(TestError.boom)
        XCTAssertNil(weakTracker, "closures are released on the terminal event, though the Disposables are held")
        XCTAssertEqual(Resources.total, start + Int32(held.count), "only the held Disposables themselves are left")
        held.forEach { $0.dispose() }
    }

    func test_contract15_observerClosuresAreReleasedAfterTakeN() {
        let subject = PublishSubject<Int>()
        let start = Resources.total
        weak var weakTracker: Tracker?
        var received: [Int] = []
        let subscription: Disposable
        do {
            let tracker = Tracker()
            weakTracker = tracker
            subscription = subject.map { value in
                _ = tracker
                return value
            }.take(2)
                .subscribe(onNext: {
                    _ = tracker
                    received.append($0)
                })
        }
        subject.onNext(1)
        XCTAssertNotNil(weakTracker)
        subject.onNext(2)
        XCTAssertEqual(received, [1, 2])
        XCTAssertNil(weakTracker)
        XCTAssertFalse(subject.hasObservers, "take(n) unsubscribes from its source after n values")
        XCTAssertEqual(Resources.total, start + 1, "only the held Disposable itself is left")
        subscription.dispose()
    }

    func test_contract15_notificationCenterObserversAreRemovedWhenTheBagDiesOrAfterTake() {
        let center = NotificationCenter()
        let name = Notification.Name("LeakTests.ping")
        weak var weakTracker: Tracker?
        var received = 0
        var bag: DisposeBag? = DisposeBag()
        do {
            let tracker = Tracker()
            weakTracker = tracker
            center.rx.notification(name).subscribe(onNext: { _ in
                _ = tracker
                received += 1
            }).disposed(by: bag!)
            _ = center.rx.notification(name).take(1).subscribe(onNext: { _ in
                _ = tracker
                received += 10
            })
        }
        center.post(name: name, object: nil)
        XCTAssertEqual(received, 11)
        center.post(name: name, object: nil)
        XCTAssertEqual(received, 12, "the take(1) observer was removed from the center")
        bag = nil
        center.post(name: name, object: nil)
        XCTAssertEqual(received, 12, "the bag's observer was removed from the center")
        XCTAssertNil(weakTracker)
    }
}
