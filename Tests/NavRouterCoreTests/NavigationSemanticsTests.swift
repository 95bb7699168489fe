import Synchronization
import XCTest

@testable import NavRouterCore

/// An interceptor that answers `pending` for one route and remembers the flows it held.
private final class HoldingInterceptor: Interceptor, Sendable {
    let route: String
    private let held = Mutex<[FlowToken]>([])
    var flows: [FlowToken] { held.withLock { $0 } }
    init(route: String) { self.route = route }
    func intercept(_ context: InterceptionContext) -> InterceptorDecision {
        guard context.destination?.route.name == route || context.entry?.route == route else { return .proceed }
        held.withLock { $0.append(context.flow) }
        return .pending
    }
}

/// What guards said, in order (thread-safe).
private final class CallLog: Sendable {
    private let items = Mutex<[String]>([])
    var all: [String] { items.withLock { $0 } }
    func append(_ item: String) { items.withLock { $0.append(item) } }
    func clear() { items.withLock { $0 = [] } }
}

/// An interceptor that records that it was asked, and answers `decision`.
private final class RecordingInterceptor: Interceptor, Sendable {
    let label: String
    let log: CallLog
    let decision: InterceptorDecision
    init(_ label: String, into log: CallLog, decision: InterceptorDecision = .proceed) {
        self.label = label
        self.log = log
        self.decision = decision
    }
    func intercept(_ context: InterceptionContext) -> InterceptorDecision {
        log.append(label)
        return decision
    }
}

private final class LoginRecorder: AuthenticationHandler, Sendable {
    let log: CallLog
    init(into log: CallLog) { self.log = log }
    func login(flow: FlowToken, destination: RouteMatch, router: Router) { log.append("login") }
}

final class NavigationSemanticsTests: XCTestCase {
    // MARK: 2. Superseded and slow flows

    func testAQueuedCommandThatIsHeldSaysSoUnderItsTicket() throws {
        let (router, _, recorder) = try shopRouter()
        try router.registry.guards.addInterceptor(HoldingInterceptor(route: "settings"), name: "hold")
        try router.start()
        router.transitionMode = .waitForHost
        guard case .applied(let first?) = try router.push("/shop/product/1") else { return XCTFail("applied") }
        guard case .queued(let ticket) = try router.navigate("/settings") else { return XCTFail("queued") }
        recorder.clear()
        try router.transitionFinished(first)  // the queued navigate runs now, and is held
        let pending = recorder.events.first { $0.kind == .navigationPending }
        XCTAssertEqual(pending?.ticket, ticket, "whoever waits for the ticket learns the command is pending")
        XCTAssertEqual(pending?.flow, router.pendingFlows.first)
    }

    func testANewNavigationSupersedesAPendingFlow() throws {
        let (router, ledger, recorder) = try shopRouter()
        let holder = HoldingInterceptor(route: "settings")
        try router.registry.guards.addInterceptor(holder, name: "hold")
        guard case .pending(let flow) = try router.navigate("/settings") else { return XCTFail("not pending") }
        XCTAssertEqual(recorder.kinds, [.navigationPending])
        XCTAssertEqual(recorder.events[0].info?.objectValue?["stage"], .string("interceptor"))
        try router.navigate("/shop/product/1")
        XCTAssertEqual(router.pendingFlows, [])
        // The old flow goes once the new navigation is applied (a refused link would leave it waiting).
        XCTAssertEqual(recorder.kinds, [.navigationPending, .push, .flowCancelled, .pendingEnded])
        XCTAssertEqual(recorder.events.last?.info?.objectValue?["reason"], .string("superseded"))
        assertFails(.invalidArgument, "superseded") { try router.resumeFlow(flow, decision: .proceed) }
        XCTAssertEqual(router.state.currentRoutes, ["home", "product"], "the old flow did not land on top")
        ledger.check(router.state)
    }

    func testFlowsCanBeKeptAcrossNavigations() throws {
        let (router, _, _) = try shopRouter()
        router.setOptions(RouterOptions { $0.supersedePendingFlows = false })
        try router.registry.guards.addInterceptor(HoldingInterceptor(route: "settings"), name: "hold")
        guard case .pending(let flow) = try router.navigate("/settings") else { return XCTFail("not pending") }
        try router.navigate("/shop/product/1")
        try router.resumeFlow(flow, decision: .proceed)
        XCTAssertEqual(router.state.layers.map { $0.stack[0].route }, ["settings"])
    }

