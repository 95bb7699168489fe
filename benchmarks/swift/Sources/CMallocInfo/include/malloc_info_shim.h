/* glibc's heap statistics for the benchmark (malloc.h is not part of Swift's Glibc module). */
#ifndef MALLOC_INFO_SHIM_H
#define MALLOC_INFO_SHIM_H
#include <malloc.h>
#include <stddef.h>

/** Bytes allocated and in use: the arenas' used chunks plus mmapped chunks. */
static inline size_t bench_heap_bytes_in_use(void) {
    struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

/** Returns free memory at the heap's top to the system (so that freed scratch memory does not count). */
static inline void bench_heap_trim(void) {
    malloc_trim(0);
}
#endif
