import NavRouter
import XCTest

/// The main-actor host: async commands that return when the host has drawn their transition, in order; queued
/// commands; failures; commands from inside `render`; closing.
@MainActor
final class NavigationHostTests: XCTestCase {
    func testACommandReturnsOnceItsTransitionIsDrawn() async throws {
        let canvas = Canvas()
        let host = NavigationHost(router: Router(registry: try makeShopRegistry()), render: canvas.draw)
        try await host.start()
        canvas.log = []
        canvas.drawn = []
        let outcome = try await host.push("/shop/product/7")
        guard case .applied(let transition?) = outcome else { return XCTFail("applied: \(outcome)") }
        XCTAssertEqual(canvas.log, ["begin push", "end push", "begin state_changed", "end state_changed"])
        XCTAssertEqual(canvas.drawn.map(\.transitionID), [transition, transition])
        XCTAssertNil(host.router.awaitedTransition, "the host finished the transition")
    }

    func testAwaitedCommandsChainInOrder() async throws {
        let canvas = Canvas()
        let host = NavigationHost(router: Router(registry: try makeShopRegistry()), render: canvas.draw)
        try await host.start()
        try await host.push("/shop/product/1")
        canvas.log = []
        // INNavigation's `await router.pop(); await router.push(...)`: the push starts after the pop was drawn.
        try await host.pop()
        try await host.push("/shop/product/2")
        XCTAssertEqual(
            canvas.log.filter { !$0.hasSuffix("state_changed") }, ["begin pop", "end pop", "begin push", "end push"])
        XCTAssertEqual(host.router.state.currentStack.map(\.url), ["/home", "/shop/product/2"])
    }

    func testConcurrentCommandsQueueAndEachReturnsItsOwnTransition() async throws {
        let canvas = Canvas()
        let host = NavigationHost(router: Router(registry: try makeShopRegistry()), render: canvas.draw)
        try await host.start()
        async let first = host.push("/shop/product/1")
        async let second = host.push("/shop/product/2")
        async let third = host.present("/shop/cart")
        let outcomes = try await [first, second, third]
        let transitions = outcomes.compactMap { outcome -> TransitionID? in
            if case .applied(let transition?) = outcome { return transition }
            return nil
        }
        XCTAssertEqual(transitions.count, 3, "each command, queued or not, returns its own transition: \(outcomes)")
        XCTAssertEqual(Set(transitions).count, 3)
        // The three ran in the order they reached the router (the pushes go into the sheet if it came first).
        XCTAssertEqual(host.router.state.entryCount, 5, "two tab roots, two products, the cart")
        XCTAssertEqual(host.router.state.layers.count, 1)
        XCTAssertNil(host.router.awaitedTransition)
        XCTAssertEqual(host.router.queuedCommandCount, 0)
    }

    func testCancellingTheAwaitingTaskNeitherUndoesTheCommandNorEndsTheWait() async throws {
        let gate = Gate()
        let host = NavigationHost(router: Router(registry: try makeShopRegistry())) { event in
            if event.kind == .push { await gate.wait() }
        }
        try await host.start()
        let returned = Gate()  // opened when the push's await returns
        let task = Task { @MainActor () throws -> TransitionID? in
            defer { returned.open() }
            guard case .applied(let transition) = try await host.push("/shop/product/1") else { return nil }
            return transition
        }
        while gate.waiting == 0 { await Task.yield() }
        task.cancel()
        for _ in 0..<50 { await Task.yield() }
        XCTAssertFalse(returned.isOpen, "the await lasts until the transition is drawn, cancelled or not")
        XCTAssertEqual(host.router.state.currentStack.map(\.url), ["/home", "/shop/product/1"], "the push stands")
        XCTAssertNotNil(host.router.awaitedTransition)
        gate.open()
        let transition = try await task.value
        XCTAssertNotNil(transition, "applied, with its transition")
        XCTAssertNil(host.router.awaitedTransition)
    }

    func testAQueuedCommandThatFailsThrowsItsError() async throws {
        let host = NavigationHost(router: Router(registry: try makeShopRegistry())) { _ in
            for _ in 0..<3 { await Task.yield() }
        }
        try await host.start()
        async let good = host.push("/shop/product/1")
        async let bad = host.popTo(entry: 999)  // queued behind the push, fails when it runs
        do {
            let outcomes = try await (good, bad)
            XCTFail("popping to an unknown entry fails: \(outcomes)")
        } catch let error as NavRouterError {
            XCTAssertEqual(error.code, .notFound, error.message)
        }
        XCTAssertEqual(host.router.state.currentStack.count, 2, "the push stands, the failed pop changed nothing")
    }

