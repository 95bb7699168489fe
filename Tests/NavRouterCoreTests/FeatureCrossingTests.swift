import Synchronization
import XCTest

@testable import NavRouterCore

/// What interceptors were asked, in order (thread-safe).
private final class AskLog: Sendable {
    private let items = Mutex<[String]>([])
    var all: [String] { items.withLock { $0 } }
    func append(_ item: String) { items.withLock { $0.append(item) } }
    func clear() { items.withLock { $0 = [] } }
}

/// An interceptor that records its label when asked and answers `decision`.
private struct Answering: Interceptor {
    let label: String
    let log: AskLog
    let decision: InterceptorDecision
    func intercept(_ context: InterceptionContext) -> InterceptorDecision {
        log.append(label)
        return decision
    }
}

/// A login desk that claims `myapp://auth/callback` links, and remembers the flows it was asked to log in for.
private final class OAuthDesk: AuthenticationHandler, Sendable {
    private let flows = Mutex<[FlowToken]>([])
    private let onCallback: @Sendable (Router) -> Void
    var asked: [FlowToken] { flows.withLock { $0 } }
    init(onCallback: @escaping @Sendable (Router) -> Void = { _ in }) { self.onCallback = onCallback }
    func login(flow: FlowToken, destination: RouteMatch, router: Router) { flows.withLock { $0.append(flow) } }
    func claimsCallback(_ url: String, router: Router) -> Bool { url.hasPrefix("myapp://auth/callback") }
    func handleCallback(_ url: String, router: Router) { onCallback(router) }
}

/// Promises that hold where two features meet: aliases and scoped guards, flows and the interceptor list, flows and
/// refused links, OAuth claims and login flows, gestures and guards.
final class FeatureCrossingTests: XCTestCase {
    /// A registry with a tab, an admin area reachable by an alias, and an editor reachable by an alias.
    private func aliasRegistry() throws -> RouteRegistry {
        let registry = try RouteRegistry(options: RegistryOptions(policy: URLPolicy(schemes: ["myapp"])))
        try registry.register([
            try Route(name: "home", pattern: "home", presentation: .root),
            try Route(name: "admin", pattern: "admin/*rest", aliases: ["legacy/admin/*rest"]),
            try Route(name: "edit", pattern: "edit/:id", aliases: ["old/edit/:id"]),
            try Route(name: "plain", pattern: "plain"),
        ])
        return registry
    }

    // MARK: A route reached by any of its patterns is the same route to every guard

    func testAnAliasDoesNotBypassAPatternScopedBeforeInterceptor() throws {
        let registry = try aliasRegistry()
        let log = AskLog()
        try registry.guards.addInterceptor(
            Answering(label: "admin", log: log, decision: .cancel(reason: "admins only")), name: "admins-only",
            priority: .mandatory, scope: .pattern("admin/*rest"))
        let router = Router(registry: registry)
        try router.start()
        for url in ["/admin/users", "/legacy/admin/users", "myapp://legacy/admin/x/y", "/LEGACY/Admin/users"] {
            assertFails(.cancelled, "admins-only") { try router.navigate(url) }
            XCTAssertEqual(router.state.currentRoutes, ["home"], url)
            XCTAssertEqual(try router.plan(url).interceptors, ["admins-only"], url)
        }
        XCTAssertEqual(log.all.count, 4)
    }

    func testAnInterceptorScopedByAnAliasPatternGuardsTheRouteByItsOwnPattern() throws {
        let registry = try aliasRegistry()
        let log = AskLog()
        try registry.guards.addInterceptor(
            Answering(label: "legacy", log: log, decision: .cancel(reason: "no")), name: "legacy",
            scope: .pattern("legacy/admin/*rest"))
        let router = Router(registry: registry)
        try router.start()
        assertFails(.cancelled, "legacy") { try router.navigate("/admin/users") }
        try router.navigate("/plain")
        XCTAssertEqual(log.all, ["legacy"])
    }

    func testARefreshPrunesAnAliasEntryThatAPatternScopedInterceptorNowRefuses() throws {
        let registry = try aliasRegistry()
        let router = Router(registry: registry)
        try router.start()
        try router.navigate("/legacy/admin/users")
        try registry.guards.addInterceptor(
            ClosureInterceptor { _ in .cancel(reason: "closed") }, name: "closed", scope: .pattern("admin/*rest"))
        try router.refresh()
        XCTAssertEqual(router.state.currentRoutes, ["home"])
    }

