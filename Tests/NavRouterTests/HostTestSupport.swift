import NavRouter
import Synchronization

/// A shop: two tabs (home, account), products pushed, the cart presented as a sheet, a login-protected orders page.
func makeShopRegistry() throws -> RouteRegistry {
    let registry = try RouteRegistry()
    try registry.register([
        try Route(name: "home", pattern: "/home", presentation: .root),
        try Route(name: "account", pattern: "/account", presentation: .root),
        try Route(name: "product", pattern: "/shop/product/<int:id>"),
        try Route(name: "reviews", pattern: "/shop/product/<int:id>/reviews"),
        try Route(name: "cart", pattern: "/shop/cart", presentation: .modal(.sheet)),
        try Route(name: "orders", pattern: "/account/orders", requiresAuth: true),
    ])
    return registry
}

/// What a host drew, in order: "begin KIND" when it started drawing an event, "end KIND" when it was done.
@MainActor
final class Canvas {
    var log: [String] = []
    var drawn: [NavigationEvent] = []

    /// Draws an event over a few main-actor turns (an animation), logging its start and end.
    func draw(_ event: NavigationEvent) async {
        log.append("begin \(event.kind.rawValue)")
        for _ in 0..<3 { await Task.yield() }
        drawn.append(event)
        log.append("end \(event.kind.rawValue)")
    }
}

/// Main-actor views: counts views made and released, and records the thread checks it saw.
@MainActor
final class ViewStore: MainActorRouteHandler {
    var made: [NavigationEntry.ID] = []
    var released: [NavigationEntry.ID] = []
    private var next: UInt = 0

    func makeView(for entry: NavigationEntry) -> ViewHandle? {
        made.append(entry.id)
        next += 1
        return ViewHandle(rawValue: next)
    }

    func releaseView(_ view: ViewHandle, of entry: NavigationEntry) { released.append(entry.id) }
}

/// An interceptor that holds navigations to one route as pending flows.
struct HoldRoute: Interceptor {
    let route: String
    func intercept(_ context: InterceptionContext) -> InterceptorDecision {
        context.destination?.routeName == route ? .pending : .proceed
    }
}

/// A host seen from its own `render` closure, and what a command issued there returned.
@MainActor
final class HostBox {
    weak var host: NavigationHost?
    var outcome: Router.Outcome?
}

/// A gate a render waits at until the test opens it (an animation that lasts as long as the test wants).
@MainActor
final class Gate {
    private var waiters: [CheckedContinuation<Void, Never>] = []
    /// Whether `open` was called.
    private(set) var isOpen = false
    /// How many renders are waiting.
    var waiting: Int { waiters.count }

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }
}
