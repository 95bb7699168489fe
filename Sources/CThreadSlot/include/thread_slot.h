/* One pointer per thread for the C ABI's thread state (NavRouterCABI's ThreadState), read on every call: what
 * Swift cannot say itself. Internal to the library: hidden, never exported from libnavrouter.so.
 *
 * A thread-local variable read through TLS descriptors (-mtls-dialect=gnu2 on x86-64, see Package.swift) costs a
 * few instructions where pthread_getspecific costs about twenty, and, unlike the initial-exec model, it works in
 * a library that is dlopen'ed (Python's ctypes) without taking the process's scarce static TLS space for granted:
 * glibc gives the variable a static offset when there is room and falls back to the dynamic lookup otherwise.
 * The slot only holds the pointer; ThreadState's pthread key destructor frees the state and clears the slot. */
#ifndef NAVROUTER_THREAD_SLOT_H
#define NAVROUTER_THREAD_SLOT_H

/* This thread's pointer; NULL until set on this thread. */
__attribute__((visibility("hidden"))) void *cabi_thread_slot_get(void);

/* Sets this thread's pointer. */
__attribute__((visibility("hidden"))) void cabi_thread_slot_set(void *value);

#endif