    func testAnAliasDoesNotBypassALeaveGuard() throws {
        let registry = try aliasRegistry()
        let log = AskLog()
        try registry.guards.addInterceptor(
            Answering(label: "unsaved", log: log, decision: .cancel(reason: "unsaved changes")), name: "unsaved",
            phase: .leave, scope: .pattern("edit/:id"))
        let router = Router(registry: registry)
        try router.start()
        try router.navigate("/old/edit/2")
        assertFails(.cancelled, "unsaved") { try router.back() }
        assertFails(.cancelled, "unsaved") { _ = try router.beginBackGesture() }
        XCTAssertEqual(router.state.currentRoutes, ["home", "edit"])
        XCTAssertEqual(log.all, ["unsaved", "unsaved"])
    }

    // MARK: A held flow resumes by the interceptors' identity

    func testAResumedFlowAsksEveryInterceptorItHasNotHeardFromInTodaysOrder() throws {
        let registry = try aliasRegistry()
        let log = AskLog()
        let guards = registry.guards
        let x = try guards.addInterceptor(
            Answering(label: "X", log: log, decision: .proceed), name: "X", priority: .high)
        try guards.addInterceptor(Answering(label: "A", log: log, decision: .pending), name: "A", priority: .medium)
        try guards.addInterceptor(
            Answering(label: "B", log: log, decision: .cancel(reason: "B says no")), name: "B", priority: .low)
        let router = Router(registry: registry)
        try router.start()
        guard case .pending(let flow) = try router.navigate("/plain") else { return XCTFail("not pending") }
        XCTAssertEqual(log.all, ["X", "A"])
        try guards.removeInterceptor(x)
        assertFails(.cancelled, "B says no") { try router.resumeFlow(flow, decision: .proceed) }
        XCTAssertEqual(log.all, ["X", "A", "B"], "B was asked; A, which held, was not asked again")
        XCTAssertEqual(router.state.currentRoutes, ["home"])
    }

    func testAMandatoryInterceptorAddedWhileAFlowWaitsIsAsked() throws {
        let registry = try aliasRegistry()
        let log = AskLog()
        try registry.guards.addInterceptor(Answering(label: "A", log: log, decision: .pending), name: "A")
        let router = Router(registry: registry)
        try router.start()
        guard case .pending(let flow) = try router.navigate("/plain") else { return XCTFail("not pending") }
        try registry.guards.addInterceptor(
            Answering(label: "M", log: log, decision: .cancel(reason: "locked")), name: "M", priority: .mandatory)
        assertFails(.cancelled, "locked") { try router.resumeFlow(flow, decision: .proceed) }
        XCTAssertEqual(log.all, ["A", "M"])
    }

    func testInterceptorsThatRunBeforeLoginAreNotAskedAgainAfterIt() throws {
        let registry = try shopRegistry(authenticated: false)
        registry.guards.options = GuardOptions(interceptorsBeforeLogin: true)
        let log = AskLog()
        try registry.guards.addInterceptor(
            Answering(label: "terms", log: log, decision: .proceed), name: "terms", scope: .routes(["orders"]))
        try registry.guards.addInterceptor(
            Answering(label: "audit", log: log, decision: .proceed), name: "audit", scope: .routes(["orders"]),
            requiresAuth: true)
        let desk = OAuthDesk()
        registry.guards.authenticationHandler = desk
        let router = Router(registry: registry)
        try router.start()
        guard case .pending(let flow) = try router.navigate("/account/orders") else { return XCTFail("no login") }
        XCTAssertEqual(log.all, ["terms"])
        registry.guards.setAuthenticated(true)
        try router.completeLogin(flow, success: true)
        XCTAssertEqual(log.all, ["terms", "audit"], "terms once, before the login; audit after it")
        XCTAssertEqual(router.state.currentRoutes, ["home", "orders"])
    }

    func testAHoldingInterceptorBeforeLoginHoldsOnce() throws {
        let registry = try shopRegistry(authenticated: false)
        registry.guards.options = GuardOptions(interceptorsBeforeLogin: true)
        let log = AskLog()
        try registry.guards.addInterceptor(
            Answering(label: "onboarding", log: log, decision: .pending), name: "onboarding",
            scope: .routes(["orders"]))
        registry.guards.authenticationHandler = OAuthDesk()
        let router = Router(registry: registry)
        try router.start()
        guard case .pending(let held) = try router.navigate("/account/orders") else { return XCTFail("not held") }
        guard case .pending(let login) = try router.resumeFlow(held, decision: .proceed) else {
            return XCTFail("no login")
        }
        registry.guards.setAuthenticated(true)
        guard case .applied = try router.completeLogin(login, success: true) else { return XCTFail("held again") }
        XCTAssertEqual(log.all, ["onboarding"])
        XCTAssertEqual(router.state.currentRoutes, ["home", "orders"])
    }

    // MARK: A refused or claimed link is no navigation: it supersedes nothing