    func testAFlowPastItsDeadlineIsCancelled() throws {
        let (router, _, recorder) = try shopRouter()
        try router.registry.guards.addInterceptor(HoldingInterceptor(route: "settings"), name: "hold")
        var options = NavigationOptions()
        options.flowDeadline = .milliseconds(1)
        guard case .pending(let flow) = try router.navigate("/settings", options: options) else {
            return XCTFail("not pending")
        }
        let start = ContinuousClock.now
        while ContinuousClock.now - start < .milliseconds(5) {}
        router.expireFlows()
        XCTAssertEqual(router.pendingFlows, [])
        XCTAssertEqual(recorder.events.last?.kind, .pendingEnded)
        XCTAssertEqual(recorder.events.last?.info?.objectValue?["reason"], .string("expired"))
        assertFails(.invalidArgument) { try router.resumeFlow(flow, decision: .proceed) }
    }

    func testResumingEndsThePendingNavigation() throws {
        let (router, _, recorder) = try shopRouter()
        try router.registry.guards.addInterceptor(HoldingInterceptor(route: "settings"), name: "hold")
        guard case .pending(let flow) = try router.navigate("/settings") else { return XCTFail("not pending") }
        try router.resumeFlow(flow, decision: .proceed)
        XCTAssertEqual(Array(recorder.kinds.prefix(3)), [.navigationPending, .pendingEnded, .present])
        XCTAssertEqual(recorder.events[1].info?.objectValue?["reason"], .string("resumed"))
    }

    // MARK: 3. Back stack under a deep-linked modal

    func testADeepLinkedModalGetsItsParentsStackInTheirTab() throws {
        let (router, ledger, _) = try shopRouter()
        try router.navigate("/shop/product/7/review", options: NavigationOptions { $0.buildBackStack = true })
        let state = router.state
        XCTAssertEqual(state.tabs[state.selectedTab].route, "catalog")
        XCTAssertEqual(state.tabs[state.selectedTab].stack.map(\.route), ["catalog", "product"])
        XCTAssertEqual(state.tabs[state.selectedTab].stack[1].parameters, ["id": "7"])
        XCTAssertEqual(state.layers.map { $0.stack.map(\.route) }, [["review"]])
        ledger.check(state)
    }

    // MARK: 4. Tab back behaviour and reselection

    func testBackAtATabRootFollowsTheBackBehaviour() throws {
        let (router, _, _) = try shopRouter()
        assertFails(.notFound) { try router.back() }  // none: as before
        router.setOptions(RouterOptions { $0.backBehavior = .initialTab })
        try router.selectTab(2)
        try router.back()
        XCTAssertEqual(router.state.selectedTab, 0)
        router.setOptions(RouterOptions { $0.backBehavior = .order })
        try router.selectTab(2)
        try router.back()
        XCTAssertEqual(router.state.selectedTab, 1)
        try router.back()
        XCTAssertEqual(router.state.selectedTab, 0)
        assertFails(.notFound) { try router.back() }
        let (fresh, _, _) = try shopRouter()  // a history of its own: home only
        fresh.setOptions(RouterOptions { $0.backBehavior = .history })
        try fresh.selectTab(3)
        try fresh.selectTab(1)
        try fresh.selectTab(3)  // a tab visited again counts once, at its latest visit
        try fresh.back()
        XCTAssertEqual(fresh.state.selectedTab, 1)
        try fresh.back()
        XCTAssertEqual(fresh.state.selectedTab, 0)
        assertFails(.notFound) { try fresh.back() }
    }

    func testReselectingTheSelectedTabPopsToItsRoot() throws {
        let (router, _, _) = try shopRouter()
        try router.push("/shop/product/1")
        try router.selectTab(0)
        XCTAssertEqual(router.state.currentRoutes, ["home", "product"], "off by default")
        router.setOptions(RouterOptions { $0.reselectPopsToRoot = true })
        try router.selectTab(0)
        XCTAssertEqual(router.state.currentRoutes, ["home"])
    }

    // MARK: 5. Modals per tab

