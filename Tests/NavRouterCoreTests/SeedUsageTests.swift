import XCTest

@testable import NavRouterCore

/// The documented usage of each seed library, reproduced headless on navrouter.
final class CoreLayerUsageTests: XCTestCase {
    /// CoreLayer's `execute(url)`: the route's presentation decides push or present.
    func testExecutePushesOrPresentsByPresentationMode() throws {
        let (router, ledger, recorder) = try shopRouter()
        try router.navigate("myapp://shop/catalog")
        try router.navigate("myapp://shop/product/42")
        XCTAssertEqual(router.state.currentRoutes, ["catalog", "product"])
        try router.navigate("myapp://settings")
        XCTAssertEqual(router.state.layers.map(\.style), [.sheet])
        XCTAssertEqual(router.state.currentRoutes, ["settings"])
        XCTAssertEqual(recorder.kinds, [.tabSelected, .push, .present])
        ledger.check(router.state)
    }

    /// CoreLayer's `createURL(host:path:props:)`: props travel in the URL and reach the entry.
    func testCreateURLWithPropsRoundTrip() throws {
        let (router, _, recorder) = try shopRouter()
        let props: [String: JSONValue] = ["title": .string("Garden hose"), "price": .real(19.5)]
        let url = try router.registry.buildURL(route: "product", parameters: ["id": "7"], props: props, scheme: "myapp")
        try router.navigate(url)
        XCTAssertEqual(router.state.topEntry?.props, props)
        XCTAssertEqual(router.state.topEntry?.parameters, ["id": "7"])
        XCTAssertEqual(recorder.events.first { $0.kind == .push }?.entry?.props, props)
        var options = NavigationOptions()
        options.props = ["title": .string("override")]
        try router.push(url, options: options)
        XCTAssertEqual(router.state.topEntry?.props, ["title": .string("override")], "command props win over URL props")
    }
}

final class INNavigationUsageTests: XCTestCase {
    func testPushPopPopToRootPopAfterSet() throws {
        let (router, ledger, recorder) = try shopRouter()
        for id in 1...4 { try router.push("/shop/product/\(id)") }
        XCTAssertEqual(router.state.currentRoutes, ["home", "product", "product", "product", "product"])
        try router.pop()
        XCTAssertEqual(router.state.currentStack.count, 4)
        try router.popAfter(index: 1)
        XCTAssertEqual(router.state.currentStack.map { $0.parameters["id"] }, [nil, "1"])
        try router.popToRoot()
        XCTAssertEqual(router.state.currentRoutes, ["home"])
        try router.setStack(["/shop/category/garden", "/shop/product/9"])
        XCTAssertEqual(router.state.currentRoutes, ["home", "category", "product"], "a tab keeps its root")
        XCTAssertEqual(recorder.kinds.suffix(4), [.pop, .pop, .pop, .stackReplaced])
        let popEvent = recorder.events.first { $0.kind == .pop }!
        XCTAssertEqual(popEvent.entry?.parameters["id"], "3", "the event names the entry popped to")
        XCTAssertEqual(popEvent.removed.map { $0.parameters["id"] }, ["4"])
        ledger.check(router.state)
    }

    func testPresentFullScreenAndDismiss() throws {
        let (router, ledger, recorder) = try shopRouter()
        try router.present("/onboarding/welcome", style: .fullScreen)
        try router.push("/help/intro")
        XCTAssertEqual(router.state.layers.count, 1)
        XCTAssertEqual(router.state.layers[0].style, .fullScreen)
        XCTAssertEqual(
            router.state.currentRoutes, ["onboarding", "help"], "a push while a modal is shown goes onto its stack")
        try router.present("/settings")
        try router.dismiss()
        XCTAssertEqual(router.state.layers.count, 1)
        try router.dismissAll()
        XCTAssertEqual(router.state.layers.count, 0)
        XCTAssertEqual(recorder.kinds, [.present, .push, .present, .dismiss, .dismiss])
        XCTAssertEqual(recorder.events.last { $0.kind == .dismiss }?.removed.map(\.route), ["onboarding", "help"])
        ledger.check(router.state)
    }