    func testARefusedLinkLeavesPendingFlowsAlone() throws {
        let (router, _, _) = try shopRouter(authenticated: false)
        router.registry.guards.authenticationHandler = OAuthDesk()
        guard case .pending(let flow) = try router.navigate("/account/orders") else { return XCTFail("no login") }
        let before = router.snapshot()
        assertFails(.denied) {
            try router.navigate("javascript:alert(1)", options: NavigationOptions { $0.external = true })
        }
        assertFails(.notFound) { try router.navigate("/nowhere") }
        assertFails(.malformedURL) { try router.navigate("/a//b") }
        assertFails(.notExternal) {
            try router.navigate("/settings", options: NavigationOptions { $0.external = true })
        }
        assertFails(.denied) {
            router.registry.guards.authenticationHandler = nil
            defer { router.registry.guards.authenticationHandler = OAuthDesk() }
            return try router.navigate("/shop/checkout")
        }
        XCTAssertEqual(router.pendingFlows, [flow])
        XCTAssertEqual(router.snapshot(), before)
    }

    func testTheOAuthCallbackCompletesTheLoginFlowItInterrupts() throws {
        let (router, _, _) = try shopRouter(authenticated: false)
        let desk = OAuthDesk()
        router.registry.guards.authenticationHandler = desk
        guard case .pending(let flow) = try router.navigate("/account/orders") else { return XCTFail("no login") }
        XCTAssertEqual(try router.navigate("myapp://auth/callback?code=abc"), .handled)
        XCTAssertEqual(router.pendingFlows, [flow])
        router.registry.guards.setAuthenticated(true)
        try router.completeLogin(flow, success: true)
        XCTAssertEqual(router.state.currentRoutes, ["home", "orders"])
    }

    func testTheOAuthCallbackMayCompleteTheLoginFromInsideTheClaim() throws {
        let (router, _, _) = try shopRouter(authenticated: false)
        let desk = OAuthDesk { router in
            router.registry.guards.setAuthenticated(true)
            for flow in router.pendingFlows { _ = try? router.completeLogin(flow, success: true) }
        }
        router.registry.guards.authenticationHandler = desk
        guard case .pending = try router.navigate("/account/orders") else { return XCTFail("no login") }
        XCTAssertEqual(try router.navigate("myapp://auth/callback?code=abc"), .handled)
        XCTAssertEqual(router.pendingFlows, [])
        XCTAssertEqual(router.state.currentRoutes, ["home", "orders"])
    }
}

/// Callbacks of one router never overlap in time, whoever calls it; gestures keep to the command order.
final class CallbackOrderTests: XCTestCase {
    /// A navigator that counts how often two threads were inside it at once.
    private final class OverlapProbe: Sendable {
        private let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        var navigator: Router.Navigator {
            { _ in
                if self.inside.wrappingAdd(1, ordering: .acquiringAndReleasing).newValue > 1 {
                    self.overlaps.wrappingAdd(1, ordering: .relaxed)
                }
                for _ in 0..<2_000 { _ = self.inside.load(ordering: .relaxed) }  // stays a moment
                self.inside.wrappingSubtract(1, ordering: .acquiringAndReleasing)
                return true
            }
        }
    }

