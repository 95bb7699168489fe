/* C helpers of the C ABI layer (NavRouterCABI), for what Swift cannot say: a thread-local pointer read through
 * TLS descriptors, and a copy loop that is not unrolled. Internal to the library: hidden or static inline, never
 * exported from libnavrouter.so. */
#ifndef NAVROUTER_CABI_SUPPORT_H
#define NAVROUTER_CABI_SUPPORT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* One pointer per thread for the C ABI's thread state (ThreadState), read on every call.
 *
 * A thread-local variable read through TLS descriptors (-mtls-dialect=gnu2 on x86-64, see Package.swift) costs a
 * few instructions where pthread_getspecific costs about twenty, and, unlike the initial-exec model, it works in
 * a library that is dlopen'ed (Python's ctypes) without taking the process's scarce static TLS space for granted:
 * glibc gives the variable a static offset when there is room and falls back to the dynamic lookup otherwise.
 * The slot only holds the pointer; ThreadState's pthread key destructor frees the state and clears the slot. */

/* This thread's pointer; NULL until set on this thread. */
__attribute__((visibility("hidden"))) void *cabi_thread_slot_get(void);

/* Sets this thread's pointer. */
__attribute__((visibility("hidden"))) void cabi_thread_slot_set(void *value);

/* Copies `count` pairs of 32-bit offsets (8 bytes each) from `source`, one every `stride` bytes, to `target`, one
 * every 8 bytes: the core's segment slices into the caller's navrouter_range array. A plain loop: a look-up has a
 * few segments, for which an unrolled copy spends more on its set-up than on the copy. */
__attribute__((always_inline)) static inline void cabi_copy_ranges(void *target, const void *source, size_t stride, size_t count) {
    unsigned char *to = (unsigned char *)target;
    const unsigned char *from = (const unsigned char *)source;
#pragma clang loop unroll(disable) vectorize(disable)
    for (size_t i = 0; i < count; i++) memcpy(to + 8 * i, from + stride * i, 8);
}

#endif
