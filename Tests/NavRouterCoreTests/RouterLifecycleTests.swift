import Foundation
import Synchronization
import XCTest

@testable import NavRouterCore

#if canImport(Glibc)
    import Glibc
#endif

/// Closing a router from inside any of its callbacks is safe: the command in flight fails with `.destroyed`,
/// and every view is released exactly once, when the outermost call returns.
final class RouterClosingTests: XCTestCase {
    func testClosingFromTheNavigatorFailsTheCommandAndReleasesOnce() throws {
        let (router, ledger, _) = try shopRouter()
        try router.push("/shop/product/1")
        router.navigator = { event in
            if event.kind == .push { router.close() }
            return true
        }
        assertFails(.destroyed) { try router.push("/shop/product/2") }
        XCTAssertEqual(ledger.live, [:], "every view released")
        XCTAssertEqual(ledger.problems, [])
        XCTAssertEqual(ledger.releasedCount, 6, "4 tab roots, product 1, product 2 (made, then rolled back)")
        assertFails(.destroyed) { try router.pop() }
    }

    func testClosingFromAnInterceptorFailsTheCommand() throws {
        let (router, ledger, recorder) = try shopRouter()
        try router.registry.guards.addInterceptor(
            ClosureInterceptor { context in
                context.router.close()
                return .proceed
            }, name: "closer", scope: .routes(["product"]))
        assertFails(.destroyed) { try router.push("/shop/product/2") }
        XCTAssertEqual(ledger.live, [:])
        XCTAssertEqual(ledger.problems, [])
        XCTAssertFalse(recorder.kinds.contains(.push), "the command did not run on the closed router")
    }

    func testClosingFromAViewHandlerIsSafe() throws {
        let registry = try shopRegistry()
        let router = Router(registry: registry)
        let ledger = ViewLedger()
        router.defaultHandler = ClosureRouteHandler(
            make: { entry in
                if entry.route == "product" { router.close() }
                return ledger.makeView(for: entry)
            }, release: { view, entry in ledger.releaseView(view, of: entry) })
        try router.start()
        assertFails(.destroyed) { try router.push("/shop/product/2") }
        XCTAssertEqual(ledger.live, [:])
        XCTAssertEqual(ledger.problems, [])
    }
}

/// Commands issued from inside a command that fails are discarded with it; other threads run their own commands.
final class RouterQueueTests: XCTestCase {
    func testCommandsQueuedByAFailedCommandAreDiscardedWithIt() throws {
        let (router, ledger, recorder) = try shopRouter()
        try router.registry.guards.addInterceptor(
            ClosureInterceptor { context in
                XCTAssertEqual(try? context.router.navigate("/settings"), .queued(ticket: 1))
                return .proceed
            }, name: "queuer", scope: .routes(["product"]))
        let before = router.snapshot()
        recorder.refuse(.push)
        assertFails(.callback) { try router.push("/shop/product/1") }
        XCTAssertEqual(router.snapshot(), before, "the queued settings sheet went with the failed command")
        let discarded = try XCTUnwrap(recorder.events.first { $0.kind == .commandFailed })
        XCTAssertEqual(discarded.failure?.code, .cancelled)
        XCTAssertTrue(
            discarded.failure?.message.contains("discarded") ?? false, "\(String(describing: discarded.failure))")
        ledger.check(router.state)
    }

    /// A callback that navigates on every event is stopped: its commands are refused past the bound.
    func testReentrantQueueingIsBounded() throws {
        let (router, _, _) = try shopRouter()
        let refused = Mutex<NavRouterError?>(nil)
        router.navigator = { event in
            if event.kind == .push {
                do throws(NavRouterError) { try router.push("/shop/product/\(event.transitionID)") } catch {
                    refused.withLock { $0 = $0 ?? error }
                }
            }
            return true
        }
        try router.push("/shop/product/0")
        let error = try XCTUnwrap(refused.withLock { $0 })
        XCTAssertEqual(error.code, .limitExceeded)
        XCTAssertTrue(error.message.contains("queued from callbacks"), error.message)
        XCTAssertEqual(router.queuedCommandCount, 0)
        XCTAssertEqual(router.state.currentStack.count, 2 + Router.maxCommandsQueuedByCallbacks)
    }