    func testModalsBelongToTheirTabAndComeBackWithIt() throws {
        let (router, ledger, recorder) = try shopRouter()
        router.setOptions(RouterOptions { $0.modalsPerTab = true })
        try router.navigate("/settings")
        let settings = router.state.layers[0].stack[0]
        try router.selectTab(1)
        XCTAssertEqual(router.state.layers, [])
        XCTAssertEqual(router.state.tabs[0].hiddenLayers.map { $0.stack[0].id }, [settings.id])
        XCTAssertTrue(recorder.kinds.contains(.layersHidden))
        ledger.check(router.state)  // the hidden layer keeps its view
        let snapshot = router.snapshot()
        try router.selectTab(0)
        XCTAssertEqual(router.state.layers.map { $0.stack[0].id }, [settings.id])
        XCTAssertEqual(recorder.kinds.last, .layersShown)
        try router.restore(snapshot)
        XCTAssertEqual(router.state.tabs[0].hiddenLayers.map { $0.stack[0].route }, ["settings"])
        ledger.check(router.state)
        router.registry.guards.setAuthenticated(false)  // logging out prunes hidden layers too
        ledger.check(router.state)
    }

    // MARK: 6. Seed semantics as options

    func testAPushCanDismissTheModalsFirst() throws {
        let (router, _, _) = try shopRouter()
        try router.navigate("/settings")
        try router.push("/shop/product/1")
        XCTAssertEqual(router.state.layers.map { $0.stack.map(\.route) }, [["settings", "product"]])
        router.setOptions(RouterOptions { $0.pushDismissesModals = true })
        try router.push("/shop/product/2")
        XCTAssertEqual(router.state.layers, [])
        XCTAssertEqual(router.state.currentRoutes, ["home", "product"])
    }

    func testAPushOntoANamedTabThatIsNotSelected() throws {
        let (router, _, recorder) = try shopRouter()
        try router.navigate("/settings")
        try router.push("/shop/product/3", options: NavigationOptions { $0.tab = "catalog" })
        let state = router.state
        XCTAssertEqual(state.selectedTab, 0)
        XCTAssertEqual(state.tabs[1].stack.map(\.route), ["catalog", "product"])
        XCTAssertEqual(state.layers.count, 1, "the modal stays")
        XCTAssertEqual(recorder.events.first { $0.kind == .push }?.location, .tab(1))
        assertFails(.notFound, "no tab") {
            try router.push("/shop/product/4", options: NavigationOptions { $0.tab = "x" })
        }
    }

    func testInterceptorsWithoutAuthenticationCanRunBeforeTheLogin() throws {
        let registry = try shopRegistry(authenticated: false)
        let log = CallLog()
        registry.guards.authenticationHandler = LoginRecorder(into: log)
        try registry.guards.addInterceptor(RecordingInterceptor("terms", into: log), name: "terms")
        let router = Router(registry: registry)
        try router.start()
        guard case .pending = try router.navigate("/account/orders") else { return XCTFail("no login step") }
        XCTAssertEqual(log.all, ["login"], "by default the login step comes first")
        log.clear()
        registry.guards.updateOptions { $0.interceptorsBeforeLogin = true }
        guard case .pending = try router.navigate("/account/orders") else { return XCTFail("no login step") }
        XCTAssertEqual(log.all, ["terms", "login"])
    }

    // MARK: 7. Back preview and gestures

    func testBackPreviewSaysWhatBackWouldDo() throws {
        let (router, _, _) = try shopRouter()
        XCTAssertFalse(router.canGoBack)
        XCTAssertFalse(router.canDismiss)
        try router.push("/shop/product/1")
        var preview = try XCTUnwrap(router.backPreview())
        XCTAssertEqual(preview.action, .pop)
        XCTAssertEqual(preview.leaving.map(\.route), ["product"])
        XCTAssertEqual(preview.appearing?.route, "home")
        try router.navigate("/settings")
        XCTAssertTrue(router.canDismiss)
        preview = try XCTUnwrap(router.backPreview())
        XCTAssertEqual(preview.action, .dismiss)
        try router.present("/onboarding/welcome", style: .fullScreen, preventDismissal: true)
        XCTAssertFalse(router.canDismiss)
        XCTAssertFalse(router.canGoBack)
        XCTAssertEqual(router.state.layers.count, 2, "previews change nothing")
    }

