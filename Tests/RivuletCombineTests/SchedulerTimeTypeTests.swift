import Dispatch
import Foundation
import Rivulet
import RivuletCombine
import TestSupport
import XCTest

/// The schedulers' time and stride types as Combine declares them: DispatchQueue's in
/// nanoseconds (built from a `DispatchTimeInterval`, saturating near overflow), RunLoop's and
/// OperationQueue's in seconds (`TimeInterval`), ImmediateScheduler's a time that never moves;
/// all `Codable`. And the options, the operations an `OperationQueue` is given, and the repeating
/// `schedule`.
final class SchedulerTimeTypeTests: RealTimeTestCase {
    typealias DispatchStride = DispatchQueue.SchedulerTimeType.Stride

    func testDispatchStrideIsNanosecondsFromADispatchTimeInterval() {
        XCTAssertEqual(DispatchStride(.seconds(2)).magnitude, 2_000_000_000)
        XCTAssertEqual(DispatchStride(.milliseconds(3)).magnitude, 3_000_000)
        XCTAssertEqual(DispatchStride(.microseconds(4)).magnitude, 4_000)
        XCTAssertEqual(DispatchStride(.nanoseconds(5)).magnitude, 5)
        XCTAssertEqual(DispatchStride(.never).magnitude, .max, "never is the longest stride")
        XCTAssertEqual(DispatchStride(.seconds(.max)).magnitude, .max, "saturates instead of trapping")
        XCTAssertEqual(DispatchStride(.seconds(.min)).magnitude, .min)
        XCTAssertEqual(DispatchStride.milliseconds(250).timeInterval, .nanoseconds(250_000_000))
        let float: DispatchStride = 0.25
        let integer: DispatchStride = 2
        XCTAssertEqual(float, .milliseconds(250), "a float literal counts seconds")
        XCTAssertEqual(integer, .seconds(2), "an integer literal counts seconds")
        XCTAssertEqual(DispatchStride(exactly: 3), .seconds(3))
        XCTAssertNil(DispatchStride(exactly: Int.max), "too many seconds for nanoseconds")
        XCTAssertEqual(DispatchStride.seconds(1.5), .microseconds(1_500_000))
        XCTAssertEqual(DispatchStride.seconds(Double.infinity).magnitude, .max)
        XCTAssertEqual(DispatchStride.seconds(Double.nan).magnitude, 0)
    }

    func testDispatchStrideArithmeticSaturatesNearOverflow() {
        let longest = DispatchStride(.nanoseconds(.max))
        let shortest = DispatchStride(.nanoseconds(.min))
        XCTAssertEqual((longest + .nanoseconds(1)).magnitude, .max)
        XCTAssertEqual((shortest - .nanoseconds(1)).magnitude, .min)
        XCTAssertEqual((longest - .nanoseconds(1)).magnitude, .max - 1)
        XCTAssertEqual(DispatchStride.seconds(1) + .milliseconds(500), .milliseconds(1_500))
        XCTAssertEqual(DispatchStride.seconds(3) - .seconds(5), .seconds(-2))
        XCTAssertEqual((1 as DispatchStride) * 10, .seconds(10), "the product of the seconds")
        XCTAssertEqual(DispatchStride.milliseconds(500) * .seconds(4), .seconds(2))
        XCTAssertEqual(DispatchStride.seconds(-2) * .seconds(3), .seconds(-6))
        XCTAssertEqual((DispatchStride.seconds(1_000_000_000) * .seconds(1_000_000_000)).magnitude, .max)
        XCTAssertEqual((DispatchStride.seconds(-1_000_000_000) * .seconds(1_000_000_000)).magnitude, .min)
        var accumulated = DispatchStride.seconds(1)
        accumulated += .seconds(1)
        accumulated *= .seconds(3)
        accumulated -= .seconds(1)
        XCTAssertEqual(accumulated, .seconds(5))
        XCTAssertEqual(-DispatchStride.seconds(1), .seconds(-1))
        XCTAssertTrue(DispatchStride.milliseconds(999) < .seconds(1))
    }

    func testDispatchTimeTypeDistanceAndAdvance() {
        let start = DispatchQueue.SchedulerTimeType(DispatchTime(uptimeNanoseconds: 1_000_000))
        let later = start.advanced(by: .milliseconds(2))
        XCTAssertEqual(later.dispatchTime.uptimeNanoseconds, 3_000_000)
        XCTAssertEqual(start.distance(to: later), .milliseconds(2))
        XCTAssertEqual(later.distance(to: start), .milliseconds(-2))
        XCTAssertEqual(later.advanced(by: .milliseconds(-2)), start)
        let nearEnd = DispatchQueue.SchedulerTimeType(DispatchTime(uptimeNanoseconds: .max - 10))
        XCTAssertEqual(
            nearEnd.advanced(by: .nanoseconds(100)).dispatchTime.uptimeNanoseconds, .max,
            "advancing past the end of the clock stops there")
        XCTAssertEqual(start.distance(to: nearEnd).magnitude, .max, "a distance beyond Int is the longest stride")
        XCTAssertEqual(start.advanced(by: .seconds(-10)).dispatchTime.uptimeNanoseconds, 1, "and before its start")
        let now = DispatchQueue.main.now
        XCTAssertGreaterThan(now.distance(to: DispatchQueue.main.now.advanced(by: .seconds(1))), .milliseconds(900))
    }

