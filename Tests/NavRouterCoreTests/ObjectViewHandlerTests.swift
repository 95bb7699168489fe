import NavRouterCore
import Synchronization
import XCTest

/// The host's own view objects, kept by the router's handler: read back from entries, released exactly once.
final class ObjectViewHandlerTests: XCTestCase {
    final class Screen: Sendable {
        let route: String
        let released = Atomic(0)
        init(route: String) { self.route = route }
    }

    final class Other: Sendable {}

    private func router(_ handler: some RouteHandler) throws -> Router {
        let (router, _, _) = try shopRouter()
        router.defaultHandler = handler
        return router
    }

    func testAViewIsReadBackFromItsEntryAndReleasedOnceWhenItLeaves() throws {
        let made = Mutex<[Screen]>([])
        let handler = ObjectViewHandler<Screen> { entry in
            let screen = Screen(route: entry.route)
            made.withLock { $0.append(screen) }
            return screen
        } release: { screen, entry in
            XCTAssertEqual(screen.route, entry.route)
            screen.released.add(1, ordering: .relaxed)
        }
        let router = try router(handler)
        try router.push("/shop/product/7")
        let entry = try XCTUnwrap(router.state.topEntry)
        let screen = try XCTUnwrap(entry.view(as: Screen.self))
        XCTAssertEqual(screen.route, "product")
        XCTAssertNil(entry.view(as: Other.self), "a view read as another type is none")
        try router.pop()
        XCTAssertEqual(screen.released.load(ordering: .relaxed), 1)
        XCTAssertNil(entry.view(as: Screen.self), "an entry that left the state has no view any more")
        router.close()
        XCTAssertTrue(made.withLock { $0.allSatisfy { $0.released.load(ordering: .relaxed) == 1 } })
    }

    func testAHandlerThatDeclinesFailsTheCommandAndChangesNothing() throws {
        let router = try router(ObjectViewHandler<Screen> { $0.route == "product" ? nil : Screen(route: $0.route) })
        let before = router.state
        assertFails(.callback, "declined to build a view") { try router.push("/shop/product/7") }
        XCTAssertEqual(router.state, before)
        try router.push("/settings")
        XCTAssertEqual(router.state.topEntry?.view(as: Screen.self)?.route, "settings")
    }

    func testAnEntryOfAHandleHandlerHasNoViewObject() throws {
        let router = try router(ClosureRouteHandler { _ in ViewHandle(rawValue: 1) })
        try router.push("/shop/product/7")
        XCTAssertEqual(router.state.topEntry?.view, ViewHandle(rawValue: 1))
        XCTAssertNil(router.state.topEntry?.view(as: Screen.self))
    }
}
