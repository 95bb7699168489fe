import Foundation
import Synchronization
import XCTest

@testable import NavRouterCore

/// A login handler that records flows; the test completes them.
final class LoginDesk: AuthenticationHandler, Sendable {
    private let flows = Mutex<[(FlowToken, String)]>([])
    private let callbacks = Mutex<[String]>([])

    var requested: [(flow: FlowToken, route: String)] { flows.withLock { $0.map { ($0.0, $0.1) } } }
    var handledCallbacks: [String] { callbacks.withLock { $0 } }

    func login(flow: FlowToken, destination: RouteMatch, router: Router) {
        flows.withLock { $0.append((flow, destination.route.name)) }
    }

    func claimsCallback(_ url: String, router: Router) -> Bool { url.hasPrefix("myapp://auth/callback") }

    func handleCallback(_ url: String, router: Router) { callbacks.withLock { $0.append(url) } }
}

/// Holds the flows its interceptor answered `.pending` for.
final class FlowKeeper: Sendable {
    private let tokens = Mutex<[FlowToken]>([])
    var kept: [FlowToken] { tokens.withLock { $0 } }
    func keep(_ token: FlowToken) { tokens.withLock { $0.append(token) } }
}

/// NavigationRouter's documented usage, reproduced headless.
final class NavigationRouterUsageTests: XCTestCase {
    func testModulesRegisterAndUnregisterRoutesAndInterceptorsTogether() throws {
        let registry = try RouteRegistry()
        let calls = Mutex(0)
        try registry.registerModule(
            "news",
            routes: [
                try Route(name: "feed", pattern: "news/feed"), try Route(name: "story", pattern: "news/<int:id>"),
            ],
            interceptors: [
                ModuleInterceptor(
                    "count", scope: .pattern("news/*rest"),
                    interceptor: ClosureInterceptor { _ in
                        calls.withLock { $0 += 1 }
                        return .proceed
                    })
            ])
        XCTAssertEqual(registry.route(named: "story")?.module, "news")
        let router = Router(registry: registry)
        try router.navigate("/news/feed")
        try router.navigate("/news/7")
        XCTAssertEqual(calls.withLock { $0 }, 2, "the pattern scope applies to both")
        XCTAssertEqual(try registry.unregisterModule("news"), 2)
        XCTAssertEqual(registry.guards.interceptorCount, 0)
        assertFails(.conflict) {
            try registry.registerModule(
                "dup", routes: [try Route(name: "a", pattern: "a"), try Route(name: "b", pattern: "a")])
        }
        XCTAssertTrue(registry.routes.isEmpty, "a module registers all-or-nothing")
        assertFails(.invalidPattern) {
            try registry.registerModule(
                "bad", routes: [try Route(name: "a", pattern: "a")],
                interceptors: [
                    ModuleInterceptor(
                        "bad", scope: .pattern("a/<float:x>"), interceptor: ClosureInterceptor { _ in .proceed })
                ])
        }
        XCTAssertTrue(registry.routes.isEmpty)
    }

    func testInterceptorsRunByPriorityThenRegistrationOrder() throws {
        let (router, _, _) = try shopRouter()
        let order = Mutex<[String]>([])
        for (name, priority) in [
            ("low", InterceptorPriority.low), ("mandatory", .mandatory), ("medium-1", .medium), ("high", .high),
            ("medium-2", .medium),
        ] {
            try router.registry.guards.addInterceptor(
                ClosureInterceptor { _ in
                    order.withLock { $0.append(name) }
                    return .proceed
                }, name: name, priority: priority)
        }
        try router.registry.guards.addInterceptor(
            ClosureInterceptor { context in
                order.withLock { $0.append("after:\(context.entry?.route ?? "?")") }
                return .cancel(reason: "ignored: after interceptors cannot cancel")
            }, name: "after", phase: .after)
        try router.navigate("/shop/product/1")
        XCTAssertEqual(order.withLock { $0 }, ["mandatory", "high", "medium-1", "medium-2", "low", "after:product"])
        XCTAssertEqual(router.state.currentRoutes, ["home", "product"])
    }

