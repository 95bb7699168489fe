import NavRouter

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
}
