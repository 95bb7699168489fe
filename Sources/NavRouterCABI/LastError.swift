import Glibc
import NavRouterCore

/// The per-thread message of the last failure, kept as a malloc'd C string under a pthread key (freed by the
/// key's destructor when the thread ends, or when the next message replaces it).
enum LastError {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in free(pointer) }
        return key
    }()

    nonisolated(unsafe) private static let empty: UnsafePointer<CChar> = UnsafePointer(strdup("")!)

    /// Records a failure's message for this thread.
    static func set(_ message: String) {
        let old = pthread_getspecific(key)
        pthread_setspecific(key, strdup(message))
        free(old)
    }

    /// Clears the message (a call succeeded).
    @inline(__always)
    static func clear() {
        if let old = pthread_getspecific(key) {
            pthread_setspecific(key, nil)
            free(old)
        }
    }

    /// This thread's message; never NULL.
    static var current: UnsafePointer<CChar> {
        guard let message = pthread_getspecific(key) else { return empty }
        return UnsafePointer(message.assumingMemoryBound(to: CChar.self))
    }
}

/// Runs one exported call: clears the last error, maps a thrown `NavRouterError` to its status code and message.
@inline(__always)
func cCall(_ body: () throws(NavRouterError) -> Void) -> Int32 {
    do {
        try body()
        LastError.clear()
        return 0
    } catch {
        LastError.set(error.message)
        return error.code.rawValue
    }
}
