import NavRouterCore
import Synchronization

/// What a `navrouter_router *` points to: the router, held for the handle.
///
/// A C call takes a reference to this box, not to the router, for as long as it runs. A router is weakly referenced
/// by its registry's guards (so that logging out prunes it), and the Swift runtime then keeps its reference counts in
/// a side table, where each retain and release is a slower call: through the box, a command's reference costs the
/// usual inline count (184 instructions fewer a push/pop pair through C, callgrind).
final class RouterHandle: Sendable {
    /// The router; it lives at least as long as this box.
    let router: Router

    private init(_ router: Router) { self.router = router }

    /// The handle of each router made through the C ABI whose handle is live, by router: callbacks are given the
    /// router asking, and hand it back to the host as the handle it knows (`handle(of:)`).
    private static let handles = Mutex<[ObjectIdentifier: UInt]>([:])  // the handles' addresses

    /// Makes a router's handle.
    static func make(_ router: Router) -> OpaquePointer {
        let handle = Handles.make(RouterHandle(router), .router)
        handles.withLock { $0[ObjectIdentifier(router)] = UInt(bitPattern: UnsafeRawPointer(handle)) }
        return handle
    }

    /// The box behind a live router handle (a strong reference: see `Handles.object`). A call keeps it while it
    /// uses `router`, which it then reaches without a reference of its own.
    /// - Throws: as `Handles.object`.
    static func box(_ handle: OpaquePointer?) throws(NavRouterError) -> RouterHandle {
        try Handles.object(handle, .router, as: RouterHandle.self)
    }

    /// Frees a router's handle: closes the router (its views released, its callbacks dropped) and forgets the
    /// handle. NULL, a freed handle or one of another kind is ignored.
    static func free(_ handle: OpaquePointer?) {
        guard let box = try? box(handle) else { return }
        box.router.close()
        _ = handles.withLock { $0.removeValue(forKey: ObjectIdentifier(box.router)) }  // a router has one handle
        Handles.free(handle, .router)
    }

    /// The handle the host knows `router` by, or NULL for a router whose handle was freed (or that was made in
    /// Swift). Valid while the handle is: the header hands it to callbacks as borrowed.
    static func handle(of router: Router) -> OpaquePointer? {
        handles.withLock { $0[ObjectIdentifier(router)] }.flatMap { OpaquePointer(bitPattern: $0) }
    }
}
