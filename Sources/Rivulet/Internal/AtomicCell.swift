import Builtin
import CRivuletAtomics

/// A word updated atomically, stored inline in the object that owns it (no allocation of its
/// own): Rivulet's replacement for `Synchronization.Atomic`, which is not available below
/// iOS 18 / macOS 15. Each operation is a C11 atomic from the `CRivuletAtomics` shim, inlined at
/// its call site (so ThreadSanitizer sees it as the atomic it is). Store it in a `let` of a class;
/// it is never copied or moved. The method names and ordering labels are `Atomic`'s.
@_rawLayout(like: Value.CellStorage)
@usableFromInline package struct AtomicCell<Value: AtomicCellValue>: ~Copyable {
    /// The address of the word: the cell's own storage, which never moves.
    @usableFromInline @_transparent
    var address: UnsafeMutableRawPointer { UnsafeMutableRawPointer(Builtin.addressOfRawLayout(self)) }

    /// A cell holding `initial`.
    @inlinable
    package init(_ initial: Value) {
        address.initializeMemory(as: Value.CellStorage.self, to: Value.encodeCell(initial))
    }

    /// The value.
    @inlinable @inline(__always)
    package borrowing func load(ordering: CellLoadOrdering) -> Value {
        Value.decodeCell(Value.CellStorage.cellLoad(address, ordering.raw))
    }

    /// Replaces the value.
    @inlinable @inline(__always)
    package borrowing func store(_ desired: Value, ordering: CellStoreOrdering) {
        Value.CellStorage.cellStore(address, Value.encodeCell(desired), ordering.raw)
    }

    /// Replaces the value, returning the one it replaced.
    @discardableResult
    @inlinable @inline(__always)
    package borrowing func exchange(_ desired: Value, ordering: CellUpdateOrdering) -> Value {
        Value.decodeCell(Value.CellStorage.cellExchange(address, Value.encodeCell(desired), ordering.raw))
    }

    /// Stores `desired` if the value is `expected` (strong: never fails spuriously). Returns whether
    /// it did, and the value found.
    @inlinable @inline(__always)
    package borrowing func compareExchange(
        expected: Value, desired: Value, ordering: CellUpdateOrdering
    ) -> (exchanged: Bool, original: Value) {
        var found = Value.encodeCell(expected)
        let exchanged = Value.CellStorage.cellCompareExchange(
            address, &found, Value.encodeCell(desired), ordering.raw, ordering.failure)
        return (exchanged, Value.decodeCell(found))
    }
}

// @unchecked Sendable: every access to the word is a C11 atomic operation.
extension AtomicCell: @unchecked Sendable where Value: Sendable {}

extension AtomicCell where Value.CellStorage: FixedWidthInteger, Value: FixedWidthInteger {
    /// Adds `operand` (wrapping), returning the values before and after.
    @discardableResult
    @inlinable @inline(__always)
    package borrowing func add(_ operand: Value, ordering: CellUpdateOrdering) -> (oldValue: Value, newValue: Value) {
        let old = Value.decodeCell(Value.CellStorage.cellFetchAdd(address, Value.encodeCell(operand), ordering.raw))
        return (old, old &+ operand)
    }

    /// Adds `operand` (wrapping), returning the values before and after.
    @discardableResult
    @inlinable @inline(__always)
    package borrowing func wrappingAdd(_ operand: Value, ordering: CellUpdateOrdering) -> (
        oldValue: Value, newValue: Value
    ) {
        add(operand, ordering: ordering)
    }

    /// Subtracts `operand` (wrapping), returning the values before and after.
    @discardableResult
    @inlinable @inline(__always)
    package borrowing func wrappingSubtract(_ operand: Value, ordering: CellUpdateOrdering) -> (
        oldValue: Value, newValue: Value
    ) {
        let old = Value.decodeCell(Value.CellStorage.cellFetchSub(address, Value.encodeCell(operand), ordering.raw))
        return (old, old &- operand)
    }

    /// Sets the bits of `operand`, returning the values before and after.
    @discardableResult
    @inlinable @inline(__always)
    package borrowing func bitwiseOr(_ operand: Value, ordering: CellUpdateOrdering) -> (
        oldValue: Value, newValue: Value
    ) {
        let old = Value.decodeCell(Value.CellStorage.cellFetchOr(address, Value.encodeCell(operand), ordering.raw))
        return (old, old | operand)
    }

    /// Keeps only the bits of `operand`, returning the values before and after.
    @discardableResult
    @inlinable @inline(__always)
    package borrowing func bitwiseAnd(_ operand: Value, ordering: CellUpdateOrdering) -> (
        oldValue: Value, newValue: Value
    ) {
        let old = Value.decodeCell(Value.CellStorage.cellFetchAnd(address, Value.encodeCell(operand), ordering.raw))
        return (old, old & operand)
    }
}

