import NavRouter
import XCTest

/// Views built and released on the main actor; a background command cannot build a main-actor view.
@MainActor
final class MainActorHandlerTests: XCTestCase {
    func testViewsAreBuiltAndReleasedOnTheMainActor() async throws {
        let host = NavigationHost(router: Router(registry: try makeShopRegistry()))
        let views = ViewStore()
        host.defaultHandler = views
        XCTAssertTrue(host.defaultHandler === views)
        try await host.start()
        try await host.push("/shop/product/1")
        try await host.pop()
        XCTAssertEqual(views.made.count, 3, "two tab roots and the product")
        XCTAssertEqual(views.released.count, 1)
        host.close()
        XCTAssertEqual(views.released.count, 3, "closing released every view")
    }

    func testACommandFromABackgroundThreadCannotBuildAMainActorView() async throws {
        let host = NavigationHost(router: Router(registry: try makeShopRegistry()))
        let views = ViewStore()
        try host.setHandler(views, forRoute: "product")
        try await host.start()
        let router = host.router
        let before = router.state
        let failure = await Task.detached { () -> NavRouterError? in
            do throws(NavRouterError) {
                try router.push("/shop/product/1")
                return nil
            } catch {
                return error
            }
        }.value
        XCTAssertEqual(failure?.code, .callback)
        XCTAssertEqual(router.state, before, "nothing changed")
        XCTAssertEqual(views.made, [])
    }

    func testReleasesFromABackgroundThreadReachTheMainActor() async throws {
        let registry = try makeShopRegistry()
        let host = NavigationHost(router: Router(registry: registry))
        let views = ViewStore()
        host.defaultHandler = views
        try await host.start()
        try await host.push("/shop/product/1")
        let router = host.router
        await Task.detached { router.close() }.value
        for _ in 0..<10 where views.released.count < 3 { await Task.yield() }
        XCTAssertEqual(views.released.count, 3)
    }
}
