#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether the calling thread is the main thread, where the main actor runs: the thread that first touched this
/// type, which is the main thread because a `NavigationHost` (a main-actor type) touches it when it is made.
enum MainThread {
    /// The main thread, recorded by the first `NavigationHost`.
    private static let main: pthread_t = pthread_self()

    /// Records the main thread; called on the main actor.
    @MainActor static func record() { _ = main }

    /// Whether the caller runs on the main thread.
    static var isCurrent: Bool { pthread_equal(pthread_self(), main) != 0 }
}