    func testExpiringFlowsFromATimerThreadDoesNotEnterTheNavigatorBesideACommand() throws {
        let registry = try shopRegistry()
        try registry.guards.addInterceptor(
            ClosureInterceptor { $0.destination?.route.name == "settings" ? .pending : .proceed }, name: "hold")
        let router = Router(registry: registry, options: RouterOptions { $0.flowDeadline = .zero })
        let probe = OverlapProbe()
        router.navigator = probe.navigator
        try router.start()
        let done = Atomic<Bool>(false)
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            if worker == 0 {
                for _ in 0..<300 {
                    _ = try? router.navigate("/settings")
                    _ = try? router.push("/shop/product/1")
                    _ = try? router.pop()
                }
                done.store(true, ordering: .releasing)
            } else {
                while !done.load(ordering: .acquiring) { router.expireFlows() }
            }
        }
        XCTAssertEqual(probe.overlaps.load(ordering: .relaxed), 0, "the navigator was entered by two threads at once")
    }

    func testACommandALeaveGuardIssuesDuringAGestureBeginIsQueued() throws {
        let (router, _, recorder) = try shopRouter()
        let outcome = Mutex<Router.Outcome?>(nil)
        try router.registry.guards.addInterceptor(
            ClosureInterceptor { context in
                if outcome.withLock({ $0 }) == nil {
                    let issued = try? context.router.push("/shop/product/9")
                    outcome.withLock { $0 = issued }
                }
                return .proceed
            }, name: "opens", phase: .leave, scope: .routes(["product"]))
        try router.push("/shop/product/1")
        recorder.clear()
        let (gesture, preview) = try router.beginBackGesture()
        guard case .queued? = outcome.withLock({ $0 }) else {
            return XCTFail("the guard's command ran inside the gesture's begin")
        }
        XCTAssertEqual(preview.leaving.map(\.route), ["product"])
        // The queued push ran once the begin was over: the state is no longer the one the preview showed.
        XCTAssertEqual(router.state.currentRoutes, ["home", "product", "product"])
        assertFails(.invalidArgument, "changed") { try router.commitBackGesture(gesture) }
        XCTAssertEqual(router.state.currentRoutes, ["home", "product", "product"])
    }

    func testABackGestureCannotBeginInsideACallback() throws {
        let (router, _, _) = try shopRouter()
        try router.push("/shop/product/1")
        let failure = Mutex<NavRouterError?>(nil)
        router.navigator = { event in
            if event.kind == .push {
                do throws(NavRouterError) { _ = try router.beginBackGesture() } catch {
                    failure.withLock { $0 = error }
                }
            }
            return true
        }
        try router.push("/shop/product/2")
        XCTAssertEqual(failure.withLock { $0?.code }, .invalidArgument)
    }

    func testATabBackGestureIsUserInitiated() throws {
        let (router, _, recorder) = try shopRouter()
        router.setOptions(RouterOptions { $0.backBehavior = .history })
        try router.selectTab(2)
        recorder.clear()
        let (gesture, preview) = try router.beginBackGesture()
        XCTAssertEqual(preview.action, .selectTab)
        try router.commitBackGesture(gesture)
        let selected = recorder.events.filter { $0.kind == .tabSelected }
        XCTAssertEqual(selected.count, 1)
        XCTAssertEqual(selected.first?.userInitiated, true)
    }

    func testTheBackPreviewNamesTheHiddenSheetThatComesBack() throws {
        let (router, _, _) = try shopRouter()
        router.setOptions(
            RouterOptions {
                $0.modalsPerTab = true
                $0.backBehavior = .history
            })
        try router.navigate("/settings")
        try router.selectTab(2)
        XCTAssertEqual(router.state.tabs[0].hiddenLayers.count, 1)
        let preview = try XCTUnwrap(router.backPreview())
        XCTAssertEqual(preview.action, .selectTab)
        XCTAssertEqual(preview.appearing?.route, "settings", "the tab's sheet comes back on top")
        try router.back()
        XCTAssertEqual(router.state.topEntry?.id, preview.appearing?.id)
    }
}

/// A logged-out router never hands its host a protected entry, whatever a restore brings.
final class RestoreWhileLoggedOutTests: XCTestCase {
    func testALoggedInSnapshotRestoredWhileLoggedOutNeverShowsItsProtectedEntries() throws {
        let (router, ledger, recorder) = try shopRouter()
        try router.selectTab(3)
        try router.push("/account/orders")
        try router.push("/account/orders/0b3a7c2e-4a35-4c8e-9a4b-1d2e3f405060")
        try router.selectTab(1)
        try router.push("/shop/product/4")
        try router.navigate("/shop/product/4/review")
        let snapshot = router.snapshot()
        router.registry.guards.setAuthenticated(false)
        try router.popToRoot()
        recorder.clear()
        try router.restore(snapshot)
        for event in recorder.events {
            let shown = event.entries + [event.entry].compactMap { $0 } + event.removed
            XCTAssertFalse(
                shown.contains { ["orders", "order", "review"].contains($0.route) },
                "\(event.kind) shows a protected entry")
        }
        let restored = try XCTUnwrap(recorder.events.first { $0.kind == .restored })
        let dropped = restored.info?.objectValue?["dropped"]?.arrayValue ?? []
        XCTAssertEqual(
            Set(dropped.compactMap { $0.objectValue?["route"]?.stringValue }), ["orders", "order", "review"])
        XCTAssertEqual(router.state.tabs[3].stack.map(\.route), ["profile"])
        XCTAssertEqual(router.state.tabs[1].stack.map(\.route), ["catalog", "product"])
        XCTAssertEqual(router.state.layers.count, 0)
        XCTAssertEqual(ledger.releasedCount + ledger.live.count, router.state.entryCount + ledger.releasedCount)
        ledger.check(router.state)
    }

