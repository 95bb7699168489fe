import Foundation
import Synchronization
import XCTest

@testable import NavRouterCore

final class NavigationTransactionTests: XCTestCase {
    /// A failure at any step leaves the state exactly as it was, and the views untouched.
    func testFailuresLeaveTheStateAsItWas() throws {
        let (router, ledger, recorder) = try shopRouter()
        try router.setStack(["/shop/category/a", "/shop/product/1"])
        try router.present("/settings")
        let snapshot = router.snapshot()
        let state = router.state
        let live = ledger.live
        recorder.clear()
        let failing: [(NavRouterError.Code, () throws -> Void)] = [
            (.notFound, { try router.navigate("/nowhere") }),
            (.malformedURL, { try router.navigate("/shop//cart") }),
            (.missingParameter, { try router.navigate("/shop/search") }),
            (.invalidArgument, { try router.pop(5) }),
            (.invalidArgument, { try router.pop(0) }),
            (.notFound, { try router.popTo(entry: 9999) }),
            (.invalidArgument, { try router.popAfter(index: 7) }),
            (.invalidArgument, { try router.setStack([]) }),
            (.notFound, { try router.setStack(["/shop/product/1", "/nowhere"]) }),
            (.invalidArgument, { try router.selectTab(-1) }),
            (.invalidArgument, { try router.dismiss(0) }),
            (.invalidJSON, { try router.restore("{}") }),
            (.denied, { try router.navigate("https://evil.example.com/shop/cart") }),
        ]
        for (code, command) in failing {
            assertFails(code) { try command() }
            XCTAssertEqual(router.snapshot(), snapshot)
            XCTAssertEqual(router.state, state)
            XCTAssertEqual(ledger.live, live, "views untouched")
        }
        XCTAssertEqual(recorder.events, [], "a failed command emits nothing")
    }

    func testADecliningHandlerFailsTheCommandAndReleasesWhatItMade() throws {
        let (router, ledger, _) = try shopRouter()
        ledger.decline("product")
        let before = router.state
        assertFails(.callback, "declined") {
            try router.navigate(
                "/shop/product/3/review",
                options: NavigationOptions {
                    $0.buildBackStack = true
                    $0.presentation = .push
                })
        }
        XCTAssertEqual(router.state, before)
        ledger.check(router.state)
    }

    func testANavigatorThatRefusesRollsTheCommandBack() throws {
        let (router, ledger, recorder) = try shopRouter()
        recorder.refuse(.push)
        let before = router.state
        assertFails(.callback, "refused the push event") { try router.push("/shop/product/1") }
        XCTAssertEqual(router.state, before)
        ledger.check(router.state)
        recorder.refuse(nil)
        try router.push("/shop/product/1")
        XCTAssertEqual(router.state.currentRoutes, ["home", "product"])
    }

    func testEveryCommandEndsWithOneStateChangedEvent() throws {
        let (router, _, recorder) = try shopRouter()
        try router.navigate("/shop/catalog")
        try router.navigate("/settings")
        try router.navigate("/shop/cart")
        let changes = recorder.events.filter { $0.kind == .stateChanged }
        XCTAssertEqual(changes.count, 3)
        XCTAssertEqual(recorder.events.last?.kind, .stateChanged)
        XCTAssertEqual(Set(recorder.events.map(\.transitionID)).count, 3, "one transition id per command")
    }

    func testClosingReleasesEveryViewAndRefusesCommands() throws {
        let (router, ledger, _) = try shopRouter()
        try router.push("/shop/product/1")
        try router.present("/settings")
        router.close()
        router.close()
        XCTAssertEqual(ledger.live, [:])
        XCTAssertEqual(ledger.problems, [])
        assertFails(.destroyed) { try router.push("/shop/product/1") }
    }
}