    func testDispatchTimeDistancesBeyondAStrideAreTheLongestStrideEitherWay() {
        typealias Time = DispatchQueue.SchedulerTimeType
        let early = Time(DispatchTime(uptimeNanoseconds: 500))
        let future = Time(.distantFuture)
        let nearFuture = Time(DispatchTime(uptimeNanoseconds: DispatchTime.distantFuture.uptimeNanoseconds - 10))
        let halfway = Time(DispatchTime(uptimeNanoseconds: UInt64(Int.max)))
        XCTAssertEqual(early.distance(to: future).magnitude, .max)
        XCTAssertEqual(future.distance(to: early).magnitude, .max, "past the range backwards is the longest too")
        XCTAssertEqual(nearFuture.distance(to: early).magnitude, .max)
        XCTAssertEqual(early.distance(to: halfway).magnitude, .max - 500, "within the range: exact")
        XCTAssertEqual(halfway.distance(to: early).magnitude, -(.max - 500))
        XCTAssertEqual(future.distance(to: future).magnitude, 0)
    }

    func testDispatchTimeAdvancedPastTheClockIsTheDistantFutureAndBeforeItTheFirstInstant() {
        typealias Time = DispatchQueue.SchedulerTimeType
        let time = Time(DispatchTime(uptimeNanoseconds: 500))
        XCTAssertEqual(time.advanced(by: .nanoseconds(.max)).dispatchTime, .distantFuture)
        XCTAssertEqual(time.advanced(by: DispatchStride(.never)).dispatchTime, .distantFuture)
        XCTAssertEqual(
            Time(DispatchTime(uptimeNanoseconds: UInt64(Int64.max) - 100)).advanced(by: .nanoseconds(200)).dispatchTime,
            .distantFuture)
        XCTAssertEqual(Time(.distantFuture).advanced(by: .nanoseconds(-5)).dispatchTime, .distantFuture)
        XCTAssertEqual(time.advanced(by: .nanoseconds(-1_000)).dispatchTime.uptimeNanoseconds, 1)
        XCTAssertEqual(time.advanced(by: .nanoseconds(-100)).dispatchTime.uptimeNanoseconds, 400)
    }

