import Synchronization

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
/// The thread is not enough on its own: on Linux the main actor's jobs need not run on the process's main thread
/// (`dispatch_main` hands the main queue to a worker thread), and Swift has no check of isolation that does not
/// trap. So the host records the thread for the duration of each of its calls into the router.
enum MainActorCall {
    /// The thread inside a host's call into its router, and how deeply nested; `nil` when none.
    private static let inside = Mutex<(thread: pthread_t, depth: Int)?>(nil)

    /// Runs a call into the router from the main actor, marking this thread as inside it.
    @MainActor
    static func run<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        let me = pthread_self()
        inside.withLock { current in current = (me, (current?.depth ?? 0) + 1) }
        defer {
            inside.withLock { current in
                if let depth = current?.depth, depth > 1 { current = (me, depth - 1) } else { current = nil }
            }
        }
        return try body()
    }

    /// Whether the caller runs inside a host's main-actor call (synchronously, on the thread that made it).
    static var isCurrent: Bool {
        let me = pthread_self()
        return inside.withLock { current in current.map { pthread_equal($0.thread, me) != 0 } ?? false }
    }
}
