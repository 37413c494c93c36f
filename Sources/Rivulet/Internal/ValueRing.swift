/// A first-in first-out queue of values in one growable circular buffer of raw storage: no
/// copy-on-write check on `append` or `removeFirst` (`RingBuffer`'s array pays one each, and its
/// specialised slow path in every module that uses it), growth compiled once, here.
///
/// The queues of the two-source `zip` (`Zip2Sink`), and the events waiting in a subject's or a
/// gate's `EmissionQueue` (`EventRing`). Noncopyable, so the storage has one owner and is released
/// with it; no lock: its owner guards it.
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

    /// Moves the first `count` values into `other`, which is empty: by exchanging the buffers when
    /// they are all the values (no copy; the two rings' buffers serve in turn), else one by one.
    @usableFromInline
    mutating func moveFirst(_ count: Int, into other: inout ValueRing<Value>) {
        if count == self.count {
            let (buffer, capacity, head) = (self.buffer, self.capacity, self.head)
            (self.buffer, self.capacity, self.head, self.count) = (other.buffer, other.capacity, 0, 0)
            (other.buffer, other.capacity, other.head, other.count) = (buffer, capacity, head, count)
            return
        }
        for _ in 0..<count { other.append(removeFirst()) }
    }

    /// Removes every value and returns them in order (for a caller that releases them outside its
    /// lock). Compiled once, here (see `removeAll()`).
    @usableFromInline
    mutating func takeAll() -> [Value] { takeAllValues() }

    /// Doubles the storage (at least 4 slots), moving the values to its start. Compiled once,
    /// here (see `removeAll()`).
    @usableFromInline
    mutating func grow() { growStorage() }

    /// Releases every value and the storage. Compiled once, here: the rare path of a queue that
    /// still holds values when its subscription ends.
    @usableFromInline
    mutating func removeAll() { releaseStorage() }

    // Internal, so that cross-module optimisation does not hand the bodies to the modules that
    // use `zip` or send to a subject: they stay compiled once, here.
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

    mutating func takeAllValues() -> [Value] {
        var values: [Value] = []
        values.reserveCapacity(count)
        while count > 0 { values.append(removeFirst()) }
        head = 0
        return values
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
