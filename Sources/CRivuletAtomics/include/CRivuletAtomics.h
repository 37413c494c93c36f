// C11 atomics for Rivulet, without the Synchronization module (which sets an Apple floor of
// iOS 18 / macOS 15). Every function is `static inline`: the Swift compiler imports the bodies
// and inlines each one at its call site, so an operation costs what the instruction costs. The
// memory orders are the C11 values (0 relaxed, 2 acquire, 3 release, 4 acq_rel, 5 seq_cst);
// Swift always passes a constant, which the optimiser folds. ThreadSanitizer sees these as the
// C11 atomics they are. The storage is a plain integer of the same size that Swift owns (see
// AtomicCell.swift); it is only ever accessed through these functions.
#ifndef C_RIVULET_ATOMICS_H
#define C_RIVULET_ATOMICS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#define RIVULET_ATOMIC_OPS(NAME, TYPE)                                                            \
    static inline __attribute__((always_inline)) TYPE rivulet_atomic_load_##NAME(                \
        const void *address, int order) {                                                          \
        return atomic_load_explicit((const _Atomic TYPE *)address, (memory_order)order);           \
    }                                                                                              \
    static inline __attribute__((always_inline)) void rivulet_atomic_store_##NAME(                 \
        void *address, TYPE value, int order) {                                                    \
        atomic_store_explicit((_Atomic TYPE *)address, value, (memory_order)order);                \
    }                                                                                              \
    static inline __attribute__((always_inline)) TYPE rivulet_atomic_exchange_##NAME(              \
        void *address, TYPE value, int order) {                                                    \
        return atomic_exchange_explicit((_Atomic TYPE *)address, value, (memory_order)order);      \
    }                                                                                              \
    /* Strong compare-and-exchange: returns the value found, which equals `expected` exactly     \
       when `desired` was stored. By value, so Swift passes no address of a local (which would    \
       cost every call site a stack-protector check). */                                          \
    static inline __attribute__((always_inline)) TYPE rivulet_atomic_compare_exchange_##NAME(      \
        void *address, TYPE expected, TYPE desired, int success, int failure) {                    \
        atomic_compare_exchange_strong_explicit(                                                   \
            (_Atomic TYPE *)address, &expected, desired, (memory_order)success,                    \
            (memory_order)failure);                                                                \
        return expected;                                                                           \
    }                                                                                              \
    static inline __attribute__((always_inline)) TYPE rivulet_atomic_fetch_add_##NAME(             \
        void *address, TYPE operand, int order) {                                                  \
        return atomic_fetch_add_explicit((_Atomic TYPE *)address, operand, (memory_order)order);   \
    }                                                                                              \
    static inline __attribute__((always_inline)) TYPE rivulet_atomic_fetch_sub_##NAME(             \
        void *address, TYPE operand, int order) {                                                  \
        return atomic_fetch_sub_explicit((_Atomic TYPE *)address, operand, (memory_order)order);   \
    }                                                                                              \
    static inline __attribute__((always_inline)) TYPE rivulet_atomic_fetch_or_##NAME(              \
        void *address, TYPE operand, int order) {                                                  \
        return atomic_fetch_or_explicit((_Atomic TYPE *)address, operand, (memory_order)order);    \
    }                                                                                              \
    static inline __attribute__((always_inline)) TYPE rivulet_atomic_fetch_and_##NAME(            \
        void *address, TYPE operand, int order) {                                                  \
        return atomic_fetch_and_explicit((_Atomic TYPE *)address, operand, (memory_order)order);   \
    }

RIVULET_ATOMIC_OPS(u8, uint8_t)
RIVULET_ATOMIC_OPS(u32, uint32_t)
RIVULET_ATOMIC_OPS(u64, uint64_t)
RIVULET_ATOMIC_OPS(uptr, uintptr_t)

#undef RIVULET_ATOMIC_OPS

// The lock word of `Lock` (Linux): atomics with a compiler barrier.
#include "CRivuletLock.h"

#endif
