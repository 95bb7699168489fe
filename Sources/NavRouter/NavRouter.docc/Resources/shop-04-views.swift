import NavRouter

/// A product's screen reads its props back as this type.
struct ProductSummary: Codable, Sendable {
    var id: Int
    var title: String
}

/// The shop's screens, built and released on the main actor.
@MainActor
final class Screens: MainActorRouteHandler {
    private(set) var titles: [NavigationEntry.ID: String] = [:]

    func makeView(for entry: NavigationEntry) -> ViewHandle? {
        let product = try? entry.props(as: ProductSummary.self)
        titles[entry.id] = product?.title ?? entry.route
        return ViewHandle(rawValue: UInt(entry.id.rawValue))
    }

    func releaseView(_ view: ViewHandle, of entry: NavigationEntry) {
        titles[entry.id] = nil
    }
}

/// The app's navigation: one host over one router, drawing each event.
@MainActor
final class ShopNavigation {
    let host: NavigationHost
    let screens = Screens()

    init(registry: RouteRegistry) {
        host = NavigationHost(router: Router(registry: registry)) { event in
            // Draw the change; the command's transition lasts until this returns.
            print("draw", event.kind.rawValue)
        }
        host.defaultHandler = screens
    }

    func launch() async throws(NavRouterError) {
        try await host.start()
    }

    /// Opens a product from the home tab's root; each step starts when the previous one was drawn.
    func show(_ product: ProductSummary) async throws(NavRouterError) {
        try await host.selectTab(0)
        try await host.popToRoot()
        try await host.navigate("/shop/product/\(product.id)", props: product)
    }

    /// Opens the cart as a sheet.
    func openCart() async throws(NavRouterError) {
        try await host.present("/shop/cart")
    }

    /// Logs every change the user can see, as long as the app runs.
    func logChanges() async {
        for await event in host.events {
            if case .push(let entry, _) = event.change { print("opened", titles(entry)) }
        }
    }

    private func titles(_ entry: NavigationEntry) -> String { screens.titles[entry.id] ?? entry.route }
}