    func testAGestureChangesTheStateOnlyAtCommit() throws {
        let (router, ledger, recorder) = try shopRouter()
        try router.push("/shop/product/1")
        let before = router.state
        let (gesture, preview) = try router.beginBackGesture()
        XCTAssertEqual(preview.action, .pop)
        XCTAssertEqual(router.state, before)
        try router.cancelBackGesture(gesture)
        XCTAssertEqual(router.state, before)
        assertFails(.invalidArgument) { try router.commitBackGesture(gesture) }
        let (second, _) = try router.beginBackGesture()
        recorder.clear()
        try router.commitBackGesture(second)
        XCTAssertEqual(router.state.currentRoutes, ["home"])
        XCTAssertEqual(recorder.events.first?.kind, .pop)
        XCTAssertEqual(recorder.events.first?.userInitiated, true)
        ledger.check(router.state)
    }

    func testALeaveGuardVetoesAGestureAtItsBegin() throws {
        let (router, _, _) = try shopRouter()
        try router.push("/shop/product/1")
        let log = CallLog()
        try router.registry.guards.addInterceptor(
            RecordingInterceptor("unsaved", into: log, decision: .cancel(reason: "unsaved changes")), name: "unsaved",
            phase: .leave)
        assertFails(.cancelled, "unsaved changes") { _ = try router.beginBackGesture() }
        XCTAssertEqual(router.state.currentRoutes, ["home", "product"])
    }

    func testAGestureOverAChangedStateIsRefused() throws {
        let (router, _, _) = try shopRouter()
        try router.push("/shop/product/1")
        let (gesture, _) = try router.beginBackGesture()
        try router.push("/shop/product/2")
        assertFails(.invalidArgument, "changed") { try router.commitBackGesture(gesture) }
        XCTAssertEqual(router.state.currentRoutes, ["home", "product", "product"])
    }

    // MARK: 8. Entries that change in place

    func testAnEntryChangesInPlaceAndKeepsItsView() throws {
        let (router, ledger, recorder) = try shopRouter()
        try router.push("/shop/product/1")
        let entry = try XCTUnwrap(router.state.topEntry)
        try router.updateEntry(entry.id, parameters: ["id": "2", "tab": "reviews"], props: ["color": "red"])
        let updated = try XCTUnwrap(router.state.topEntry)
        XCTAssertEqual(updated.id, entry.id)
        XCTAssertEqual(updated.view, entry.view)
        XCTAssertEqual(updated.url, "/shop/product/2?tab=reviews")
        XCTAssertEqual(updated.parameters, ["id": "2", "tab": "reviews"])
        XCTAssertEqual(updated.props, ["color": "red"])
        XCTAssertEqual(recorder.kinds.last, .entryUpdated)
        assertFails(.missingParameter) { try router.updateEntry(entry.id, parameters: [:]) }
        assertFails(.notFound) { try router.updateEntry(999, props: [:]) }
        XCTAssertEqual(router.state.topEntry, updated)
        ledger.check(router.state)
    }

    func testSavedStateTravelsInSnapshots() throws {
        let (router, _, recorder) = try shopRouter()
        try router.push("/shop/product/1")
        let id = try XCTUnwrap(router.state.topEntry?.id)
        recorder.clear()
        try router.setSavedState(["scroll": 340], for: id)
        XCTAssertEqual(recorder.kinds, [], "no visible change")
        let snapshot = router.snapshot()
        try router.setSavedState(nil, for: id)
        try router.restore(snapshot)
        XCTAssertEqual(router.state.topEntry?.savedState, ["scroll": 340])
    }

    // MARK: 9. Restore that survives app updates

    func testAVersionOneSnapshotIsStillRead() throws {
        let (router, _, _) = try shopRouter()
        try router.push("/shop/product/1")
        var json = try JSONValue.parse(router.snapshot()).objectValue!
        json["version"] = .integer(1)
        json["tab_history"] = nil
        json["app"] = nil
        let version1 = JSONValue.object(json).jsonText
        try router.pop()
        try router.restore(version1)
        XCTAssertEqual(router.state.currentRoutes, ["home", "product"])
    }

    func testAMigrationHookRewritesASnapshot() throws {
        let (router, _, _) = try shopRouter()
        try router.push("/shop/product/5")
        let snapshot = router.snapshot(app: .string("1.0")).replacingOccurrences(of: "/shop/product/5", with: "/old/5")
        assertFails(.invalidJSON) { try router.restore(snapshot) }
        let options = RestoreOptions {
            $0.migrate = { json throws(NavRouterError) in
                guard json.objectValue?["app"] == .string("1.0") else { return json }
                return try JSONValue.parse(json.jsonText.replacingOccurrences(of: "/old/5", with: "/shop/product/5"))
            }
        }
        try router.restore(snapshot, options: options)
        XCTAssertEqual(router.state.topEntry?.url, "/shop/product/5")
    }

