import CNavRouter
import NavRouterCore

/// A host's user data and its destroy function, called exactly once when the last holder lets go (the
/// registration is replaced, removed, or its handle freed). Never freed while the library holds a lock.
///
/// Safety: immutable after `init`; the pointer is the host's, passed back to the host's functions only. The header
/// asks the host to make its callbacks and user data safe to use from the threads that call the router.
final class CUserData: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer?
    /// Written only by `disown` (before the value is shared: see there), read in `deinit`.
    private var destroy: navrouter_destroy_fn?

    init(_ pointer: UnsafeMutableRawPointer?, _ destroy: navrouter_destroy_fn?) {
        self.pointer = pointer
        self.destroy = destroy
    }

    /// Gives the user data back to the host: a registration that failed never calls destroy (the header's promise:
    /// the caller still owns it). Called on the thread that made this value, before anything else holds it.
    func disown() { destroy = nil }

    deinit { destroy?(pointer) }
}

/// Runs a registration that hands `data` to the library; when it throws, `data` goes back to the host (its destroy
/// is not called) and the error is rethrown.
func registering<Result>(_ data: CUserData?, _ body: () throws(NavRouterError) -> Result) throws(NavRouterError)
    -> Result
{
    do {
        return try body()
    } catch {
        data?.disown()
        throw error
    }
}

/// A C function pointer, carried across threads.
/// Safety: a C function pointer holds no state of its own; what it touches is the host's, per the header's contract.
struct CFunction<F>: @unchecked Sendable {
    let function: F
    init(_ function: F) { self.function = function }
}

/// A borrowed pointer to an object for the duration of a callback.
///
/// Safety: (this function and the one below) an unretained reference is valid while someone else holds the
/// object — here the caller, and the header says a borrowed pointer is valid only during the callback it is passed
/// to (`withExtendedLifetime` keeps the object alive there). A borrowed pointer used after its callback is the
/// host's error, as any dangling pointer in C.
func borrowed(_ object: AnyObject) -> OpaquePointer {
    OpaquePointer(Unmanaged.passUnretained(object).toOpaque())
}

/// The object behind a borrowed pointer, or nil.
func unborrowed<T: AnyObject>(_ pointer: OpaquePointer?, as type: T.Type) -> T? {
    // Safety: see `borrowed`: valid while the object's owner holds it, during the callback.
    pointer.map { Unmanaged<T>.fromOpaque(UnsafeRawPointer($0)).takeUnretainedValue() }
}

/// View handles are the host's `void *` bits.
func viewPointer(_ view: ViewHandle?) -> UnsafeMutableRawPointer? {
    view.flatMap { UnsafeMutableRawPointer(bitPattern: $0.rawValue) }
}

/// Runs one exported call whose success may be a positive, non-error status.
@inline(__always)
func cStatus(_ body: () throws(NavRouterError) -> Int32) -> Int32 {
    do {
        let status = try body()
        LastError.clear()
        return status
    } catch {
        LastError.set(error.message)
        return error.code.rawValue
    }
}

/// Maps a command's outcome to its status and id.
func report(_ outcome: Router.Outcome, _ outID: UnsafeMutablePointer<UInt64>?) -> Int32 {
    switch outcome {
    case .applied(let transition):
        outID?.pointee = transition?.rawValue ?? 0
        return NAVROUTER_OK
    case .queued(let ticket):
        outID?.pointee = ticket.rawValue
        return NAVROUTER_QUEUED
    case .pending(let flow):
        outID?.pointee = flow.rawValue
        return NAVROUTER_PENDING
    case .handled:
        outID?.pointee = 0
        return NAVROUTER_HANDLED
    }
}

/// Parses optional JSON text into a value (for results).
func optionalJSON(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(NavRouterError) -> JSONValue? {
    guard let text = try optionalCString(pointer, name) else { return nil }
    do {
        return try JSONValue.parse(text)
    } catch {
        throw NavRouterError(.invalidJSON, "\(name): \(error.message)")
    }
}