    func testCancelAndRedirect() throws {
        let (router, _, _) = try shopRouter()
        try router.registry.guards.addInterceptor(
            ClosureInterceptor { context in
                context.destination?.parameters["id"] == "13" ? .cancel(reason: "unlucky") : .proceed
            }, name: "superstition", scope: .routes(["product"]))
        try router.registry.guards.addInterceptor(
            ClosureInterceptor { _ in .redirect(url: "/shop/product/42") }, name: "sale",
            scope: .pattern("shop/category/sale"))
        assertFails(.cancelled, "cancelled by interceptor 'superstition': unlucky") {
            try router.navigate("/shop/product/13")
        }
        try router.navigate("/shop/category/sale")
        XCTAssertEqual(router.state.topEntry?.parameters["id"], "42")
        XCTAssertEqual(router.state.currentRoutes, ["home", "product"])
    }

    func testRedirectLoopsStopAtTheBoundWithTheChain() throws {
        let (router, _, _) = try shopRouter()
        router.registry.guards.options.maxRedirects = 4
        try router.registry.guards.addInterceptor(
            ClosureInterceptor { context in
                let next = Int(context.destination!.parameters["slug"]!.dropFirst())! + 1
                return .redirect(url: "/shop/category/c\(next)")
            }, name: "loop", scope: .routes(["category"]))
        try router.registry.guards.addInterceptor(
            ClosureInterceptor { _ in .redirect(url: "/nowhere") }, name: "lost", scope: .routes(["search"]))
        let before = router.state
        assertFails(
            .limitExceeded, "more than 4 redirects",
            "/shop/category/c0 → /shop/category/c1 → /shop/category/c2 → /shop/category/c3 → /shop/category/c4"
        ) {
            try router.navigate("/shop/category/c0")
        }
        assertFails(.notFound, "no route matches '/nowhere'", "after redirects: /shop/search?q=x") {
            try router.navigate("/shop/search?q=x")
        }
        XCTAssertEqual(router.state, before)
    }

    /// Pending flows: onboarding before home, tutorial before accounts; other commands keep working meanwhile.
    func testPendingFlowsOnboardingBeforeHomeAndTutorialBeforeAccounts() throws {
        let (router, ledger, _) = try shopRouter()
        // The user opens help while the catalog waits: by default that navigation would supersede the flow.
        router.setOptions(RouterOptions { $0.supersedePendingFlows = false })
        let keeper = FlowKeeper()
        let onboarded = Mutex(false)
        try router.registry.guards.addInterceptor(
            ClosureInterceptor { context in
                if onboarded.withLock({ $0 }) { return .proceed }
                keeper.keep(context.flow)
                // Queued behind this command.
                _ = try? context.router.present("/onboarding/welcome", style: .fullScreen)
                return .pending
            }, name: "onboarding", priority: .mandatory, scope: .routes(["catalog", "profile"]))
        guard case .pending(let flow) = try router.navigate("/shop/catalog") else {
            return XCTFail("the flow is pending")
        }
        XCTAssertEqual(keeper.kept, [flow])
        XCTAssertEqual(router.state.currentRoutes, ["onboarding"], "the interceptor opened onboarding itself")
        try router.push("/help/getting-started")
        XCTAssertEqual(router.state.currentRoutes, ["onboarding", "help"], "other commands keep working")
        onboarded.withLock { $0 = true }
        try router.dismiss()
        try router.resumeFlow(flow, decision: .proceed)
        XCTAssertEqual(
            router.state.selectedTab, 1, "resuming applies the original navigation on the state as it is then")
        assertFails(.invalidArgument, "unknown") { try router.resumeFlow(flow, decision: .proceed) }
        assertFails(.invalidArgument, "unknown") { try router.resumeFlow(0xDEAD_BEEF, decision: .proceed) }
        ledger.check(router.state)

        // Tutorial before accounts, cancelled this time.
        let tutorial = FlowKeeper()
        try router.registry.guards.addInterceptor(
            ClosureInterceptor { context in
                tutorial.keep(context.flow)
                return .pending
            }, name: "tutorial", scope: .routes(["orders"]))
        guard case .pending(let accounts) = try router.navigate("/account/orders") else { return XCTFail("pending") }
        let recorder = EventRecorder()
        router.navigator = recorder.navigator
        try router.resumeFlow(accounts, decision: .cancel(reason: "tutorial skipped"))
        XCTAssertEqual(recorder.events.first?.kind, .flowCancelled)
        XCTAssertEqual(recorder.events.first?.failure?.message, "tutorial skipped")
        XCTAssertEqual(router.state.currentRoutes, ["catalog"])
    }

