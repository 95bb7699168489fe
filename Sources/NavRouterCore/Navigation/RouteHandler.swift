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

/// A router's view handlers as one command sees them: each route's own handler, else the default one.
struct ViewHandlers {
    /// Handlers set for single routes.
    var byRoute: [String: any RouteHandler] = [:]
    /// The handler of routes without their own.
    var fallback: (any RouteHandler)?

    /// The handler of an entry's route, else the default one (no hashing when no route has its own).
    func handler(of entry: NavigationEntry) -> (any RouteHandler)? {
        if byRoute.isEmpty { return fallback }
        return byRoute[entry.route] ?? fallback
    }

    /// Builds the view of a new entry: `nil` when no handler is set.
    /// - Throws: `.callback` when the handler declines.
    func makeView(for entry: NavigationEntry) throws(NavRouterError) -> ViewHandle? {
        guard let handler = handler(of: entry) else { return nil }
        guard let view = handler.makeView(for: entry) else {
            throw NavRouterError(.callback, "the handler of route '\(entry.route)' declined to build a view")
        }
        return view
    }

    /// Releases the views of entries that left the state (or were never committed).
    func release(_ entries: [NavigationEntry]) {
        for entry in entries {
            guard let view = entry.view, let handler = handler(of: entry) else { continue }
            handler.releaseView(view, of: entry)
        }
    }
}
