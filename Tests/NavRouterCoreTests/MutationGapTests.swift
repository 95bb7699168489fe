import NavRouterCore
import Synchronization
import XCTest

/// Behaviours the corrected mutation runs found no test for (TESTING.md, "Mutation testing"): each test here fails
/// on the planted defect it was written for.
final class MutationGapTests: XCTestCase {
    /// `popUp(to:)` and `NavigationOptions(popUpTo:)` keep the route's entry unless asked (`inclusive` is false by
    /// default, as `popUpTo` alone).
    func testPopUpToATypedRouteKeepsItsEntryByDefault() {
        var options = NavigationOptions()
        options.popUp(to: TypedCommandTests.ProductRoute.self)
        XCTAssertEqual(options.popUpTo, "product")
        XCTAssertFalse(options.popUpToInclusive)
        XCTAssertFalse(NavigationOptions(popUpTo: TypedCommandTests.ProductRoute.self).popUpToInclusive)
        options.popUp(to: TypedCommandTests.ProductRoute.self, inclusive: true)
        XCTAssertTrue(options.popUpToInclusive)
    }

    /// A module's interceptor may be scoped to the module's own routes (registered with it) and to routes already
    /// registered; a name neither has is refused.
    func testAModuleInterceptorScopedToItsOwnAndEarlierRoutes() throws {
        let registry = try RouteRegistry()
        try registry.register(Route(name: "home", pattern: "home", presentation: .root))
        let pass = ClosureInterceptor { _ in .proceed }
        try registry.registerModule(
            "shop", routes: [Route(name: "product", pattern: "product/<int:id>")],
            interceptors: [
                ModuleInterceptor("own and earlier", scope: .routes(["product", "home"]), interceptor: pass)
            ])
        XCTAssertEqual(registry.routes.map(\.name), ["home", "product"])
        assertFails(.notFound, "no route is named 'nowhere'") {
            try registry.registerModule(
                "more", routes: [Route(name: "cart", pattern: "cart")],
                interceptors: [ModuleInterceptor("lost", scope: .routes(["cart", "nowhere"]), interceptor: pass)])
        }
    }

    /// Events sent outside a command's transaction (a navigation held as a pending flow, a guard's error) are in the
    /// transaction log's step, as the navigator saw them.
    func testTheLogHoldsAPendingFlowsEvent() throws {
        let registry = try RouteRegistry()
        try registry.register([
            Route(name: "home", pattern: "home", presentation: .root), Route(name: "slow", pattern: "slow/:id"),
        ])
        try registry.guards.addInterceptor(
            ClosureInterceptor { $0.destination?.route.name == "slow" ? .pending : .proceed }, name: "hold")
        let router = Router(registry: registry, options: RouterOptions { $0.recordsLog = true })
        try router.start()
        _ = try router.navigate("/slow/1")
        let kinds = router.transactionLog.last?.objectValue?["events"]?.arrayValue?.compactMap {
            $0.objectValue?["kind"]?.stringValue
        }
        XCTAssertEqual(kinds, ["navigation_pending"])
    }

    /// While logged out, an `after` interceptor that requires login is skipped, and the ones after it still run.
    func testAfterInterceptorsPastOneThatNeedsLoginStillRun() throws {
        let registry = try RouteRegistry()
        try registry.register([
            Route(name: "home", pattern: "home", presentation: .root), Route(name: "item", pattern: "item/:id"),
        ])
        let asked = Mutex<[String]>([])
        func recorder(_ name: String) -> ClosureInterceptor {
            ClosureInterceptor { _ in
                asked.withLock { $0.append(name) }
                return .proceed
            }
        }
        _ = try registry.guards.addInterceptor(
            recorder("members"), name: "members", phase: .after, priority: .high, requiresAuth: true)
        _ = try registry.guards.addInterceptor(recorder("analytics"), name: "analytics", phase: .after, priority: .low)
        registry.guards.setAuthenticated(false)
        let router = Router(registry: registry)
        try router.start()
        try router.navigate("/item/1")
        XCTAssertEqual(asked.withLock { $0 }, ["analytics"])
    }