    /// Each thread runs its own commands (on its own thread, with its own outcome), one at a time, in order.
    func testOtherThreadsRunTheirOwnCommands() throws {
        let registry = try shopRegistry()
        let router = Router(registry: registry)
        try router.start()
        let wrongThread = Mutex(0)
        let owners = Mutex<[Int: pthread_t]>([:])
        router.navigator = { event in
            guard event.kind == .push, let id = event.entry?.parameters["id"].flatMap({ Int($0) }) else { return true }
            let owner = owners.withLock { $0[id / 100_000] }
            if owner.map({ pthread_equal($0, pthread_self()) == 0 }) ?? true { wrongThread.withLock { $0 += 1 } }
            return true
        }
        let outcomes = Mutex<[Router.Outcome]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            owners.withLock { $0[worker + 1] = pthread_self() }
            for step in 0..<300 {
                if let outcome = try? router.push("/shop/product/\((worker + 1) * 100_000 + step)") {
                    outcomes.withLock { $0.append(outcome) }
                }
                _ = try? router.pop()
            }
        }
        XCTAssertEqual(wrongThread.withLock { $0 }, 0, "every push ran on the thread that issued it")
        XCTAssertEqual(outcomes.withLock { $0.filter { if case .applied = $0 { false } else { true } } }, [])
        XCTAssertEqual(outcomes.withLock { $0.count }, 1200)
    }

    /// A host that finishes a transition from inside its own event callback is accepted.
    func testFinishingATransitionInsideItsOwnEventIsAccepted() throws {
        let (router, _, _) = try shopRouter()
        router.transitionMode = .waitForHost
        let finished = Mutex<[String]>([])
        router.navigator = { event in
            if event.kind == .push {
                do throws(NavRouterError) { try router.transitionFinished(event.transitionID) } catch {
                    finished.withLock { $0.append(error.message) }
                }
            }
            return true
        }
        try router.push("/shop/product/1")
        XCTAssertEqual(finished.withLock { $0 }, [])
        XCTAssertNil(router.awaitedTransition, "the router is not left waiting")
        XCTAssertEqual(try router.push("/shop/product/2"), .applied(transition: 3))
    }
}

/// A view is released exactly once, by the handler that made it, whatever happened to handlers since.
final class ViewOwnershipTests: XCTestCase {
    func testViewsGoBackToTheirMaker() throws {
        let (router, first, _) = try shopRouter()
        try router.push("/shop/product/1")
        let second = ViewLedger()
        router.defaultHandler = second
        try router.push("/shop/product/2")
        try router.pop()
        try router.pop()
        XCTAssertEqual(second.problems, [])
        XCTAssertEqual(first.problems, [], "product 1 went back to the handler that made it")
        XCTAssertEqual(second.live, [:])
        router.defaultHandler = nil
        router.close()
        XCTAssertEqual(first.live, [:], "the tab roots were released although their handler was removed")
        XCTAssertEqual(first.problems, [])
    }
}

