// The example shop app as a main-actor host over the NavRouter product: what an iOS app's navigation layer does,
// headless. Async commands chain their (pretend) animations, views are built on the main actor, every event is
// logged from an AsyncStream, a login flow resumes a protected deep link, and the observable model's path is
// shortened as SwiftUI does on a swipe back.
//
//     swift run --package-path examples/swift shop-app examples/manifests/shop.json
import Foundation
import NavRouter

/// A product's props, as the screen reads them back.
struct ProductSummary: Codable, Sendable {
    var id: Int
    var title: String
    var price: Double
}

/// The app's screens: made and released on the main actor.
@MainActor
final class Screens: MainActorRouteHandler {
    private(set) var live: [NavigationEntry.ID: String] = [:]
    private(set) var made = 0

    func makeView(for entry: NavigationEntry) -> ViewHandle? {
        made += 1
        let title = (try? entry.props(as: ProductSummary.self))?.title ?? entry.route
        live[entry.id] = title
        return ViewHandle(rawValue: UInt(entry.id.rawValue))
    }

    func releaseView(_ view: ViewHandle, of entry: NavigationEntry) { live[entry.id] = nil }
}

/// Asks for a login when a protected route is opened: the app shows its login screen, then completes the flow.
final class LoginDesk: AuthenticationHandler, Sendable {
    private let requested = AsyncStream<FlowToken>.makeStream()

    var requests: AsyncStream<FlowToken> { requested.stream }

    func login(flow: FlowToken, destination: RouteMatch, router: Router) {
        print("  login requested to open '\(destination.routeName)' (flow \(flow))")
        requested.continuation.yield(flow)
    }
}

@MainActor
func describe(_ host: NavigationHost) -> String {
    let state = host.model.state
    let tabs = state.tabs.enumerated().map { index, tab in
        (index == state.selectedTab ? "*" : "") + tab.stack.map(\.route).joined(separator: " > ")
    }
    let layers = state.layers.map { "[" + $0.stack.map(\.route).joined(separator: " > ") + "]" }
    return (tabs + layers).joined(separator: " | ")
}

/// Starts a command in a task of its own; its result keeps the typed error (a task's own error is `any Error`).
@MainActor
func started(
    _ command: @escaping @MainActor () async throws(NavRouterError) -> Router.Outcome
) -> Task<Result<Router.Outcome, NavRouterError>, Never> {
    Task { @MainActor in
        do throws(NavRouterError) {
            return .success(try await command())
        } catch {
            return .failure(error)
        }
    }
}

@MainActor
func runShop(manifest: String) async throws(NavRouterError) -> Bool {
    let registry = try RouteRegistry()
    try registry.loadManifest(manifest)  // with the app's web domain ("web_domains")
    let desk = LoginDesk()
    registry.guards.authenticationHandler = desk
    let screens = Screens()
    let host = NavigationHost(router: Router(registry: registry)) { event in
        for _ in 0..<2 { await Task.yield() }  // the animation
        if event.kind != .stateChanged { print("  drew \(event.kind.rawValue) \(event.entry?.route ?? "")") }
    }
    host.defaultHandler = screens
    let events = host.events
    let logger = Task { @MainActor in
        var count = 0
        for await _ in events { count += 1 }
        return count
    }

    print("> start")
    try await host.start()
    print("  \(describe(host))")

    print("> navigate to a product with Codable props, then pop and push: each waits for the last to be drawn")
    let hose = ProductSummary(id: 42, title: "Garden hose", price: 19.5)
    try await host.navigate("myapp://shop/product/42", props: hose, options: NavigationOptions { $0.external = true })
    print("  top screen: \(screens.live[host.model.topEntry?.id ?? 0] ?? "-")")
    try await host.pop()
    try await host.push(ProductRoute(id: 7))  // a typed route (ShopRoutes.swift, from `navrouter gen swift`)
    let product = host.model.topEntry?.route(as: ProductRoute.self)
    print("  \(describe(host)); on top: product \(product.map { String($0.id) } ?? "-")")

    print("> two commands at once: the second is queued, and each returns its own transition")
    // Two tasks, as two buttons tapped at once would start them.
    let settings = started { () throws(NavRouterError) in try await host.present("/settings") }
    let help = started { () throws(NavRouterError) in try await host.push("/help/shipping/returns") }
    let first = try await settings.value.get()
    let second = try await help.value.get()
    print("  \(first) / \(second)")
    print("  \(describe(host))")
    try await host.dismissAll()

    print("> the user swipes back: SwiftUI shortens the tab's path")
    let tab = host.model.tabs[host.model.selectedTab]
    tab.path = Array(tab.path.dropLast())
    print("  \(describe(host))")

    print("> a protected deep link while logged out: the login step holds it")
    let outcome = try await host.navigate(
        "https://shop.example.com/shop/checkout", options: NavigationOptions { $0.external = true })
    guard case .pending(let flow) = outcome else {
        print("  expected a pending flow, got \(outcome)")
        return false
    }
    var requests = desk.requests.makeAsyncIterator()
    guard await requests.next() == flow else { return false }
    registry.guards.setAuthenticated(true)
    try await host.completeLogin(flow, success: true)
    print("  \(describe(host))")

    print("> a bad link is refused and changes nothing")
    do {
        try await host.navigate("/shop//cart")
    } catch {
        print("  ! \(error.code.cName) (\(error.code)): \(error.message)")
    }

    host.close()
    let logged = await logger.value
    print("events logged from the stream: \(logged)")
    print("views made: \(screens.made), still alive after closing: \(screens.live.count)")
    return screens.live.isEmpty
}

let arguments = CommandLine.arguments
guard arguments.count == 2, let data = FileManager.default.contents(atPath: arguments[1]),
    let manifest = String(validating: data, as: UTF8.self)
else {
    let reason = arguments.count == 2 ? "shop-app: cannot read the manifest \(arguments[1]) as UTF-8 text\n" : ""
    FileHandle.standardError.write(Data((reason + "usage: shop-app MANIFEST\n").utf8))
    exit(2)
}
print("navrouter \(NavRouterVersion.string) — example shop app (Swift, NavRouter, main actor)")
do {
    exit(try await runShop(manifest: manifest) ? 0 : 1)
} catch {
    print("the app failed: \(error.message)")
    exit(1)
}