/// The ordering of an atomic load (C11 values).
@usableFromInline package struct CellLoadOrdering: Sendable {
    @usableFromInline let raw: Int32
    @inlinable init(raw: Int32) { self.raw = raw }
    /// No ordering: only the value itself is atomic.
    @inlinable package static var relaxed: Self { Self(raw: 0) }
    /// Later memory operations stay after the load; pairs with a releasing store.
    @inlinable package static var acquiring: Self { Self(raw: 2) }
    /// One total order with every other sequentially consistent operation.
    @inlinable package static var sequentiallyConsistent: Self { Self(raw: 5) }
}

/// The ordering of an atomic store (C11 values).
@usableFromInline package struct CellStoreOrdering: Sendable {
    @usableFromInline let raw: Int32
    @inlinable init(raw: Int32) { self.raw = raw }
    /// No ordering: only the value itself is atomic.
    @inlinable package static var relaxed: Self { Self(raw: 0) }
    /// Earlier memory operations stay before the store; pairs with an acquiring load.
    @inlinable package static var releasing: Self { Self(raw: 3) }
    /// One total order with every other sequentially consistent operation.
    @inlinable package static var sequentiallyConsistent: Self { Self(raw: 5) }
}

/// The ordering of an atomic read-modify-write (C11 values; a failed compare-exchange uses the
/// strongest load ordering the success ordering allows).
@usableFromInline package struct CellUpdateOrdering: Sendable {
    @usableFromInline let raw: Int32
    @inlinable init(raw: Int32) { self.raw = raw }
    /// No ordering: only the value itself is atomic.
    @inlinable package static var relaxed: Self { Self(raw: 0) }
    /// Acquiring, as a load.
    @inlinable package static var acquiring: Self { Self(raw: 2) }
    /// Releasing, as a store.
    @inlinable package static var releasing: Self { Self(raw: 3) }
    /// Both acquiring and releasing.
    @inlinable package static var acquiringAndReleasing: Self { Self(raw: 4) }
    /// One total order with every other sequentially consistent operation.
    @inlinable package static var sequentiallyConsistent: Self { Self(raw: 5) }

    /// The ordering of a failed compare-exchange: relaxed for releasing, acquiring for
    /// acquiring-and-releasing, otherwise the same.
    @inlinable
    var failure: Int32 {
        switch raw {
        case 3: return 0
        case 4: return 2
        default: return raw
        }
    }
}

/// A value an `AtomicCell` can hold: encoded into an integer word of its size.
@usableFromInline package protocol AtomicCellValue {
    /// The word that holds the value.
    associatedtype CellStorage: AtomicCellStorage
    /// The word for `value`.
    static func encodeCell(_ value: Self) -> CellStorage
    /// The value of `storage`.
    static func decodeCell(_ storage: CellStorage) -> Self
}

/// An integer word with C11 atomic operations in the shim.
@usableFromInline package protocol AtomicCellStorage {
    /// Atomic load.
    static func cellLoad(_ address: UnsafeMutableRawPointer, _ order: Int32) -> Self
    /// Atomic store.
    static func cellStore(_ address: UnsafeMutableRawPointer, _ value: Self, _ order: Int32)
    /// Atomic exchange.
    static func cellExchange(_ address: UnsafeMutableRawPointer, _ value: Self, _ order: Int32) -> Self
    /// Strong compare-exchange.
    static func cellCompareExchange(
        _ address: UnsafeMutableRawPointer, _ expected: inout Self, _ desired: Self, _ success: Int32,
        _ failure: Int32
    ) -> Bool
    /// Atomic fetch-add (wrapping).
    static func cellFetchAdd(_ address: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32) -> Self
    /// Atomic fetch-subtract (wrapping).
    static func cellFetchSub(_ address: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32) -> Self
    /// Atomic fetch-or.
    static func cellFetchOr(_ address: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32) -> Self
    /// Atomic fetch-and.
    static func cellFetchAnd(_ address: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32) -> Self
}

