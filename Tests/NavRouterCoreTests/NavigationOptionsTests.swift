import XCTest

@testable import NavRouterCore

final class NavigationOptionsTests: XCTestCase {
    func testSingleTopDoesNotPushTheSameEntryTwice() throws {
        let (router, _, recorder) = try shopRouter()
        let singleTop = NavigationOptions { $0.singleTop = true }
        try router.push("/shop/product/1", options: singleTop)
        XCTAssertEqual(try router.push("/shop/product/1", options: singleTop), .applied(transition: nil))
        try router.push("/shop/product/2", options: singleTop)
        XCTAssertEqual(router.state.currentStack.map { $0.parameters["id"] }, [nil, "1", "2"])
        XCTAssertEqual(recorder.kinds, [.push, .push])
    }

    func testOptionsCompareByTheirValuesHoweverTheyWereSet() {
        // popUpTo, props and tab are kept in one box shared by copies: set back to nil, the options equal defaults.
        var options = NavigationOptions()
        options.popUpTo = "category"
        options.props = ["a": .integer(1)]
        options.tab = "inbox"
        XCTAssertNotEqual(options, NavigationOptions())
        var copy = options
        copy.tab = nil
        XCTAssertEqual(options.tab, "inbox", "a copy's change leaves the original as it was")
        XCTAssertEqual(copy.popUpTo, "category")
        XCTAssertEqual(copy.props, ["a": .integer(1)])
        copy.popUpTo = nil
        copy.props = nil
        XCTAssertEqual(copy, NavigationOptions())
        XCTAssertNil(copy.popUpTo)
        XCTAssertEqual(
            options,
            NavigationOptions {
                $0.tab = "inbox"
                $0.popUpTo = "category"
                $0.props = ["a": .integer(1)]
            })
    }

    func testPopUpToInclusiveAndNot() throws {
        let (router, ledger, _) = try shopRouter()
        try router.setStack(["/shop/category/a", "/shop/product/1", "/shop/product/2"])
        try router.push("/shop/search?q=x", options: NavigationOptions { $0.popUpTo = "category" })
        XCTAssertEqual(router.state.currentRoutes, ["home", "category", "search"])
        try router.push(
            "/shop/product/3",
            options: NavigationOptions {
                $0.popUpTo = "category"
                $0.popUpToInclusive = true
            })
        XCTAssertEqual(router.state.currentRoutes, ["home", "product"])
        try router.push("/shop/product/4", options: NavigationOptions { $0.popUpTo = "nothing-like-it" })
        XCTAssertEqual(
            router.state.currentRoutes, ["home", "product", "product"], "an absent pop-up-to route pops nothing")
        ledger.check(router.state)
    }

    func testClearTop() throws {
        let (router, ledger, _) = try shopRouter()
        try router.setStack(["/shop/category/a", "/shop/product/1", "/shop/search?q=x"])
        try router.push("/shop/category/b", options: NavigationOptions { $0.clearTop = true })
        XCTAssertEqual(router.state.currentRoutes, ["home", "category"])
        XCTAssertEqual(router.state.topEntry?.parameters["slug"], "b")
        let kept = router.state.topEntry!.id
        try router.push("/shop/product/5")
        try router.push(
            "/shop/category/b",
            options: NavigationOptions {
                $0.clearTop = true
                $0.singleTop = true
            })
        XCTAssertEqual(router.state.topEntry?.id, kept, "clear-top with single-top keeps the existing entry")
        ledger.check(router.state)
    }

    func testReplaceAndReplaceTop() throws {
        let (router, ledger, recorder) = try shopRouter()
        try router.setStack(["/shop/product/1", "/shop/product/2"])
        try router.navigate("/shop/category/x", options: NavigationOptions { $0.replace = true })
        XCTAssertEqual(router.state.currentRoutes, ["home", "category"])
        try router.replaceTop("/shop/product/9")
        XCTAssertEqual(router.state.currentRoutes, ["home", "product"])
        XCTAssertEqual(recorder.events.last { $0.kind == .stackReplaced }?.removed.map(\.route), ["category"])
        try router.popToRoot()
        assertFails(.invalidArgument, "root of tab 'home'") { try router.replaceTop("/shop/product/1") }
        ledger.check(router.state)
    }

