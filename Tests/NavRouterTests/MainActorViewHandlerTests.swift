import NavRouter
import XCTest

/// Views that are main-actor objects, not `Sendable`, kept by the handler that made them.
@MainActor
final class MainActorViewHandlerTests: XCTestCase {
    /// A view object as a UI host has them: main-actor state, not `Sendable`.
    final class Screen {
        let route: String
        var visible = true
        init(route: String) { self.route = route }
    }

    func testViewsAreKeptReadBackAndReleasedOnce() async throws {
        let host = NavigationHost(router: Router(registry: try makeShopRegistry()))
        var released: [String] = []
        let screens = MainActorViewHandler<Screen>(
            make: { Screen(route: $0.route) },
            release: { screen, _ in
                screen.visible = false
                released.append(screen.route)
            })
        let other = MainActorViewHandler<Screen>(make: { Screen(route: "other-" + $0.route) })
        host.defaultHandler = screens
        try host.setHandler(other, forRoute: "reviews")
        try await host.start()
        try await host.navigate("/shop/product/7")
        let product = try XCTUnwrap(host.router.state.topEntry)
        let screen = try XCTUnwrap(screens.view(for: product))
        XCTAssertEqual(screen.route, "product")
        try await host.navigate("/shop/product/7/reviews")
        let reviews = try XCTUnwrap(host.router.state.topEntry)
        XCTAssertEqual(other.view(for: reviews)?.route, "other-reviews")
        XCTAssertNil(screens.view(for: reviews), "a view another handler made is not read as this one's")
        try await host.pop()
        try await host.pop()
        XCTAssertEqual(released, ["product"], "released once, on the main actor")
        XCTAssertFalse(screen.visible)
        XCTAssertNil(screens.view(for: product), "a stale entry does not reach its released view")
        XCTAssertEqual(other.count, 0)
        host.close()
    }
}