extension UInt8: AtomicCellStorage, AtomicCellValue {
    @inlinable @inline(__always)
    package static func encodeCell(_ value: Self) -> Self { value }
    @inlinable @inline(__always)
    package static func decodeCell(_ storage: Self) -> Self { storage }
    @inlinable @inline(__always)
    package static func cellLoad(_ address: UnsafeMutableRawPointer, _ order: Int32) -> Self {
        rivulet_atomic_load_u8(address, order)
    }
    @inlinable @inline(__always)
    package static func cellStore(_ address: UnsafeMutableRawPointer, _ value: Self, _ order: Int32) {
        rivulet_atomic_store_u8(address, value, order)
    }
    @inlinable @inline(__always)
    package static func cellExchange(_ address: UnsafeMutableRawPointer, _ value: Self, _ order: Int32) -> Self {
        rivulet_atomic_exchange_u8(address, value, order)
    }
    @inlinable @inline(__always)
    package static func cellCompareExchange(
        _ address: UnsafeMutableRawPointer, _ expected: inout Self, _ desired: Self, _ success: Int32,
        _ failure: Int32
    ) -> Bool {
        let found = rivulet_atomic_compare_exchange_u8(address, expected, desired, success, failure)
        let exchanged = found == expected
        expected = found
        return exchanged
    }
    @inlinable @inline(__always)
    package static func cellFetchAdd(_ address: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32) -> Self {
        rivulet_atomic_fetch_add_u8(address, operand, order)
    }
    @inlinable @inline(__always)
    package static func cellFetchSub(_ address: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32) -> Self {
        rivulet_atomic_fetch_sub_u8(address, operand, order)
    }
    @inlinable @inline(__always)
    package static func cellFetchOr(_ address: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32) -> Self {
        rivulet_atomic_fetch_or_u8(address, operand, order)
    }
    @inlinable @inline(__always)
    package static func cellFetchAnd(_ address: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32) -> Self {
        rivulet_atomic_fetch_and_u8(address, operand, order)
    }
}
extension UInt32: AtomicCellStorage, AtomicCellValue {
    @inlinable @inline(__always)
    package static func encodeCell(_ value: Self) -> Self { value }
    @inlinable @inline(__always)
    package static func decodeCell(_ storage: Self) -> Self { storage }
    @inlinable @inline(__always)
    package static func cellLoad(_ address: UnsafeMutableRawPointer, _ order: Int32) -> Self {
        rivulet_atomic_load_u32(address, order)
    }
    @inlinable @inline(__always)
    package static func cellStore(_ address: UnsafeMutableRawPointer, _ value: Self, _ order: Int32) {
        rivulet_atomic_store_u32(address, value, order)
    }
    @inlinable @inline(__always)
    package static func cellExchange(_ address: UnsafeMutableRawPointer, _ value: Self, _ order: Int32) -> Self {
        rivulet_atomic_exchange_u32(address, value, order)
    }
    @inlinable @inline(__always)
    package static func cellCompareExchange(
        _ address: UnsafeMutableRawPointer, _ expected: inout Self, _ desired: Self, _ success: Int32,
        _ failure: Int32
    ) -> Bool {
        let found = rivulet_atomic_compare_exchange_u32(address, expected, desired, success, failure)
        let exchanged = found == expected
        expected = found
        return exchanged
    }
    @inlinable @inline(__always)
    package static func cellFetchAdd(_ address: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32) -> Self {
        rivulet_atomic_fetch_add_u32(address, operand, order)
    }
    @inlinable @inline(__always)
    package static func cellFetchSub(_ address: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32) -> Self {
        rivulet_atomic_fetch_sub_u32(address, operand, order)
    }
    @inlinable @inline(__always)
    package static func cellFetchOr(_ address: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32) -> Self {
        rivulet_atomic_fetch_or_u32(address, operand, order)
    }
    @inlinable @inline(__always)
    package static func cellFetchAnd(_ address: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32) -> Self {
        rivulet_atomic_fetch_and_u32(address, operand, order)
    }
}
extension UInt64: AtomicCellStorage, AtomicCellValue {
    @inlinable @inline(__always)
    package static func encodeCell(_ value: Self) -> Self { value }
    @inlinable @inline(__always)
    package static func decodeCell(_ storage: Self) -> Self { storage }
    @inlinable @inline(__always)
    package static func cellLoad(_ address: UnsafeMutableRawPointer, _ order: Int32) -> Self {
        rivulet_atomic_load_u64(address, order)
    }
    @inlinable @inline(__always)
    package static func cellStore(_ address: UnsafeMutableRawPointer, _ value: Self, _ order: Int32) {
        rivulet_atomic_store_u64(address, value, order)
    }
    @inlinable @inline(__always)
    package static func cellExchange(_ address: UnsafeMutableRawPointer, _ value: Self, _ order: Int32) -> Self {
        rivulet_atomic_exchange_u64(address, value, order)
    }
    @inlinable @inline(__always)
    package static func cellCompareExchange(
        _ address: UnsafeMutableRawPointer, _ expected: inout Self, _ desired: Self, _ success: Int32,
        _ failure: Int32
    ) -> Bool {
        let found = rivulet_atomic_compare_exchange_u64(address, expected, desired, success, failure)
        let exchanged = found == expected
        expected = found
        return exchanged
    }
    @inlinable @inline(__always)
    package static func cellFetchAdd(_ address: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32) -> Self {
        rivulet_atomic_fetch_add_u64(address, operand, order)
    }
    @inlinable @inline(__always)
    package static func cellFetchSub(_ address: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32) -> Self {
        rivulet_atomic_fetch_sub_u64(address, operand, order)
    }
    @inlinable @inline(__always)
    package static func cellFetchOr(_ address: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32) -> Self {
        rivulet_atomic_fetch_or_u64(address, operand, order)
    }
    @inlinable @inline(__always)
    package static func cellFetchAnd(_ address: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32) -> Self {
        rivulet_atomic_fetch_and_u64(address, operand, order)
    }
}
extension UInt: AtomicCellStorage, AtomicCellValue {
    @inlinable @inline(__always)
    package static func encodeCell(_ value: Self) -> Self { value }
    @inlinable @inline(__always)
    package static func decodeCell(_ storage: Self) -> Self { storage }
    @inlinable @inline(__always)
    package static func cellLoad(_ address: UnsafeMutableRawPointer, _ order: Int32) -> Self {
        rivulet_atomic_load_uptr(address, order)
    }
    @inlinable @inline(__always)
    package static func cellStore(_ address: UnsafeMutableRawPointer, _ value: Self, _ order: Int32) {
        rivulet_atomic_store_uptr(address, value, order)
    }
    @inlinable @inline(__always)
    package static func cellExchange(_ address: UnsafeMutableRawPointer, _ value: Self, _ order: Int32) -> Self {
        rivulet_atomic_exchange_uptr(address, value, order)
    }
    @inlinable @inline(__always)
    package static func cellCompareExchange(
        _ address: UnsafeMutableRawPointer, _ expected: inout Self, _ desired: Self, _ success: Int32,
        _ failure: Int32
    ) -> Bool {
        let found = rivulet_atomic_compare_exchange_uptr(address, expected, desired, success, failure)
        let exchanged = found == expected
        expected = found
        return exchanged
    }
    @inlinable @inline(__always)
    package static func cellFetchAdd(_ address: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32) -> Self {
        rivulet_atomic_fetch_add_uptr(address, operand, order)
    }
    @inlinable @inline(__always)
    package static func cellFetchSub(_ address: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32) -> Self {
        rivulet_atomic_fetch_sub_uptr(address, operand, order)
    }
    @inlinable @inline(__always)
    package static func cellFetchOr(_ address: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32) -> Self {
        rivulet_atomic_fetch_or_uptr(address, operand, order)
    }
    @inlinable @inline(__always)
    package static func cellFetchAnd(_ address: UnsafeMutableRawPointer, _ operand: Self, _ order: Int32) -> Self {
        rivulet_atomic_fetch_and_uptr(address, operand, order)
    }
}
extension Bool: AtomicCellValue {
    @inlinable @inline(__always)
    package static func encodeCell(_ value: Bool) -> UInt8 { value ? 1 : 0 }
    @inlinable @inline(__always)
    package static func decodeCell(_ storage: UInt8) -> Bool { storage != 0 }
}

