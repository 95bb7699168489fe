/// Builds and releases the host's views for entries of a route (Router's RouteHandler, CoreLayer's component
/// factory). The router keeps the handle in the entry and calls `releaseView` exactly once when the entry
/// leaves the state (popped, dismissed, replaced, pruned, restored over, router closed).
///
/// Both are called on the thread running the command, never while the router holds a lock, so they may call the
/// router (commands issued from them are queued).
public protocol RouteHandler: Sendable {
    /// Builds the view for a new entry.
    /// - Returns: the view's handle, or `nil` to decline: the command then fails and nothing changes.
    func makeView(for entry: NavigationEntry) -> ViewHandle?
    /// Releases the view of an entry that left the state.
    func releaseView(_ view: ViewHandle, of entry: NavigationEntry)
}

/// A `RouteHandler` made of two closures.
public struct ClosureRouteHandler: RouteHandler {
    private let make: @Sendable (NavigationEntry) -> ViewHandle?
    private let release: @Sendable (ViewHandle, NavigationEntry) -> Void

    /// Creates a handler.
    public init(
        make: @escaping @Sendable (NavigationEntry) -> ViewHandle?,
        release: @escaping @Sendable (ViewHandle, NavigationEntry) -> Void = { _, _ in }
    ) {
        self.make = make
        self.release = release
    }

    /// Calls `make`.
    public func makeView(for entry: NavigationEntry) -> ViewHandle? { make(entry) }
    /// Calls `release`.
    public func releaseView(_ view: ViewHandle, of entry: NavigationEntry) { release(view, entry) }
}

/// A handler as a router holds it: a reference that each view it made keeps, so that the view goes back to the
/// handler that made it, also after the handler was replaced or removed.
final class ViewMaker: Sendable {
    let handler: any RouteHandler
    init(_ handler: any RouteHandler) { self.handler = handler }
}

/// A router's view handlers as one command sees them: each route's own handler, else the default one.
///
/// Immutable and shared: a command takes it with one reference count (a struct of a dictionary and an optional
/// reference took two, each through the runtime's generic copy), and a change of handlers makes a new one.
final class ViewHandlers: Sendable {
    /// Handlers set for single routes.
    let byRoute: [String: ViewMaker]
    /// The handler of routes without their own.
    let fallback: ViewMaker?

    /// Handlers for single routes and the default one (none by default).
    init(byRoute: [String: ViewMaker] = [:], fallback: ViewMaker? = nil) {
        self.byRoute = byRoute
        self.fallback = fallback
    }

    /// These handlers with `maker` for `route` (`nil`: the route's own handler removed).
    func setting(_ maker: ViewMaker?, forRoute route: String) -> ViewHandlers {
        var byRoute = byRoute
        byRoute[route] = maker
        return ViewHandlers(byRoute: byRoute, fallback: fallback)
    }

    /// These handlers with `maker` as the default one.
    func settingFallback(_ maker: ViewMaker?) -> ViewHandlers { ViewHandlers(byRoute: byRoute, fallback: maker) }

    /// The handler of an entry's route, else the default one (no hashing when no route has its own).
    func maker(of entry: NavigationEntry) -> ViewMaker? {
        if byRoute.isEmpty { return fallback }
        return byRoute[entry.route] ?? fallback
    }

    /// Builds the view of a new entry, recording its maker: unchanged when no handler is set.
    /// - Throws: `.callback` when the handler declines.
    func makeView(for entry: inout NavigationEntry) throws(NavRouterError) {
        guard let maker = maker(of: entry) else { return }
        guard let view = maker.handler.makeView(for: entry) else {
            throw NavRouterError(.callback, "the handler of route '\(entry.route)' declined to build a view")
        }
        entry.view = view
        entry.maker = maker
    }

    /// Releases the views of entries that left the state (or were never committed), each to its maker.
    func release(_ entries: some Sequence<NavigationEntry>) {
        for entry in entries {
            guard let view = entry.view, let maker = entry.maker else { continue }
            maker.handler.releaseView(view, of: entry)
        }
    }
}