final class SnapshotTests: XCTestCase {
    func testSnapshotRoundTripAndRestore() throws {
        let (router, ledger, recorder) = try shopRouter()
        try router.navigate("/shop/catalog")
        try router.push("/shop/product/1?ref=x", options: NavigationOptions { $0.props = ["a": .array([.integer(1)])] })
        try router.present(
            "/shop/search?q=hose", style: .fullScreen, preventDismissal: true,
            options: NavigationOptions { $0.expectsResult = true })
        let snapshot = router.snapshot()
        let saved = router.state
        XCTAssertEqual(try NavigationSnapshot.decode(snapshot, table: router.registry.table), saved.withoutViews)
        XCTAssertTrue(snapshot.contains(#""format":"navrouter-state""#))

        let other = Router(registry: router.registry)
        let otherLedger = ViewLedger()
        other.defaultHandler = otherLedger
        try other.push("/shop/product/77")
        try other.restore(snapshot)
        XCTAssertEqual(other.state.withoutViews, saved.withoutViews)
        otherLedger.check(other.state)
        XCTAssertEqual(
            otherLedger.releasedCount, 5, "the views of the state restored over (4 tab roots, 1 product) are released")

        try router.popToRoot()
        try router.restore(snapshot)
        XCTAssertEqual(router.state.withoutViews, saved.withoutViews)
        XCTAssertEqual(recorder.events.last { $0.kind != .stateChanged }?.kind, .restored)
        ledger.check(router.state)
    }

    func testBadSnapshotsAreRejectedAndTheStateKept() throws {
        let (router, _, _) = try shopRouter()
        try router.push("/shop/product/1")
        let good = router.snapshot()
        let before = router.state
        let bad: [(String, String)] = [
            ("not json", "invalid JSON"),
            (good.replacingOccurrences(of: #""version":2"#, with: #""version":3"#), "version: 3 is not supported"),
            (good.replacingOccurrences(of: #""format":"navrouter-state""#, with: #""format":"other""#), "format"),
            (good.replacingOccurrences(of: "/shop/product/1", with: "/shop/product/abc"), "no longer resolves"),
            (
                good.replacingOccurrences(of: #""route":"product""#, with: #""route":"category""#),
                "resolves to route 'product'"
            ),
            (good.replacingOccurrences(of: #""selected_tab":0"#, with: #""selected_tab":9"#), "selected tab 9"),
            (
                good.replacingOccurrences(of: #""next_entry_id":6"#, with: #""next_entry_id":2"#),
                "not below the id counter"
            ),
            (
                good.replacingOccurrences(
                    of: #""layers":[]"#, with: #""layers":[{"style":"sheet","prevent_dismissal":false,"stack":[]}]"#),
                "empty"
            ),
            (
                good.replacingOccurrences(of: #""expects_result":false"#, with: #""expects_result":0"#),
                "tabs[0].stack[0].expects_result: must be true or false, not integer"
            ),
            (
                good.replacingOccurrences(of: #""tabs":["#, with: #""extra":1,"tabs":["#),
                "extra: unknown field (expected app, format, layers"
            ),
        ]
        for (snapshot, fragment) in bad {
            assertFails(.invalidJSON, fragment) { try router.restore(snapshot) }
            XCTAssertEqual(router.state, before)
        }
    }
}

final class RouterThreadingTests: XCTestCase {
    /// Commands issued from inside callbacks are queued and run in order after the current one.
    func testCommandsFromCallbacksAreQueuedInOrder() throws {
        let (router, ledger, _) = try shopRouter()
        let issued = Mutex(false)
        router.navigator = { event in
            if event.kind == .push && !issued.withLock({ $0 }) {
                issued.withLock { $0 = true }
                XCTAssertEqual(try? router.push("/shop/product/2"), .queued(ticket: 1))
                XCTAssertEqual(try? router.present("/settings"), .queued(ticket: 2))
                XCTAssertEqual(
                    router.state.currentRoutes, ["home"], "inside a callback the state is the one before the command")
            }
            return true
        }
        try router.push("/shop/product/1")
        XCTAssertEqual(router.state.tabs[0].stack.map { $0.parameters["id"] }, [nil, "1", "2"])
        XCTAssertEqual(router.state.currentRoutes, ["settings"])
        ledger.check(router.state)
    }

    func testQueuedFailuresAreReportedAsEvents() throws {
        let (router, _, recorder) = try shopRouter()
        router.transitionMode = .waitForHost
        try router.push("/shop/product/1")
        try router.navigate("/nowhere")
        router.transitionMode = .immediate
        let failure = try XCTUnwrap(recorder.events.first { $0.kind == .commandFailed })
        XCTAssertEqual(failure.failure?.code, .notFound)
    }

    func testManyThreadsOnOneRouterAndTwoRoutersOnOneRegistry() throws {
        let registry = try shopRegistry()
        let routers = [Router(registry: registry), Router(registry: registry)]
        let ledgers = [ViewLedger(), ViewLedger()]
        for index in 0..<2 { routers[index].defaultHandler = ledgers[index] }
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            let router = routers[worker % 2]
            for step in 0..<150 {
                switch (step + worker) % 6 {
                case 0: _ = try? router.push("/shop/product/\(step)")
                case 1: _ = try? router.present("/settings")
                case 2: _ = try? router.back()
                case 3: _ = try? router.navigate("/shop/cart")
                case 4: _ = try? router.pop()
                default: _ = try? registry.register(Route(name: "w\(worker)-\(step)", pattern: "w\(worker)/\(step)"))
                }
            }
        }
        for index in 0..<2 {
            XCTAssertNil(routers[index].state.invariantViolation)
            ledgers[index].check(routers[index].state)
        }
        XCTAssertEqual(registry.routes.count, 17 + 8 * 25)
    }
}

/// Long randomized command sequences: after every step the invariants hold.
final class NavigationInvariantTests: XCTestCase {
    func testRandomizedSequencesKeepTheInvariants() throws {
        for seed in 1...6 {
            var generator = SplitMix64(seed: UInt64(seed))
            let (router, ledger, _) = try shopRouter()
            if seed.isMultiple(of: 2) { ledger.decline("checkout") }
            var seenIDs = Set<EntryID>()
            for _ in 0..<250 {
                let id = Int.random(in: -2...60, using: &generator)
                let urls = [
                    "/shop/product/\(id)", "/shop/category/c\(id)", "/settings", "/shop/cart", "/shop/home",
                    "/shop/checkout",
                    "/account/profile", "/help/a/b", "/shop/search?q=\(id)", "/nowhere", "/onboarding/welcome",
                ]
                let url = urls.randomElement(using: &generator)!
                var options = NavigationOptions()
                options.singleTop = Bool.random(using: &generator)
                options.clearTop = Int.random(in: 0..<5, using: &generator) == 0
                options.popUpTo = Int.random(in: 0..<6, using: &generator) == 0 ? "product" : nil
                options.expectsResult = Bool.random(using: &generator)
                options.buildBackStack = Int.random(in: 0..<4, using: &generator) == 0
                let top = router.state.currentStack.randomElement(using: &generator)?.id ?? 1
                let commands: [NavigationCommand] = [
                    .navigate(url: url, options: options), .navigate(url: url, options: NavigationOptions()),
                    .pop(count: Int.random(in: 1...3, using: &generator), result: .integer(Int64(id))), .popToRoot,
                    .popTo(entry: top),
                    .popAfter(index: Int.random(in: 0...3, using: &generator)), .setStack(urls: [url]),
                    .dismiss(count: Int.random(in: 1...2, using: &generator), result: nil),
                    .selectTab(index: Int.random(in: 0...4, using: &generator)),
                    .back, .userPopped(to: top), .userDismissed(count: 1),
                ]
                let snapshotBefore = router.snapshot()
                do {
                    try router.perform(commands.randomElement(using: &generator)!)
                } catch {
                    XCTAssertEqual(router.snapshot(), snapshotBefore, "a failed command changed the state")
                }
                let state = router.state
                XCTAssertNil(state.invariantViolation, "seed \(seed)")
                ledger.check(state)
                seenIDs.formUnion(state.allEntries.map(\.id))
                XCTAssertEqual(
                    try NavigationSnapshot.decode(router.snapshot(), table: router.registry.table), state.withoutViews)
            }
            XCTAssertGreaterThan(seenIDs.count, 25, "the sequence did make entries")
            router.close()
            XCTAssertEqual(ledger.live, [:], "every view released exactly once")
            XCTAssertEqual(ledger.problems, [])
        }
    }
}

/// The structural check every command's result passes before it is committed.
final class StructuralViolationTests: XCTestCase {
    private func entry(_ id: UInt64, _ route: String) -> NavigationEntry {
        NavigationEntry(id: EntryID(rawValue: id), route: route, url: "/\(route)")
    }

    private func layer(_ stack: [NavigationEntry]) -> ModalLayer {
        ModalLayer(style: .sheet, preventDismissal: false, stack: stack)
    }

    func testEachBrokenRuleIsNamed() {
        let home = Tab(route: "home", stack: [entry(1, "home")])
        let inbox = Tab(route: "inbox", stack: [entry(2, "inbox")])
        func state(_ tabs: [Tab], selected: Int = 0, layers: [ModalLayer] = []) -> NavigationState {
            NavigationState(tabs: tabs, selectedTab: selected, layers: layers, nextEntryID: 10)
        }
        XCTAssertNil(state([home, inbox]).structuralViolation)
        XCTAssertNil(state([Tab(route: nil, stack: [])]).structuralViolation)
        var hidden = inbox
        hidden.hiddenLayers = [layer([entry(3, "detail")])]
        XCTAssertNil(state([home, hidden]).structuralViolation)
        XCTAssertEqual(state([]).structuralViolation, "there is no tab")
        XCTAssertEqual(state([home], selected: 1).structuralViolation, "the selected tab 1 does not exist")
        XCTAssertEqual(state([home], layers: [layer([])]).structuralViolation, "modal layer 0 is empty")
        XCTAssertEqual(state([home, hidden], selected: 1).structuralViolation, "the selected tab 1 has hidden layers")
        hidden.hiddenLayers = [layer([])]
        XCTAssertEqual(state([home, hidden]).structuralViolation, "a hidden layer of tab 1 is empty")
        XCTAssertEqual(
            state([home, Tab(route: "inbox", stack: [])]).structuralViolation,
            "tab 'inbox' does not start with its root route")
        XCTAssertEqual(
            state([home, Tab(route: "inbox", stack: [entry(4, "home")])]).structuralViolation,
            "tab 'inbox' does not start with its root route")
        // A tab without a root route (a main stack) is no reason to stop looking at the tabs after it.
        XCTAssertEqual(
            state([Tab(route: nil, stack: [entry(5, "x")]), Tab(route: "inbox", stack: [])]).structuralViolation,
            "tab 'inbox' does not start with its root route")
    }
}
