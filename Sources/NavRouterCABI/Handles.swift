import NavRouterCore
import Synchronization

/// The kinds of opaque handle the C ABI hands out.
enum HandleKind: Sendable {
    case registry
    case match
    case router

    var name: String {
        switch self {
        case .registry: return "registry"
        case .match: return "match"
        case .router: return "router"
        }
    }
}

/// Opaque handles: a retained Swift object's address, recorded in a table of live handles so that NULL, a
/// handle of the wrong kind, or one already freed gives a status instead of a crash.
enum Handles {
    private static let live = Mutex(LiveHandleTable())

    /// Retains an object and returns its handle.
    ///
    /// Safety: (`Unmanaged` in this type) a handle is the address of an object retained here, and recorded in
    /// `live` with its kind; `object` turns an address back into an object only while `live` holds it (under the
    /// lock, and retains it before the lock is let go), and `free` releases it once, after removing it from
    /// `live`. An address never handed out, or freed, is not in `live`: it is refused before any dereference.
    static func make(_ object: AnyObject, _ kind: HandleKind) -> OpaquePointer {
        let raw = Unmanaged.passRetained(object).toOpaque()
        live.withLock { $0.insert(UInt(bitPattern: raw), kind) }
        return OpaquePointer(raw)
    }

    /// The object behind a live handle of that kind (a strong reference, taken under the table's lock, so a
    /// concurrent free cannot pull it away).
    /// - Throws: `.invalidArgument` for NULL or a handle of another kind, `.destroyed` for a freed handle.
    static func object<T: AnyObject & Sendable>(_ handle: OpaquePointer?, _ kind: HandleKind, as type: T.Type)
        throws(NavRouterError) -> T
    {
        guard let handle else { throw NavRouterError(.invalidArgument, "the \(kind.name) handle is NULL") }
        let raw = UnsafeRawPointer(handle)
        let found: Result<T, NavRouterError> = live.withLock { table in
            guard let actual = table.kind(of: UInt(bitPattern: raw)) else {
                return .failure(NavRouterError(.destroyed, "the \(kind.name) handle was already freed (or never made)"))
            }
            guard actual == kind else {
                return .failure(
                    NavRouterError(
                        .invalidArgument, "a \(actual.name) handle was passed where a \(kind.name) handle belongs"))
            }
            return .success(Unmanaged<T>.fromOpaque(raw).takeUnretainedValue())
        }
        return try found.get()
    }

    /// Frees a handle: forgets it and releases its object. NULL, a freed handle or one of another kind is ignored.
    static func free(_ handle: OpaquePointer?, _ kind: HandleKind) {
        guard let handle else { return }
        let raw = UnsafeRawPointer(handle)
        let removed = live.withLock { table in
            guard table.kind(of: UInt(bitPattern: raw)) == kind else { return false }
            table.remove(UInt(bitPattern: raw))
            return true
        }
        guard removed else { return }
        // Safety: removed from `live` above, by this call only, so the retain taken in `make` is given back once.
        let object = Unmanaged<AnyObject>.fromOpaque(raw)
        // A cached look-up table (or match) sees this before the registry (or match) can go (see `CachedTable`).
        // Safety: the table recorded the handle with `kind`, so its object is of the class that kind names.
        switch kind {
        case .registry:
            Unmanaged<RegistryHandle>.fromOpaque(raw).takeUnretainedValue().freed.store(true, ordering: .releasing)
        case .match:
            Unmanaged<MatchBox>.fromOpaque(raw).takeUnretainedValue().freed.store(true, ordering: .releasing)
        case .router:
            break
        }
        object.release()
    }
}
