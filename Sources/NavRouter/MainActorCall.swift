#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether the calling thread is running a main-actor call of a `NavigationHost` into its router, so that the
/// router's callbacks on this thread run synchronously inside a main-actor job.
///
/// The thread alone does not say it: on Linux the main actor's jobs need not run on the process's main thread
/// (`dispatch_main` hands the main queue to a worker thread), and Swift has no check of isolation that does not
/// trap. So each host call into the router marks its thread for the call's duration, in a per-thread depth.
enum MainActorCall {
    /// Runs a call into the router from the main actor, marking this thread as inside it.
    @MainActor
    static func run<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        let depth = self.depth
        setDepth(depth + 1)
        defer { setDepth(depth) }
        return try body()
    }

    /// Whether the caller runs inside a host's main-actor call (synchronously, on the thread that made it).
    static var isCurrent: Bool { depth > 0 }

    /// This thread's nesting of host calls, kept as the bits of the key's pointer (no allocation, no destructor).
    private static var depth: Int { Int(bitPattern: pthread_getspecific(depthKey)) }

    private static func setDepth(_ depth: Int) {
        // Safety: the pointer is a number in pointer's clothing, never dereferenced; the key has no destructor.
        pthread_setspecific(depthKey, UnsafeRawPointer(bitPattern: depth))
    }

    private static let depthKey: pthread_key_t = {
        var key = pthread_key_t()
        let created = pthread_key_create(&key, nil)
        precondition(created == 0, "pthread_key_create failed")
        return key
    }()
}