    func testBuildBackStackFromParents() throws {
        let (router, ledger, recorder) = try shopRouter()
        try router.navigate("/settings")
        try router.navigate(
            "/shop/product/42/review",
            options: NavigationOptions {
                $0.buildBackStack = true
                $0.presentation = .push
            })
        XCTAssertEqual(router.state.layers.count, 0)
        XCTAssertEqual(router.state.selectedTab, 1, "the root ancestor's tab is selected")
        XCTAssertEqual(router.state.currentRoutes, ["catalog", "product", "review"])
        XCTAssertEqual(router.state.currentStack[1].parameters, ["id": "42"], "parameters are inherited by name")
        XCTAssertEqual(recorder.kinds, [.present, .dismiss, .tabSelected, .stackReplaced])
        // An ancestor already in the stack is kept; only what is missing is built.
        try router.navigate(
            "/shop/product/42/review",
            options: NavigationOptions {
                $0.buildBackStack = true
                $0.presentation = .push
            })
        XCTAssertEqual(router.state.currentRoutes, ["catalog", "product", "review"])
        XCTAssertEqual(router.state.currentStack[1].id, 6, "the product entry stayed")
        ledger.check(router.state)
    }

    func testExternalLinksBuildTheBackStackByDefault() throws {
        let (router, _, _) = try shopRouter()
        try router.navigate(
            "https://shop.example.com/shop/product/7", options: NavigationOptions { $0.external = true })
        XCTAssertEqual(router.state.currentRoutes, ["catalog", "product"])
        try router.navigate("/shop/product/8")
        XCTAssertEqual(router.state.currentRoutes, ["catalog", "product", "product"], "internal links just push")
    }

    func testBackStackFailsCleanlyWhenAParentCannotBeBuilt() throws {
        let registry = try RouteRegistry()
        try registry.register([
            Route(name: "list", pattern: "list/:owner"), Route(name: "item", pattern: "item/:id", parent: "list"),
            Route(name: "owned", pattern: "owned/:owner/:id", parent: "list"), Route(name: "home", pattern: "home"),
        ])
        let router = Router(registry: registry)
        try router.navigate("/home")
        let before = router.state
        assertFails(.missingParameter, "back stack of 'item' at 'list'") {
            try router.navigate("/item/1", options: NavigationOptions { $0.buildBackStack = true })
        }
        assertFails(.missingParameter, "back stack of 'item' at 'list'") {
            try router.navigate("/item/1?owner=me", options: NavigationOptions { $0.buildBackStack = true })
        }
        XCTAssertEqual(router.state, before, "parents take parameters from the path only, never from the query")
        try router.navigate("/owned/me/1", options: NavigationOptions { $0.buildBackStack = true })
        XCTAssertEqual(router.state.currentRoutes, ["list", "owned"], "the main stack is replaced by the chain")
        XCTAssertEqual(router.state.currentStack[0].parameters, ["owner": "me"])
    }
}

final class NavigationResultTests: XCTestCase {
    func testResultsReachTheOpener() throws {
        let (router, ledger, recorder) = try shopRouter()
        let opener = router.state.topEntry!.id
        try router.present("/shop/search?q=x", options: NavigationOptions { $0.expectsResult = true })
        try router.push("/shop/product/1")
        try router.dismiss(result: .object(["picked": .integer(1)]))
        let delivered = try XCTUnwrap(recorder.events.first { $0.kind == .resultDelivered })
        XCTAssertEqual(delivered.entry?.id, opener)
        XCTAssertEqual(delivered.result, .object(["picked": .integer(1)]))
        try router.push("/shop/product/2", options: NavigationOptions { $0.expectsResult = true })
        try router.pop()
        let none = try XCTUnwrap(recorder.events.last { $0.kind == .resultDelivered })
        XCTAssertNil(none.result, "popped without a result: the event says so")
        XCTAssertEqual(none.entry?.id, opener)
        ledger.check(router.state)
    }
}

