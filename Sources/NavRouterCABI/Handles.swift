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

/// Opaque handles: a retained Swift object's address (a registry, a router) or a match's block address
/// (`MatchBlock`), recorded in a table of live handles so that NULL, a handle of the wrong kind, or one already freed
/// gives a status instead of a crash.
enum Handles {
    /// The table of live handles behind its lock: one for the process, made on first use and never freed. Each
    /// thread's state keeps it (`ThreadState.liveHandles`), so that the hot calls (a resolve's insert, a match's
    /// free) reach it without the global's once-check, a `swift_once` call each use.
    final class Live: Sendable {
        let table = Mutex(LiveHandleTable())
        static let shared = Live()
    }

    private static var live: Live { Live.shared }

    /// Retains an object (a registry's or a router's) and returns its handle.
    ///
    /// Safety: (`Unmanaged` in this type) a handle is the address of an object retained here, or of a match's
    /// block holding a reference for the handle, recorded in `live` with its kind; `object` and `retainedMatch`
    /// turn an address back into an object or block only while `live` holds it (under the lock, and take a
    /// reference before the lock is let go), and `free` and `freeMatch` give the handle's reference back once,
    /// after removing it from `live`. An address never handed out, or freed, is not in `live`: it is refused
    /// before any dereference.
    static func make(_ object: AnyObject, _ kind: HandleKind) -> OpaquePointer {
        precondition(kind != .match, "a match's handle is its block's (Handles.insert)")
        let raw = Unmanaged.passRetained(object).toOpaque()
        live.table.withLock { $0.insert(UInt(bitPattern: raw), kind) }
        return OpaquePointer(raw)
    }

    /// Records a match's block as a live handle, which owns one of the block's references (`live`: the calling
    /// thread's `ThreadState.liveHandles`).
    ///
    /// Safety: `live` is `Live.shared`, made once and never freed, so its unretained reference is valid.
    static func insert(_ block: MatchBlock, in live: Unmanaged<Live>) -> OpaquePointer {
        live._withUnsafeGuaranteedRef { $0.table.withLock { $0.insert(UInt(bitPattern: block.address), .match) } }
        return OpaquePointer(block.address)
    }

    /// The object behind a live registry or router handle (a strong reference, taken under the table's lock, so a
    /// concurrent free cannot pull it away). Safety: see `make`.
    /// - Throws: `.invalidArgument` for NULL or a handle of another kind, `.destroyed` for a freed handle.
    static func object<T: AnyObject & Sendable>(_ handle: OpaquePointer?, _ kind: HandleKind, as type: T.Type)
        throws(NavRouterError) -> T
    {
        precondition(kind != .match, "a match's handle is its block's (Handles.retainedMatch)")
        guard let handle else { throw NavRouterError(.invalidArgument, "the \(kind.name) handle is NULL") }
        let raw = UnsafeRawPointer(handle)
        let found: Result<T, NavRouterError> = live.table.withLock { table in
            guard let actual = table.kind(of: UInt(bitPattern: raw)) else {
                return .failure(NavRouterError(.destroyed, "the \(kind.name) handle was already freed (or never made)"))
            }
            guard actual == kind else {
                return .failure(
                    NavRouterError(
                        .invalidArgument, "a \(actual.name) handle was passed where a \(kind.name) handle belongs"))
            }
            // Safety: `live` holds the address with this kind, so it is a retained `T`; the strong reference is taken
            // under the lock.
            return .success(Unmanaged<T>.fromOpaque(raw).takeUnretainedValue())
        }
        return try found.get()
    }

    /// The block behind a live match handle with a reference taken for the caller (under the table's lock, so a
    /// concurrent free cannot free it), or nil for NULL, a freed handle or one of another kind.
    static func retainedMatch(_ handle: OpaquePointer?) -> MatchBlock? {
        guard let handle else { return nil }
        let raw = UnsafeRawPointer(handle)
        return live.table.withLock { table in
            guard table.kind(of: UInt(bitPattern: raw)) == .match else { return nil }
            let block = MatchBlock(address: raw)
            block.retain()
            return block
        }
    }

    /// Forgets a live handle of that kind: true if it was one (and this call removed it). `live`: the table, or the
    /// calling thread's `ThreadState.liveHandles` on a hot path.
    /// Safety: `Live.shared` is made once and never freed, so its unretained reference is always valid; the raw
    /// address is only compared, never dereferenced here.
    @inline(__always)
    private static func remove(
        _ raw: UnsafeRawPointer, _ kind: HandleKind, in live: Unmanaged<Live> = .passUnretained(Live.shared)
    ) -> Bool {
        // Safety: as above: `live` is never freed; `raw` is compared only.
        live._withUnsafeGuaranteedRef { $0.table.withLock { $0.remove(UInt(bitPattern: raw), ifKind: kind) } }
    }

    /// Frees a registry or router handle: forgets it and releases its object. NULL, a freed handle or one of
    /// another kind is ignored.
    static func free(_ handle: OpaquePointer?, _ kind: HandleKind) {
        precondition(kind != .match, "a match's handle is freed by Handles.freeMatch")
        guard let handle, remove(UnsafeRawPointer(handle), kind) else { return }
        let raw = UnsafeRawPointer(handle)
        // Safety: removed from `live` above, by this call only, so the retain taken in `make` is given back once.
        // A cached look-up table sees `freed` before the registry can go (see `CachedTable`); the table recorded
        // the handle with `kind`, so its object is of the class that kind names.
        if kind == .registry {
            Unmanaged<RegistryHandle>.fromOpaque(raw).takeUnretainedValue().freed.store(true, ordering: .releasing)
        }
        // Safety: the handle's one reference, taken in `make`, given back once (see above).
        Unmanaged<AnyObject>.fromOpaque(raw).release()
    }

    /// Frees a match handle: forgets it, marks its block freed (for the thread caches that hold it) and gives the
    /// handle's reference back, with the calling thread's cache's when `releasingAlso` (its entry held this match
    /// and handed its reference over). NULL, a freed handle or one of another kind is ignored but for that.
    /// `live`: the calling thread's `ThreadState.liveHandles`.
    ///
    /// Safety: `live` is `Live.shared`, never freed (see `remove`); the block is released once, after its removal.
    static func freeMatch(_ handle: OpaquePointer?, releasingAlso cached: Bool, in live: Unmanaged<Live>) {
        guard let handle else { return }
        let raw = UnsafeRawPointer(handle)
        if remove(raw, .match, in: live) {
            let block = MatchBlock(address: raw)
            block.markFreed()
            block.release(cached ? 2 : 1)
        } else if cached {
            // Freed by another thread meanwhile: the cache's reference still kept the block.
            MatchBlock(address: raw).release()
        }
    }
}
