/// A first-in first-out queue of values in one growable circular buffer: `append` and
/// `removeFirst` are O(1) amortised, and a removed value is released at once (its slot is cleared).
///
/// The queue of operators that buffer per subscription (`zip`'s sources, `takeLast`, `skipLast`,
/// `replay`). A value type with no lock: its owner guards it.
@usableFromInline
package struct RingBuffer<Value> {
    @usableFromInline var storage: ContiguousArray<Value?> = []
    /// The index in `storage` of the first value.
    @usableFromInline var head = 0
    @usableFromInline var count = 0

    @inlinable
    package init() {}

    @inlinable
    package var isEmpty: Bool { count == 0 }

    /// Appends `value` at the end, growing the storage when it is full.
    @inlinable
    package mutating func append(_ value: Value) {
        if count == storage.count { grow() }
        var index = head + count
        if index >= storage.count { index -= storage.count }
        storage[index] = value
        count += 1
    }

    /// Removes and returns the first value; `nil` when the queue is empty.
    @inlinable
    package mutating func removeFirst() -> Value? {
        if count == 0 { return nil }
        let value = storage[head].take()
        head += 1
        if head == storage.count { head = 0 }
        count -= 1
        return value
    }

    /// The first value, if any.
    @inlinable
    package var first: Value? { count == 0 ? nil : storage[head] }

    /// Removes every value and returns them in order (the caller releases them outside its lock).
    /// Not inlinable (a rare path, compiled once, here), as `elements` and `grow()`.
    @usableFromInline
    package mutating func removeAll() -> [Value] {
        var values: [Value] = []
        values.reserveCapacity(count)
        while let value = removeFirst() { values.append(value) }
        storage = []
        head = 0
        return values
    }

    /// The values in order, without removing them.
    @usableFromInline
    package var elements: [Value] {
        var values: [Value] = []
        values.reserveCapacity(count)
        var index = head
        for _ in 0..<count {
            if let value = storage[index] { values.append(value) }
            index += 1
            if index == storage.count { index = 0 }
        }
        return values
    }

    /// Doubles the storage (at least 4 slots), moving the values to its start.
    @usableFromInline
    mutating func grow() {
        var grown = ContiguousArray<Value?>(repeating: nil, count: Swift.max(4, storage.count * 2))
        var index = head
        for position in 0..<count {
            grown[position] = storage[index].take()
            index += 1
            if index == storage.count { index = 0 }
        }
        storage = grown
        head = 0
    }
}

/// A first-in first-out queue of values in one growable circular buffer of raw storage: no
/// copy-on-write check on `append` or `removeFirst` (`RingBuffer`'s array pays one each, and its
/// specialised slow path in every module that uses it), growth compiled once, here.
///
/// The queues of the two-source `zip` (`Zip2Sink`). Noncopyable, so the storage has one owner and
/// is released with it; no lock: its owner guards it.
@usableFromInline
struct ValueRing<Value>: ~Copyable {
    @usableFromInline var buffer: UnsafeMutablePointer<Value>?
    @usableFromInline var capacity = 0
    /// The index in `buffer` of the first value.
    @usableFromInline var head = 0
    @usableFromInline var count = 0

    @inlinable
    init() {}

    @inlinable
    var isEmpty: Bool { count == 0 }

    /// Appends `value` at the end, growing the storage when it is full.
    @inlinable
    mutating func append(_ value: consuming Value) {
        if count == capacity { grow() }
        var index = head &+ count
        if index >= capacity { index &-= capacity }
        (buffer.unsafelyUnwrapped + index).initialize(to: value)
        count &+= 1
    }

    /// Removes and returns the first value (the ring must not be empty).
    @inlinable
    mutating func removeFirst() -> Value {
        let value = (buffer.unsafelyUnwrapped + head).move()
        head = head &+ 1 == capacity ? 0 : head &+ 1
        count &-= 1
        return value
    }

    /// Doubles the storage (at least 4 slots), moving the values to its start. Compiled once,
    /// here (see `removeAll()`).
    @usableFromInline
    mutating func grow() { growStorage() }

    /// Releases every value and the storage. Compiled once, here: the rare path of a queue that
    /// still holds values when its subscription ends.
    @usableFromInline
    mutating func removeAll() { releaseStorage() }

    // Internal, so that cross-module optimisation does not hand the bodies to the modules that
    // use `zip`: they stay compiled once, here.
    mutating func growStorage() {
        let newCapacity = Swift.max(4, capacity &* 2)
        let newBuffer = UnsafeMutablePointer<Value>.allocate(capacity: newCapacity)
        if let buffer {
            let firstPart = Swift.min(count, capacity - head)
            newBuffer.moveInitialize(from: buffer + head, count: firstPart)
            (newBuffer + firstPart).moveInitialize(from: buffer, count: count - firstPart)
            buffer.deallocate()
        }
        buffer = newBuffer
        capacity = newCapacity
        head = 0
    }

    mutating func releaseStorage() {
        guard let buffer else { return }
        let firstPart = Swift.min(count, capacity - head)
        (buffer + head).deinitialize(count: firstPart)
        buffer.deinitialize(count: count - firstPart)
        buffer.deallocate()
        self.buffer = nil
        (capacity, head, count) = (0, 0, 0)
    }

    @inlinable
    deinit {
        guard let buffer else { return }
        let firstPart = Swift.min(count, capacity - head)
        (buffer + head).deinitialize(count: firstPart)
        buffer.deinitialize(count: count - firstPart)
        buffer.deallocate()
    }
}