    /// A new flow-token seed restarts the sequence from it, also after tokens were given under the old one: the flow
    /// held next gets the token a fresh router with that seed gives first (what a replay relies on).
    func testANewFlowTokenSeedRestartsTheSequence() throws {
        let registry = try RouteRegistry()
        try registry.register([
            Route(name: "home", pattern: "home", presentation: .root), Route(name: "slow", pattern: "slow/:id"),
        ])
        try registry.guards.addInterceptor(
            ClosureInterceptor { $0.destination?.route.name == "slow" ? .pending : .proceed }, name: "hold")
        func seeded(_ seed: UInt64) -> RouterOptions {
            RouterOptions {
                $0.flowTokenSeed = seed
                $0.supersedePendingFlows = false
            }
        }
        let fresh = Router(registry: registry, options: seeded(7))
        try fresh.start()
        guard case .pending(let expected) = try fresh.navigate("/slow/1") else { return XCTFail("held") }
        let router = Router(registry: registry, options: seeded(42))
        try router.start()
        guard case .pending = try router.navigate("/slow/1") else { return XCTFail("held") }
        router.setOptions(seeded(7))
        guard case .pending(let token) = try router.navigate("/slow/2") else { return XCTFail("held") }
        XCTAssertEqual(token, expected)
    }

    /// A URL exactly as long as the policy's limit is read; one byte more is refused.
    func testAURLAtTheLengthLimitIsRead() throws {
        let registry = try RouteRegistry(options: RegistryOptions(policy: URLPolicy(maxURLLength: 16)))
        try registry.register(Route(name: "item", pattern: "item/:id"))
        XCTAssertEqual(try registry.resolve("/item/0123456789").routeName, "item")  // 16 bytes
        assertFails(.limitExceeded, "the URL is 17 bytes long; the limit is 16 bytes") {
            _ = try registry.resolve("/item/01234567890")
        }
    }

    /// A replay runs each logged step alone; once it is over, a command a callback issues runs again (queued behind
    /// the one running), as on a router that never replayed.
    func testCallbacksCommandsRunAgainAfterAReplay() throws {
        let registry = try RouteRegistry()
        try registry.register([
            Route(name: "home", pattern: "home", presentation: .root), Route(name: "a", pattern: "a"),
            Route(name: "b", pattern: "b"),
        ])
        let recorder = Router(registry: registry, options: RouterOptions { $0.recordsLog = true })
        try recorder.start()
        try recorder.navigate("/a")
        let router = Router(registry: registry)
        XCTAssertNil(try router.replay(recorder.transactionLogLines).divergence)
        XCTAssertEqual(router.state.currentStack.map(\.route), ["home", "a"])
        router.navigator = { [unowned router] event in
            if event.kind == .push, event.entry?.route == "a" { _ = try? router.navigate("/b") }
            return true
        }
        try router.popToRoot()
        try router.navigate("/a")
        XCTAssertEqual(router.state.currentStack.map(\.route), ["home", "a", "b"], "the callback's command ran")
    }

    /// An app without tabs has one main stack, whose first entry is no tab's root: a restore while logged out leaves
    /// it out when it is protected, with what is above it (only a tab keeps its root).
    func testARestoreWhileLoggedOutLeavesOutAProtectedFirstEntryOfTheMainStack() throws {
        let registry = try RouteRegistry()
        try registry.register([
            Route(name: "vault", pattern: "vault", requiresAuth: true), Route(name: "note", pattern: "note/:id"),
        ])
        registry.guards.setAuthenticated(true)
        let router = Router(registry: registry)
        try router.start()
        try router.navigate("/vault")
        try router.navigate("/note/1")
        XCTAssertEqual(router.state.currentStack.map(\.route), ["vault", "note"])
        let snapshot = router.snapshot()
        registry.guards.setAuthenticated(false)
        let fresh = Router(registry: registry)
        try fresh.restore(snapshot)
        XCTAssertEqual(fresh.state.allEntries.map(\.route), [], "no protected entry is restored while logged out")
    }

    /// Setting the options again (the same flow-token seed) goes on with the token sequence: a flow held after it
    /// never gets the token of one held before, even one that ended (a host's stale token must not resume it).
    func testFlowTokensStayUniqueWhenTheOptionsAreSetAgain() throws {
        let registry = try RouteRegistry()
        try registry.register([
            Route(name: "home", pattern: "home", presentation: .root), Route(name: "slow", pattern: "slow/:id"),
        ])
        try registry.guards.addInterceptor(
            ClosureInterceptor { $0.destination?.route.name == "slow" ? .pending : .proceed }, name: "hold")
        let options = RouterOptions {
            $0.flowTokenSeed = 42
            $0.supersedePendingFlows = false
        }
        let router = Router(registry: registry, options: options)
        try router.start()
        guard case .pending(let first) = try router.navigate("/slow/1") else { return XCTFail("held") }
        try router.resumeFlow(first, decision: .cancel(reason: "gone"))
        router.setOptions(options)
        guard case .pending(let second) = try router.navigate("/slow/2") else { return XCTFail("held") }
        XCTAssertNotEqual(first, second, "a token is never given twice")
        assertFails(.invalidArgument) { try router.resumeFlow(first, decision: .proceed) }
    }

