/// An observer's handler with its element type erased, as the element-independent half of a
/// subject's core keeps it (`SubjectCoreBase`). `function` is always a `(Event<Element>) -> Void`
/// of the core's element type and is never called as the `() -> Void` it is declared as:
/// `SubjectCore<Element>` converts it (`erase(_:)`, `typed(_:)`) by reinterpreting this struct as
/// a `TypedHandler<Element>`, and the delivery loop reinterprets a slot's memory (`ErasedSlot` and
/// `SubjectSlot<Element>` have the same layout); the function value itself is never cast. Every
/// closure has the same layout (a function pointer and a context reference), so the erased form
/// moves and releases exactly like the real one.
///
/// The function is wrapped in a struct so that it can pass through generic code (an array, an
/// `Optional`) untouched: a bare function value passed as a generic value is wrapped in a
/// reabstraction thunk, which would call it with the wrong arguments.
@usableFromInline
struct ErasedHandler {
    @usableFromInline let function: () -> Void

    @inlinable
    init(function: @escaping () -> Void) {
        self.function = function
    }
}

/// A handler with its element type, in the struct `ErasedHandler` mirrors (see there).
@usableFromInline
struct TypedHandler<Element> {
    @usableFromInline let function: (Event<Element>) -> Void

    @inlinable
    init(function: @escaping (Event<Element>) -> Void) {
        self.function = function
    }
}

/// One observer of a subject, as the element-independent code sees it: the handler and the key
/// its sink remembers. A hole keeps its key (so the keys stay sorted) and has no handler.
/// `~Copyable`, so a handler is called where it lies without a retain. The slot buffer is bound
/// to this type; `SubjectCore<Element>`'s delivery loop reads a slot as a `SubjectSlot<Element>`
/// (the same layout) to call its handler.
@usableFromInline
struct ErasedSlot: ~Copyable {
    /// An `ErasedHandler`'s function; `nil` for a hole.
    @usableFromInline let handler: (() -> Void)?
    @usableFromInline let key: UInt64

    @inlinable
    init(handler: ErasedHandler, key: UInt64) {
        self.handler = handler.function
        self.key = key
    }

    @inlinable
    init(holeWithKey key: UInt64) {
        self.handler = nil
        self.key = key
    }

    @inlinable
    var isLive: Bool { handler != nil }
}

/// A slot seen with its element type: what `SubjectCore<Element>` reads an `ErasedSlot` as in
/// order to call its handler at +0 (where it lies, without a retain).
@usableFromInline
struct SubjectSlot<Element>: ~Copyable {
    @usableFromInline let handler: ((Event<Element>) -> Void)?
    @usableFromInline let key: UInt64

    @inlinable
    init(handler: consuming @escaping (Event<Element>) -> Void, key: UInt64) {
        self.handler = handler
        self.key = key
    }

    /// Calls the handler, if this is not a hole. Always inlined: the delivery loop runs
    /// unspecialised, where a call of this generic function would cost a call per observer.
    @inlinable @inline(__always)
    borrowing func deliver(_ event: Event<Element>) {
        handler?(event)
    }
}

/// A slot buffer taken out of a core under its lock, to be released after it (dropping a handler
/// may run user deinit code). Released by `release()` or at the end of its scope. The core's own
/// inline slots (`owned == false`) are deinitialised but not freed; the core never hands them
/// out again.
struct SlotBatch: ~Copyable {
    let buffer: UnsafeMutablePointer<ErasedSlot>?
    let count: Int
    let owned: Bool

    init() {
        buffer = nil
        count = 0
        owned = false
    }

    init(buffer: UnsafeMutablePointer<ErasedSlot>?, count: Int, owned: Bool) {
        self.buffer = buffer
        self.count = count
        self.owned = owned
    }

    /// Releases every handler and the buffer now.
    consuming func release() {}

    deinit {
        if let buffer {
            buffer.deinitialize(count: count)
            if owned { buffer.deallocate() }
        }
    }
}

/// Room for two `ErasedSlot`s inside a subject's core (`SubjectCoreBase.inlineSlotWords`), as
/// plain words: three per slot (the handler's function and context, the key).
struct InlineSlotWords {
    static var capacity: Int { 2 }

    var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)

    init() {
        assert(
            MemoryLayout<ErasedSlot>.stride * InlineSlotWords.capacity <= MemoryLayout<InlineSlotWords>.size
                && MemoryLayout<ErasedSlot>.alignment <= MemoryLayout<InlineSlotWords>.alignment,
            "the inline slots do not fit")
    }
}

/// The handlers of subscriptions that other threads detached during an emission, taken out of a
/// core under its lock, and their sinks: `finish()` releases the handlers and then tells each sink
/// that no delivery to it runs any more (`upstreamSettled()`), after the lock.
@usableFromInline
struct DetachedSlots {
    var handlers: ContiguousArray<ErasedHandler> = []
    var subscribers: ContiguousArray<SinkBase> = []

    init() {}

    mutating func finish() {
        if subscribers.isEmpty { return }
        handlers.removeAll()
        let settled = subscribers
        subscribers.removeAll()
        for subscriber in settled { subscriber.upstreamSettled() }
    }
}
