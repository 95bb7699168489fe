#if NAVROUTER_PTHREAD_MUTEX
    import NavRouterCore

    /// In ThreadSanitizer builds the C layer's `Mutex` is the core's `PthreadMutex` too (see there).
    typealias Mutex<Value> = PthreadMutex<Value>
#endif