    /// Chained steps wait for the host's transitions, run in order, and none is dropped.
    func testChainedStepsWaitForTransitionsAndNoneIsDropped() throws {
        let (router, ledger, recorder) = try shopRouter()
        router.transitionMode = .waitForHost
        guard case .applied(let first?) = try router.push("/shop/product/1") else {
            return XCTFail("the first step runs")
        }
        XCTAssertEqual(router.awaitedTransition, first)
        for id in 2...5 {
            XCTAssertEqual(try router.push("/shop/product/\(id)"), .queued(ticket: Ticket(UInt64(id - 1))))
        }
        try router.pop()
        XCTAssertEqual(router.queuedCommandCount, 5)
        XCTAssertEqual(router.state.currentStack.count, 2, "nothing applied while the transition runs")
        assertFails(.invalidArgument, "not the one awaited") {
            try router.transitionFinished(TransitionID(first.rawValue + 100))
        }
        var steps = 0
        while let awaited = router.awaitedTransition {
            try router.transitionFinished(awaited)
            steps += 1
        }
        XCTAssertEqual(steps, 6)
        XCTAssertEqual(router.state.currentStack.map { $0.parameters["id"] }, [nil, "1", "2", "3", "4"])
        XCTAssertEqual(recorder.kinds, [.push, .push, .push, .push, .push, .pop])
        assertFails(.invalidArgument, "no transition is awaited") { try router.transitionFinished(1) }
        ledger.check(router.state)
    }
}

final class RouterUsageTests: XCTestCase {
    /// Router's Navigator: tabs set up from the root routes with their items, then stack and modal transitions.
    func testTabsFromRootRoutesWithTheirItems() throws {
        let router = Router(registry: try shopRegistry())
        let recorder = EventRecorder()
        router.navigator = recorder.navigator
        try router.start()
        let setUp = try XCTUnwrap(recorder.events.first)
        XCTAssertEqual(setUp.kind, .tabsSetUp)
        XCTAssertEqual(setUp.entries.map(\.route), ["home", "catalog", "cart", "profile"])
        let titles = setUp.entries.map { router.registry.route(named: $0.route)?.metadata?["title"]?.stringValue }
        XCTAssertEqual(titles, ["Home", "Catalog", "Cart", "Profile"])
        XCTAssertEqual(router.state.selectedTab, 0)
        try router.navigate("/shop/cart")
        XCTAssertEqual(router.state.selectedTab, 2)
        try router.push("/shop/checkout")
        try router.navigate("/settings")
        try router.push("/help/faq")
        XCTAssertEqual(router.state.currentRoutes, ["settings", "help"])
        try router.navigate("/shop/home")
        XCTAssertEqual(router.state.layers.count, 0, "a root route dismisses modals")
        XCTAssertEqual(router.state.selectedTab, 0)
        XCTAssertEqual(router.state.tabs[2].stack.map(\.route), ["cart", "checkout"], "each tab keeps its stack")
        assertFails(.invalidArgument, "tab 9 does not exist") { try router.selectTab(9) }
    }

    func testFirstCommandStartsTheRouter() throws {
        let router = Router(registry: try shopRegistry())
        try router.push("/shop/product/3")
        XCTAssertEqual(router.state.tabs.count, 4)
        XCTAssertEqual(router.state.currentRoutes, ["home", "product"])
    }

    func testAnAppWithoutTabsHasOneMainStack() throws {
        let router = Router(registry: try makeRegistry([("a", "a"), ("b", "b/:id")]))
        try router.navigate("/a")
        try router.navigate("/b/1")
        XCTAssertEqual(router.state.tabs.count, 1)
        XCTAssertNil(router.state.tabs[0].route)
        XCTAssertEqual(router.state.currentRoutes, ["a", "b"])
        try router.pop()
        assertFails(.invalidArgument, "above its root") { try router.pop() }
        try router.setTabs(["/a", "/b/2"], selected: 1)
        XCTAssertEqual(router.state.tabs.map(\.route), ["a", "b"])
        XCTAssertEqual(router.state.selectedTab, 1)
    }
}

final class CoreNavigationUsageTests: XCTestCase {
    /// `user/<id>`: the destination is built from parameters, and navigating works by abstract path.
    func testBuildingTheDestinationFromParameters() throws {
        let registry = try makeRegistry([("user", "user/<int:id>"), ("settings", "user/<int:id>/settings")])
        let router = Router(registry: registry)
        try router.navigate(try registry.buildURL(route: "user", parameters: ["id": "42"]))
        XCTAssertEqual(router.state.topEntry?.parameters, ["id": "42"])
        try router.navigate("user/42/settings")
        XCTAssertEqual(router.state.currentRoutes, ["user", "settings"])
        assertFails(.notFound) { try router.navigate("user/abc") }
        XCTAssertEqual(router.state.currentRoutes, ["user", "settings"], "a failed command changes nothing")
    }
}