    func testAMigrationThatAddsAProtectedEntryWhileLoggedOutDoesNotShowIt() throws {
        let (router, ledger, recorder) = try shopRouter(authenticated: false)
        let snapshot = router.snapshot()
        recorder.clear()
        try router.restore(
            snapshot,
            options: RestoreOptions {
                $0.migrate = { json in
                    guard case .object(var root) = json, case .array(var tabs)? = root["tabs"],
                        case .object(var profile) = tabs[3], case .array(var stack)? = profile["stack"]
                    else { return json }
                    stack.append(
                        .object([
                            "id": .integer(900), "route": .string("orders"), "url": .string("/account/orders"),
                            "parameters": .object([:]), "props": .null, "expects_result": .bool(false),
                            "opener": .null,
                        ]))
                    profile["stack"] = .array(stack)
                    tabs[3] = .object(profile)
                    root["tabs"] = .array(tabs)
                    root["next_entry_id"] = .integer(901)
                    return .object(root)
                }
            })
        XCTAssertFalse(recorder.events.contains { ($0.entries + $0.removed).contains { $0.route == "orders" } })
        XCTAssertEqual(router.state.tabs[3].stack.map(\.route), ["profile"])
        ledger.check(router.state)
    }

    func testARestoreLinkToAProtectedRouteWhileLoggedOutStartsTheLogin() throws {
        let (router, ledger, recorder) = try shopRouter(authenticated: false)
        let desk = OAuthDesk()
        router.registry.guards.authenticationHandler = desk
        try router.push("/shop/product/2")
        let snapshot = router.snapshot()
        try router.popToRoot()
        recorder.clear()
        let outcome = try router.restore(
            snapshot, options: RestoreOptions { $0.link = "/account/orders/0b3a7c2e-4a35-4c8e-9a4b-1d2e3f405060" })
        guard case .pending(let flow) = outcome else { return XCTFail("no login flow: \(outcome)") }
        XCTAssertEqual(desk.asked, [flow])
        XCTAssertFalse(
            recorder.events.contains { ($0.entries + [$0.entry].compactMap { $0 }).contains { $0.route == "order" } })
        XCTAssertEqual(router.state.tabs[0].stack.map(\.route), ["home", "product"], "the snapshot was restored")
        router.registry.guards.setAuthenticated(true)
        try router.completeLogin(flow, success: true)
        XCTAssertEqual(router.state.topEntry?.route, "order")
        ledger.check(router.state)
    }

    func testARestoreLinkToAProtectedRouteWithoutALoginHandlerFailsAndKeepsTheState() throws {
        let (router, ledger, recorder) = try shopRouter(authenticated: false)
        try router.push("/shop/product/2")
        let snapshot = router.snapshot()
        try router.popToRoot()
        let before = router.snapshot()
        recorder.clear()
        assertFails(.denied, "requires authentication") {
            try router.restore(snapshot, options: RestoreOptions { $0.link = "/shop/checkout" })
        }
        XCTAssertEqual(router.snapshot(), before)
        XCTAssertEqual(recorder.events.count, 0)
        ledger.check(router.state)
    }

    func testARestoreLinkAsksTheBeforeInterceptors() throws {
        let (router, _, _) = try shopRouter()
        try router.registry.guards.addInterceptor(
            ClosureInterceptor { _ in .cancel(reason: "closed") }, name: "closed", scope: .routes(["product"]))
        let snapshot = router.snapshot()
        let before = router.snapshot()
        assertFails(.cancelled, "closed") {
            try router.restore(snapshot, options: RestoreOptions { $0.link = "/shop/product/2" })
        }
        XCTAssertEqual(router.snapshot(), before)
    }
}

/// Tab stacks, shown layers and hidden layers: every change that walks them keeps the state whole and restorable.
final class ModalsPerTabStateTests: XCTestCase {
    /// Two tabs (home, feed), a sheet and a pushed screen.
    private func tabRegistry(withFeed: Bool = true) throws -> RouteRegistry {
        let registry = try RouteRegistry()
        try registry.register(try Route(name: "home", pattern: "home", presentation: .root))
        if withFeed { try registry.register(try Route(name: "feed", pattern: "feed", presentation: .root)) }
        try registry.register([
            try Route(name: "sheet", pattern: "sheet", presentation: .modal(.sheet)),
            try Route(name: "item", pattern: "item/:id"),
        ])
        return registry
    }

    /// A router under modals per tab with the sheet hidden on tab 0 and tab 1 (feed) selected.
    private func routerWithAHiddenSheet() throws -> (Router, ViewLedger, EventRecorder) {
        let router = Router(registry: try tabRegistry(), options: RouterOptions { $0.modalsPerTab = true })
        let ledger = ViewLedger()
        let recorder = EventRecorder()
        router.defaultHandler = ledger
        router.navigator = recorder.navigator
        try router.start()
        try router.navigate("/sheet")
        try router.selectTab(1)
        XCTAssertEqual(router.state.tabs[0].hiddenLayers.count, 1)
        recorder.clear()
        return (router, ledger, recorder)
    }