    func testAQueuedCommandThatChangesNothingReturnsWithoutATransition() async throws {
        let host = NavigationHost(router: Router(registry: try makeShopRegistry())) { _ in await Task.yield() }
        try await host.start()
        async let push = host.push("/shop/product/1")
        async let nothing = host.perform(.refresh)  // nothing to prune: changes nothing
        let (pushed, dismissed) = try await (push, nothing)
        guard case .applied(_?) = pushed else { return XCTFail("the push applied: \(pushed)") }
        XCTAssertEqual(dismissed, .applied(transition: nil))
    }

    func testACommandIssuedWhileRenderingReturnsAtOnce() async throws {
        let registry = try makeShopRegistry()
        let box = HostBox()
        let host = NavigationHost(router: Router(registry: registry)) { event in
            guard event.kind == .push, event.entry?.route == "product", let host = box.host else { return }
            // Awaiting this command's transition here would wait for this very render: it returns queued.
            box.outcome = try? await host.push("/shop/product/1/reviews")
        }
        box.host = host
        try await host.start()
        try await host.push("/shop/product/1")
        guard case .queued? = box.outcome else { return XCTFail("queued: \(String(describing: box.outcome))") }
        // The queued push ran once the product's transition was finished; wait for its transition too.
        for _ in 0..<100 where host.router.awaitedTransition != nil { await Task.yield() }
        XCTAssertEqual(host.router.state.currentStack.map(\.route), ["home", "product", "reviews"])
    }

    func testPendingFlowsReturnPendingAndResumeAsync() async throws {
        let registry = try makeShopRegistry()
        try registry.guards.addInterceptor(HoldRoute(route: "cart"), name: "hold the cart")
        let host = NavigationHost(router: Router(registry: registry))
        try await host.start()
        let outcome = try await host.present("/shop/cart")
        guard case .pending(let flow) = outcome else { return XCTFail("pending: \(outcome)") }
        XCTAssertEqual(host.router.pendingFlows, [flow])
        let resumed = try await host.resumeFlow(flow, decision: .proceed)
        guard case .applied(_?) = resumed else { return XCTFail("applied: \(resumed)") }
        XCTAssertEqual(host.router.state.layers.count, 1)
    }

    func testAQueuedCommandHeldByAGuardReturnsPending() async throws {
        let registry = try makeShopRegistry()
        try registry.guards.addInterceptor(HoldRoute(route: "cart"), name: "hold the cart")
        // Whichever command reaches the router first, the held flow stays held (not superseded by the push).
        let router = Router(registry: registry, options: RouterOptions { $0.supersedePendingFlows = false })
        let host = NavigationHost(router: router) { _ in
            for _ in 0..<3 { await Task.yield() }
        }
        try await host.start()
        async let push = host.push("/shop/product/1")
        async let cart = host.present("/shop/cart")  // queued behind the push or not: held either way
        let (pushed, held) = try await (push, cart)
        guard case .applied(_?) = pushed else { return XCTFail("the push applied: \(pushed)") }
        guard case .pending(let flow) = held else { return XCTFail("pending: \(held)") }
        XCTAssertEqual(host.router.pendingFlows, [flow])
    }

    func testClosingReturnsWaitersAndEndsStreams() async throws {
        let host = NavigationHost(router: Router(registry: try makeShopRegistry()))
        try await host.start()
        let events = host.events
        host.close()
        var count = 0
        for await _ in events { count += 1 }
        XCTAssertEqual(count, 0, "the stream ended")
        do {
            try await host.push("/shop/product/1")
            XCTFail("a closed host's router refuses commands")
        } catch {
            XCTAssertEqual(error.code, .destroyed)
        }
    }

    func testAReleasedHostGivesTheRouterBack() async throws {
        let router = Router(registry: try makeShopRegistry())
        do {
            let host = NavigationHost(router: router) { _ in await Task.yield() }
            try await host.start()
            try router.push("/shop/product/1")  // directly: the router now waits for the host
            XCTAssertNotNil(router.awaitedTransition)
        }
        for _ in 0..<100 where router.transitionMode == .waitForHost { await Task.yield() }
        XCTAssertEqual(router.transitionMode, .immediate)
        XCTAssertNil(router.awaitedTransition, "nobody is left to finish it")
        try router.push("/shop/product/2")
        XCTAssertEqual(router.state.currentStack.count, 3)
    }

    func testBadInputThrowsAndChangesNothing() async throws {
        let host = NavigationHost(router: Router(registry: try makeShopRegistry()))
        try await host.start()
        let before = host.router.state
        for url in ["/nope", "/shop/product/x", "javascript:alert(1)", ""] {
            do {
                try await host.push(url)
                XCTFail("\(url) must fail")
            } catch {
                XCTAssertFalse(error.message.isEmpty)
            }
        }
        XCTAssertEqual(host.router.state, before)
        XCTAssertEqual(host.model.state, before)
    }
}