    func testAQueuedRestoreRunsItsMigrationHookDuringTheCall() throws {
        let (router, _, _) = try shopRouter()
        try router.push("/shop/product/5")
        let snapshot = router.snapshot().replacingOccurrences(of: "/shop/product/5", with: "/old/5")
        try router.popToRoot()
        let calls = Mutex(0)
        let restoring = Mutex(true)
        let options = RestoreOptions {
            $0.migrate = { json throws(NavRouterError) in
                calls.withLock { $0 += 1 }
                XCTAssertTrue(restoring.withLock { $0 }, "the hook runs during the call, not when the queue runs")
                return try JSONValue.parse(json.jsonText.replacingOccurrences(of: "/old/5", with: "/shop/product/5"))
            }
        }
        router.transitionMode = .waitForHost
        guard case .applied(let first?) = try router.push("/shop/product/1") else { return XCTFail("applied") }
        guard case .queued = try router.restore(snapshot, options: options) else { return XCTFail("queued") }
        restoring.withLock { $0 = false }
        XCTAssertEqual(calls.withLock { $0 }, 1)
        try router.transitionFinished(first)  // the queued restore runs now, on what the hook returned
        XCTAssertEqual(calls.withLock { $0 }, 1)
        XCTAssertEqual(router.state.topEntry?.url, "/shop/product/5")
        let failing = RestoreOptions {
            $0.migrate = { _ throws(NavRouterError) in throw NavRouterError(.denied, "no") }
        }
        assertFails(.invalidJSON, "the migration hook failed: no") { try router.restore(snapshot, options: failing) }
    }

    func testATolerantRestoreDropsWhatNoLongerFits() throws {
        let (router, ledger, recorder) = try shopRouter()
        try router.push("/shop/product/1")
        try router.push("/shop/product/2")
        try router.selectTab(1)
        try router.push("/shop/category/shoes")
        try router.selectTab(0)
        let snapshot = router.snapshot().replacingOccurrences(of: "/shop/product/1", with: "/gone/1")
        assertFails(.invalidJSON, "no longer resolves") { try router.restore(snapshot) }
        recorder.clear()
        try router.restore(snapshot, options: RestoreOptions { $0.tolerant = true })
        XCTAssertEqual(router.state.currentRoutes, ["home"], "the entry and the one above it went")
        XCTAssertEqual(router.state.tabs[1].stack.map(\.route), ["catalog", "category"], "the rest stays")
        let dropped = recorder.events.first { $0.kind == .restored }?.info?.objectValue?["dropped"]?.arrayValue ?? []
        XCTAssertEqual(dropped.count, 2)
        XCTAssertEqual(dropped.first?.objectValue?["url"], .string("/gone/1"))
        ledger.check(router.state)
    }

    func testARestoreCanApplyADeepLinkInTheSameTransaction() throws {
        let (router, _, recorder) = try shopRouter()
        try router.push("/shop/product/1")
        let snapshot = router.snapshot()
        try router.popToRoot()
        recorder.clear()
        try router.restore(snapshot, options: RestoreOptions { $0.link = "/shop/product/9" })
        XCTAssertEqual(router.state.tabs[1].stack.map(\.route), ["catalog", "product"], "built as an external link")
        XCTAssertEqual(Set(recorder.events.map(\.transitionID)).count, 1, "one transaction")
        let before = router.state
        assertFails(.notExternal) {
            try router.restore(snapshot, options: RestoreOptions { $0.link = "/settings" })
        }
        XCTAssertEqual(router.state, before)
    }

