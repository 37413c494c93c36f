import Foundation
import Rivulet
import TestSupport
import XCTest

/// `Observable.create` and `Infallible.create` with an async `work` closure (RxSwift 6.10).
final class AsyncCreateTests: RivuletTestCase {
    func testTheValuesOfTheWorkAreSentThenTheCompletion() async throws {
        let baseline = Resources.total
        let observable = Observable<Int>.create { observer in
            observer(1)
            await Task.yield()
            observer(2)
        }
        let values = try await observable.toArray().value
        XCTAssertEqual(values, [1, 2])
        await settleResources(to: baseline)
    }

    func testAThrowingWorkFailsTheObservable() async {
        let baseline = Resources.total
        do {
            _ = try await Observable<Int>.create(detached: true, priority: .low) { observer in
                observer(1)
                throw TestError.boom
            }.toArray().value
            XCTFail("expected a throw")
        } catch {
            XCTAssertEqual(error as? TestError, .boom)
        }
        await settleResources(to: baseline)
    }

    func testDisposingCancelsTheWorkAndDropsLaterValues() async {
        let baseline = Resources.total
        do {
            let started = DisposedFlag()
            let finished = DisposedFlag()
            let observable = Observable<Int>.create { observer in
                observer(1)
                started.set()
                while !Task.isCancelled { await Task.yield() }
                observer(2)
                finished.set()
            }
            let recorder = EventRecorder<Int>()
            let subscription = observable.subscribe(recorder)
            let deadline = Date().addingTimeInterval(5)
            while !started.value && Date() < deadline { await Task.yield() }
            subscription.dispose()
            while !finished.value && Date() < deadline { await Task.yield() }
            XCTAssertTrue(finished.value, "disposing cancels the task")
            XCTAssertEqual(recorder.events, [.next(1)])
        }
        await settleResources(to: baseline)
    }

    func testInfallibleCreateSendsTheValuesThenCompletes() async {
        let baseline = Resources.total
        var values: [Int] = []
        for await value in Infallible<Int>.create(work: { observer in
            observer(1)
            observer(2)
        }).values {
            values.append(value)
        }
        XCTAssertEqual(values, [1, 2])
        await settleResources(to: baseline)
    }

    func testInfallibleFromAnAsyncFunctionSendsItsResultThenCompletes() async {
        let baseline = Resources.total
        var values: [String] = []
        for await value in Infallible.from({ () async -> String in
            await Task.yield()
            return "Hello"
        }).values {
            values.append(value)
        }
        XCTAssertEqual(values, ["Hello"])
        await settleResources(to: baseline)
    }

    func testDisposingInfallibleFromCancelsTheFunctionAndDropsItsResult() async {
        let baseline = Resources.total
        do {
            let started = DisposedFlag()
            let finished = DisposedFlag()
            let infallible = Infallible<Int>.from {
                started.set()
                while !Task.isCancelled { await Task.yield() }
                finished.set()
                return 1
            }
            let recorder = EventRecorder<Int>()
            let subscription = infallible.asObservable().subscribe(recorder)
            let deadline = Date().addingTimeInterval(5)
            while !started.value && Date() < deadline { await Task.yield() }
            subscription.dispose()
            while !finished.value && Date() < deadline { await Task.yield() }
            XCTAssertTrue(finished.value, "disposing cancels the task")
            XCTAssertEqual(recorder.events, [])
        }
        await settleResources(to: baseline)
    }

    func testAsObservableDetachedIteratesInATaskThatInheritsNothingFromTheSubscriber() async throws {
        let baseline = Resources.total
        func oneValue() -> AsyncStream<Int> {
            AsyncStream { continuation in
                continuation.yield(1)
                continuation.finish()
            }
        }
        let (inherited, detached) = try await SubscriberTag.$value.withValue("subscriber") {
            let inherited = try await oneValue().asObservable().map { _ in SubscriberTag.value }.toArray().value
            let detached = try await oneValue().asObservable(detached: true).map { _ in SubscriberTag.value }
                .toArray().value
            return (inherited, detached)
        }
        XCTAssertEqual(inherited, ["subscriber"], "a plain Task inherits the subscriber's task-local values")
        XCTAssertEqual(detached, ["none"], "a detached Task does not")
        await settleResources(to: baseline)
    }
}

/// A task-local value that shows whether the iterating task inherited the subscriber's context.
private enum SubscriberTag {
    @TaskLocal static var value = "none"
}
