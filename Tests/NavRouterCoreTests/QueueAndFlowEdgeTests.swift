import Foundation
import Synchronization
import XCTest

@testable import NavRouterCore

/// The queue and the flows at their edges: long queues, urgent prunes behind queued commands, threads whose commands
/// stay queued, resumes that cannot go on.
final class QueueAndFlowEdgeTests: XCTestCase {
    func testALongQueueFromCallbacksRunsInOrder() throws {
        let (router, _, _) = try shopRouter()
        let queued = Atomic<Bool>(false)
        router.navigator = { event in
            if event.kind == .push, !queued.exchange(true, ordering: .relaxed) {
                for id in 2...201 { _ = try? router.push("/shop/product/\(id)") }
            }
            return true
        }
        try router.push("/shop/product/1")
        let ids = router.state.currentStack.compactMap { $0.parameters["id"] }
        XCTAssertEqual(ids, (1...201).map(String.init))
        XCTAssertEqual(router.queuedCommandCount, 0)
    }

    /// Setting the transition mode from inside a callback, with a command that callback queued, runs nothing then:
    /// the queued command runs after the running one, as it would have without the setting.
    func testSettingTheTransitionModeInsideACallbackRunsNoQueuedCommand() throws {
        let (router, _, _) = try shopRouter()
        let once = Atomic<Bool>(false)
        let queuedThen = Mutex<[Int]>([])
        let stackThen = Mutex<[String]>([])
        router.navigator = { event in
            if event.kind == .push, !once.exchange(true, ordering: .relaxed) {
                _ = try? router.push("/shop/product/2")  // queued behind the running command
                for mode in [Router.TransitionMode.immediate, .waitForHost, .immediate] {
                    router.transitionMode = mode
                    queuedThen.withLock { $0.append(router.queuedCommandCount) }
                }
                stackThen.withLock { $0 = router.state.currentStack.compactMap { $0.parameters["id"] } }
            }
            return true
        }
        try router.push("/shop/product/1")
        XCTAssertEqual(queuedThen.withLock { $0 }, [1, 1, 1], "still queued while the first push runs")
        XCTAssertEqual(stackThen.withLock { $0 }, [], "the queued push has not run")
        XCTAssertEqual(router.state.currentStack.compactMap { $0.parameters["id"] }, ["1", "2"])
        XCTAssertEqual(router.queuedCommandCount, 0)
    }

    func testALogoutPruneQueuedBehindOtherCommandsRunsFirstWhileTheHostAnimates() throws {
        let (router, _, recorder) = try shopRouter()
        try router.selectTab(3)
        try router.push("/account/orders")
        router.transitionMode = .waitForHost
        guard case .applied(let first?) = try router.push("/shop/product/9") else { return XCTFail("not applied") }
        guard case .queued = try router.push("/shop/product/1") else { return XCTFail("not queued") }
        let once = Atomic<Bool>(false)
        router.navigator = { event in
            _ = recorder.navigator(event)
            if event.kind == .push, !once.exchange(true, ordering: .relaxed) {
                _ = try? router.push("/shop/product/2")  // queued behind the running command
                router.registry.guards.setAuthenticated(false)  // its prune is urgent: it overtakes that push
            }
            return true
        }
        recorder.clear()
        try router.transitionFinished(first)
        XCTAssertFalse(router.state.allEntries.contains { $0.route == "orders" }, "the prune ran while animating")
        XCTAssertEqual(router.queuedCommandCount, 1, "the push queued by the callback waits for the host")
    }

    func testAThreadWhoseCommandStaysQueuedReturnsQueued() throws {
        let (router, _, _) = try shopRouter()
        router.transitionMode = .waitForHost
        let inside = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let once = Atomic<Bool>(false)
        router.navigator = { event in
            if event.kind == .push, !once.exchange(true, ordering: .relaxed) {
                inside.signal()
                proceed.wait()
            }
            return true
        }
        let second = Mutex<Router.Outcome?>(nil)
        let other = Thread {
            inside.wait()
            let thread = Thread {
                let outcome = try? router.push("/shop/product/2")
                second.withLock { $0 = outcome }
            }
            thread.start()
            Thread.sleep(forTimeInterval: 0.05)  // the second push now waits for the first
            proceed.signal()
        }
        other.start()
        try router.push("/shop/product/1")
        for _ in 0..<200 where second.withLock({ $0 }) == nil { Thread.sleep(forTimeInterval: 0.01) }
        guard case .queued? = second.withLock({ $0 }) else {
            return XCTFail("the waiting thread's command should stay queued behind the host's transition")
        }
    }

    func testALeaveFlowCannotBeRedirected() throws {
        let (router, _, _) = try shopRouter()
        try router.registry.guards.addInterceptor(
            ClosureInterceptor { _ in .pending }, name: "ask", phase: .leave, scope: .routes(["product"]))
        try router.push("/shop/product/1")
        guard case .pending(let flow) = try router.pop() else { return XCTFail("not held") }
        assertFails(.invalidArgument, "only a navigation can be redirected") {
            try router.resumeFlow(flow, decision: .redirect(url: "/settings"))
        }
    }

    func testAResumedRedirectPastTheLimitIsRefusedWithItsChain() throws {
        let (router, _, _) = try shopRouter()
        router.registry.guards.options = GuardOptions(maxRedirects: 1)
        try router.registry.guards.addInterceptor(
            ClosureInterceptor { $0.destination?.route.name == "settings" ? .pending : .proceed }, name: "hold")
        guard case .pending(let flow) = try router.navigate("/settings") else { return XCTFail("not held") }
        assertFails(.limitExceeded, "/settings → /shop/cart") {
            try router.resumeFlow(flow, decision: .redirect(url: "/shop/cart"))
        }
    }

