/// The sink of `concat` (next source on completion) and of `catch(sequence:)`/`retry` (next
/// source on error): walks an iterator of sources, subscribing each one when the previous one has
/// ended the way `moveOn` says.
///
/// Sources that end synchronously inside their subscribe call do not recurse: `advance()` runs a
/// loop, and an ending that arrives while the loop is subscribing (on the same thread or another)
/// only asks it to go round once more. So any number of synchronous sources uses constant stack.
///
/// A `concat` among the sources of a `concat` (`ConcatObservable`) is not subscribed: its sources
/// are walked here, before the rest of this iterator's (`nested`, innermost last), so nesting
/// costs neither stack nor a sink per level.
@usableFromInline
final class SourceSequenceSink<Element, Iterator: IteratorProtocol>: SerialSourceSink<Element>, @unchecked Sendable
where Iterator.Element == Observable<Element> {
    // @unchecked Sendable: `advancing` and `advanceRequested` are guarded by `lock`; `iterator` is
    // only touched by the thread that set `advancing`; `lastError` is written on the (serial)
    // event path before `advance()` takes the lock, and read by the loop after taking it.

    /// Which ending of a source moves on to the next one.
    @usableFromInline
    enum MoveOn {
        /// `concat`: an error ends the stream, completion moves on; the last completion completes.
        case completed
        /// `catch(sequence:)`: completion ends the stream, an error moves on; the last error fails.
        case error
    }

    @usableFromInline let moveOn: MoveOn
    @exclusivity(unchecked) @usableFromInline var iterator: Iterator
    @exclusivity(unchecked) @usableFromInline var advancing = false
    @exclusivity(unchecked) @usableFromInline var advanceRequested = false
    @exclusivity(unchecked) @usableFromInline var lastError: Swift.Error?
    /// The sources of nested `concat`s being walked in their place, innermost last (touched like
    /// `iterator`).
    @exclusivity(unchecked) @usableFromInline var nested: [AnyIterator<Observable<Element>>] = []

    @inlinable
    init(_ downstream: @escaping (Event<Element>) -> Void, _ iterator: Iterator, moveOn: MoveOn) {
        self.iterator = iterator
        self.moveOn = moveOn
        super.init(downstream)
    }

    /// Receives the events of the current source.
    @inlinable
    func on(_ event: Event<Element>) {
        switch (event, moveOn) {
        case (.next(let value), _):
            forwardNext(value)
        case (.error, .completed), (.completed, .error):
            forward(event)
        case (.completed, .completed):
            if !isStopped { advance() }
        case (.error(let error), .error):
            if isStopped { return }
            lastError = error
            advance()
        }
    }

    /// The next source to subscribe: from the innermost nested `concat` still walked, else from
    /// `iterator`. A `concat` met among `concat`'s sources is walked instead of returned.
    @inlinable
    func nextSource() -> Observable<Element>? {
        while true {
            var source: Observable<Element>?
            while let innermost = nested.last {
                if let next = innermost.next() {
                    source = next
                    break
                }
                nested.removeLast()
            }
            if source == nil { source = iterator.next() }
            guard let source else { return nil }
            guard case .completed = moveOn, let concatenation = source as? ConcatObservable<Element> else {
                return source
            }
            nested.append(concatenation.sources())
        }
    }

    /// Subscribes the next source; when there is none, completes (or fails with the last error).
    @inlinable
    func advance() {
        let enter = lock.withLock { () -> Bool in
            if advancing {
                advanceRequested = true
                return false
            }
            advancing = true
            return true
        }
        guard enter else { return }
        // The loop delivers downstream (the last ending) outside any source's delivery.
        if !beginBusy() { return }
        defer { endBusy() }
        while true {
            guard let next = nextSource() else {
                if let lastError {
                    forward(.error(lastError))
                } else {
                    forward(.completed)
                }
                return
            }
            guard subscribe(next, { event in self.on(event) }) else { return }
            let again = lock.withLock { () -> Bool in
                if advanceRequested {
                    advanceRequested = false
                    return true
                }
                advancing = false
                return false
            }
            if !again { return }
        }
    }
}
