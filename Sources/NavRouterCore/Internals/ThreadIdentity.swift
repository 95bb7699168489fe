// @preconcurrency: the depth is a C global to Swift's eyes; it is thread-local, so no other thread shares it.
@preconcurrency import CThreadSlot

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The identity of a thread, and whether it is running a router command now (on any router).
struct ThreadIdentity: Equatable, Sendable {
    /// The bits of the thread's `pthread_t` (an integer on Linux, a pointer the thread library owns on Darwin).
    ///
    /// Safety: the bits are only compared, never turned back into a pointer; glibc's, musl's and Darwin's
    /// `pthread_equal` compare exactly these bits.
    private let bits: UInt

    /// The calling thread.
    static var current: ThreadIdentity {
        #if canImport(Darwin)
            ThreadIdentity(bits: UInt(bitPattern: pthread_self()))
        #else
            ThreadIdentity(bits: UInt(pthread_self()))
        #endif
    }

    /// How many router commands this thread is running now, one inside the other's callback (any routers).
    static var commandDepth: Int { core_command_depth }

    /// Marks the calling thread as running a command until `leaveCommand`.
    /// - Returns: the depth before, for `leaveCommand`.
    static func enterCommand() -> Int {
        let depth = commandDepth
        core_command_depth = depth + 1
        return depth
    }

    /// Ends `enterCommand`, restoring the depth it returned.
    static func leaveCommand(_ depth: Int) { core_command_depth = depth }
}

/// A one-shot hand-off between two threads: one `wait`s until another `signal`s it with a value.
///
/// Safety: `value` is read and written only with the mutex held (see the stored properties).
final class Parker<Value: Sendable>: @unchecked Sendable {
    // Safety: both allocated once, never moved (pthread objects must not), freed in deinit when no thread waits.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var value: Value?

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        // Safety: destroyed just above; deinit runs when no thread can wait on them any more.
        mutex.deallocate()
        condition.deallocate()
    }

    /// Hands the value over (the first signal wins; later ones are ignored).
    func signal(_ value: Value) {
        pthread_mutex_lock(mutex)
        if self.value == nil {
            self.value = value
            pthread_cond_signal(condition)
        }
        pthread_mutex_unlock(mutex)
    }

    /// Blocks until a value is signalled, and returns it.
    func wait() -> Value {
        pthread_mutex_lock(mutex)
        while value == nil { pthread_cond_wait(condition, mutex) }
        let result = value!
        pthread_mutex_unlock(mutex)
        return result
    }
}