/// Each phase may decide only what it can carry out, and anything else is refused clearly.
final class InterceptorPhaseTests: XCTestCase {
    func testAfterInterceptorsRedirectByNavigatingNextAndCannotCancel() throws {
        let (router, _, recorder) = try shopRouter()
        try router.registry.guards.addInterceptor(
            ClosureInterceptor { context in
                context.destination?.route.name == "product" ? .redirect(url: "/settings") : .proceed
            }, name: "then-settings", phase: .after)
        try router.registry.guards.addInterceptor(
            ClosureInterceptor { context in
                context.destination?.route.name == "category" ? .cancel(reason: "too late") : .proceed
            }, name: "late-cancel", phase: .after)
        XCTAssertEqual(try router.push("/shop/product/1"), .applied(transition: 2))
        XCTAssertEqual(router.state.currentRoutes, ["settings"], "the after-redirect navigated next")
        try router.dismiss()
        try router.navigate("/shop/category/a")
        XCTAssertEqual(router.state.currentRoutes, ["home", "product", "category"], "the command stands")
        let refusal = try XCTUnwrap(recorder.events.first { $0.kind == .guardError })
        XCTAssertTrue(refusal.failure?.message.contains("'late-cancel'") ?? false)
        XCTAssertTrue(refusal.failure?.message.contains("after") ?? false)
    }

    func testAnAfterInterceptorAddedDuringTheCommandSeesItsMatch() throws {
        // The navigator adds an `after` interceptor while the push's events are delivered: it runs once the push is
        // applied, on the push's own match (the router keeps no copy of the match when there was no interceptor).
        let (router, _, _) = try shopRouter()
        let seen = Mutex<[String]>([])
        let added = Mutex(false)
        router.navigator = { event in
            if event.kind == .push && !added.withLock({ $0 }) {
                added.withLock { $0 = true }
                _ = try? router.registry.guards.addInterceptor(
                    ClosureInterceptor { context in
                        seen.withLock { $0.append(context.destination.map { "\($0.routeName) \($0.url)" } ?? "-") }
                        return .proceed
                    }, name: "late", phase: .after)
            }
            return true
        }
        try router.push("/shop/product/7?ref=mail")
        XCTAssertEqual(seen.withLock { $0 }, ["product /shop/product/7?ref=mail"])
        try router.push("/settings")
        XCTAssertEqual(seen.withLock { $0 }, ["product /shop/product/7?ref=mail", "settings /settings"])
    }

    func testALeaveGuardCannotRedirect() throws {
        let (router, _, _) = try shopRouter()
        try router.push("/shop/product/1")
        try router.registry.guards.addInterceptor(
            ClosureInterceptor { _ in .redirect(url: "/settings") }, name: "leaver", phase: .leave)
        let before = router.state
        assertFails(.invalidArgument, "'leaver'", "leave", "redirect") { try router.pop() }
        XCTAssertEqual(router.state, before)
    }
}

/// Logging out always removes protected entries, whatever the navigator answers and whatever became of routes.
final class LogoutTests: XCTestCase {
    func testANavigatorCannotKeepAProtectedScreen() throws {
        let (router, ledger, recorder) = try shopRouter()
        try router.navigate("/account/profile")
        try router.push("/account/orders", options: NavigationOptions { $0.expectsResult = true })
        recorder.refuse(.pop)
        router.registry.guards.setAuthenticated(false)
        XCTAssertEqual(router.state.currentRoutes, ["profile"])
        recorder.refuse(.resultDelivered)
        router.registry.guards.setAuthenticated(true)
        try router.push("/account/orders", options: NavigationOptions { $0.expectsResult = true })
        router.registry.guards.setAuthenticated(false)
        XCTAssertEqual(router.state.currentRoutes, ["profile"])
        ledger.check(router.state)
    }

    /// Logging out prunes at once, also while the router waits for the host's transition (a fuzz finding: the prune
    /// was queued behind the transition, and the protected screen stayed until the host finished animating).
    func testLogoutPrunesAlsoWhileTheRouterWaitsForTheHost() throws {
        let (router, ledger, _) = try shopRouter()
        try router.navigate("/account/profile")
        router.transitionMode = .waitForHost
        try router.push("/account/orders")
        let awaited = try XCTUnwrap(router.awaitedTransition)
        XCTAssertEqual(try router.push("/account/orders/123e4567-e89b-12d3-a456-426614174000"), .queued(ticket: 1))
        router.registry.guards.setAuthenticated(false)
        XCTAssertEqual(router.state.currentRoutes, ["profile"], "pruned at once")
        XCTAssertEqual(router.awaitedTransition, awaited, "the prune's own transition is not waited for")
        try router.transitionFinished(awaited)
        XCTAssertEqual(router.state.currentRoutes, ["profile"], "the queued push then ran logged out: refused")
        ledger.check(router.state)
    }

