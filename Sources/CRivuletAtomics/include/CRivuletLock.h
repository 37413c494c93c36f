// The lock word of Rivulet's `Lock` on platforms without `os_unfair_lock` (Linux, ...): 0 free,
// 1 held. Taking it is an acquiring compare-and-swap, releasing it a releasing store, as any spin
// lock; what makes it a lock for the *compiler* as well is the empty `asm volatile` with a
// "memory" clobber right after the compare-and-swap and right before the store. The C11 orderings
// alone do not keep Swift's reference counting inside: in a release build the optimiser moved the
// `swift_retain` of an object stored into a guarded field (`inner = slot`) after the unlocking
// store, so another thread that took the lock at once could release the object before it was
// retained (a use after free). The barrier is, for the optimiser, a call that may read
// and write any memory, so no memory operation, retain or release moves across it; it emits no
// instruction. `scripts/check-lock-fences.sh` checks the optimised code. ThreadSanitizer still
// sees the C11 atomics.
#ifndef C_RIVULET_LOCK_H
#define C_RIVULET_LOCK_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

// Only `scripts/check-lock-fences.sh --self-check` defines this, to show that its check fails on
// the lock without the barrier (the lock Rivulet had before).
#ifdef RIVULET_LOCK_WITHOUT_COMPILER_BARRIER
#define RIVULET_COMPILER_BARRIER()
#else
#define RIVULET_COMPILER_BARRIER() __asm__ __volatile__("" ::: "memory")
#endif

/// Takes the lock word if it is free (acquiring); `true` if taken. Nothing after it moves before it.
static inline __attribute__((always_inline)) bool rivulet_lock_word_try_acquire(void *word) {
    uint32_t expected = 0;
    bool taken = atomic_compare_exchange_strong_explicit(
        (_Atomic uint32_t *)word, &expected, 1, memory_order_acquire, memory_order_relaxed);
    RIVULET_COMPILER_BARRIER();
    return taken;
}

/// Whether the lock word is free now (a relaxed load, for a waiter's spin).
static inline __attribute__((always_inline)) bool rivulet_lock_word_is_free(const void *word) {
    return atomic_load_explicit((const _Atomic uint32_t *)word, memory_order_relaxed) == 0;
}

/// Frees the lock word (releasing). Nothing before it moves after it.
static inline __attribute__((always_inline)) void rivulet_lock_word_release(void *word) {
    RIVULET_COMPILER_BARRIER();
    atomic_store_explicit((_Atomic uint32_t *)word, 0, memory_order_release);
}

#endif
