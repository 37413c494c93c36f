// MallocCounter: counts heap allocations made by the benchmark process while counting is on.
// Linked only into rivulet-bench; the Rivulet library never sees it.
#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

#include <stdint.h>

/// Starts counting allocations (resets the counts first).
void mc_start(void);
/// Stops counting.
void mc_stop(void);
/// Allocations (malloc, calloc, realloc, aligned allocations) counted since `mc_start`.
uint64_t mc_allocations(void);
/// Bytes of heap in use (glibc `mallinfo2`: `uordblks + hblkhd`), or 0 where unavailable.
uint64_t mc_heap_bytes(void);

#endif
