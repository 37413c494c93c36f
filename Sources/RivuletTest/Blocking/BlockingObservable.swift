import Foundation
import Rivulet

extension ObservableConvertibleType {
    /// This stream as a `BlockingObservable`, whose methods wait for the stream to end (RxBlocking's
    /// `toBlocking`). For tests: in production code, subscribe instead.
    ///
    /// ```swift
    /// XCTAssertEqual(try Observable.of(1, 2).toBlocking().toArray(), [1, 2])
    /// ```
    ///
    /// - Parameter timeout: how long to wait, in seconds, before failing with `RxError.timeout`;
    ///   `nil` waits for ever.
    public func toBlocking(timeout: TimeInterval? = nil) -> BlockingObservable<Element> {
        BlockingObservable(source: asObservable(), timeout: timeout)
    }
}

/// A stream whose methods subscribe, wait until it ends and return what it sent (RxBlocking's
/// `BlockingObservable`).
///
/// Waiting on the main thread runs the main run loop, so values delivered on the main queue
/// (`MainScheduler`, `Driver`) still arrive; on another thread it blocks that thread.
public struct BlockingObservable<Element> {
    let source: Observable<Element>
    let timeout: TimeInterval?

    /// Every value, once the stream completes; rethrows its error.
    public func toArray() throws -> [Element] {
        switch materialize() {
        case .completed(let elements): return elements
        case .failed(_, let error): throw error
        }
    }

    /// The first value (`nil` if the stream completes without one); the subscription ends there.
    /// Rethrows an error that comes before the first value.
    public func first() throws -> Element? {
        let result = try run(max: 1)
        if let error = result.error { throw error }
        return result.elements.first
    }

    /// The last value (`nil` if the stream completes without one).
    public func last() throws -> Element? {
        try toArray().last
    }

    /// The only value; throws `RxError.noElements` if there is none and
    /// `RxError.moreThanOneElement` if there are more.
    public func single() throws -> Element {
        try single { _ in true }
    }

    /// The only value that satisfies `predicate`; throws as `single()` does, or what `predicate`
    /// throws. The subscription ends at the second match, and `predicate` sees no value after it.
    public func single(_ predicate: @escaping (Element) throws -> Bool) throws -> Element {
        let result = try run(max: 2, predicate: predicate)
        if let error = result.error { throw error }
        guard let only = result.elements.first else { throw RxError.noElements }
        guard result.elements.count == 1 else { throw RxError.moreThanOneElement }
        return only
    }

    /// Everything the stream sent, and how it ended; never throws (a time-out is a failure with
    /// `RxError.timeout`).
    public func materialize() -> MaterializedSequenceResult<Element> {
        do {
            let result = try run()
            if let error = result.error { return .failed(elements: result.elements, error: error) }
            return .completed(elements: result.elements)
        } catch {
            return .failed(elements: [], error: error)
        }
    }

    /// Subscribes and waits for the stop event, or until `max` values that satisfy `predicate` (all
    /// when `nil`) were kept.
    private func run(
        max: Int? = nil, predicate: ((Element) throws -> Bool)? = nil
    ) throws -> (elements: [Element], error: Swift.Error?) {
        let state = BlockingState<Element>(max: max, predicate: predicate)
        let subscription = source.subscribe { event in state.on(event) }
        defer { subscription.dispose() }
        let deadline = timeout.map { Date().addingTimeInterval($0) }
        while !state.isDone {
            if let deadline, Date() >= deadline { throw RxError.timeout }
            if Thread.isMainThread {
                RunLoop.current.run(until: Date().addingTimeInterval(0.001))
            } else {
                _ = state.finished.wait(timeout: .now() + .milliseconds(10))
            }
        }
        return state.result
    }
}

/// How a stream ended under `BlockingObservable.materialize()`.
public enum MaterializedSequenceResult<T> {
    /// It completed after sending `elements`.
    case completed(elements: [T])
    /// It failed with `error` after sending `elements`.
    case failed(elements: [T], error: Swift.Error)
}

/// What one blocking subscription has received, written by the stream's thread and read by the
/// waiting one.
private final class BlockingState<Element>: @unchecked Sendable {
    // @unchecked Sendable: every field is guarded by `lock`.
    private let lock = NSLock()
    let finished = DispatchSemaphore(value: 0)
    private let max: Int?
    private let predicate: ((Element) throws -> Bool)?
    private var elements: [Element] = []
    private var error: Swift.Error?
    private var done = false

    init(max: Int?, predicate: ((Element) throws -> Bool)?) {
        self.max = max
        self.predicate = predicate
    }

    var isDone: Bool { lock.withLock { done } }
    var result: (elements: [Element], error: Swift.Error?) { lock.withLock { (elements, error) } }

    /// Called serially by the stream; `predicate` runs with no lock held.
    func on(_ event: Event<Element>) {
        if isDone { return }
        var event = event
        if case .next(let value) = event, let predicate {
            do {
                if try !predicate(value) { return }
            } catch {
                event = .error(error)
            }
        }
        lock.lock()
        guard !done else { return lock.unlock() }
        switch event {
        case .next(let value):
            elements.append(value)
            if let max, elements.count >= max { done = true }
        case .error(let error):
            self.error = error
            done = true
        case .completed:
            done = true
        }
        let signal = done
        lock.unlock()
        if signal { finished.signal() }
    }
}
