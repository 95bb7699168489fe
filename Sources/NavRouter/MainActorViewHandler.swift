import NavRouterCore

/// A main-actor route handler that makes the host's own view objects, which need not be `Sendable` (a view
/// controller, a SwiftUI model): it keeps each view while its entry is in the state, `view(for:)` reads it back,
/// and `release` gets it back exactly once when the entry leaves. The main-actor kind of `ObjectViewHandler`.
///
///     let screens = MainActorViewHandler<ScreenController> { entry in ScreenController(route: entry.route) }
///     host.defaultHandler = screens
///     try await host.push("/shop/product/7")
///     screens.view(for: host.router.state.topEntry!)   // the ScreenController made for it
@MainActor
public final class MainActorViewHandler<View: AnyObject>: MainActorRouteHandler {
    private let make: (NavigationEntry) -> View?
    private let release: (View, NavigationEntry) -> Void
    private var kept: [UInt: View] = [:]
    private var next: UInt = 1

    /// A handler of two closures: `make` builds an entry's view (nil declines: the command then fails and nothing
    /// changes), `release` is given it back when the entry leaves the state.
    public init(
        make: @escaping (NavigationEntry) -> View?, release: @escaping (View, NavigationEntry) -> Void = { _, _ in }
    ) {
        self.make = make
        self.release = release
    }

    /// Builds the view and keeps it under a new handle (handles count up from 1 and are never reused).
    public func makeView(for entry: NavigationEntry) -> ViewHandle? {
        guard let view = make(entry) else { return nil }
        defer { next += 1 }
        kept[next] = view
        return ViewHandle(rawValue: next)
    }

    /// Hands the view back to `release`, once: the handle no longer reads as a view.
    public func releaseView(_ view: ViewHandle, of entry: NavigationEntry) {
        guard let object = kept.removeValue(forKey: view.rawValue) else { return }
        release(object, entry)
    }

    /// The view this handler made for an entry, while the entry is in the state (nil once it left, or for an entry
    /// whose view another handler made).
    public func view(for entry: NavigationEntry) -> View? {
        guard let view = entry.view, (entry.viewHandler as? MainActorHandlerBridge)?.handler === self else {
            return nil
        }
        return kept[view.rawValue]
    }

    /// How many views it keeps (those of the entries in the state).
    public var count: Int { kept.count }
}