final class UserChangeTests: XCTestCase {
    func testUserPopsAndDismissalsAreSyncedNotVetoed() throws {
        let (router, ledger, recorder) = try shopRouter()
        try router.setStack(["/shop/product/1", "/shop/product/2", "/shop/product/3"])
        let target = router.state.currentStack[1].id
        try router.userPopped(to: target)
        XCTAssertEqual(router.state.topEntry?.id, target)
        XCTAssertEqual(recorder.events.last { $0.kind == .pop }?.userInitiated, true)
        try router.present("/settings", preventDismissal: true)
        assertFails(.denied, "prevents dismissal") { try router.back() }
        assertFails(.denied, "prevents dismissal by the user") { try router.userDismissed() }
        XCTAssertEqual(router.state.layers.count, 1, "a layer that prevents dismissal is not dismissed by the user")
        try router.dismiss()
        try router.present("/settings")
        try router.userDismissed()
        XCTAssertTrue(router.state.layers.isEmpty)
        XCTAssertEqual(recorder.events.last { $0.kind == .dismiss }?.userInitiated, true)
        assertFails(.notFound) { try router.userPopped(to: 9999) }
        ledger.check(router.state)
    }

    func testBack() throws {
        let (router, _, _) = try shopRouter()
        assertFails(.notFound, "nothing to go back to") { try router.back() }
        try router.push("/shop/product/1")
        try router.present("/settings")
        try router.back()
        XCTAssertTrue(router.state.layers.isEmpty, "back at a modal's root dismisses it")
        try router.back()
        XCTAssertEqual(router.state.currentRoutes, ["home"])
    }

    /// A deadline of `.seconds(.max)` ("never") was written as -1000 ms (the conversion wrapped), which reading the
    /// options back refused and a replayed log took as "at once". Whole milliseconds saturate; a negative deadline is
    /// refused on a navigation (as the C ABI refuses it) and counts as zero in the router's options.
    func testFlowDeadlinesSurviveJSONWhateverTheirSize() throws {
        let never = NavigationOptions { $0.flowDeadline = .seconds(Int64.max) }
        XCTAssertEqual(never.jsonValue.objectValue?["flow_deadline_ms"], .integer(Int64.max))
        XCTAssertEqual(try NavigationOptions(json: never.jsonValue).flowDeadline, .milliseconds(Int64.max))
        let routerNever = RouterOptions { $0.flowDeadline = .seconds(Int64.max) }
        XCTAssertEqual(try RouterOptions(json: routerNever.jsonValue).flowDeadline, .milliseconds(Int64.max))
        let routerPast = RouterOptions { $0.flowDeadline = .seconds(-3) }
        XCTAssertEqual(routerPast.jsonValue.objectValue?["flow_deadline_ms"], .integer(0))
        XCTAssertEqual(try RouterOptions(json: routerPast.jsonValue).flowDeadline, .zero)
        assertFails(.invalidJSON, "options.flow_deadline_ms: must not be negative") {
            try NavigationOptions(json: ["flow_deadline_ms": -1])
        }

        let (router, _, _) = try shopRouter(authenticated: false)
        router.registry.guards.authenticationHandler = LoginDesk()
        let before = router.state
        assertFails(.invalidArgument, "flowDeadline must not be negative") {
            try router.navigate("/shop/checkout", options: NavigationOptions { $0.flowDeadline = .seconds(-1) })
        }
        XCTAssertEqual(router.state, before)
        router.setOptions(RouterOptions { $0.flowDeadline = .seconds(-1) })
        guard case .pending(let flow) = try router.navigate("/shop/checkout") else { return XCTFail("not pending") }
        router.expireFlows()  // a negative deadline counts as zero: the flow has expired
        assertFails(.invalidArgument, "flow") { try router.resumeFlow(flow, decision: .proceed) }
    }
}