    func testDispatchStrideCodesItsNanosecondsKeyedAsCombineDoes() throws {
        let data = try JSONEncoder().encode(DispatchStride.nanoseconds(419_872))
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"_nanoseconds":419872}"#)
        XCTAssertEqual(try JSONDecoder().decode(DispatchStride.self, from: data), .nanoseconds(419_872))
        XCTAssertEqual(
            String(decoding: try JSONEncoder().encode(TimeHolder()), as: UTF8.self), #"{"time":42}"#,
            "the time stays a bare uptime")
    }

    private struct TimeHolder: Encodable {
        let time = DispatchQueue.SchedulerTimeType(DispatchTime(uptimeNanoseconds: 42))
    }

    func testRunLoopAndOperationQueueStridesAreSeconds() {
        let runLoop: RunLoop.SchedulerTimeType.Stride = 0.25
        XCTAssertEqual(runLoop.magnitude, 0.25)
        XCTAssertEqual(runLoop.timeInterval, 0.25)
        XCTAssertEqual(RunLoop.SchedulerTimeType.Stride.milliseconds(250), runLoop)
        XCTAssertEqual(RunLoop.SchedulerTimeType.Stride.seconds(2), 2)
        XCTAssertEqual(RunLoop.SchedulerTimeType.Stride(exactly: 3)?.timeInterval, 3)
        XCTAssertEqual(RunLoop.SchedulerTimeType.Stride.nanoseconds(1_000).timeInterval, 0.000_001, accuracy: 1e-12)
        XCTAssertEqual((RunLoop.SchedulerTimeType.Stride(2) * 3).timeInterval, 6)
        let operation: OperationQueue.SchedulerTimeType.Stride = .microseconds(500_000)
        XCTAssertEqual(operation.timeInterval, 0.5)
        XCTAssertEqual((operation + 1 - 0.25).timeInterval, 1.25)
        let date = Date(timeIntervalSince1970: 100)
        let time = RunLoop.SchedulerTimeType(date)
        XCTAssertEqual(time.advanced(by: 1.5).date, Date(timeIntervalSince1970: 101.5))
        XCTAssertEqual(time.distance(to: RunLoop.SchedulerTimeType(Date(timeIntervalSince1970: 99))), -1)
        XCTAssertEqual(
            OperationQueue.SchedulerTimeType(date).advanced(by: .seconds(2)).date, Date(timeIntervalSince1970: 102))
    }

    func testImmediateTimeNeverMovesAndTimeUnitsCountNoSteps() {
        typealias Stride = ImmediateScheduler.SchedulerTimeType.Stride
        XCTAssertEqual(Stride(3).magnitude, 3)
        XCTAssertEqual(Stride(integerLiteral: 7), 7)
        XCTAssertEqual(Stride(floatLiteral: 7.9), 7, "a float literal is rounded down")
        XCTAssertEqual((Stride(.max) + 1).magnitude, .max, "saturates")
        // The immediate scheduler has no clock: a time unit is no step, and its time never moves.
        XCTAssertEqual(Stride.seconds(2), 0)
        XCTAssertEqual(Stride.seconds(2.5), 0)
        XCTAssertEqual(Stride.milliseconds(2_500), 0)
        XCTAssertEqual(Stride.microseconds(9), 0)
        XCTAssertEqual(Stride.nanoseconds(9), 0)
        let now = ImmediateScheduler.shared.now
        XCTAssertEqual(now.advanced(by: 5), now)
        XCTAssertEqual(now.distance(to: now.advanced(by: -5)), 0)
        XCTAssertEqual(String(describing: ImmediateScheduler.shared.schedule(after: now, interval: 1) {}), "Empty")
    }

    func testTimeAndStrideTypesRoundTripThroughCodable() throws {
        try assertRoundTrip(DispatchStride.milliseconds(1_234))
        try assertRoundTrip(DispatchQueue.SchedulerTimeType(DispatchTime(uptimeNanoseconds: 42)))
        try assertRoundTrip(RunLoop.SchedulerTimeType.Stride(0.5))
        try assertRoundTrip(RunLoop.SchedulerTimeType(Date(timeIntervalSince1970: 7)))
        try assertRoundTrip(OperationQueue.SchedulerTimeType.Stride(-2))
        try assertRoundTrip(OperationQueue.SchedulerTimeType(Date(timeIntervalSince1970: 8)))
        try assertRoundTrip(ImmediateScheduler.SchedulerTimeType.Stride(9))
        try assertRoundTrip(ImmediateScheduler.shared.now.advanced(by: 3))
    }

    func testRunLoopAndOperationQueueTimesCodeKeyedAsFoundationDoes() throws {
        func json<Value: Encodable>(_ value: Value) throws -> String {
            String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        }
        let date = Date(timeIntervalSinceReferenceDate: 1024.75)
        XCTAssertEqual(try json(RunLoop.SchedulerTimeType(date)), #"{"date":1024.75}"#)
        XCTAssertEqual(try json(OperationQueue.SchedulerTimeType(date)), #"{"date":1024.75}"#)
        XCTAssertEqual(try json(RunLoop.SchedulerTimeType.Stride(1024.5)), #"{"magnitude":1024.5}"#)
        XCTAssertEqual(try json(OperationQueue.SchedulerTimeType.Stride(-2)), #"{"magnitude":-2}"#)
        let decoded = try JSONDecoder().decode(RunLoop.SchedulerTimeType.self, from: Data(#"{"date":7}"#.utf8))
        XCTAssertEqual(decoded.date, Date(timeIntervalSinceReferenceDate: 7))
        XCTAssertThrowsError(try JSONDecoder().decode(RunLoop.SchedulerTimeType.Stride.self, from: Data("1.5".utf8)))
    }

    private func assertRoundTrip<Value: Codable & Equatable>(_ value: Value, line: UInt = #line) throws {
        let data = try JSONEncoder().encode([value])
        XCTAssertEqual(try JSONDecoder().decode([Value].self, from: data), [value], line: line)
    }

    func testDispatchOptionsCarryQoSFlagsAndGroup() {
        let group = DispatchGroup()
        let options = DispatchQueue.SchedulerOptions(qos: .userInitiated, flags: .barrier, group: group)
        XCTAssertEqual(options.qos, .userInitiated)
        XCTAssertEqual(options.flags, .barrier)
        let queue = DispatchQueue(label: "options")
        let ran = LockedValues<String>()
        queue.schedule(options: options) { ran.append("now") }
        queue.schedule(after: queue.now.advanced(by: .milliseconds(5)), tolerance: .zero, options: options) {
            ran.append("later")
        }
        XCTAssertEqual(group.wait(timeout: .now() + 5), .success, "the group waits for both actions")
        XCTAssertEqual(ran.all, ["now", "later"])
        XCTAssertNil(DispatchQueue.SchedulerOptions().group)
    }

    func testRepeatingScheduleOnADispatchQueueRunsUntilCancelled() {
        let queue = DispatchQueue(label: "repeating")
        let ticks = LockedValues<Int>()
        let reached = DispatchSemaphore(value: 0)
        let cancellable = queue.schedule(after: queue.now, interval: .milliseconds(2)) {
            if ticks.append(1) == 3 { reached.signal() }
        }
        XCTAssertEqual(reached.wait(timeout: .now() + 5), .success, "three ticks")
        cancellable.cancel()
        queue.sync {}
        let atCancel = ticks.all.count
        Thread.sleep(forTimeInterval: 0.02)
        queue.sync {}
        XCTAssertEqual(ticks.all.count, atCancel, "no tick after cancel() (the queue drained)")
    }

    func testRepeatingScheduleStopsWhenItsCancellableIsReleased() {
        let queue = DispatchQueue(label: "released")
        let ticks = LockedValues<Int>()
        let reached = DispatchSemaphore(value: 0)
        do {
            let cancellable = queue.schedule(after: queue.now, interval: .milliseconds(2)) {
                if ticks.append(1) == 2 { reached.signal() }
            }
            XCTAssertEqual(reached.wait(timeout: .now() + 5), .success)
            withExtendedLifetime(cancellable) {}
        }
        queue.sync {}
        let atRelease = ticks.all.count
        Thread.sleep(forTimeInterval: 0.02)
        queue.sync {}
        XCTAssertEqual(ticks.all.count, atRelease)
    }

    func testRepeatingScheduleOnAnOperationQueueAndARunLoop() {
        let operations = OperationQueue()
        let ticks = LockedValues<Int>()
        let reached = DispatchSemaphore(value: 0)
        let onQueue = operations.schedule(after: operations.now, interval: .milliseconds(2)) {
            if ticks.append(1) == 3 { reached.signal() }
        }
        XCTAssertEqual(reached.wait(timeout: .now() + 5), .success)
        onQueue.cancel()

        var runLoopTicks = 0
        let onRunLoop = RunLoop.current.schedule(after: RunLoop.current.now, interval: 0.002) { runLoopTicks += 1 }
        turnRunLoop(until: { runLoopTicks >= 3 })
        onRunLoop.cancel()
        let atCancel = runLoopTicks
        turnRunLoop(until: { false }, limit: 0.02)
        XCTAssertGreaterThanOrEqual(atCancel, 3)
        XCTAssertEqual(runLoopTicks, atCancel, "an invalidated timer does not fire")
        operations.waitUntilAllOperationsAreFinished()
    }

    func testAnOperationQueueAddsADelayedOperationAtOnceThatRunsItsActionOnce() {
        let queue = RecordingOperationQueue()
        let ran = LockedValues<Int>()
        let done = DispatchSemaphore(value: 0)
        queue.schedule(after: queue.now.advanced(by: .milliseconds(30))) {
            _ = ran.append(1)
            done.signal()
        }
        let added = queue.added
        XCTAssertEqual(added.count, 1, "added at once")
        guard let operation = added.first else { return }
        XCTAssertFalse(operation is BlockOperation)
        XCTAssertTrue(operation is Cancellable)
        XCTAssertFalse(operation.isReady, "not ready before its date")
        XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        queue.waitUntilAllOperationsAreFinished()
        operation.main()
        XCTAssertEqual(ran.all, [1], "its action runs once")

        queue.schedule(after: queue.now.advanced(by: .seconds(60))) { _ = ran.append(2) }
        (queue.added.last as? Cancellable)?.cancel()
        queue.waitUntilAllOperationsAreFinished()
        XCTAssertEqual(ran.all, [1], "a cancelled operation is discarded without running")
    }

    func testAnOperationQueueRunsAnActionNowAsABlockOperation() {
        let queue = RecordingOperationQueue()
        let ran = LockedValues<Int>()
        queue.schedule { _ = ran.append(1) }
        queue.waitUntilAllOperationsAreFinished()
        XCTAssertEqual(ran.all, [1])
        XCTAssertTrue(queue.added.first is BlockOperation)
    }

    func testImmediateRepeatingScheduleRunsOnce() {
        var runs = 0
        _ = ImmediateScheduler.shared.schedule(after: ImmediateScheduler.shared.now, interval: 1) { runs += 1 }
        XCTAssertEqual(runs, 1)
    }
}

/// An operation queue that keeps the operations added to it.
private final class RecordingOperationQueue: OperationQueue, @unchecked Sendable {
    // @unchecked Sendable: `operationsAdded` is guarded by `lock`.
    private let lock = NSLock()
    private var operationsAdded: [Operation] = []

    var added: [Operation] { lock.withLock { operationsAdded } }

    override func addOperation(_ op: Operation) {
        lock.withLock { operationsAdded.append(op) }
        super.addOperation(op)
    }
}
