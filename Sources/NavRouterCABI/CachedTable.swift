import NavRouterCore
import Synchronization

/// The compiled table of the registry a thread last looked up in, so that `navrouter_registry_lookup` takes no
/// lock and makes no atomic read-modify-write while nothing changed: each of those costs about as much as the
/// whole look-up of a short URL.
///
/// The entry holds strong references to the registry's handle box (`RegistryHandle`) and to the table. It is
/// current while (1) the same handle is asked for, (2) that box says its handle is not freed, and (3) the
/// registry's generation is the table's (every change of routes or policy makes a new one). The check reads only
/// objects the entry owns, so another thread freeing the handle meanwhile cannot make it read freed memory; a
/// handle freed (and its address reused) is seen through (2) and refilled through the table of live handles,
/// which answers `.destroyed`. The references are released when the thread looks up in another registry or a
/// changed one, when this thread frees the registry, or when the thread ends.
///
/// Safety: `Unmanaged` here holds strong references taken in `refill` (`passRetained`) and given back once in
/// `forget`; `box` and `table` are set together with `handle` and cleared together, so they are non-nil exactly
/// when `handle` is not `UInt.max`. The entry lives in one thread's `ThreadState` and is used by that thread only.
struct CachedTable {
    /// The handle's address; `UInt.max` (never one: handles are aligned) while empty, so that no handle, NULL
    /// included, matches an empty entry.
    private var handle = UInt.max
    private var generation: UInt64 = 0
    /// Set whenever `handle` is a handle's (retained).
    ///
    /// Safety: retained while `handle` is set (see the type).
    private var box: Unmanaged<RegistryHandle>?
    /// Set whenever `handle` is a handle's (retained).
    private var table: Unmanaged<RouteTable>?
    /// The table's `policy.maxSegments` (read without touching the table).
    private(set) var maxSegments = 0

    /// The current table of the registry behind `handle`, from the cache when it is current. The cache holds the
    /// reference: it stays valid until this thread's next call into the cache.
    /// - Throws: the handle's errors (`.invalidArgument` for NULL or another kind, `.destroyed` when freed).
    @inline(__always)
    // Safety: the reference returned is the entry's, valid until this thread calls into the cache again.
    mutating func table(for handle: OpaquePointer?) throws(NavRouterError) -> Unmanaged<RouteTable> {
        let key = UInt(bitPattern: handle)
        // Safety: `box` is retained by this entry whenever `key == self.handle` (the empty entry matches no key),
        // so the reads below are of live objects whatever other threads do.
        if key == self.handle,
            box.unsafelyUnwrapped._withUnsafeGuaranteedRef({
                !$0.freed.load(ordering: .acquiring) && $0.registry.generation == generation
            })
        {
            // Safety: non-nil whenever `key == self.handle` (see the type).
            return table.unsafelyUnwrapped
        }
        return try refill(handle)
    }

    // Safety: the references it takes are this entry's (see the type).
    private mutating func refill(_ handle: OpaquePointer?) throws(NavRouterError) -> Unmanaged<RouteTable> {
        let box = try Handles.object(handle, .registry, as: RegistryHandle.self)
        let current = box.registry.table
        forget()
        self.handle = UInt(bitPattern: handle)
        generation = current.generation
        maxSegments = current.policy.maxSegments
        // Safety: strong references for this entry, given back once in `forget` (see the type).
        self.box = Unmanaged.passRetained(box)
        let table = Unmanaged.passRetained(current)
        self.table = table
        return table
    }

    /// Drops the entry (if it is for `handle`, when one is given) and releases what it holds.
    mutating func forget(_ handle: OpaquePointer? = nil) {
        if let handle, UInt(bitPattern: handle) != self.handle { return }
        table?.release()
        box?.release()
        self = CachedTable()
    }
}
