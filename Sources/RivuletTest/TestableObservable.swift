import Foundation
import Rivulet

/// An observable made of recorded events on a `TestScheduler`, hot or cold, that records its
/// subscriptions (`xs.subscriptions == [Subscription(200, 300)]`).
///
/// - Hot (`createHotObservable`): the events are scheduled at their absolute times when the
///   observable is created and go to whoever is subscribed at that moment.
/// - Cold (`createColdObservable`): each subscription gets its own copy of the events, due at
///   their times relative to the moment of subscribing.
///
/// A subscription ends (and its `Subscription.unsubscribe` is stamped) when it is disposed; an
/// operator disposes it when it delivers a terminal event downstream.
public final class TestableObservable<Element>: ObservableType, @unchecked Sendable {
    // @unchecked Sendable: `subscriptionLog`, `observers` and `nextKey` are guarded by `lock`.
    private enum Kind {
        case hot
        case cold
    }

    /// The events this observable was created with.
    public let recordedEvents: [Recorded<Event<Element>>]

    /// The scheduler it runs on.
    public let testScheduler: TestScheduler

    private let kind: Kind
    private let lock = NSLock()
    private var subscriptionLog: [Subscription] = []
    private var observers: [Int: AnyObserver<Element>] = [:]
    private var nextKey = 0

    init(hot events: [Recorded<Event<Element>>], scheduler: TestScheduler) {
        recordedEvents = events
        testScheduler = scheduler
        kind = .hot
        for recorded in events {
            // Weak: the scheduler's queue must not keep an otherwise unused source alive.
            _ = scheduler.scheduleAbsoluteVirtual((), time: recorded.time) { [weak self] _ in
                self?.deliverHot(recorded.value)
                return Disposables.create()
            }
        }
    }

    init(cold events: [Recorded<Event<Element>>], scheduler: TestScheduler) {
        recordedEvents = events
        testScheduler = scheduler
        kind = .cold
    }

    /// Every subscription so far, in subscription order; open ones end at `Int.max`.
    public var subscriptions: [Subscription] { lock.withLock { subscriptionLog } }

    /// Subscribes `observer`; the subscription is stamped now and again when it is disposed.
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> Disposable
    where Observer.Element == Element {
        let now = testScheduler.clock
        let (index, key) = lock.withLock { () -> (Int, Int) in
            subscriptionLog.append(Subscription(now))
            defer { nextKey += 1 }
            return (subscriptionLog.count - 1, nextKey)
        }
        let scheduled: Disposable
        switch kind {
        case .hot:
            lock.withLock { observers[key] = AnyObserver(observer) }
            scheduled = Disposables.create()
        case .cold:
            let anyObserver = AnyObserver(observer)
            lock.withLock { observers[key] = anyObserver }
            scheduled = Disposables.create(
                recordedEvents.map { recorded in
                    testScheduler.scheduleRelativeVirtual((), dueTime: recorded.time) { [self] _ in
                        if lock.withLock({ observers[key] != nil }) { anyObserver.on(recorded.value) }
                        return Disposables.create()
                    }
                })
        }
        return Disposables.create { [self] in
            let end = testScheduler.clock
            lock.withLock {
                observers[key] = nil
                let start = subscriptionLog[index].subscribe
                subscriptionLog[index] = Subscription(start, end)
            }
            scheduled.dispose()
        }
    }

    private func deliverHot(_ event: Event<Element>) {
        let keys = lock.withLock { observers.keys.sorted() }
        for key in keys {
            // An observer disposed by an earlier one during this delivery is skipped.
            guard let observer = lock.withLock({ observers[key] }) else { continue }
            observer.on(event)
        }
    }
}

extension TestableObservable: CustomDebugStringConvertible {
    /// The kind, the recorded events and the subscriptions.
    public var debugDescription: String {
        let events = recordedEvents.map(\.debugDescription).joined(separator: ", ")
        let subs = subscriptions.map(\.debugDescription).joined(separator: ", ")
        return "TestableObservable(\(kind == .hot ? "hot" : "cold"), events: [\(events)], subscriptions: [\(subs)])"
    }
}
