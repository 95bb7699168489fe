import NavRouterCore

/// Builds and releases the host's views on the main actor: the `RouteHandler` of a UI host whose views are
/// main-actor objects. Register it with `NavigationHost.setHandler(_:forRoute:)` or
/// `NavigationHost.defaultHandler`.
///
/// Commands issued through a `NavigationHost` (and the commands the router queued meanwhile, which run when the
/// host finishes a transition) run on the main actor, so their views are built there. A command issued on the
/// `Router` itself, from another thread or bypassing the host, cannot build a main-actor view: it fails with
/// `.callback` (the handler declined) and changes nothing. Views are released on the main actor: at once when the
/// release happens in a host's call, else in a main-actor task.
@MainActor
public protocol MainActorRouteHandler: AnyObject, Sendable {
    /// Builds the view for a new entry; `nil` declines (the command then fails and nothing changes).
    func makeView(for entry: NavigationEntry) -> ViewHandle?
    /// Releases the view of an entry that left the state.
    func releaseView(_ view: ViewHandle, of entry: NavigationEntry)
}

/// A main-actor handler as the router calls it: on any thread, reaching the handler on the main actor only.
struct MainActorHandlerBridge: RouteHandler {
    let handler: any MainActorRouteHandler

    func makeView(for entry: NavigationEntry) -> ViewHandle? {
        guard MainActorCall.isCurrent else { return nil }
        // Safety: the check above proved this thread runs a main-actor job that called the router synchronously
        // (checked again at run time by `assumeIsolated`).
        return MainActor.assumeIsolated { handler.makeView(for: entry) }
    }

    func releaseView(_ view: ViewHandle, of entry: NavigationEntry) {
        if MainActorCall.isCurrent {
            MainActor.assumeIsolated { handler.releaseView(view, of: entry) }
        } else {
            let handler = handler
            Task { @MainActor in handler.releaseView(view, of: entry) }
        }
    }
}