    /// Under modals per tab, a link whose chain belongs to another tab (built back stack) lands on that tab under no
    /// modal: the tab's own hidden layers are dismissed, not shown over the link's entry.
    func testACrossTabLinkDismissesTheTabsHiddenLayers() throws {
        let registry = try RouteRegistry()
        try registry.register([
            Route(name: "feed", pattern: "feed", presentation: .root),
            Route(name: "inbox", pattern: "inbox", presentation: .root),
            Route(name: "message", pattern: "inbox/<int:id>", parent: "inbox"),
            Route(name: "settings", pattern: "settings", presentation: .modal(.sheet)),
        ])
        let router = Router(registry: registry, options: RouterOptions { $0.modalsPerTab = true })
        try router.start()
        try router.selectTab(route: "inbox")
        try router.navigate("/settings")
        try router.selectTab(route: "feed")
        XCTAssertEqual(router.state.tabs[1].hiddenLayers.count, 1)
        try router.navigate("/inbox/42", options: NavigationOptions { $0.buildBackStack = true })
        XCTAssertEqual(router.state.selectedTab, 1)
        XCTAssertEqual(router.state.layers.count, 0, "the inbox tab's sheet went")
        XCTAssertEqual(router.state.tabs[1].hiddenLayers.count, 0)
        XCTAssertEqual(router.state.topEntry?.route, "message")
    }

    /// The bound on commands queued from callbacks counts one thread's run: a thread that waited for the router and
    /// then runs its command starts from none, whatever the callbacks of the thread before it queued.
    func testTheCallbackQueueBoundStartsAgainForAThreadThatWaited() throws {
        let (router, _, _) = try shopRouter()
        let firstRun = Router.maxCommandsQueuedByCallbacks - 24
        let refused = Mutex<[String]>([])
        let otherOutcome = Mutex<Router.Outcome?>(nil)
        let otherFinished = DispatchSemaphore(value: 0)
        @Sendable func queue(_ url: String) {
            do throws(NavRouterError) { try router.push(url) } catch {
                refused.withLock { $0.append("\(url): \(error.message)") }
            }
        }
        router.navigator = { event in
            guard event.kind == .push, let id = event.entry?.parameters["id"] else { return true }
            if id == "0" {
                // Another thread's push now waits behind this command; then this run queues most of the bound.
                Thread {
                    let outcome = try? router.push("/shop/product/5000")
                    otherOutcome.withLock { $0 = outcome }
                    otherFinished.signal()
                }.start()
                for _ in 0..<1000 where router.queuedCommandCount == 0 { Thread.sleep(forTimeInterval: 0.01) }
                for index in 1...firstRun { queue("/shop/product/\(index)") }
            } else if id == "5000" {
                for index in 1...100 { queue("/shop/product/\(5000 + index)") }
            }
            return true
        }
        try router.push("/shop/product/0")
        XCTAssertEqual(otherFinished.wait(timeout: .now() + 60), .success, "the other thread's push never returned")
        let refusals = refused.withLock { $0 }
        XCTAssertEqual(refusals.count, 0, "the waiting thread's callbacks were refused: \(refusals.first ?? "")")
        XCTAssertNotNil(otherOutcome.withLock { $0 })
        XCTAssertEqual(router.state.currentStack.count, 1 + 1 + firstRun + 1 + 100)
    }

    /// One pop removing several entries that expect a result: the result goes to the top one's opener only; each
    /// deeper one's opener is told it closed without.
    func testAResultGoesToTheTopEntryOfAMultiplePopOnly() throws {
        let (router, ledger, recorder) = try shopRouter()
        let expecting = NavigationOptions { $0.expectsResult = true }
        try router.push("/shop/product/1", options: expecting)
        let deeper = try XCTUnwrap(router.state.topEntry).id
        try router.push("/shop/product/2", options: expecting)
        let top = try XCTUnwrap(router.state.topEntry).id
        recorder.clear()
        try router.pop(2, result: .object(["picked": .integer(2)]))
        assertOnlyTheTopGetsTheResult(recorder, top: top, deeper: deeper, result: .object(["picked": .integer(2)]))
        ledger.check(router.state)
    }

