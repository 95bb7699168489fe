/* Counts the process's allocations, for a test program that includes this once (after defining _GNU_SOURCE): it
 * defines malloc and its kin, which win over libc's for the library too (the library calls them through its PLT).
 * Between allocation_counter_start() and _stop(), allocation_calls counts every call that allocates (realloc
 * included, whatever it returns) and live_blocks the blocks made less the blocks freed (a realloc of a live block
 * keeps its count). Atomic, since the library's threads allocate too. For native runs only: valgrind brings its own
 * allocator. */
#ifndef NAVROUTER_TESTS_ALLOCATION_COUNTER_H
#define NAVROUTER_TESTS_ALLOCATION_COUNTER_H

#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static long allocation_calls, live_blocks;
static int allocation_counting;

static inline void allocation_counter_start(void) {
    __atomic_store_n(&allocation_calls, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&live_blocks, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&allocation_counting, 1, __ATOMIC_RELAXED);
}

static inline void allocation_counter_stop(void) {
    __atomic_store_n(&allocation_counting, 0, __ATOMIC_RELAXED);
}

/* One allocating call, and `made` a new block when it is one (not NULL). */
static inline void *allocation_counted(void *made, int new_block) {
    if (__atomic_load_n(&allocation_counting, __ATOMIC_RELAXED)) {
        __atomic_fetch_add(&allocation_calls, 1, __ATOMIC_RELAXED);
        if (made && new_block) __atomic_fetch_add(&live_blocks, 1, __ATOMIC_RELAXED);
    }
    return made;
}

void *malloc(size_t size) {
    return allocation_counted(__libc_malloc(size), 1);
}
void *calloc(size_t count, size_t size) {
    return allocation_counted(__libc_calloc(count, size), 1);
}
void *realloc(void *pointer, size_t size) {
    return allocation_counted(__libc_realloc(pointer, size), pointer == NULL);
}
void *memalign(size_t alignment, size_t size) {
    return allocation_counted(__libc_memalign(alignment, size), 1);
}
void *aligned_alloc(size_t alignment, size_t size) {
    return allocation_counted(__libc_memalign(alignment, size), 1);
}
int posix_memalign(void **out, size_t alignment, size_t size) {
    *out = allocation_counted(__libc_memalign(alignment, size), 1);
    return *out ? 0 : 12; /* ENOMEM */
}
void free(void *pointer) {
    if (pointer && __atomic_load_n(&allocation_counting, __ATOMIC_RELAXED))
        __atomic_fetch_sub(&live_blocks, 1, __ATOMIC_RELAXED);
    __libc_free(pointer);
}

#endif
