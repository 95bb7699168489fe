import NavRouterCore
import Synchronization
import XCTest

/// An in-app link whose parent chain belongs to another tab (`/inbox/42` from the feed tab): by default it lands
/// where the user is (pushed onto the current tab); with `buildBackStack` (the default for external links) the router
/// switches to the tab of the chain's root and its stack becomes the chain, as go_router's `go` and Expo Router do.
final class CrossTabLinkTests: XCTestCase {
    private func inboxApp() throws -> Router {
        let registry = try RouteRegistry()
        try registry.register([
            Route(name: "feed", pattern: "feed", presentation: .root),
            Route(name: "post", pattern: "feed/<int:id>", parent: "feed"),
            Route(name: "inbox", pattern: "inbox", presentation: .root),
            Route(name: "message", pattern: "inbox/<int:id>", external: true, parent: "inbox"),
        ])
        let router = Router(registry: registry)
        try router.start()
        return router
    }

    private func stacks(_ router: Router) -> [[String]] {
        router.state.tabs.map { $0.stack.map(\.url) }
    }

    func testAnInAppLinkLandsOnTheCurrentTabByDefault() throws {
        let router = try inboxApp()
        try router.navigate("/feed/1")
        try router.navigate("/inbox/42")
        XCTAssertEqual(router.state.selectedTab, 0, "the user stays where they are")
        XCTAssertEqual(stacks(router), [["/feed", "/feed/1", "/inbox/42"], ["/inbox"]])
    }

    func testBuildBackStackSwitchesToTheChainsTabAndKeepsTheOtherTabs() throws {
        let router = try inboxApp()
        try router.navigate("/feed/1")
        let events = Mutex<[String]>([])
        router.navigator = { event in
            events.withLock { $0.append(event.kind.rawValue) }
            return true
        }
        try router.navigate("/inbox/42", options: NavigationOptions { $0.buildBackStack = true })
        XCTAssertEqual(router.state.selectedTab, 1, "switched to the inbox tab")
        XCTAssertEqual(stacks(router), [["/feed", "/feed/1"], ["/inbox", "/inbox/42"]], "the feed tab is kept")
        XCTAssertEqual(events.withLock { $0.first }, "tab_selected")
        // Back returns within the inbox tab, to its root, not to the feed tab.
        try router.back()
        XCTAssertEqual(router.state.selectedTab, 1)
        XCTAssertEqual(stacks(router)[1], ["/inbox"])
    }

    func testTheChainsTabBecomesTheChainAndAnExternalLinkDoesTheSame() throws {
        let router = try inboxApp()
        try router.selectTab(route: "inbox")
        try router.navigate("/inbox/7")
        try router.selectTab(route: "feed")
        try router.navigate("/inbox/42", options: NavigationOptions { $0.buildBackStack = true })
        XCTAssertEqual(stacks(router)[1], ["/inbox", "/inbox/42"], "the tab's stack is the link's chain: 7 went")
        try router.selectTab(route: "feed")
        try router.navigate("/inbox/43", options: NavigationOptions { $0.external = true })
        XCTAssertEqual(router.state.selectedTab, 1)
        XCTAssertEqual(stacks(router)[1], ["/inbox", "/inbox/43"])
        // Opting out: an external link pushed where the user is.
        try router.selectTab(route: "feed")
        try router.navigate(
            "/inbox/44",
            options: NavigationOptions {
                $0.external = true
                $0.buildBackStack = false
            })
        XCTAssertEqual(router.state.selectedTab, 0)
        XCTAssertEqual(stacks(router)[0], ["/feed", "/inbox/44"])
    }
}
