import NavRouterCore
import Synchronization

/// The compiled table of the registry a thread last looked up in, so that `navrouter_registry_lookup` takes no
/// lock and makes no atomic read-modify-write while nothing changed: each of those costs about as much as the
/// whole look-up of a short URL.
///
/// The entry is current while (1) the same handle is asked for, (2) no registry handle was freed since it was
/// filled (`Handles.registryFrees`: the handle is then still live, since it was live when the entry was filled),
/// and (3) the registry's generation is the table's (every change of routes or policy makes a new one). The
/// entry holds a strong reference to the table (not to the registry), released when the thread looks up in
/// another registry or a changed one, when this thread frees the registry, or when the thread ends.
struct CachedTable {
    /// The handle's address; `UInt.max` (never one: handles are aligned) while empty, so that no handle, NULL
    /// included, matches an empty entry.
    private var handle = UInt.max
    private var registryFrees: UInt64 = 0
    private var generation: UInt64 = 0
    /// Set whenever `handle` is a handle's.
    private var table: Unmanaged<RouteTable>?
    /// The table's `policy.maxSegments` (read without touching the table).
    private(set) var maxSegments = 0

    /// The current table of the registry behind `handle`, from the cache when it is current. The cache holds the
    /// reference: it stays valid until this thread's next call into the cache.
    /// - Throws: the handle's errors (`.invalidArgument` for NULL or another kind, `.destroyed` when freed).
    @inline(__always)
    mutating func table(for handle: OpaquePointer?) throws(NavRouterError) -> Unmanaged<RouteTable> {
        let key = UInt(bitPattern: handle)
        if key == self.handle, Handles.registryFrees.load(ordering: .acquiring) == registryFrees,
            Unmanaged<RouteRegistry>.fromOpaque(UnsafeRawPointer(bitPattern: key).unsafelyUnwrapped)
                ._withUnsafeGuaranteedRef({ $0.generation }) == generation
        {
            return table.unsafelyUnwrapped
        }
        return try refill(handle)
    }

    private mutating func refill(_ handle: OpaquePointer?) throws(NavRouterError) -> Unmanaged<RouteTable> {
        let frees = Handles.registryFrees.load(ordering: .acquiring)  // before the check that the handle is live
        let current = try Handles.object(handle, .registry, as: RouteRegistry.self).table
        forget()
        self.handle = UInt(bitPattern: handle)
        registryFrees = frees
        generation = current.generation
        maxSegments = current.policy.maxSegments
        let table = Unmanaged.passRetained(current)
        self.table = table
        return table
    }

    /// Drops the entry (if it is for `handle`, when one is given) and releases its table.
    mutating func forget(_ handle: OpaquePointer? = nil) {
        if let handle, UInt(bitPattern: handle) != self.handle { return }
        table?.release()
        self = CachedTable()
    }
}
