import Rivulet
import TestSupport
import XCTest

final class HooksTests: RivuletTestCase {
    func test_contract16_unhandledErrorGoesToTheDefaultErrorHandler() {
        var completed = false
        let errors = capturingUnhandledErrors {
            _ = Observable<Int>.error(TestError.boom).subscribe(onNext: { _ in }, onCompleted: { completed = true })
        }
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(errors.first as? TestError, .boom)
        XCTAssertFalse(completed)
    }

    func testSubscribeWithOnErrorDoesNotReport() {
        var handled = 0
        let errors = capturingUnhandledErrors {
            _ = Observable<Int>.error(TestError.boom).subscribe(onError: { _ in handled += 1 })
        }
        XCTAssertTrue(errors.isEmpty)
        XCTAssertEqual(handled, 1)
    }

    func testHandlerIsRestored() {
        var calls = 0
        let previous = Hooks.defaultErrorHandler
        Hooks.defaultErrorHandler = { _, _ in calls += 1 }
        _ = capturingUnhandledErrors {
            _ = Observable<Int>.error(TestError.boom).subscribe()
        }
        XCTAssertEqual(calls, 0)
        _ = Observable<Int>.error(TestError.boom).subscribe()
        XCTAssertEqual(calls, 1)
        Hooks.defaultErrorHandler = previous
    }

    func testCallStackIsEmpty() {
        var stacks: [[String]] = []
        let previous = Hooks.defaultErrorHandler
        Hooks.defaultErrorHandler = { stack, _ in stacks.append(stack) }
        _ = Observable<Int>.error(TestError.boom).subscribe()
        Hooks.defaultErrorHandler = previous
        XCTAssertEqual(stacks, [[]])
    }

    func testRecordCallStackOnErrorHandsTheStackCapturedAtSubscribeToTheHandler() {
        let previous = (Hooks.defaultErrorHandler, Hooks.customCaptureSubscriptionCallstack)
        defer {
            Hooks.recordCallStackOnError = false
            (Hooks.defaultErrorHandler, Hooks.customCaptureSubscriptionCallstack) = previous
        }
        var stacks: [[String]] = []
        var frame = "at subscribe"
        Hooks.defaultErrorHandler = { stack, _ in stacks.append(stack) }
        Hooks.customCaptureSubscriptionCallstack = { [frame] }
        Hooks.recordCallStackOnError = true
        XCTAssertTrue(Hooks.recordCallStackOnError)
        let subject = PublishSubject<Int>()
        let subscription = subject.subscribe(onNext: { _ in })
        frame = "at error"
        Hooks.customCaptureSubscriptionCallstack = { [frame] }
        subject.onError(TestError.boom)
        XCTAssertEqual(stacks, [["at subscribe"]])
        subscription.dispose()
    }

    func testACallStackIsCapturedOnlyForSubscriptionsWithoutOnError() {
        let previous = Hooks.customCaptureSubscriptionCallstack
        defer {
            Hooks.recordCallStackOnError = false
            Hooks.customCaptureSubscriptionCallstack = previous
        }
        var captures = 0
        Hooks.customCaptureSubscriptionCallstack = {
            captures += 1
            return []
        }
        Hooks.recordCallStackOnError = true
        _ = Observable.just(1).subscribe(onNext: { _ in }, onError: { _ in })
        XCTAssertEqual(captures, 0)
        _ = Observable.just(1).subscribe(onNext: { _ in }, onCompleted: {})
        XCTAssertEqual(captures, 1)
    }

    func testTheDefaultCaptureIsTheThreadsCallStackInDebugBuilds() {
        #if DEBUG
            XCTAssertFalse(Hooks.customCaptureSubscriptionCallstack().isEmpty)
        #else
            XCTAssertTrue(Hooks.customCaptureSubscriptionCallstack().isEmpty)
        #endif
    }
}
