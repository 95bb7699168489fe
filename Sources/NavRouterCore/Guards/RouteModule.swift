/// An interceptor declared as part of a module.
public struct ModuleInterceptor: Sendable {
    /// A name for messages.
    public var name: String
    /// The phase it runs in.
    public var phase: InterceptorPhase
    /// Its priority.
    public var priority: InterceptorPriority
    /// Which destinations it applies to.
    public var scope: InterceptorScope
    /// Runs only when the user is authenticated.
    public var requiresAuth: Bool
    /// The interceptor.
    public var interceptor: any Interceptor

    /// Declares an interceptor.
    public init(
        _ name: String, phase: InterceptorPhase = .before, priority: InterceptorPriority = .medium,
        scope: InterceptorScope = .all,
        requiresAuth: Bool = false, interceptor: any Interceptor
    ) {
        self.name = name
        self.phase = phase
        self.priority = priority
        self.scope = scope
        self.requiresAuth = requiresAuth
        self.interceptor = interceptor
    }
}

extension RouteRegistry {
    /// Registers a module: routes and interceptors together, all-or-nothing (NavigationRouter's RoutableModule,
    /// Router's RouteHandlerRegistering). `unregisterModule(_:)` removes it as a whole.
    /// - Throws: `.conflict`, `.invalidPattern` (a route or a scope pattern); on failure nothing is registered.
    public func registerModule(_ name: String, routes: [Route], interceptors: [ModuleInterceptor] = [])
        throws(NavRouterError)
    {
        try Route.validateName(name, what: "module name")
        let names = Set(routes.map(\.name))
        for declared in interceptors {
            _ = try CompiledScope(declared.scope)
            if case .routes(let scoped) = declared.scope,
                let unknown = scoped.sorted().first(where: { !names.contains($0) && route(named: $0) == nil })
            {
                throw NavRouterError(
                    .notFound,
                    "\(InterceptorRegistration.described(declared.name, id: nil)): no route is named '\(unknown)'"
                        + NameSuggestion.didYouMean(unknown, among: names.union(table.routeNames)))
            }
        }
        try register(
            routes.map { route in
                var route = route
                route.module = name
                return route
            })
        for declared in interceptors {
            _ = try? guards.addInterceptor(
                declared.interceptor, name: declared.name, phase: declared.phase, priority: declared.priority,
                scope: declared.scope,
                requiresAuth: declared.requiresAuth, module: name)
        }
    }
}
