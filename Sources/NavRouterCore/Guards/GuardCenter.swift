import Synchronization

/// A registry's guards: interceptors, the authentication state and handler, guard options, and the routers
/// that use the registry (so that logging out prunes every one of them). Thread-safe.
public final class GuardCenter: Sendable {
    /// Safety: `router` is written once, in `init`; reading a weak reference is atomic in the Swift runtime, so
    /// threads may share the box.
    private final class WeakRouter: @unchecked Sendable {
        weak var router: Router?
        init(_ router: Router) { self.router = router }
    }

    private struct State {
        /// Replaced, never changed in place: readers take the array out of the lock (`interceptors(for:…)`). An
        /// in-place change of a buffer a reader has just let go of is ordered by the runtime's reference count,
        /// which ThreadSanitizer cannot see (it reported such a change as a race); a new array is plainly ordered.
        var interceptors: [InterceptorRegistration] = []
        var nextID: UInt64 = 1
        var authenticated = false
        var handler: (any AuthenticationHandler)?
        var options = GuardOptions()
        var routers: [ObjectIdentifier: WeakRouter] = [:]
        /// Whether the registry has a route of that name (set by the registry; checks route-name scopes).
        var routeExists: @Sendable (String) -> Bool = { _ in true }
        /// The registry's route names (for a suggestion when a scope names none of them).
        var routeNames: @Sendable () -> [String] = { [] }
    }

    private let state = Mutex(State())
    // Mirrors of the state that every command reads, published under the lock after each change so that a
    // registry without guards costs a command no lock at all.
    private let interceptorTotal = Atomic<Int>(0)
    private let authenticatedNow = Atomic<Bool>(false)
    private let handlerIsSet = Atomic<Bool>(false)

    init() {}

    /// Registers an interceptor.
    /// - Returns: its id (for `removeInterceptor`).
    /// - Throws: `.invalidPattern` for a bad scope pattern; `.notFound` for a route name the registry does not have
    ///   in a `.routes` scope.
    @discardableResult
    public func addInterceptor(
        _ interceptor: any Interceptor, name: String, phase: InterceptorPhase = .before,
        priority: InterceptorPriority = .medium, scope: InterceptorScope = .all, requiresAuth: Bool = false,
        module: String? = nil
    ) throws(NavRouterError) -> InterceptorID {
        let compiled = try CompiledScope(scope)
        if case .routes(let names) = scope {
            let (exists, known) = state.withLock { ($0.routeExists, $0.routeNames) }
            if let unknown = names.sorted().first(where: { !exists($0) }) {
                throw NavRouterError(
                    .notFound,
                    "\(InterceptorRegistration.described(name, id: nil)): no route is named '\(unknown)'"
                        + NameSuggestion.didYouMean(unknown, among: known()))
            }
        }
        return state.withLock { state in
            let id = InterceptorID(state.nextID)
            state.nextID += 1
            state.interceptors =
                state.interceptors + [
                    InterceptorRegistration(
                        id: id, name: name, phase: phase, priority: priority, requiresAuth: requiresAuth,
                        module: module, interceptor: interceptor, scope: compiled)
                ]
            interceptorTotal.store(state.interceptors.count, ordering: .releasing)
            return id
        }
    }

    /// Removes an interceptor.
    /// - Throws: `.notFound` when no interceptor has that id.
    public func removeInterceptor(_ id: InterceptorID) throws(NavRouterError) {
        let removed = state.withLock { state -> InterceptorRegistration? in
            guard let index = state.interceptors.firstIndex(where: { $0.id == id }) else { return nil }
            let removed = state.interceptors[index]
            state.interceptors = state.interceptors.filter { $0.id != id }
            interceptorTotal.store(state.interceptors.count, ordering: .releasing)
            return removed
        }
        // The registration is released here, outside the lock.
        if removed == nil { throw NavRouterError(.notFound, "no interceptor has id \(id)") }
    }

    /// Removes a module's interceptors; returns how many.
    @discardableResult
    func removeInterceptors(ofModule module: String) -> Int {
        let removed = state.withLock { state -> [InterceptorRegistration] in
            let gone = state.interceptors.filter { $0.module == module }
            state.interceptors = state.interceptors.filter { $0.module != module }
            interceptorTotal.store(state.interceptors.count, ordering: .releasing)
            return gone
        }
        return removed.count  // released outside the lock
    }

