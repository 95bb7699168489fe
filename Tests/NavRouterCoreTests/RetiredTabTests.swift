import NavRouterCore
import Synchronization
import XCTest

/// A tab whose root route leaves the registry (its module removed) goes with its whole stack; the navigator is told
/// which entries left, so that it can release their screens.
final class RetiredTabTests: XCTestCase {
    func testARetiredTabsEntriesAreNamedInTheTabsEvent() throws {
        let registry = try RouteRegistry()
        try registry.register([
            Route(name: "home", pattern: "home", presentation: .root),
            Route(name: "promo", pattern: "promo", presentation: .root, module: "promo"),
            Route(name: "offer", pattern: "promo/<int:id>", parent: "promo", module: "promo"),
        ])
        let router = Router(registry: registry)
        try router.start()
        try router.selectTab(route: "promo")
        try router.navigate("/promo/7")
        let doomed = router.state.tabs[1].stack.map(\.id)
        let events = Mutex<[NavigationEvent]>([])
        router.navigator = { event in
            events.withLock { $0.append(event) }
            return true
        }
        XCTAssertEqual(try registry.unregisterModule("promo"), 2)
        XCTAssertEqual(router.state.tabs.map(\.route), ["home"])
        let setUp = try XCTUnwrap(events.withLock { $0 }.first { $0.kind == .tabsSetUp })
        XCTAssertEqual(setUp.removed.map(\.id), doomed, "the promo tab's root and its offer left")
        XCTAssertEqual(setUp.entries.map(\.route), ["home"])
        XCTAssertEqual(setUp.location, .tab(0), "the tab selected now: promo's went, home is the nearest before it")
    }
}
