/* One pointer per thread for the C ABI's thread state (NavRouterCABI's ThreadState), read on every call: what
 * Swift cannot declare itself, but reads and writes like a global once imported. Internal to the library: hidden,
 * never exported from libnavrouter.so.
 *
 * The initial-exec TLS model: Swift reads the slot inline, in two instructions that clobber nothing, so the C
 * ABI's hottest entry (navrouter_registry_lookup) makes no call before it runs the core's look-up and keeps its
 * arguments in their registers. A call to a C accessor (even one reading through TLS descriptors, a few
 * instructions) cost the entry 13 more instructions and about 1.5 ns of a 17 ns look-up (BENCHMARKS.md).
 *
 * The price: the library's thread-local block (232 bytes in this release: this slot, the core's command depth below,
 * the thread id that Synchronization's Mutex caches, and the Swift runtime's own variables; Tests/c/run.sh keeps it
 * within 256) lives in glibc's static TLS area; scripts/install.sh builds the library's C code with
 * -ftls-model=initial-exec, so that the Mutex's thread id is read inline too. A program linked with -lnavrouter
 * reserves it at start-up; a library loaded with dlopen (Python's ctypes) takes it from the surplus glibc keeps for
 * such libraries (jemalloc and Mesa rely on the same; glibc 2.36 loads it even with the surplus's tunable part,
 * glibc.rtld.optional_static_tls, set to 0). Only a process whose surplus other libraries have used up fails to load it
 * ("cannot allocate memory in static TLS block"); raise the tunable there, e.g.
 * GLIBC_TUNABLES=glibc.rtld.optional_static_tls=4096. ThreadState's pthread key destructor frees the state and clears
 * the slot. */
#ifndef NAVROUTER_THREAD_SLOT_H
#define NAVROUTER_THREAD_SLOT_H

/* This thread's pointer; NULL until set on this thread. Only its own thread reads or writes it. */
extern __attribute__((visibility("hidden"), tls_model("initial-exec"))) _Thread_local void *cabi_thread_slot;

/* How many router commands this thread is running now, one inside another's callback (NavRouterCore's
 * ThreadIdentity): set and restored around every command, which through pthread_setspecific cost two calls of ~35
 * instructions each. The default TLS model (the library's build makes it initial-exec, as above; a Swift program
 * linking the core statically gets local-exec). Only its own thread reads or writes it. */
extern __attribute__((visibility("hidden"))) _Thread_local long core_command_depth;

#endif
