import Foundation
import Rivulet
import TestSupport
import XCTest

final class CreateTests: RivuletTestCase {
    func testDeliversWhatTheClosureSends() {
        let recorder = EventRecorder<Int>()
        _ = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onNext(2)
            observer.onCompleted()
            return Disposables.create()
        }.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(1), .next(2), .completed])
    }

    func testNothingAfterCompleted() {
        let recorder = EventRecorder<Int>()
        _ = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            observer.onNext(2)
            observer.onError(TestError.boom)
            observer.onCompleted()
            return Disposables.create()
        }.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.next(1), .completed])
    }

    func testNothingAfterError() {
        let recorder = EventRecorder<Int>()
        _ = Observable<Int>.create { observer in
            observer.onError(TestError.boom)
            observer.onNext(2)
            observer.onCompleted()
            return Disposables.create()
        }.subscribe(recorder)
        XCTAssertEqual(recorder.events, [.error(TestError.boom)])
    }

    func testRunsTheClosureOncePerSubscription() {
        var subscriptions = 0
        let source = Observable<Int>.create { observer in
            subscriptions += 1
            observer.onNext(subscriptions)
            return Disposables.create()
        }
        let first = EventRecorder<Int>()
        let second = EventRecorder<Int>()
        let a = source.subscribe(first)
        let b = source.subscribe(second)
        XCTAssertEqual(subscriptions, 2)
        XCTAssertEqual(first.elements, [1])
        XCTAssertEqual(second.elements, [2])
        a.dispose()
        b.dispose()
    }

    func testDisposeStopsDelivery() {
        var captured: AnyObserver<Int>?
        let resource = CountingDisposable()
        let recorder = EventRecorder<Int>()
        let subscription = Observable<Int>.create { observer in
            captured = observer
            return resource
        }.subscribe(recorder)
        captured?.onNext(1)
        XCTAssertEqual(resource.disposeCount, 0)
        subscription.dispose()
        XCTAssertEqual(resource.disposeCount, 1, "disposing the subscription disposes the closure's disposable")
        captured?.onNext(2)
        captured?.onCompleted()
        XCTAssertEqual(recorder.events, [.next(1)])
        subscription.dispose()
        XCTAssertEqual(resource.disposeCount, 1)
        captured = nil
    }

    func testTerminalDisposesTheClosuresDisposable() {
        var captured: AnyObserver<Int>?
        let resource = CountingDisposable()
        let recorder = EventRecorder<Int>()
        let subscription = Observable<Int>.create { observer in
            captured = observer
            return resource
        }.subscribe(recorder)
        captured?.onNext(1)
        captured?.onCompleted()
        XCTAssertEqual(resource.disposeCount, 1)
        subscription.dispose()
        XCTAssertEqual(resource.disposeCount, 1)
        captured = nil
    }

    func testErrorDisposesTheClosuresDisposable() {
        var captured: AnyObserver<Int>?
        let resource = CountingDisposable()
        _ = Observable<Int>.create { observer in
            captured = observer
            return resource
        }.subscribe(onError: { _ in })
        captured?.onError(TestError.boom)
        XCTAssertEqual(resource.disposeCount, 1)
        captured = nil
    }

    func testSynchronousTerminalDisposesTheReturnedDisposableOnArrival() {
        let resource = CountingDisposable()
        var disposedSeenAtReturn = -1
        let recorder = EventRecorder<Int>()
        _ = Observable<Int>.create { observer in
            observer.onNext(1)
            observer.onCompleted()
            disposedSeenAtReturn = resource.disposeCount
            return resource
        }.subscribe(recorder)
        XCTAssertEqual(disposedSeenAtReturn, 0)
        XCTAssertEqual(resource.disposeCount, 1)
        XCTAssertEqual(recorder.events, [.next(1), .completed])
    }

    func testDisposeInsideOnNextStopsTheRest() {
        let resource = CountingDisposable()
        var values: [Int] = []
        let holder = SingleAssignmentDisposable()
        var captured: AnyObserver<Int>?
        holder.setDisposable(
            Observable<Int>.create { observer in
                captured = observer
                return resource
            }.subscribe(onNext: { value in
                values.append(value)
                if value == 2 { holder.dispose() }
            }))
        for value in 1...4 { captured?.onNext(value) }
        XCTAssertEqual(values, [1, 2])
        XCTAssertEqual(resource.disposeCount, 1)
        captured = nil
    }

    func testObserverReleasedAfterTerminal() {
        // The subscription does not keep the downstream alive once it has ended.
        final class Token {}
        var captured: AnyObserver<Int>?
        var token: Token? = Token()
        weak let weakToken = token
        _ = Observable<Int>.create { observer in
            captured = observer
            return Disposables.create()
        }.subscribe(onNext: { [token] _ in _ = token })
        token = nil
        captured?.onCompleted()
        captured = nil
        XCTAssertNil(weakToken)
    }

    func testConcurrentSendsKeepTheGrammarAndLoseNothing() {
        let threads = 4
        let perThread = 2_000
        var captured: AnyObserver<Int>?
        let recorder = EventRecorder<Int>()
        let subscription = Observable<Int>.create { observer in
            captured = observer
            return Disposables.create()
        }.subscribe(recorder)
        let observer = captured!
        runConcurrently(threads) { thread in
            for index in 0..<perThread { observer.onNext(thread * perThread + index) }
        }
        observer.onCompleted()
        observer.onNext(-1)
        XCTAssertEqual(recorder.events.last, .completed)
        XCTAssertEqual(Set(recorder.elements), Set(0..<threads * perThread))
        XCTAssertEqual(recorder.elements.count, threads * perThread)
        // Each thread's values arrive in the order that thread sent them.
        for thread in 0..<threads {
            let mine = recorder.elements.filter { $0 / perThread == thread }
            XCTAssertEqual(mine, mine.sorted())
        }
        subscription.dispose()
        captured = nil
    }

    func testConcurrentTerminalsDeliverExactlyOne() {
        for _ in 0..<50 {
            var captured: AnyObserver<Int>?
            let recorder = EventRecorder<Int>()
            _ = Observable<Int>.create { observer in
                captured = observer
                return Disposables.create()
            }.subscribe(recorder)
            let observer = captured!
            runConcurrently(4) { thread in
                observer.onNext(thread)
                if thread % 2 == 0 { observer.onCompleted() } else { observer.onError(TestError.other(thread)) }
            }
            XCTAssertEqual(recorder.events.filter(\.isStopEvent).count, 1)
            XCTAssertTrue(recorder.isStopped)
            captured = nil
        }
    }

    func testDisposeFromAnotherThreadWhileDelivering() {
        // Once `dispose()` has returned no delivery starts, even while other threads send: only
        // the delivery already running may finish (the gate delivers on one thread at a time).
        for _ in 0..<20 {
            var captured: AnyObserver<Int>?
            let deliveries = LateDeliveries()
            let started = DispatchSemaphore(value: 0)
            let subscription = Observable<Int>.create { observer in
                captured = observer
                return Disposables.create()
            }.subscribe(onNext: { _ in
                if deliveries.delivery() == 100 { started.signal() }
            })
            let observer = captured!
            runConcurrently(3) { thread in
                if thread < 2 {
                    for value in 0..<10_000 { observer.onNext(value) }
                } else {
                    started.wait()
                    subscription.dispose()
                    deliveries.disposeReturned()
                }
            }
            XCTAssertLessThanOrEqual(deliveries.late, 1)
            XCTAssertGreaterThanOrEqual(deliveries.delivered, 100)
            captured = nil
        }
    }

    func testLongBacklogFromAnotherThreadParksItsSenderAndIsDeliveredInOrder() {
        // The delivering thread is held inside its first event while another thread sends a long
        // backlog: that sender parks once a bounded number of its events wait (docs/DESIGN.md,
        // "Concurrent senders"), and everything is then delivered in order, completely.
        let backlog = 50_000
        var captured: AnyObserver<Int>?
        let recorder = EventRecorder<Int>()
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let attempted = LockedCounter()
        let subscription = Observable<Int>.create { observer in
            captured = observer
            return Disposables.create()
        }.subscribe { event in
            recorder.on(event)
            if case .next(0) = event {
                entered.signal()
                release.wait()
            }
        }
        let observer = captured!
        runConcurrently(3) { thread in
            switch thread {
            case 0:
                observer.onNext(0)
            case 1:
                entered.wait()
                for value in 1...backlog {
                    attempted.increment()
                    observer.onNext(value)
                }
                observer.onCompleted()
            default:
                // The sender is parked: far fewer sends than the backlog got through while the
                // first event was held.
                while attempted.value <= 32 { usleep(100) }
                usleep(1_000)
                XCTAssertLessThan(attempted.value, 100, "a sender queues a bounded number of events")
                release.signal()
            }
        }
        XCTAssertEqual(recorder.elements, Array(0...backlog))
        XCTAssertEqual(recorder.events.last, .completed)
        subscription.dispose()
        captured = nil
    }
}
