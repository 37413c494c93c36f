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
