import Foundation
import Rivulet
import RivuletCombine
import TestSupport
import XCTest

final class CombineNotificationTests: RivuletTestCase {
    private let ping = Notification.Name("RivuletTests.ping")
    private let pong = Notification.Name("RivuletTests.pong")

    // How "the observer is gone" is proven: the block the bridge registers holds the
    // subscription's sink, which the debug resource counter counts. Once the subscription is
    // disposed and the test drops its handle, the count returns to its value before the
    // subscription only if the center has released the block, i.e. removed the observer.

    func testRxNotificationDeliversAndRemovesTheObserverOnDispose() {
        let center = NotificationCenter()
        let baseline = Resources.total
        var received: [String] = []
        var disposable: Disposable? = center.rx.notification(ping).subscribe(onNext: { notification in
            received.append(notification.name.rawValue)
        })
        center.post(name: ping, object: nil)
        center.post(name: pong, object: nil)
        XCTAssertEqual(received, [ping.rawValue])
        XCTAssertGreaterThan(Resources.total, baseline)
        disposable?.dispose()
        center.post(name: ping, object: nil)
        XCTAssertEqual(received, [ping.rawValue], "no user code runs after disposal")
        disposable = nil
        XCTAssertEqual(Resources.total, baseline, "the center no longer holds the observer")
    }

    func testRxNotificationFiltersBySender() {
        let center = NotificationCenter()
        let sender = NSObject()
        var count = 0
        let disposable = center.rx.notification(ping, object: sender).subscribe(onNext: { _ in count += 1 })
        center.post(name: ping, object: nil)
        center.post(name: ping, object: NSObject())
        center.post(name: ping, object: sender)
        XCTAssertEqual(count, 1)
        disposable.dispose()
    }

    func testPublisherDeliversAndRemovesTheObserverOnCancel() {
        let center = NotificationCenter()
        let baseline = Resources.total
        var received: [Notification.Name] = []
        var cancellable: AnyCancellable? = center.publisher(for: ping).sink { notification in
            received.append(notification.name)
        }
        center.post(name: ping, object: nil)
        XCTAssertEqual(received, [ping])
        cancellable?.cancel()
        center.post(name: ping, object: nil)
        XCTAssertEqual(received, [ping], "no user code runs after cancel")
        cancellable = nil
        XCTAssertEqual(Resources.total, baseline, "the center no longer holds the observer")
    }

    func testReleasingTheCancellableRemovesTheObserver() {
        let center = NotificationCenter()
        let baseline = Resources.total
        var count = 0
        var cancellable: AnyCancellable? = center.publisher(for: ping).map { _ in 1 }.sink { count += $0 }
        center.post(name: ping, object: nil)
        XCTAssertNotNil(cancellable)
        cancellable = nil
        center.post(name: ping, object: nil)
        XCTAssertEqual(count, 1)
        XCTAssertEqual(Resources.total, baseline)
    }

    func testPublisherWithObjectAndTypeName() {
        let center = NotificationCenter()
        let sender = NSObject()
        let publisher: NotificationCenter.Publisher = center.publisher(for: ping, object: sender)
        var count = 0
        let cancellable = publisher.sink { _ in count += 1 }
        center.post(name: ping, object: nil)
        center.post(name: ping, object: sender)
        XCTAssertEqual(count, 1)
        cancellable.cancel()
    }

    func testNotificationsFromAnotherThreadStopAtDispose() {
        let center = NotificationCenter()
        let lock = NSLock()
        var count = 0
        let disposable = center.rx.notification(ping).subscribe(onNext: { _ in
            lock.lock()
            count += 1
            lock.unlock()
        })
        let name = ping
        DispatchQueue.concurrentPerform(iterations: 100) { _ in center.post(name: name, object: nil) }
        disposable.dispose()
        lock.lock()
        let seen = count
        lock.unlock()
        XCTAssertEqual(seen, 100)
        center.post(name: ping, object: nil)
        lock.lock()
        XCTAssertEqual(count, 100)
        lock.unlock()
    }
}