    func testAnAfterRedirectTheRouterRefusesIsReportedAsAGuardError() throws {
        let (router, _, recorder) = try shopRouter()
        try router.registry.guards.addInterceptor(
            ClosureInterceptor { context in
                context.router.close()
                return .redirect(url: "/shop/cart")
            }, name: "closes", phase: .after, scope: .routes(["product"]))
        assertFails(.destroyed) { try router.push("/shop/product/1") }
        let error = recorder.events.first { $0.kind == .guardError }
        XCTAssertTrue(error?.failure?.message.contains("was refused") ?? false, "\(String(describing: error))")
    }

    func testLoggingOutCancelsEveryProtectedFlowInTheOrderTheyWereHeld() throws {
        let (router, _, recorder) = try shopRouter(authenticated: false)
        router.setOptions(RouterOptions { $0.supersedePendingFlows = false })
        router.registry.guards.authenticationHandler = LoginDesk()
        router.registry.guards.setAuthenticated(true)
        try router.registry.guards.addInterceptor(
            ClosureInterceptor {
                $0.destination?.route.name == "orders" || $0.destination?.route.name == "checkout"
                    ? .pending : .proceed
            }, name: "hold")
        guard case .pending(let first) = try router.navigate("/account/orders"),
            case .pending(let second) = try router.navigate("/shop/checkout")
        else { return XCTFail("not held") }
        recorder.clear()
        router.registry.guards.setAuthenticated(false)
        XCTAssertEqual(recorder.events.filter { $0.kind == .flowCancelled }.map(\.flow), [first, second])
        XCTAssertEqual(router.pendingFlows, [])
    }

    func testAPlanForAnUnmatchedURLNamesTheFallbackRoute() throws {
        let (router, _, _) = try shopRouter()
        router.registry.guards.options = GuardOptions(fallbackRoute: "not-found")
        XCTAssertEqual(try router.plan("/nowhere/at/all").route, "not-found")
    }
}

/// What a flow's deadline and a leave guard's approval promise, one behaviour each.
final class DeadlineAndApprovalTests: XCTestCase {
    private func holdingRouter(_ options: RouterOptions = RouterOptions()) throws -> (Router, EventRecorder) {
        let (router, _, recorder) = try shopRouter()
        router.setOptions(options)
        try router.registry.guards.addInterceptor(
            ClosureInterceptor { $0.destination?.route.name == "settings" ? .pending : .proceed }, name: "hold")
        return (router, recorder)
    }

    func testAFlowWithinItsDeadlineStaysAndOnePastItGoesBeforeTheNextCommand() throws {
        let (router, recorder) = try holdingRouter(RouterOptions { $0.flowDeadline = .seconds(3600) })
        guard case .pending(let waiting) = try router.navigate("/settings") else { return XCTFail("not held") }
        router.expireFlows()
        XCTAssertEqual(router.pendingFlows, [waiting], "an hour has not passed")
        let quick = NavigationOptions { $0.flowDeadline = .zero }  // a navigation's own deadline wins over the router's
        router.setOptions(RouterOptions { $0.supersedePendingFlows = false })
        guard case .pending(let expiring) = try router.navigate("/settings", options: quick) else {
            return XCTFail("not held")
        }
        recorder.clear()
        try router.push("/shop/product/1")  // flows past their deadline go before the next command runs
        XCTAssertEqual(router.pendingFlows, [waiting])
        XCTAssertEqual(recorder.events.first?.kind, .flowCancelled, "the expiry comes before the push's events")
        XCTAssertEqual(recorder.events.first?.flow, expiring)
        assertFails(.invalidArgument, "expired") { try router.resumeFlow(expiring, decision: .proceed) }
        try router.resumeFlow(waiting, decision: .proceed)
        XCTAssertEqual(router.state.layers.map { $0.stack[0].route }, ["settings"])
    }

    func testANavigationsOwnLongerDeadlineWinsOverTheRoutersZero() throws {
        let (router, recorder) = try holdingRouter(RouterOptions { $0.flowDeadline = .zero })
        let patient = NavigationOptions { $0.flowDeadline = .seconds(3600) }
        guard case .pending(let waiting) = try router.navigate("/settings", options: patient) else {
            return XCTFail("not held")
        }
        recorder.clear()
        router.expireFlows()
        try router.selectTab(1)  // not a navigation: it supersedes no flow
        XCTAssertEqual(router.pendingFlows, [waiting], "the navigation may wait an hour, whatever the router's default")
        XCTAssertFalse(recorder.events.contains { $0.kind == .flowCancelled })
    }

    func testAnApprovedLeaveIsNotAskedAgainButTheOthersAre() throws {
        let (router, _, _) = try shopRouter()
        let asked = Mutex<[String]>([])
        try router.registry.guards.addInterceptor(
            ClosureInterceptor { context in
                let id = context.entry?.parameters["id"] ?? "?"
                asked.withLock { $0.append(id) }
                return id == "2" ? .pending : .proceed
            }, name: "ask", phase: .leave, scope: .routes(["product"]))
        try router.push("/shop/product/1")
        try router.push("/shop/product/2")
        guard case .pending(let flow) = try router.popToRoot() else { return XCTFail("not held") }
        XCTAssertEqual(asked.withLock { $0 }, ["2"], "the top-most entry is asked first, and holds")
        try router.resumeFlow(flow, decision: .proceed)
        XCTAssertEqual(asked.withLock { $0 }, ["2", "1"], "2 was approved; 1 is asked now")
        XCTAssertEqual(router.state.currentRoutes, ["home"])
    }
}
