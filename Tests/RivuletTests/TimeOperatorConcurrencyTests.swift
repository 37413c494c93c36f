import Foundation
import Rivulet
import TestSupport
import XCTest

/// The threading contract of the time operators on real dispatch schedulers: the source sends
/// from several threads while timers fire on the scheduler's threads; every subscription still
/// sees `next* (error | completed)?`, one event at a time, and nothing after `dispose()` returns.
private let serialScheduler = SerialDispatchQueueScheduler(internalSerialQueueName: "time-operator-concurrency")

final class TimeOperatorConcurrencyTests: RealTimeTestCase {
    private typealias Operator = (Observable<Int>, SchedulerType) -> Observable<Int>

    private let operators: [(String, Operator)] = [
        ("debounce", { $0.debounce(.microseconds(50), scheduler: $1) }),
        ("throttle", { $0.throttle(.microseconds(50), scheduler: $1) }),
        ("throttle latest: false", { $0.throttle(.microseconds(50), latest: false, scheduler: $1) }),
        ("delay", { $0.delay(.microseconds(50), scheduler: $1) }),
        ("timeout", { $0.timeout(.seconds(5), scheduler: $1) }),
        ("take(for:)", { $0.take(for: .seconds(5), scheduler: $1) }),
        ("skip(_:scheduler:)", { $0.skip(.microseconds(1), scheduler: $1) }),
        ("observe(on:)", { $0.observe(on: $1) }),
        ("observe(on: serial queue)", { source, _ in source.observe(on: serialScheduler) }),
        ("observe(on: main)", { source, _ in source.observe(on: MainScheduler.instance) }),
        ("buffer", { $0.buffer(timeSpan: .microseconds(50), count: 3, scheduler: $1).map { $0.count } }),
    ]

    func testGrammarHoldsWithConcurrentSendersAndTimers() {
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
        for (name, apply) in operators {
            let subject = PublishSubject<Int>()
            let recorder = EventRecorder<Int>()
            let done = expectation(description: name)
            let subscription = apply(subject.asObservable(), scheduler).subscribe { event in
                recorder.on(event)
                if event.isStopEvent { done.fulfill() }
            }
            runConcurrently(4) { thread in
                for value in 0..<250 { subject.onNext(thread * 1_000 + value) }
            }
            subject.onCompleted()
            wait(for: [done], timeout: 5)
            XCTAssertEqual(recorder.events.filter(\.isStopEvent).count, 1, name)
            XCTAssertTrue(recorder.events.last?.isCompleted ?? false, name)
            subscription.dispose()
        }
    }

    func testNoDeliveryStartsAfterDisposeReturns() {
        // The gate delivers on one thread at a time: once `dispose()` has returned, at most the
        // delivery already running finishes (contract 3).
        let scheduler = ConcurrentDispatchQueueScheduler(qos: .userInitiated)
        for (name, apply) in operators {
            let subject = PublishSubject<Int>()
            let deliveries = LateDeliveries()
            let subscription = apply(subject.asObservable(), scheduler).subscribe(onNext: { _ in
                deliveries.delivery()
            })
            runConcurrently(3) { thread in
                if thread == 0 {
                    // Let some events and timers get going, then dispose from this thread.
                    Thread.sleep(forTimeInterval: 0.002)
                    subscription.dispose()
                    deliveries.disposeReturned()
                } else {
                    for value in 0..<500 { subject.onNext(value) }
                }
            }
            // Give timers still queued on the scheduler the chance to (wrongly) deliver.
            Thread.sleep(forTimeInterval: 0.01)
            XCTAssertLessThanOrEqual(deliveries.late, 1, name)
        }
    }
}
