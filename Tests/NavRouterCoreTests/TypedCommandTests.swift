import NavRouterCore
import Synchronization
import XCTest

/// The commands that take a route's type rather than a value: tabs by their root route, `popUpTo` by a route, and
/// interceptors that receive the destination as a typed route.
final class TypedCommandTests: XCTestCase {
    typealias HomeRoute = TypedRouteTests.HomeRoute

    struct SettingsRoute: TypedRoute, Equatable {
        static let routeName = "settings"
        static let pattern = "settings"
        static let presentation = Presentation.root
        var parameters: [String: String] { [:] }
        init() {}
        init?(parameters: [String: String]) {}
    }

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

    /// A product whose own reading refuses what the pattern takes (ids of 0 and below).
    struct PositiveProductRoute: TypedRoute {
        static let routeName = "product"
        static let pattern = "shop/product/<int:id>"
        var id: Int64
        var parameters: [String: String] { ["id": String(id)] }
        init?(parameters: [String: String]) {
            guard let id = parameters["id"].flatMap(Int64.init), id > 0 else { return nil }
            self.id = id
        }
    }

    struct ElsewhereRoute: TypedRoute {
        static let routeName = "elsewhere"
        static let pattern = "elsewhere"
        static let presentation = Presentation.root
        var parameters: [String: String] { [:] }
        init?(parameters: [String: String]) {}
    }

    private func router() throws -> Router {
        let registry = try RouteRegistry()
        for type in [HomeRoute.self, SettingsRoute.self, ProductRoute.self] as [any TypedRoute.Type] {
            try registry.register(type)
        }
        let router = Router(registry: registry)
        try router.start()
        return router
    }

    func testSelectTabTakesTheTabsRootRoute() throws {
        let router = try router()
        XCTAssertEqual(router.state.selectedTab, 0)
        try router.selectTab(SettingsRoute.self)
        XCTAssertEqual(router.state.tabs[router.state.selectedTab].route, "settings")
        try router.selectTab(HomeRoute.self)
        XCTAssertEqual(router.state.selectedTab, 0)
        let before = router.state
        assertFails(.notFound, "route 'elsewhere' of ElsewhereRoute is not registered") {
            try router.selectTab(ElsewhereRoute.self)
        }
        assertFails(.notFound, "no tab has the root route 'product'") { try router.selectTab(ProductRoute.self) }
        XCTAssertEqual(router.state, before, "a refused command changes nothing")
    }

    func testPopUpToTakesARouteType() throws {
        let router = try router()
        for id in 1...3 { try router.push(ProductRoute(id: Int64(id))) }
        var options = NavigationOptions()
        options.popUp(to: HomeRoute.self)
        try router.push(ProductRoute(id: 9), options: options)
        XCTAssertEqual(router.state.currentStack.map(\.route), ["home", "product"])
        XCTAssertEqual(NavigationOptions(popUpTo: ProductRoute.self, inclusive: true).popUpTo, "product")
        XCTAssertEqual(NavigationOptions(popUpTo: ProductRoute.self, inclusive: true).popUpToInclusive, true)
    }

    func testATabByItsRouteIsLookedUpWhenTheCommandRunsNotWhenItIsIssued() throws {
        let router = try router()
        router.transitionMode = .waitForHost
        guard case .applied(let first?) = try router.push(ProductRoute(id: 1)) else { return XCTFail("applied") }
        // Queued behind the push: the tabs change first (settings first, home second), then the tab is looked up.
        guard case .queued = try router.setTabs(["/settings", "/home"], selected: 0) else { return XCTFail("queued") }
        guard case .queued = try router.selectTab(route: "home") else { return XCTFail("queued") }
        try router.transitionFinished(first)
        while let transition = router.awaitedTransition { try router.transitionFinished(transition) }
        XCTAssertEqual(router.state.tabs.map(\.route), ["settings", "home"])
        XCTAssertEqual(router.state.selectedTab, 1, "the home tab of the tabs as they were when the command ran")
    }

    func testATabByItsRouteIsOneLoggedCommandThatReplays() throws {
        let command = NavigationCommand.selectTabOfRoute(route: "settings")
        XCTAssertEqual(command.jsonValue, ["command": "select_tab", "route": "settings"])
        XCTAssertEqual(try NavigationCommand(json: command.jsonValue), command)
        let router = try router()
        router.setOptions(RouterOptions { $0.recordsLog = true })
        try router.selectTab(route: "settings")
        assertFails(.notFound, "no tab has the root route 'setings' (the tabs' roots: 'home', 'settings')") {
            try router.selectTab(route: "setings")
        }
        let replayed = Router(registry: router.registry)
        XCTAssertNil(try replayed.replay(router.transactionLogLines).divergence)
        XCTAssertEqual(replayed.snapshot(), router.snapshot())
    }

    func testATypedInterceptorSeesItsRouteTyped() throws {
        let router = try router()
        let seen = Mutex<[Int64]>([])
        try router.registry.addInterceptor(for: ProductRoute.self, name: "odd products") { product, context in
            seen.withLock { $0.append(product.id) }
            XCTAssertEqual(context.phase, .before)
            return product.id % 2 == 1 ? .cancel(reason: "odd") : .proceed
        }
        try router.push(ProductRoute(id: 2))
        assertFails(.cancelled, "odd") { try router.push(ProductRoute(id: 3)) }
        try router.navigate("/home")
        XCTAssertEqual(seen.withLock { $0 }, [2, 3], "runs for its route only, with the destination typed")
        assertFails(.notFound, "route 'elsewhere' of ElsewhereRoute is not registered") {
            try router.registry.addInterceptor(for: ElsewhereRoute.self, name: "x") { _, _ in .proceed }
        }
    }

    func testADestinationItsTypeCannotReadIsCancelledNeverLetThrough() throws {
        let router = try router()
        let asked = Mutex(0)
        try router.registry.addInterceptor(for: PositiveProductRoute.self, name: "positive") { _, _ in
            asked.withLock { $0 += 1 }
            return .proceed
        }
        try router.push(ProductRoute(id: 4))
        let before = router.snapshot()
        do {
            try router.navigate("/shop/product/0")
            XCTFail("let through")
        } catch {
            XCTAssertEqual(error.code, .cancelled)
            XCTAssertEqual(
                error.message,
                "navigation to 'product' cancelled by interceptor 'positive': the parameters do not fit "
                    + "PositiveProductRoute", "the interceptor named once")
        }
        XCTAssertEqual(router.snapshot(), before, "nothing changed")
        XCTAssertEqual(asked.withLock { $0 }, 1, "the body only ever sees a route it can read")
    }
}
