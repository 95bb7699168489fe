import NavRouterCore
import XCTest

/// Routes declared as types: registered from the type, navigated to by value, read back typed.
final class TypedRouteTests: XCTestCase {
    struct HomeRoute: TypedRoute, Equatable {
        static let routeName = "home"
        static let pattern = "home"
        static let presentation = Presentation.root
        var parameters: [String: String] { [:] }
        init() {}
        init?(parameters: [String: String]) {}
    }

    struct ProductRoute: TypedRoute, Equatable {
        static let routeName = "product"
        static let pattern = "shop/product/<int:id>"
        static let parent: String? = "home"
        static let aliases = ["item/<int:id>"]
        var id: Int64
        var ref: String?
        var parameters: [String: String] {
            var parameters = ["id": String(id)]
            if let ref { parameters["ref"] = ref }
            return parameters
        }
        init(id: Int64, ref: String? = nil) { (self.id, self.ref) = (id, ref) }
        init?(parameters: [String: String]) {
            guard let id = parameters["id"].flatMap(Int64.init) else { return nil }
            self.init(id: id, ref: parameters["ref"])
        }
    }

    private func registry() throws -> RouteRegistry {
        let registry = try RouteRegistry()
        try registry.register(HomeRoute.self)
        try registry.register(ProductRoute.self)
        return registry
    }

    func testATypedRouteRegistersNavigatesAndReadsBack() throws {
        let registry = try registry()
        XCTAssertEqual(registry.table.route(named: "product")?.parent, "home")
        // What a declaration leaves out takes the defaults: pushed, no login, no external link, no query parameters.
        let product = try XCTUnwrap(registry.table.route(named: "product"))
        XCTAssertEqual(product.presentation, .push)
        XCTAssertFalse(product.requiresAuth)
        XCTAssertFalse(product.external)
        XCTAssertEqual(product.queryParameters, [])
        XCTAssertNil(registry.table.route(named: "home")?.parent)
        let router = Router(registry: registry)
        try router.start()
        try router.push(ProductRoute(id: 7, ref: "mail"))
        XCTAssertEqual(router.state.topEntry?.url, "/shop/product/7?ref=mail")
        XCTAssertEqual(router.state.topEntry?.route(as: ProductRoute.self), ProductRoute(id: 7, ref: "mail"))
        XCTAssertNil(router.state.topEntry?.route(as: HomeRoute.self), "another route's entry is not read as this one")
        XCTAssertEqual(router.state.currentStack.first?.route(as: HomeRoute.self), HomeRoute())
        try router.navigate(to: ProductRoute(id: 8))
        XCTAssertEqual(router.state.currentStack.compactMap { $0.route(as: ProductRoute.self)?.id }, [7, 8])
        // An alias reaches the same typed route.
        XCTAssertEqual(ProductRoute(match: try registry.resolve("/item/9")), ProductRoute(id: 9))
        XCTAssertEqual(try ProductRoute(id: 3).url(in: registry, scheme: "myapp"), "myapp://shop/product/3")
    }

    func testATypedRouteOfAnotherRegistryIsRefusedClearly() throws {
        let (router, _, _) = try shopRouter()  // the shop manifest: its product route has this pattern
        try router.push(ProductRoute(id: 5))
        XCTAssertEqual(router.state.topEntry?.route(as: ProductRoute.self), ProductRoute(id: 5))
        let spelt = Router(registry: try makeRegistry([("home", "home"), ("product", "/SHOP/Product/<int:id>")]))
        try spelt.navigate(to: ProductRoute(id: 5))  // the same pattern, spelt otherwise
        let other = Router(registry: try makeRegistry([("home", "home"), ("product", "products/<int:id>")]))
        assertFails(.conflict, "pattern 'products/<int:id>' in this registry", "ProductRoute", "another registry") {
            try other.push(ProductRoute(id: 5))
        }
        // As many segments, one literal different: still another pattern, whatever the case.
        for registry in [
            try makeRegistry([("home", "home"), ("product", "shop/item/<int:id>")]),
            try makeRegistry([("home", "home"), ("product", "shop/ITEM/<int:id>")], caseSensitive: true),
        ] {
            assertFails(.conflict, "in this registry", "another registry") {
                try Router(registry: registry).push(ProductRoute(id: 5))
            }
        }
        let empty = Router(registry: try makeRegistry([("home", "home")]))
        assertFails(.notFound, "route 'product' of ProductRoute is not registered") {
            try empty.navigate(to: ProductRoute(id: 5))
        }
        XCTAssertEqual(empty.state.entryCount, 0, "a refused typed route changes nothing")
    }

    func testParametersThatDoNotFitReadAsNoRoute() throws {
        XCTAssertNil(ProductRoute(parameters: ["id": "x"]))
        XCTAssertNil(ProductRoute(parameters: [:]))
        assertFails(.invalidPattern) {
            struct Broken: TypedRoute {
                static let routeName = "broken"
                static let pattern = "a/<nope:id>"
                var parameters: [String: String] { [:] }
                init?(parameters: [String: String]) { nil }
            }
            return try Broken.route()
        }
    }
}