    func testRemovingTheSelectedTabsRootRouteShowsTheNextTabsHiddenSheet() throws {
        let (router, ledger, _) = try routerWithAHiddenSheet()
        try router.push("/item/3")
        try router.registry.unregister(named: "feed")
        XCTAssertEqual(router.state.tabs.map(\.route), ["home"])
        XCTAssertEqual(router.state.selectedTab, 0)
        XCTAssertEqual(router.state.layers.map { $0.stack.map(\.route) }, [["sheet"]], "the sheet comes back")
        XCTAssertNil(router.state.invariantViolation)
        try router.refresh()
        try Router(registry: router.registry).restore(router.snapshot())
        ledger.check(router.state)
    }

    func testTurningModalsPerTabOffLosesNoHiddenLayer() throws {
        let (router, ledger, _) = try routerWithAHiddenSheet()
        router.setOptions(RouterOptions { $0.modalsPerTab = false })
        try router.selectTab(0)
        XCTAssertEqual(router.state.selectedTab, 0)
        XCTAssertEqual(router.state.layers.map { $0.stack.map(\.route) }, [["sheet"]])
        try router.selectTab(1)
        XCTAssertEqual(router.state.layers, [], "with the option off, a tab switch dismisses")
        ledger.check(router.state)
    }

    func testARouteAddedOverALiveEntryKeepsTheSnapshotRestorable() throws {
        let registry = try RouteRegistry()
        try registry.register([
            try Route(name: "home", pattern: "home", presentation: .root),
            try Route(name: "prod", pattern: "prod/:id", aliases: ["old/:id"]),
        ])
        let router = Router(registry: registry)
        try router.start()
        try router.push("/prod/new")
        try router.push("/old/new")
        try registry.register(try Route(name: "prod-new", pattern: "prod/new"))
        try registry.register(try Route(name: "old-new", pattern: "old/new"))
        let snapshot = router.snapshot()
        let fresh = Router(registry: registry)
        try fresh.restore(snapshot)
        XCTAssertEqual(fresh.state.currentRoutes, ["home", "prod", "prod"])
        try router.refresh()
        try Router(registry: registry).restore(router.snapshot())
    }

    func testATolerantRestoreThatDropsTheSelectedTabShowsTheNextTabsSheetAndListsTheLayersOverIt() throws {
        let (router, _, _) = try routerWithAHiddenSheet()
        try router.push("/item/3")
        try router.navigate("/sheet")
        let snapshot = router.snapshot()
        XCTAssertEqual(router.state.layers.count, 1)
        let fresh = Router(
            registry: try tabRegistry(withFeed: false), options: RouterOptions { $0.modalsPerTab = true })
        let recorder = EventRecorder()
        fresh.navigator = recorder.navigator
        try fresh.restore(snapshot, options: RestoreOptions { $0.tolerant = true })
        XCTAssertEqual(fresh.state.selectedTab, 0)
        XCTAssertEqual(fresh.state.layers.map { $0.stack.map(\.route) }, [["sheet"]], "tab 0's sheet is shown")
        let dropped = recorder.events.first { $0.kind == .restored }?.info?.objectValue?["dropped"]?.arrayValue ?? []
        let droppedIDs = dropped.compactMap { $0.objectValue?["id"] }
        for entry in router.state.layers.flatMap(\.stack) {
            XCTAssertTrue(droppedIDs.contains(entry.id.jsonValue), "layer entry \(entry.id) is listed as dropped")
        }
    }
}

/// A transaction log replays whatever the session did and wherever the log started.
final class TransactionLogReplayTests: XCTestCase {
    /// A router with a view handler, logging (or not), with seeded flow tokens, on `registry` (a fresh shop by
    /// default; a test that replays gives the logging router and the replaying one the same registry).
    private func makeRouter(
        recording: Bool = true, on registry: RouteRegistry? = nil, flowDeadline: Duration? = nil
    ) throws -> Router {
        let router = Router(
            registry: try registry ?? shopRegistry(),
            options: RouterOptions {
                $0.recordsLog = recording
                $0.flowTokenSeed = 42
                $0.flowDeadline = flowDeadline
            })
        router.defaultHandler = ViewLedger()
        return router
    }

    /// The shop, with an `after` interceptor that sends every product navigation on to `url`.
    private func shopRedirectingProducts(to url: String) throws -> RouteRegistry {
        let registry = try shopRegistry()
        try registry.guards.addInterceptor(
            ClosureInterceptor { $0.destination?.route.name == "product" ? .redirect(url: url) : .proceed },
            name: "redirect", phase: .after)
        return registry
    }

