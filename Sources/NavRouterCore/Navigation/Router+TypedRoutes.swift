extension Router {
    /// Opens a typed route as its presentation says (see `navigate(_:options:)`).
    /// - Throws: `TypedRoute.url(in:scheme:)`'s errors for a route this router's registry does not hold as declared,
    ///   then `navigate`'s.
    @discardableResult
    public func navigate(to route: some TypedRoute, options: NavigationOptions = NavigationOptions())
        throws(NavRouterError) -> Outcome
    {
        try navigate(try route.url(in: registry), options: options)
    }

    /// Pushes a typed route onto the current stack, whatever its presentation (see `push(_:options:)`).
    @discardableResult
    public func push(_ route: some TypedRoute, options: NavigationOptions = NavigationOptions())
        throws(NavRouterError) -> Outcome
    {
        try push(try route.url(in: registry), options: options)
    }
}

extension Router {
    /// Selects the tab whose root route is `route` (see `selectTab(route:)`).
    /// - Throws: `.notFound` when the registry does not hold the route as declared, or no tab has it as its root;
    ///   `.conflict` for a typed route of another registry; then `selectTab(_:)`'s errors.
    @discardableResult
    public func selectTab<Root: TypedRoute>(_ route: Root.Type) throws(NavRouterError) -> Outcome {
        try Root.checkRegistered(in: registry)
        return try selectTab(route: Root.routeName)
    }

    /// The index of the tab whose root route is `route`.
    /// - Throws: `.notFound` when the registry does not hold the route as declared, or no tab has it as its root;
    ///   `.conflict` for a typed route of another registry.
    public func tabIndex<Root: TypedRoute>(of route: Root.Type) throws(NavRouterError) -> Int {
        try Root.checkRegistered(in: registry)
        return try tabIndex(ofRoute: Root.routeName)
    }

    /// The index of the tab whose root route is named `route`.
    /// - Throws: `.notFound` when no tab has it as its root (naming the tabs' roots, with a did-you-mean).
    public func tabIndex(ofRoute route: String) throws(NavRouterError) -> Int {
        try state.tabIndex(ofRoute: route)
    }

    /// Selects the (first) tab whose root route is named `route` (see `selectTab(_:)`): one command, which looks the
    /// tab up when it runs (`NavigationCommand.selectTabOfRoute`), so that no other thread's command changes the tabs
    /// between the look-up and the selection.
    /// - Throws: `.notFound` when no tab has it as its root (naming the tabs' roots, with a did-you-mean), then
    ///   `selectTab(_:)`'s errors.
    @discardableResult
    public func selectTab(route: String) throws(NavRouterError) -> Outcome {
        try issue(.selectTabOfRoute(route: route))
    }
}

extension NavigationOptions {
    /// Options that pop down to the topmost entry of a route before pushing (see `popUpTo`).
    public init<Target: TypedRoute>(popUpTo route: Target.Type, inclusive: Bool = false) {
        self.init()
        popUp(to: route, inclusive: inclusive)
    }

    /// Pops down to the topmost entry of a route before pushing, removing it too when `inclusive` (see `popUpTo`).
    public mutating func popUp<Target: TypedRoute>(to route: Target.Type, inclusive: Bool = false) {
        popUpTo = Target.routeName
        popUpToInclusive = inclusive
    }
}

extension RouteRegistry {
    /// Registers an interceptor for one typed route: `body` gets the destination (`before`, `after`) or the leaving
    /// entry (`leave`) as a value of the type.
    ///
    ///     try registry.addInterceptor(for: ProductRoute.self, name: "stock") { product, context in
    ///         product.id == 0 ? .cancel(reason: "no such product") : .proceed
    ///     }
    ///
    /// A destination whose parameters do not fit the type (which the matcher's types rule out when the type declares
    /// the route's pattern) is cancelled, never let through unchecked.
    /// - Returns: its id (for `guards.removeInterceptor`).
    /// - Throws: `.notFound` when the registry does not hold the route as declared, `.conflict` for a typed route of
    ///   another registry.
    @discardableResult
    public func addInterceptor<Declared: TypedRoute>(
        for route: Declared.Type, name: String, phase: InterceptorPhase = .before,
        priority: InterceptorPriority = .medium, requiresAuth: Bool = false,
        _ body: @escaping @Sendable (Declared, InterceptionContext) -> InterceptorDecision
    ) throws(NavRouterError) -> InterceptorID {
        try Declared.checkRegistered(in: self)
        let interceptor = ClosureInterceptor { context in
            let typed =
                context.destination.flatMap(Declared.init(match:)) ?? context.entry.flatMap(Declared.init(entry:))
            guard let typed else {
                // The pipeline's message names the interceptor: "cancelled by interceptor 'x': the parameters ...".
                return .cancel(reason: "the parameters do not fit \(Declared.self)")
            }
            return body(typed, context)
        }
        return try guards.addInterceptor(
            interceptor, name: name, phase: phase, priority: priority, scope: .routes([Declared.routeName]),
            requiresAuth: requiresAuth)
    }
}
