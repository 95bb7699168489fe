import NavRouter
import XCTest

/// Typed routes as the host's `async` commands.
@MainActor
final class TypedRouteHostTests: XCTestCase {
    struct ProductRoute: TypedRoute, Equatable {
        static let routeName = "product"
        static let pattern = "shop/product/<int:id>"
        var id: Int64
        var parameters: [String: String] { ["id": String(id)] }
        init(id: Int64) { self.id = id }
        init?(parameters: [String: String]) {
            guard let id = parameters["id"].flatMap(Int64.init) else { return nil }
            self.init(id: id)
        }
    }

    struct AccountRoute: TypedRoute {
        static let routeName = "account"
        static let pattern = "account"
        static let presentation = Presentation.root
        var parameters: [String: String] { [:] }
        init?(parameters: [String: String]) {}
    }

    func testTheHostSelectsATabByItsRootRoute() async throws {
        let host = NavigationHost(router: Router(registry: try makeShopRegistry()))
        try await host.start()
        try await host.selectTab(AccountRoute.self)
        XCTAssertEqual(host.router.state.tabs[host.router.state.selectedTab].route, "account")
        do {
            try await host.selectTab(ProductRoute.self)
            XCTFail("a route that roots no tab is refused")
        } catch {
            XCTAssertEqual(error.code, .notFound)
        }
        host.close()
    }

    func testTheHostPushesAndNavigatesToTypedRoutes() async throws {
        let host = NavigationHost(router: Router(registry: try makeShopRegistry()))
        try await host.start()
        try await host.push(ProductRoute(id: 3))
        try await host.navigate(to: ProductRoute(id: 4))
        let products = host.router.state.currentStack.compactMap { $0.route(as: ProductRoute.self) }
        XCTAssertEqual(products, [ProductRoute(id: 3), ProductRoute(id: 4)])
        host.close()
    }
}
