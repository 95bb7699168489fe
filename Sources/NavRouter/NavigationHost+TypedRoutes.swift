import NavRouterCore

// Typed routes as the host's `async` commands: `try await host.push(ProductRoute(id: 7))`.
extension NavigationHost {
    /// Opens a typed route as its presentation says (see `Router.navigate(to:options:)`).
    @discardableResult
    public func navigate(to route: some TypedRoute, options: NavigationOptions = NavigationOptions())
        async throws(NavRouterError) -> Router.Outcome
    {
        try await navigate(try route.url(in: router.registry), options: options)
    }

    /// Pushes a typed route onto the current stack (see `Router.push(_:options:)`).
    @discardableResult
    public func push(_ route: some TypedRoute, options: NavigationOptions = NavigationOptions())
        async throws(NavRouterError) -> Router.Outcome
    {
        try await push(try route.url(in: router.registry), options: options)
    }

    /// Selects the tab whose root route is `route` (see `Router.selectTab(_:)`).
    @discardableResult
    public func selectTab<Root: TypedRoute>(_ route: Root.Type) async throws(NavRouterError) -> Router.Outcome {
        try await selectTab(try router.tabIndex(of: route))
    }
}