extension Int: AtomicCellValue {
    @inlinable @inline(__always)
    package static func encodeCell(_ value: Int) -> UInt { UInt(bitPattern: value) }
    @inlinable @inline(__always)
    package static func decodeCell(_ storage: UInt) -> Int { Int(bitPattern: storage) }
}

/// A reference set at most once, read without a lock: Rivulet's replacement for
/// `Synchronization.AtomicLazyReference`. Store it in a `let` of a class.
@usableFromInline package struct AtomicLazyCell<Instance: AnyObject>: ~Copyable {
    /// The instance's address (retained by the cell), or 0.
    @usableFromInline let word: AtomicCell<UInt>

    /// An empty cell.
    @inlinable
    package init() { word = AtomicCell(0) }

    /// The instance, if one was stored.
    @inlinable
    package borrowing func load() -> Instance? {
        let bits = word.load(ordering: .acquiring)
        guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
        return Unmanaged<Instance>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Stores `desired` unless an instance is stored already; returns the stored instance.
    @inlinable
    package borrowing func storeIfNil(_ desired: consuming Instance) -> Instance {
        let retained = Unmanaged.passRetained(desired)
        let bits = UInt(bitPattern: retained.toOpaque())
        let (exchanged, original) = word.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing)
        guard !exchanged, let existing = UnsafeRawPointer(bitPattern: original) else {
            return retained.takeUnretainedValue()
        }
        retained.release()
        return Unmanaged<Instance>.fromOpaque(existing).takeUnretainedValue()
    }

    deinit {
        if let pointer = UnsafeRawPointer(bitPattern: word.load(ordering: .acquiring)) {
            Unmanaged<Instance>.fromOpaque(pointer).release()
        }
    }
}

// @unchecked Sendable: the instance is published once by an atomic compare-and-swap and read
// with acquiring loads.
extension AtomicLazyCell: @unchecked Sendable where Instance: Sendable {}
