import Foundation
@testable import RivuletCombine
import TestSupport
import XCTest

/// The platform publishers on the demand path, as Combine documents them:
/// `NotificationCenter.publisher(for:)` drops a notification that finds no demand, `$property` of
/// a `@Published` property keeps the latest value for it, `ObservableObjectPublisher` sends
/// whatever the demand, and `Timer.publish` sends a tick only to a subscriber that asked for it.
final class PlatformPublisherDemandTests: RivuletTestCase {
    private let noteName = Notification.Name("PlatformPublisherDemandTests")

    func testANotificationThatFindsNoDemandIsDropped() {
        let center = NotificationCenter()
        let subscriber = RecordingSubscriber<Notification, Never>(
            initial: nil, perValue: { ($0.object as? Int) == 2 ? .max(1) : .none })
        center.publisher(for: noteName).subscribe(subscriber)
        XCTAssertEqual(subscriber.log, ["subscription(NotificationCenter Observer)"])
        center.post(name: noteName, object: 0)
        XCTAssertEqual(subscriber.values.count, 0, "the observer is there, but nothing was asked for")
        subscriber.subscription?.request(.max(2))
        for object in 1...5 { center.post(name: noteName, object: object) }
        XCTAssertEqual(
            subscriber.values.map { $0.object as? Int }, [1, 2, 3], "two asked for, one more returned for 2")
        subscriber.subscription?.cancel()
        subscriber.subscription?.cancel()
        subscriber.subscription?.request(.unlimited)
        center.post(name: noteName, object: 6)
        XCTAssertEqual(subscriber.values.count, 3, "cancelling removed the observer")
    }

    func testTheSubscriptionHoldsTheCenterUntilItIsCancelled() {
        weak var released: NotificationCenter?
        let subscriber = RecordingSubscriber<Notification, Never>(initial: .unlimited)
        do {
            let center = NotificationCenter()
            released = center
            center.publisher(for: noteName).subscribe(subscriber)
        }
        XCTAssertNotNil(released)
        do {
            let mirror = subscriber.subscription.map { Mirror(reflecting: $0) }
            XCTAssertEqual(mirror?.children.map(\.label), ["parent", "downstream", "demand", "subject"])
        }
        subscriber.subscription?.cancel()
        XCTAssertNil(released)
    }

    func testANotificationPostedFromInsideTheSubscriberWaitsForTheCall() {
        let center = NotificationCenter()
        let subscriber = RecordingSubscriber<Notification, Never>(initial: .unlimited)
        var depth = 0
        var deepest = 0
        subscriber.onValue = { note in
            depth += 1
            deepest = max(deepest, depth)
            if let object = note.object as? Int, object < 3 { center.post(name: self.noteName, object: object + 1) }
            depth -= 1
        }
        center.publisher(for: noteName).subscribe(subscriber)
        center.post(name: noteName, object: 1)
        XCTAssertEqual(subscriber.values.map { $0.object as? Int }, [1, 2, 3])
        XCTAssertEqual(deepest, 1)
        XCTAssertTrue(center.publisher(for: noteName).isExactOnEngine)
        subscriber.subscription?.cancel()
    }

    #if !canImport(Combine)
        private final class Model: ObservableObject {
            @Published var state = 0
        }

        func testPublishedKeepsTheLatestValueForASubscriberWithoutDemand() {
            let model = Model()
            let subscriber = RecordingSubscriber<Int, Never>(initial: nil, perValue: { .max($0) })
            model.$state.subscribe(subscriber)
            XCTAssertEqual(subscriber.log, ["subscription(PublishedSubject)"])
            subscriber.subscription?.request(.max(2))
            XCTAssertEqual(subscriber.values, [0], "the current value at the first request")
            model.state = 1
            XCTAssertEqual(subscriber.values, [0, 1], "1 - 1 + 1 left")
            model.state = 0
            model.state = 0
            model.state = 5
            XCTAssertEqual(subscriber.values, [0, 1, 0], "no demand left: the latest waits")
            subscriber.subscription?.request(.max(1))
            XCTAssertEqual(subscriber.values, [0, 1, 0, 5])
            subscriber.subscription?.cancel()
            model.state = 9
            XCTAssertEqual(subscriber.values, [0, 1, 0, 5])
            XCTAssertTrue(model.$state.isExactOnEngine)
        }

        func testObservableObjectPublisherSendsWhateverTheDemand() {
            let publisher = ObservableObjectPublisher()
            let subscriber = RecordingSubscriber<Void, Never>(initial: nil)
            var depth = 0
            var deepest = 0
            var resend = 2
            subscriber.onValue = { _ in
                depth += 1
                deepest = max(deepest, depth)
                if resend > 0 {
                    resend -= 1
                    publisher.send()
                }
                depth -= 1
            }
            publisher.subscribe(subscriber)
            XCTAssertEqual(subscriber.log, ["subscription(ObservableObjectPublisher)"])
            publisher.send()
            XCTAssertEqual(subscriber.values.count, 3, "no demand needed, as in Combine")
            XCTAssertEqual(deepest, 1, "a send from inside waits for the call to return")
            let mirror = subscriber.subscription.map { Mirror(reflecting: $0) }
            XCTAssertEqual(mirror?.children.map(\.label), ["downstream"])
            subscriber.subscription?.cancel()
            publisher.send()
            XCTAssertEqual(subscriber.values.count, 3)
        }

        func testObjectWillChangeReachesACustomSubscriberBeforeTheChange() {
            let model = Model()
            let subscriber = RecordingSubscriber<Void, Never>(initial: nil)
            var seen: [Int] = []
            subscriber.onValue = { _ in seen.append(model.state) }
            model.objectWillChange.subscribe(subscriber)
            model.state = 4
            model.state = 7
            XCTAssertEqual(seen, [0, 4])
            subscriber.subscription?.cancel()
        }

        func testTimerSendsATickOnlyToASubscriberThatAskedForIt() throws {
            let timer = Timer.publish(every: 0.002, tolerance: 0.5, on: .current, in: .default)
            XCTAssertNil(timer.tolerance, "as in Combine, publish(every:tolerance:) does not pass the tolerance on")
            let subscriber = RecordingSubscriber<Date, Never>(initial: .max(2), perValue: .none)
            timer.subscribe(subscriber)
            let subscription = try XCTUnwrap(subscriber.subscription)
            XCTAssertFalse(subscription is CustomStringConvertible, "no name of its own, as Combine's")
            XCTAssertFalse(subscription is CustomReflectable)
            let connection = timer.connect()
            turnRunLoop(until: { subscriber.values.count >= 2 })
            turnRunLoop(until: { subscriber.values.count > 2 }, limit: 0.05)
            XCTAssertEqual(subscriber.values.count, 2, "ticks without demand are dropped")
            subscriber.subscription?.request(.max(1))
            turnRunLoop(until: { subscriber.values.count >= 3 })
            XCTAssertEqual(subscriber.values.count, 3)
            XCTAssertEqual(subscriber.values, subscriber.values.sorted())
            connection.cancel()
            subscriber.subscription?.cancel()
            XCTAssertTrue(timer.isExactOnEngine)
        }
    #endif
}