    func testLoginFlowResumesTheOriginalNavigation() throws {
        let (router, ledger, recorder) = try shopRouter(authenticated: false)
        let desk = LoginDesk()
        router.registry.guards.authenticationHandler = desk
        guard case .pending(let flow) = try router.navigate("/shop/checkout") else { return XCTFail("login first") }
        XCTAssertEqual(desk.requested.map(\.route), ["checkout"])
        XCTAssertEqual(router.state.currentRoutes, ["home"])
        assertFails(.denied, "login did not authenticate") { try router.completeLogin(flow, success: true) }
        guard case .pending(let second) = try router.navigate("/shop/checkout") else { return XCTFail("login again") }
        router.registry.guards.setAuthenticated(true)
        try router.completeLogin(second, success: true)
        XCTAssertEqual(router.state.currentRoutes, ["home", "checkout"])
        router.registry.guards.setAuthenticated(false)
        guard case .pending(let third) = try router.navigate("/account/orders") else { return XCTFail("login") }
        try router.completeLogin(third, success: false)
        XCTAssertEqual(recorder.events.last { $0.kind == .flowCancelled }?.failure?.message, "login failed")
        ledger.check(router.state)
    }

    /// Commands read the guards' state without a lock; every change must still be seen by the next command.
    func testEveryGuardChangeIsSeenByTheNextCommand() throws {
        let (router, _, _) = try shopRouter(authenticated: false)
        let guards = router.registry.guards
        let calls = Mutex(0)
        let id = try guards.addInterceptor(
            ClosureInterceptor { _ in
                calls.withLock { $0 += 1 }
                return .proceed
            }, name: "count")
        try router.navigate("/shop/product/1")
        XCTAssertEqual(calls.withLock { $0 }, 1)
        XCTAssertEqual(guards.interceptorCount, 1)
        try guards.removeInterceptor(id)
        try router.navigate("/shop/product/2")
        XCTAssertEqual(calls.withLock { $0 }, 1, "a removed interceptor is not asked")
        XCTAssertEqual(guards.interceptorCount, 0)
        assertFails(.denied) { try router.navigate("/shop/checkout") }
        let desk = LoginDesk()
        guards.authenticationHandler = desk
        guard case .pending = try router.navigate("/shop/checkout") else { return XCTFail("the new handler is asked") }
        guards.authenticationHandler = nil
        assertFails(.denied) { try router.navigate("/shop/checkout") }
        guards.setAuthenticated(true)
        XCTAssertTrue(guards.isAuthenticated)
        try router.navigate("/shop/checkout")
        XCTAssertEqual(router.state.currentRoutes.last, "checkout")
        guards.setAuthenticated(false)
        XCTAssertFalse(guards.isAuthenticated)
        XCTAssertFalse(router.state.currentRoutes.contains("checkout"), "logging out prunes")
    }

    func testProtectedRoutesWithoutALoginHandlerAreDenied() throws {
        let (router, _, _) = try shopRouter(authenticated: false)
        assertFails(.denied, "requires authentication") { try router.navigate("/shop/checkout") }
        assertFails(.denied, "requires authentication") { try router.setStack(["/shop/product/1", "/account/orders"]) }
        assertFails(.invalidArgument, "cannot require authentication") {
            try router.registry.register(
                Route(name: "vault", pattern: "vault", presentation: .root, requiresAuth: true))
        }
    }

    func testLogoutPrunesEveryRouterOnTheRegistry() throws {
        let registry = try shopRegistry(authenticated: true)
        let scenes = [Router(registry: registry), Router(registry: registry)]
        let ledgers = [ViewLedger(), ViewLedger()]
        let recorders = [EventRecorder(), EventRecorder()]
        for index in 0..<2 {
            scenes[index].defaultHandler = ledgers[index]
            scenes[index].navigator = recorders[index].navigator
        }
        try scenes[0].navigate("/shop/cart")
        try scenes[0].push("/shop/checkout")
        try scenes[0].push("/help/payment")
        try scenes[0].present("/shop/product/1/review")
        try scenes[1].navigate("/account/profile")
        try scenes[1].push("/account/orders")
        try scenes[1].push("/account/orders/1f0c8e52-59e4-4e39-9c2c-7b0a5b5f1a2b")
        try scenes[1].present("/settings")
        let keeper = FlowKeeper()
        try registry.guards.addInterceptor(
            ClosureInterceptor { context in
                keeper.keep(context.flow)
                return .pending
            }, name: "hold", scope: .routes(["orders"]))
        try scenes[1].popToRoot()  // under the sheet: nothing to pop there; the sheet is on top
        guard case .pending = try scenes[1].navigate("/account/orders") else { return XCTFail("held") }
        registry.guards.setAuthenticated(false)
        XCTAssertEqual(scenes[0].state.tabs[2].stack.map(\.route), ["cart"], "checkout and what was above it are gone")
        XCTAssertTrue(scenes[0].state.layers.isEmpty, "the protected review sheet is dismissed")
        XCTAssertEqual(scenes[1].state.tabs[3].stack.map(\.route), ["profile"])
        XCTAssertEqual(scenes[1].state.layers.map(\.stack.first?.route), ["settings"], "unprotected layers stay")
        XCTAssertEqual(scenes[1].pendingFlows, [], "flows towards protected routes are cancelled")
        XCTAssertEqual(recorders[1].events.last { $0.kind == .flowCancelled }?.failure?.message, "logged out")
        for index in 0..<2 {
            XCTAssertFalse(scenes[index].state.allEntries.contains { scenes[index].requiresAuth($0) })
            XCTAssertTrue(recorders[index].kinds.contains(.pop) || recorders[index].kinds.contains(.dismiss))
            ledgers[index].check(scenes[index].state)
        }
    }