    /// One dismiss of several layers whose entries expect a result: the result goes to the top layer's opener only.
    func testAResultGoesToTheTopLayerOfAMultipleDismissOnly() throws {
        let (router, ledger, recorder) = try shopRouter()
        let expecting = NavigationOptions { $0.expectsResult = true }
        try router.present("/shop/search?q=a", options: expecting)
        let deeper = try XCTUnwrap(router.state.topEntry).id
        try router.present("/shop/search?q=b", options: expecting)
        let top = try XCTUnwrap(router.state.topEntry).id
        recorder.clear()
        try router.dismiss(2, result: .object(["picked": .integer(3)]))
        XCTAssertEqual(router.state.layers.count, 0)
        assertOnlyTheTopGetsTheResult(recorder, top: top, deeper: deeper, result: .object(["picked": .integer(3)]))
        ledger.check(router.state)
    }

    /// The `resultDelivered` events of one command that removed `top` above `deeper`: the top one's first, with
    /// `result`; the deeper one's told it closed without.
    private func assertOnlyTheTopGetsTheResult(
        _ recorder: EventRecorder, top: EntryID, deeper: EntryID, result: JSONValue,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let delivered = recorder.events.filter { $0.kind == .resultDelivered }
        XCTAssertEqual(delivered.map(\.resultOf), [top, deeper], "the top one's result first", file: file, line: line)
        XCTAssertEqual(delivered.map(\.result), [result, nil], file: file, line: line)
    }

    /// Under modals per tab, an entry of another tab's hidden layer is still an entry of the state: its saved state
    /// and its parameters can be changed in place, and the change is there when the tab is selected again.
    func testAnEntryOfAHiddenLayerIsChangedInPlace() throws {
        let registry = try RouteRegistry()
        try registry.register([
            Route(name: "feed", pattern: "feed", presentation: .root),
            Route(name: "inbox", pattern: "inbox", presentation: .root),
            Route(name: "compose", pattern: "compose/<int:draft>", presentation: .modal(.sheet)),
        ])
        let router = Router(registry: registry, options: RouterOptions { $0.modalsPerTab = true })
        try router.start()
        try router.selectTab(route: "inbox")
        try router.navigate("/compose/1")
        let hidden = try XCTUnwrap(router.state.topEntry).id
        try router.selectTab(route: "feed")
        XCTAssertEqual(router.state.tabs[1].hiddenLayers.count, 1)
        try router.setSavedState(["caret": .integer(12)], for: hidden)
        try router.updateEntry(hidden, parameters: ["draft": "2"])
        try router.selectTab(route: "inbox")
        let entry = try XCTUnwrap(router.state.topEntry)
        XCTAssertEqual(entry.id, hidden)
        XCTAssertEqual(entry.savedState, ["caret": .integer(12)])
        XCTAssertEqual(entry.url, "/compose/2")
    }

    /// A held navigation resumed with a redirect starts the pipeline again for the new URL: a login flow redirected
    /// to another protected route while logged out asks for a login again (it is not refused as a login that failed),
    /// and a flow an interceptor held, redirected to an OAuth callback link, is claimed by the handler.
    func testARedirectedFlowGoesRoundThePipelineFromItsStart() throws {
        let registry = try RouteRegistry()
        try registry.register([
            Route(name: "home", pattern: "home", presentation: .root),
            Route(name: "account", pattern: "account", requiresAuth: true),
            Route(name: "orders", pattern: "orders", requiresAuth: true),
            Route(name: "promo", pattern: "promo"),
        ])
        let desk = LoginDesk()
        registry.guards.authenticationHandler = desk
        try registry.guards.addInterceptor(
            ClosureInterceptor { _ in .pending }, name: "promo-gate", scope: .routes(["promo"]))
        registry.guards.setAuthenticated(false)
        let router = Router(registry: registry)
        try router.start()
        guard case .pending(let login) = try router.navigate("/account") else { return XCTFail("no login flow") }
        guard case .pending(let again) = try router.resumeFlow(login, decision: .redirect(url: "/orders")) else {
            return XCTFail("the redirect to another protected route should ask for a login again")
        }
        XCTAssertNotEqual(again, login)
        XCTAssertEqual(desk.requested.map(\.route), ["account", "orders"])
        guard case .pending(let held) = try router.navigate("/promo") else { return XCTFail("the gate holds") }
        let callback = "myapp://auth/callback?code=7"
        XCTAssertEqual(try router.resumeFlow(held, decision: .redirect(url: callback)), .handled)
        XCTAssertEqual(desk.handledCallbacks, [callback])
    }
}