    /// The interceptors of a phase that apply to a route and path, in running order: priority (mandatory first),
    /// then registration order.
    /// - Parameters:
    ///   - phase: before, after or leave.
    ///   - route: the route's name (for name scopes), read only when some interceptor is registered.
    ///   - path: the URL's path (for pattern scopes), read only when some interceptor is registered.
    public func interceptors(
        for phase: InterceptorPhase, route: @autoclosure () -> String, path: @autoclosure () -> String
    ) -> [InterceptorRegistration] {
        interceptors(for: phase, route: route(), paths: { [path()] })
    }

    /// The interceptors of a phase that apply to a route, in running order. A pattern scope applies when it matches
    /// any of `paths` (the router passes the link's path and the route's path by each of its patterns: a route
    /// reached by an alias is the same route to every guard).
    /// - Parameters:
    ///   - route: the route's name, read only when some interceptor is registered.
    ///   - paths: made at most once, only when some interceptor has a pattern scope.
    func interceptors(
        for phase: InterceptorPhase, route: @autoclosure () -> String, paths: () -> [String]
    ) -> [InterceptorRegistration] {
        if interceptorTotal.load(ordering: .acquiring) == 0 { return [] }
        let all = state.withLock { $0.interceptors }
        if all.isEmpty { return [] }
        let route = route()
        var made: [String]?
        return all.filter { registration in
            guard registration.phase == phase else { return false }
            return registration.scope.applies(route: route) {
                if let made { return made }
                let new = paths()
                made = new
                return new
            }
        }
        .sorted { $0.priority != $1.priority ? $0.priority > $1.priority : $0.id < $1.id }
    }

    /// The number of interceptors.
    public var interceptorCount: Int { interceptorTotal.load(ordering: .acquiring) }

    /// Whether the user is authenticated.
    public var isAuthenticated: Bool { authenticatedNow.load(ordering: .acquiring) }

    /// Sets the authenticated state. Logging out prunes protected entries from every router on the registry
    /// (with events; never an empty tab) and cancels their pending flows towards protected routes.
    public func setAuthenticated(_ authenticated: Bool) {
        let routers = state.withLock { state -> [Router] in
            let was = state.authenticated
            state.authenticated = authenticated
            authenticatedNow.store(authenticated, ordering: .releasing)
            return was && !authenticated ? state.routers.values.compactMap(\.router) : []
        }
        for router in routers { router.enforceGuards() }
    }

    /// Whether an authentication handler is set: read without the lock, and without making the optional handler
    /// that `authenticationHandler` returns (a command that claims no callback URL checks only this).
    var hasAuthenticationHandler: Bool { handlerIsSet.load(ordering: .acquiring) }

    /// The authentication handler (`nil`: protected routes simply fail with `.denied` while logged out).
    public var authenticationHandler: (any AuthenticationHandler)? {
        get { hasAuthenticationHandler ? state.withLock { $0.handler } : nil }
        set {
            let old = state.withLock { state in
                defer {
                    state.handler = newValue
                    handlerIsSet.store(newValue != nil, ordering: .releasing)
                }
                return state.handler
            }
            _ = old  // released outside the lock
        }
    }

    /// Guard options: redirect bound, fallback route, the order of interceptors and login.
    public var options: GuardOptions {
        get { state.withLock { $0.options } }
        set { state.withLock { $0.options = newValue } }
    }

    /// Changes the guard options atomically (no concurrent change is lost between reading and writing them).
    public func updateOptions(_ change: (inout GuardOptions) -> Void) {
        state.withLock { change(&$0.options) }
    }

    /// Lets the registry answer whether a route exists, and which there are (for route-name scopes).
    func checkRoutes(
        with exists: @escaping @Sendable (String) -> Bool, names: @escaping @Sendable () -> [String]
    ) {
        state.withLock {
            $0.routeExists = exists
            $0.routeNames = names
        }
    }

    /// Records a new router (O(1): creating a router costs the same however many live on the registry).
    func attach(_ router: Router) {
        state.withLock { $0.routers[ObjectIdentifier(router)] = WeakRouter(router) }
    }

    /// Forgets a router (from its deinit).
    func detach(_ router: Router) {
        _ = state.withLock { $0.routers.removeValue(forKey: ObjectIdentifier(router)) }
    }

    /// The routers alive on the registry.
    var routers: [Router] { state.withLock { $0.routers.values.compactMap(\.router) } }
}