    func testCallbackURLsAreClaimedBeforeRouting() throws {
        let (router, _, recorder) = try shopRouter()
        let desk = LoginDesk()
        router.registry.guards.authenticationHandler = desk
        XCTAssertEqual(try router.navigate("myapp://auth/callback?code=abc"), .handled)
        XCTAssertEqual(desk.handledCallbacks, ["myapp://auth/callback?code=abc"])
        XCTAssertEqual(recorder.events, [])
    }

    func testExternalLinksOpenOnlyExternalRoutes() throws {
        let (router, _, _) = try shopRouter(authenticated: false)
        let desk = LoginDesk()
        router.registry.guards.authenticationHandler = desk
        let external = NavigationOptions { $0.external = true }
        assertFails(.notExternal, "route 'settings' may not be opened by an external link") {
            try router.navigate("/settings", options: external)
        }
        assertFails(.notExternal) { try router.navigate("https://shop.example.com/account/orders", options: external) }
        guard case .applied(_?) = try router.navigate("https://shop.example.com/shop/product/5", options: external)
        else {
            return XCTFail("an external route opens")
        }
        XCTAssertEqual(router.state.currentRoutes, ["catalog", "product"], "external links build the back stack")
        guard case .pending = try router.navigate("https://shop.example.com/shop/checkout", options: external) else {
            return XCTFail("a protected external route still goes through login")
        }
        XCTAssertEqual(desk.requested.map(\.route), ["checkout"])
    }

    func testFallbackRouteForUnmatchedURLs() throws {
        let (router, _, _) = try shopRouter()
        assertFails(.notFound) { try router.navigate("/no/such/page") }
        router.registry.guards.options.fallbackRoute = "not-found"
        try router.navigate("/no/such/page")
        XCTAssertEqual(router.state.topEntry?.route, "not-found")
        XCTAssertEqual(router.state.topEntry?.parameters["url"], "/no/such/page")
    }

    func testLeaveGuardsVetoOrHoldPopsButNotUserChanges() throws {
        let (router, ledger, _) = try shopRouter()
        let unsaved = Mutex(true)
        let keeper = FlowKeeper()
        try router.registry.guards.addInterceptor(
            ClosureInterceptor { context in
                guard unsaved.withLock({ $0 }) else { return .proceed }
                if context.entry?.parameters["id"] == "1" { return .cancel(reason: "unsaved changes") }
                keeper.keep(context.flow)
                return .pending
            }, name: "editor", phase: .leave, scope: .routes(["review"]))
        try router.present("/shop/product/1/review")
        assertFails(.cancelled, "interceptor 'editor' kept entry", "unsaved changes") { try router.dismiss() }
        XCTAssertEqual(router.state.layers.count, 1)
        try router.userDismissed()
        XCTAssertEqual(router.state.layers.count, 0, "user-made changes are not vetoable")
        try router.present("/shop/product/2/review")
        guard case .pending(let flow) = try router.dismiss() else { return XCTFail("the editor asks first") }
        XCTAssertEqual(router.state.layers.count, 1)
        try router.resumeFlow(flow, decision: .proceed)
        XCTAssertEqual(router.state.layers.count, 0, "approved: the dismissal goes on")
        ledger.check(router.state)
    }

    func testRefreshRechecksTheStateAgainstGuards() throws {
        let (router, _, _) = try shopRouter()
        try router.push("/shop/product/1")
        try router.push("/shop/product/2")
        try router.registry.guards.addInterceptor(
            ClosureInterceptor { context in
                context.destination?.parameters["id"] == "1" ? .cancel(reason: "recalled") : .proceed
            }, name: "recall", scope: .routes(["product"]))
        try router.refresh()
        XCTAssertEqual(router.state.currentRoutes, ["home"], "the recalled product goes, with what is above it")
    }
}

