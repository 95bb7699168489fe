import Synchronization

/// A route handler that makes the host's own view objects (a view controller, a widget, a model) instead of handles:
/// the handler keeps each view for as long as its entry is in the state, `entry.view(as:)` reads it back, and
/// `release` gets it back exactly once when the entry leaves. No table of the host's own maps handles to views.
///
///     let screens = ObjectViewHandler<Screen> { entry in Screen(route: entry.route) } release: { screen, _ in
///         screen.tearDown()
///     }
///     router.defaultHandler = screens
///     try router.push("/shop/product/7")
///     router.state.topEntry?.view(as: Screen.self)   // the Screen made for it
///
/// An entry's `view` is then a handle the handler numbered, as C hosts see it. A view type that is not `Sendable`
/// (one confined to the main actor is) is kept by the `NavRouter` product's `MainActorViewHandler`.
public struct ObjectViewHandler<View: AnyObject & Sendable>: RouteHandler {
    private let make: @Sendable (NavigationEntry) -> View?
    private let release: @Sendable (View, NavigationEntry) -> Void
    private let store = ViewStore<View>()

    /// A handler of two closures: `make` builds an entry's view (nil declines: the command then fails and nothing
    /// changes), `release` is given it back when the entry leaves the state.
    public init(
        make: @escaping @Sendable (NavigationEntry) -> View?,
        release: @escaping @Sendable (View, NavigationEntry) -> Void = { _, _ in }
    ) {
        self.make = make
        self.release = release
    }

    /// Builds the view and keeps it under a new handle.
    public func makeView(for entry: NavigationEntry) -> ViewHandle? {
        guard let view = make(entry) else { return nil }
        return store.keep(view)
    }

    /// Hands the view back to `release`, once: the handle no longer reads as a view.
    public func releaseView(_ view: ViewHandle, of entry: NavigationEntry) {
        guard let object = store.take(view) else { return }
        release(object, entry)
    }

    /// The view kept under a handle, while its entry is in the state.
    func view(_ handle: ViewHandle) -> View? { store.view(handle) }
}

/// The views an `ObjectViewHandler` keeps, by handle (handles count up from 1 and are never reused).
final class ViewStore<View: AnyObject & Sendable>: Sendable {
    private let views = Mutex<(next: UInt, kept: [UInt: View])>((1, [:]))

    func keep(_ view: View) -> ViewHandle {
        ViewHandle(
            rawValue: views.withLock { views in
                defer { views.next += 1 }
                views.kept[views.next] = view
                return views.next
            })
    }

    func take(_ handle: ViewHandle) -> View? { views.withLock { $0.kept.removeValue(forKey: handle.rawValue) } }

    func view(_ handle: ViewHandle) -> View? { views.withLock { $0.kept[handle.rawValue] } }
}

extension NavigationEntry {
    /// The view object an `ObjectViewHandler<View>` made for this entry, or nil: another kind of handler made its
    /// view, or none did, or the entry has left the state (its view was released).
    public func view<View: AnyObject & Sendable>(as type: View.Type) -> View? {
        guard let view, let handler = maker?.handler as? ObjectViewHandler<View> else { return nil }
        return handler.view(view)
    }
}