    func testAnAliasKeepsAnOldLinkOpening() throws {
        let registry = try RouteRegistry()
        try registry.register([
            try Route(name: "home", pattern: "home", presentation: .root),
            try Route(name: "product", pattern: "p/<int:id>", aliases: ["shop/product/<int:id>", "item/:id"]),
        ])
        XCTAssertEqual(registry.routes.map(\.name), ["home", "product"])
        let old = try registry.resolve("/shop/product/42")
        XCTAssertEqual(old.route.name, "product")
        XCTAssertEqual(old.parameters, ["id": "42"])
        XCTAssertEqual(try registry.resolve("/item/x").parameters, ["id": "x"])
        XCTAssertEqual(try registry.buildURL(route: "product", parameters: ["id": "1"]), "/p/1")
        assertFails(.conflict, "alias") {
            try registry.register(try Route(name: "other", pattern: "o", aliases: ["p/<int:n>"]))
        }
        let router = Router(registry: registry)
        try router.start()
        try router.navigate("/shop/product/42")
        let snapshot = router.snapshot()
        try router.restore(snapshot)
        XCTAssertEqual(router.state.topEntry?.route, "product")
        try registry.unregister(named: "product")
        assertFails(.notFound) { _ = try registry.resolve("/shop/product/42") }
    }

    // MARK: 10. A deterministic transaction log

    func testALogReplaysToTheSameStates() throws {
        func makeRouter() throws -> Router {
            let registry = try shopRegistry()
            try registry.guards.addInterceptor(HoldingInterceptor(route: "settings"), name: "hold")
            let router = Router(
                registry: registry,
                options: RouterOptions {
                    $0.recordsLog = true
                    $0.flowTokenSeed = 42
                    $0.supersedePendingFlows = false
                })
            router.defaultHandler = ViewLedger()
            return router
        }
        let router = try makeRouter()
        try router.start()
        try router.push("/shop/product/1")
        guard case .pending(let flow) = try router.navigate("/settings") else { return XCTFail("not pending") }
        try router.resumeFlow(flow, decision: .proceed)
        assertFails(.notFound) { try router.navigate("/nowhere") }
        try router.back()
        let log = router.transactionLogLines
        XCTAssertEqual(log.split(separator: "\n").count, 6)
        let replay = try makeRouter()
        let report = try replay.replay(log)
        XCTAssertEqual(report.steps, 6)
        XCTAssertNil(report.divergence)
        XCTAssertEqual(replay.state.withoutViews, router.state.withoutViews)
        // The log starts from its token state: a router seeded otherwise replays it too; one issuing random tokens
        // diverges where the first flow is held, and says so.
        let other = try makeRouter()
        other.setOptions(RouterOptions { $0.flowTokenSeed = 7 })
        XCTAssertNil(try other.replay(log).divergence)
        let unseeded = try makeRouter()
        unseeded.setOptions(RouterOptions())
        XCTAssertEqual(try unseeded.replay(log).divergence?.seq, 3)
    }

    /// The log writes an entry that did not change since the last command as the same value (its states share
    /// entries); each step's state must still be the state after that command, also when an entry changes in place.
    func testEachLoggedStateIsTheStateAfterItsCommand() throws {
        let (router, _, _) = try shopRouter()
        router.setOptions(RouterOptions { $0.recordsLog = true })
        var snapshots: [JSONValue] = []
        func logged() throws { snapshots.append(try JSONValue.parse(router.snapshot())) }
        try router.push("/shop/product/1", options: NavigationOptions { $0.props = ["v": 1] })
        try logged()
        let product = try XCTUnwrap(router.state.topEntry).id
        try router.push("/shop/product/2")
        try logged()
        try router.updateEntry(product, props: ["v": 2])
        try logged()
        try router.setSavedState(["scroll": 3], for: product)
        try logged()
        try router.updateEntry(product, parameters: ["id": "9"])
        try logged()
        try router.pop()
        try logged()
        let snapshot = router.snapshot()
        try router.popToRoot()
        try logged()
        try router.restore(snapshot)
        try logged()
        let states = router.transactionLog.map { $0.objectValue?["state"] }
        XCTAssertEqual(states, snapshots)
    }

    func testAPlanSaysWhatANavigationWouldDo() throws {
        let (router, _, _) = try shopRouter(authenticated: false)
        let before = router.state
        let plan = try router.plan("/shop/product/3", options: NavigationOptions { $0.external = true })
        XCTAssertEqual(plan.route, "product")
        XCTAssertFalse(plan.needsLogin)
        XCTAssertEqual(plan.events.map(\.kind), [.tabSelected, .stackReplaced])
        XCTAssertTrue(try router.plan("/account/orders").needsLogin)
        assertFails(.notExternal) {
            _ = try router.plan("/settings", options: NavigationOptions { $0.external = true })
        }
        XCTAssertEqual(router.state, before, "a plan changes nothing")
    }
}