/// Security properties as randomized tests.
final class GuardSecurityTests: XCTestCase {
    func testNoExternalLinkReachesANonExternalRoute() throws {
        var generator = SplitMix64(seed: 99)
        let (router, _, _) = try shopRouter()
        router.registry.guards.authenticationHandler = LoginDesk()
        let registry = router.registry
        try registry.guards.addInterceptor(
            ClosureInterceptor { context in
                context.destination?.parameters["id"] == "3" ? .redirect(url: "/settings") : .proceed
            }, name: "redirect-to-internal", scope: .routes(["product"]))
        let urls = registry.routes.compactMap { route -> String? in
            let parameters = [
                "id": "3", "slug": "x", "q": "y", "ref": "1f0c8e52-59e4-4e39-9c2c-7b0a5b5f1a2b", "topic": "a/b",
            ]
            return try? registry.buildURL(
                route: route.name,
                parameters: parameters.filter {
                    route.pattern.parameterNames.contains($0.key) || route.requiredParameters.contains($0.key)
                })
        }
        XCTAssertEqual(urls.count, registry.routes.count)
        for _ in 0..<300 {
            let url = urls.randomElement(using: &generator)!
            let before = router.state.allEntries.map(\.id)
            let outcome = try? router.navigate(url, options: NavigationOptions { $0.external = true })
            let target = try registry.resolve(url).route
            if case .applied(_?)? = outcome {
                XCTAssertTrue(target.external, "external link reached '\(target.name)'")
                // What it opened: the target and its parents, or what the app's own interceptor redirected to.
                var allowed: Set<String> = [target.name, "settings"]
                var parent = target.parent
                while let name = parent {
                    allowed.insert(name)
                    parent = registry.route(named: name)?.parent
                }
                let new = router.state.allEntries.filter { !before.contains($0.id) }.map(\.route)
                XCTAssertTrue(Set(new).isSubset(of: allowed), "\(url) opened \(new)")
            }
            if Bool.random(using: &generator) { _ = try? router.popToRoot() }
        }
    }

    func testNoProtectedEntryWhileLoggedOut() throws {
        for seed in 1...4 {
            var generator = SplitMix64(seed: UInt64(seed) * 31)
            let (router, ledger, _) = try shopRouter(authenticated: false)
            let registry = router.registry
            let desk = LoginDesk()
            registry.guards.authenticationHandler = desk
            let keeper = FlowKeeper()
            try registry.guards.addInterceptor(
                ClosureInterceptor { context in
                    switch context.destination?.parameters["id"] {
                    case "1": return .redirect(url: "/shop/checkout")
                    case "2":
                        keeper.keep(context.flow)
                        return .pending
                    default: return .proceed
                    }
                }, name: "mixed", scope: .routes(["product"]))
            var snapshots: [String] = []
            for _ in 0..<200 {
                let choice = Int.random(in: 0..<10, using: &generator)
                let urls = [
                    "/shop/checkout", "/account/orders", "/shop/product/1", "/shop/product/2", "/shop/product/5",
                    "/shop/product/5/review", "/account/orders/1f0c8e52-59e4-4e39-9c2c-7b0a5b5f1a2b", "/settings",
                ]
                switch choice {
                case 0: registry.guards.setAuthenticated(true)
                case 1: registry.guards.setAuthenticated(false)
                case 2:
                    if let flow = desk.requested.randomElement(using: &generator)?.flow {
                        _ = try? router.completeLogin(flow, success: Bool.random(using: &generator))
                    }
                case 3:
                    if let flow = keeper.kept.randomElement(using: &generator) {
                        _ = try? router.resumeFlow(flow, decision: .proceed)
                    }
                case 4: snapshots.append(router.snapshot())
                case 5:
                    if let snapshot = snapshots.randomElement(using: &generator) { _ = try? router.restore(snapshot) }
                case 6: _ = try? router.back()
                default: _ = try? router.navigate(urls.randomElement(using: &generator)!)
                }
                if !registry.guards.isAuthenticated {
                    let protected = router.state.allEntries.filter { router.requiresAuth($0) }.map(\.route)
                    XCTAssertEqual(protected, [], "seed \(seed), step choice \(choice)")
                }
                XCTAssertNil(router.state.invariantViolation)
                ledger.check(router.state)
            }
        }
    }
}