    func testAnEntryOfARemovedProtectedRouteGoesAtLogout() throws {
        let registry = try RouteRegistry()
        try registry.register([
            try Route(name: "home", pattern: "home"), try Route(name: "vault", pattern: "vault", requiresAuth: true),
        ])
        registry.guards.setAuthenticated(true)
        let router = Router(registry: registry)
        try router.navigate("/home")
        try router.navigate("/vault")
        try registry.unregister(named: "vault")
        XCTAssertEqual(router.state.currentRoutes, ["home"], "unregistering prunes the route's entries")
        registry.guards.setAuthenticated(false)
        XCTAssertEqual(router.state.currentRoutes, ["home"])
    }

    /// A route removed while on screen leaves the router with a state whose snapshot restores.
    func testUnregisteringARouteOnScreenPrunesItWithEvents() throws {
        let (router, ledger, recorder) = try shopRouter()
        try router.push("/shop/product/1")
        try router.navigate("/help/a/b")
        try router.present("/settings")
        try router.registry.unregister(named: "help")
        XCTAssertEqual(router.state.tabs[0].stack.map(\.route), ["home", "product"])
        XCTAssertTrue(recorder.kinds.contains(.pop), "\(recorder.kinds)")
        try router.restore(router.snapshot())
        ledger.check(router.state)
        // A tab whose root route goes is removed.
        try router.registry.unregisterModule("app")
        try router.registry.unregisterModule("shop")
        XCTAssertEqual(router.state.tabs.map(\.route), ["profile"])
        try router.restore(router.snapshot())
        ledger.check(router.state)
    }
}

/// The configuration properties read back what was set.
final class RouterPropertyTests: XCTestCase {
    func testConfigurationPropertiesReadBack() throws {
        let router = Router(registry: try shopRegistry())
        XCTAssertNil(router.navigator)
        XCTAssertNil(router.defaultHandler)
        XCTAssertEqual(router.transitionMode, .immediate)
        router.navigator = { _ in true }
        router.defaultHandler = ViewLedger()
        router.transitionMode = .waitForHost
        XCTAssertNotNil(router.navigator)
        XCTAssertTrue(router.defaultHandler is ViewLedger)
        XCTAssertEqual(router.transitionMode, .waitForHost)
        router.navigator = nil
        router.defaultHandler = nil
        XCTAssertNil(router.navigator)
        XCTAssertNil(router.defaultHandler)
    }
}

/// A router resolves each command on the registry's table as it is when the command runs: routes added, removed or
/// given new policy between two commands are seen by the second (the router keeps the table it last read only while
/// the registry has not changed).
final class RouterRegistryChangeTests: XCTestCase {
    func testEachCommandSeesTheRegistryChangesMadeBeforeIt() throws {
        let (router, _, _) = try shopRouter()
        try router.push("/shop/product/1")
        assertFails(.notFound) { try router.push("/shop/deals") }
        try router.registry.register(try Route(name: "deals", pattern: "shop/deals"))
        try router.push("/shop/deals")
        XCTAssertEqual(router.state.topEntry?.route, "deals")
        try router.pop()
        try router.registry.unregister(named: "deals")
        assertFails(.notFound) { try router.push("/shop/deals") }
        assertFails(.denied) { try router.push("https://deals.example.com/shop/product/2") }
        try router.registry.updatePolicy { $0.webDomains.insert("deals.example.com") }
        try router.push("https://deals.example.com/shop/product/2")
        XCTAssertEqual(router.state.currentRoutes.suffix(2), ["product", "product"])
    }
}
