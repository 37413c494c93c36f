// Counts heap allocations by defining malloc/calloc/realloc/free and the aligned variants in the
// benchmark executable. The dynamic linker binds every shared library's malloc calls (the Swift
// runtime included) to these definitions; they count, then forward to glibc's own entry points
// (__libc_malloc etc.), so no dlsym bootstrap is needed. Counting is a relaxed atomic add, done
// only while enabled.
#define _GNU_SOURCE
#include <stdint.h>  // defines __GLIBC__ on glibc systems
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define MC_SANITIZED 1  // the sanitizer runtime owns malloc; counting is off
#endif
#endif
#if defined(__linux__) && defined(__GLIBC__) && !defined(MC_SANITIZED)
#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>
#include "MallocCounter.h"

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);

static _Atomic int enabled = 0;
static _Atomic uint64_t allocations = 0;

static inline void count(void) {
    if (atomic_load_explicit(&enabled, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    }
}

void *malloc(size_t size) { count(); return __libc_malloc(size); }
void *calloc(size_t n, size_t size) { count(); return __libc_calloc(n, size); }
void *realloc(void *p, size_t size) { count(); return __libc_realloc(p, size); }
void free(void *p) { __libc_free(p); }
void *memalign(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
void *aligned_alloc(size_t alignment, size_t size) { count(); return __libc_memalign(alignment, size); }
int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    count();
    void *p = __libc_memalign(alignment, size);
    if (p == NULL && size != 0) return ENOMEM;
    *out = p;
    return 0;
}

void mc_start(void) {
    atomic_store(&allocations, 0);
    atomic_store(&enabled, 1);
}
void mc_stop(void) { atomic_store(&enabled, 0); }
uint64_t mc_allocations(void) { return atomic_load(&allocations); }

uint64_t mc_heap_bytes(void) {
    struct mallinfo2 info = mallinfo2();
    return (uint64_t)info.uordblks + (uint64_t)info.hblkhd;
}
#else
#include "MallocCounter.h"
void mc_start(void) {}
void mc_stop(void) {}
uint64_t mc_allocations(void) { return 0; }
uint64_t mc_heap_bytes(void) { return 0; }
#endif