    func testALoggedBackGestureReplays() throws {
        let router = try makeRouter()
        try router.start()
        try router.push("/shop/product/1")
        try router.push("/shop/product/2")
        let (first, _) = try router.beginBackGesture()
        try router.cancelBackGesture(first)
        let (second, _) = try router.beginBackGesture()
        try router.commitBackGesture(second)
        // Every step is in the log, the cancel too (a replay would pass without it: the next begin takes over).
        let commands = router.transactionLog.map { $0.objectValue?["command"]?.objectValue?["command"]?.stringValue }
        XCTAssertEqual(
            commands,
            [
                "start", "navigate", "navigate", "begin_back_gesture", "cancel_back_gesture", "begin_back_gesture",
                "commit_back_gesture",
            ])
        let replay = try makeRouter()
        let report = try replay.replay(router.transactionLogLines)
        XCTAssertNil(report.divergence, "\(String(describing: report.divergence))")
        XCTAssertEqual(replay.state.withoutViews, router.state.withoutViews)
    }

    func testALogStartedMidSessionReplaysOnAFreshRouter() throws {
        let router = try makeRouter(recording: false)
        try router.start()
        try router.push("/shop/product/1")
        try router.selectTab(2)
        router.setOptions(
            RouterOptions {
                $0.recordsLog = true
                $0.flowTokenSeed = 42
            })
        try router.selectTab(0)
        try router.push("/shop/product/5")
        try router.back()
        let replay = try makeRouter()
        let report = try replay.replay(router.transactionLogLines)
        XCTAssertEqual(report.steps, 3)
        XCTAssertNil(report.divergence, "\(String(describing: report.divergence))")
        XCTAssertEqual(replay.state.withoutViews, router.state.withoutViews)
    }

    func testALogStartedMidSessionReplaysOnARouterThatWaitsForItsHost() throws {
        // Restoring where the log started is not a step of the log: the fresh router does not wait for the host to
        // draw it, or the log's first command would be queued behind it.
        let router = try makeRouter(recording: false)
        router.transitionMode = .waitForHost
        try router.start()
        try router.transitionFinished(try XCTUnwrap(router.awaitedTransition))
        try router.push("/shop/product/1")
        try router.transitionFinished(try XCTUnwrap(router.awaitedTransition))
        router.setOptions(
            RouterOptions {
                $0.recordsLog = true
                $0.flowTokenSeed = 42
            })
        try router.push("/shop/product/5")
        try router.push("/shop/product/6")  // queued behind the first push's transition
        try router.transitionFinished(try XCTUnwrap(router.awaitedTransition))  // the second push runs now
        let replay = try makeRouter()
        replay.transitionMode = .waitForHost
        let report = try replay.replay(router.transactionLogLines)
        XCTAssertEqual(report.steps, 2)
        XCTAssertNil(report.divergence, "\(String(describing: report.divergence))")
        XCTAssertEqual(replay.state.withoutViews, router.state.withoutViews)
        XCTAssertNil(replay.awaitedTransition, "the host's transitions are not in the log: a replay does not wait")
    }

    func testTransitionNumbersSpentOutsideTheLogDoNotShiftTheReplay() throws {
        // A command a callback queued fails as it runs: the host hears of it in a `commandFailed` event, which has a
        // transition number of its own. The replay runs that step directly, with no such event: the next step's
        // transition number is still the log's.
        let registry = try shopRedirectingProducts(to: "/nowhere")
        let router = try makeRouter(on: registry)
        try router.start()
        try router.push("/shop/product/1")
        try router.push("/settings")
        let replay = try makeRouter(on: registry)
        let report = try replay.replay(router.transactionLogLines)
        XCTAssertEqual(report.steps, 4, "start, the push, the failed redirect, the second push")
        XCTAssertNil(report.divergence, "\(String(describing: report.divergence))")
    }

    func testAMigratedRestoreReplaysWithoutItsHook() throws {
        // The migration hook is host code the log cannot hold: the log holds the snapshot it made.
        let router = try makeRouter()
        try router.start()
        try router.push("/shop/product/5")
        let old = router.snapshot().replacingOccurrences(of: "/shop/product/5", with: "/old/5")
        try router.popToRoot()
        let calls = Mutex(0)
        let options = RestoreOptions {
            $0.migrate = { json throws(NavRouterError) in
                calls.withLock { $0 += 1 }
                return try JSONValue.parse(json.jsonText.replacingOccurrences(of: "/old/5", with: "/shop/product/5"))
            }
        }
        try router.restore(old, options: options)
        let replay = try makeRouter()
        let report = try replay.replay(router.transactionLogLines)
        XCTAssertNil(report.divergence, "\(String(describing: report.divergence))")
        XCTAssertEqual(replay.state.withoutViews, router.state.withoutViews)
        XCTAssertEqual(calls.withLock { $0 }, 1, "the hook ran once, for the restore; not for the log")
        // Logged as a plain restore of the migrated snapshot: no hook, so no options beside it.
        let logged = try XCTUnwrap(router.transactionLog.last?.objectValue?["command"]?.objectValue)
        XCTAssertEqual(logged.keys.sorted(), ["command", "snapshot"])
        XCTAssertEqual(logged["snapshot"]?.stringValue?.contains("/shop/product/5"), true)
    }

