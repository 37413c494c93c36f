/// One observer of a subject: its handler and the key its sink remembers. A hole keeps its key
/// (so the keys stay sorted) and has no handler. `~Copyable`, so a handler is called where it lies
/// without a retain.
@usableFromInline
struct SubjectSlot<Element>: ~Copyable {
    @usableFromInline let handler: ((Event<Element>) -> Void)?
    @usableFromInline let key: UInt64

    @inlinable
    init(handler: consuming @escaping (Event<Element>) -> Void, key: UInt64) {
        self.handler = handler
        self.key = key
    }

    @inlinable
    init(holeWithKey key: UInt64) {
        self.handler = nil
        self.key = key
    }

    @inlinable
    var isLive: Bool { handler != nil }

    /// Calls the handler, if this is not a hole.
    @inlinable
    borrowing func deliver(_ event: Event<Element>) {
        handler?(event)
    }
}

/// A slot buffer taken out of a core under its lock, to be released after it (dropping a handler
/// may run user deinit code). Released by `release()` or at the end of its scope.
@usableFromInline
struct SlotBatch<Element>: ~Copyable {
    @usableFromInline let buffer: UnsafeMutablePointer<SubjectSlot<Element>>?
    @usableFromInline let count: Int

    @inlinable
    init() {
        buffer = nil
        count = 0
    }

    @inlinable
    init(buffer: UnsafeMutablePointer<SubjectSlot<Element>>?, count: Int) {
        self.buffer = buffer
        self.count = count
    }

    /// Releases every handler and the buffer now.
    @inlinable
    consuming func release() {}

    @inlinable
    deinit {
        if let buffer {
            buffer.deinitialize(count: count)
            buffer.deallocate()
        }
    }
}

/// The handlers of subscriptions that other threads detached during an emission, taken out of a
/// core under its lock, and their sinks: `finish()` releases the handlers and then tells each sink
/// that no delivery to it runs any more (`upstreamSettled()`), after the lock.
@usableFromInline
struct DetachedSlots<Element> {
    @usableFromInline var handlers: ContiguousArray<(Event<Element>) -> Void> = []
    @usableFromInline var subscribers: ContiguousArray<SinkBase> = []

    @inlinable
    init() {}

    @inlinable
    mutating func finish() {
        if subscribers.isEmpty { return }
        handlers.removeAll()
        let settled = subscribers
        subscribers.removeAll()
        for subscriber in settled { subscriber.upstreamSettled() }
    }
}
