import MallocCounter

/// Whether the malloc counter linked into this executable sees Swift's allocations (checked
/// once by allocating an object while counting). Allocation columns are left empty otherwise.
let allocationCounterWorks: Bool = {
    mc_start()
    escapedProbe = AllocationProbe()
    mc_stop()
    escapedProbe = nil
    return mc_allocations() > 0
}()

private final class AllocationProbe {}
nonisolated(unsafe) private var escapedProbe: AllocationProbe?

/// Counts the heap allocations `body` makes.
func countAllocations(_ body: () -> Void) -> UInt64 {
    mc_start()
    body()
    mc_stop()
    return mc_allocations()
}

/// Bytes of heap in use right now (glibc `mallinfo2`), 0 where unavailable.
func heapBytesInUse() -> UInt64 {
    mc_heap_bytes()
}
