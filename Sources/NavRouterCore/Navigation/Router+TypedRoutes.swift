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
