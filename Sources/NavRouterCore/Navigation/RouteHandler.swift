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