    func testAFlowThatExpiredBetweenStepsDoesNotShiftTheReplay() throws {
        // The host expired a flow between two commands (its events spent transition numbers); the replay expires it
        // before the next step, as the router did before it recorded that step.
        let registry = try shopRegistry()
        try registry.guards.addInterceptor(
            ClosureInterceptor { $0.destination?.route.name == "settings" ? .pending : .proceed }, name: "hold")
        let router = try makeRouter(on: registry, flowDeadline: .zero)
        try router.start()
        try router.navigate("/settings")
        router.expireFlows()
        try router.push("/shop/product/2")
        let replay = try makeRouter(on: registry, flowDeadline: .zero)
        let report = try replay.replay(router.transactionLogLines)
        XCTAssertEqual(report.steps, 3)
        XCTAssertNil(report.divergence, "\(String(describing: report.divergence))")
    }

    func testACommandACallbackIssuedReplaysOnceAsTheStepItIs() throws {
        // An after interceptor redirects: its navigation ran as a step of its own, after the push. The replay runs
        // the push alone (the redirect it issues again is the log's next step), then the redirect.
        let registry = try shopRedirectingProducts(to: "/shop/cart")
        let router = try makeRouter(on: registry)
        try router.start()
        try router.push("/shop/product/1")
        XCTAssertEqual(router.transactionLog.count, 3, "start, the push, the redirect")
        let replay = try makeRouter(on: registry)
        let report = try replay.replay(router.transactionLogLines)
        XCTAssertEqual(report.steps, 3)
        XCTAssertNil(report.divergence, "\(String(describing: report.divergence))")
        XCTAssertEqual(replay.state.withoutViews, router.state.withoutViews)
    }
}

/// Every snapshot a router writes restores, whatever changed in the registry since its entries were made.
final class SnapshotAfterRegistryChangeTests: XCTestCase {
    func testAnEntryWhoseLinkThePolicyNoLongerTakesGoesWhenThePolicyChanges() throws {
        let (router, ledger, recorder) = try shopRouter()
        try router.push("https://shop.example.com/shop/product/3")
        try router.push("/shop/product/4")
        recorder.clear()
        try router.registry.setPolicy(URLPolicy(webDomains: ["www.example.org"]))
        XCTAssertEqual(router.state.currentRoutes, ["home"], "the web link's entry (and what is above it) went")
        XCTAssertTrue(recorder.kinds.contains(.pop))
        try Router(registry: router.registry).restore(router.snapshot())
        ledger.check(router.state)
    }

    func testLimitsLoweredUnderALongLinkPruneItsEntry() throws {
        let (router, _, _) = try shopRouter()
        let long = "/help/" + Array(repeating: "a", count: 40).joined(separator: "/")
        try router.push(long)
        try router.registry.updatePolicy { $0.maxSegments = 8 }
        XCTAssertEqual(router.state.currentRoutes, ["home"])
        try Router(registry: router.registry).restore(router.snapshot())
    }
}

/// Logging out hands the host no protected entry, not even for the moment between two dismissals of its prune.
final class LogoutPruneEventTests: XCTestCase {
    func testNoDismissalOfALogoutNamesAProtectedEntryAsAppearing() throws {
        let (router, ledger, recorder) = try shopRouter()
        try router.push("/shop/product/3")
        try router.navigate("/account/orders", options: NavigationOptions { $0.presentation = .modal(.sheet) })
        try router.push("/account/orders")  // a protected entry in the lowest layer's stack
        try router.navigate("/shop/product/3/review")  // a protected layer root
        try router.navigate("/settings")  // a layer above it, not protected itself
        recorder.clear()
        router.registry.guards.setAuthenticated(false)
        for event in recorder.events where event.kind != .stateChanged {
            if let entry = event.entry {
                XCTAssertFalse(
                    ["orders", "review"].contains(entry.route), "\(event.kind) names '\(entry.route)' as on top")
            }
        }
        XCTAssertEqual(router.state.layers.count, 0)
        XCTAssertEqual(router.state.currentRoutes, ["home", "product"])
        ledger.check(router.state)
    }
}
