import NavRouterCore
import Synchronization

/// What a `navrouter_registry *` points to: the registry, and whether the handle was freed. The C ABI's cached
/// look-up tables keep a reference to this box, so that checking "is the handle still live, is the table still
/// current" reads only memory the cache owns, whatever another thread frees meanwhile.
final class RegistryHandle: Sendable {
    /// The registry (routers retain it too: it outlives its handle while they live).
    let registry: RouteRegistry
    /// Set when the handle is freed, before the handle's reference is released.
    let freed = Atomic<Bool>(false)

    init(_ registry: RouteRegistry) { self.registry = registry }

    /// The registry behind a live registry handle.
    /// - Throws: as `Handles.object`.
    static func registry(_ handle: OpaquePointer?) throws(NavRouterError) -> RouteRegistry {
        try Handles.object(handle, .registry, as: RegistryHandle.self).registry
    }
}
