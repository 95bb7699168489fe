#if NAVROUTER_PTHREAD_MUTEX
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// A mutex over `pthread_mutex_t`, standing in for `Synchronization.Mutex` in ThreadSanitizer builds only
    /// (`-Xswiftc -DNAVROUTER_PTHREAD_MUTEX`, see scripts/sanitize.sh).
    ///
    /// On Linux, `Synchronization.Mutex` locks with raw futex calls that ThreadSanitizer does not model, so every
    /// access guarded by it is reported as a race (a 4-thread program appending under one `Mutex` gives 6 reports,
    /// the same with `pthread_mutex_t` none). Built with this flag, the library's `Mutex` is this class (same
    /// `withLock`), and TSan's reports are about real races again. Release builds never use it.
    ///
    /// Safety: `value` is read and written only inside `withLock`, with the mutex held (`@unchecked Sendable`).
    public final class PthreadMutex<Value>: @unchecked Sendable {
        // Safety: `value` is read and written only inside `withLock`, with the mutex held; the mutex is allocated
        // once, never moved, and destroyed in deinit.
        private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        private var value: Value

        /// Creates a mutex guarding a value.
        public init(_ value: Value) {
            self.value = value
            pthread_mutex_init(mutex, nil)
        }

        deinit {
            pthread_mutex_destroy(mutex)
            // Safety: destroyed just above; no thread holds the mutex once the last reference is gone.
            mutex.deallocate()
        }

        /// Runs `body` with the value, the mutex held.
        public func withLock<Result, Failure: Error>(
            _ body: (inout Value) throws(Failure) -> Result
        ) throws(Failure) -> Result {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value)
        }
    }

    /// In ThreadSanitizer builds the library's `Mutex` is `PthreadMutex` (see there).
    typealias Mutex<Value> = PthreadMutex<Value>
#endif
