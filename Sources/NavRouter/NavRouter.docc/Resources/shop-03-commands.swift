import NavRouter

/// A product's screen reads its props back as this type.
struct ProductSummary: Codable, Sendable {
    var id: Int
    var title: String
}

/// The app's navigation: one host over one router, drawing each event.
@MainActor
final class ShopNavigation {
    let host: NavigationHost

    init(registry: RouteRegistry) {
        host = NavigationHost(router: Router(registry: registry)) { event in
            // Draw the change; the command's transition lasts until this returns.
            print("draw", event.kind.rawValue)
        }
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
}
