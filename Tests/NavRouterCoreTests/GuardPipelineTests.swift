import Foundation
import Synchronization
import XCTest

@testable import NavRouterCore

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `body` on a new thread with a small stack and waits for it (pthread: XCTest's threads have 8 MiB).
func onSmallStack(_ bytes: Int, _ body: @escaping @Sendable () -> Void) {
    final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    pthread_attr_setstacksize(&attributes, bytes)
    var thread = pthread_t()
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    let created = pthread_create(
        &thread, &attributes,
        { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, box)
    precondition(created == 0, "pthread_create failed")
    pthread_join(thread, nil)
    pthread_attr_destroy(&attributes)
}

final class GuardPipelineTests: XCTestCase {
    /// A redirect chain at the allowed maximum runs in a loop, not a recursion: it fits a 128 KiB thread stack.
    func testALongRedirectChainRunsOnASmallStack() throws {
        let registry = try makeRegistry([("step", "r/<int:n>"), ("end", "end")])
        registry.guards.options = GuardOptions(maxRedirects: 1000)
        try registry.guards.addInterceptor(
            ClosureInterceptor { context in
                guard let n = context.destination?.integer("n") else { return .proceed }
                return .redirect(url: n < 998 ? "/r/\(n + 1)" : "/end")
            }, name: "chain", scope: .routes(["step"]))
        let router = Router(registry: registry)
        let outcome = Mutex<Result<Router.Outcome, NavRouterError>?>(nil)
        onSmallStack(128 * 1024) {
            let result = Result { () throws(NavRouterError) in try router.navigate("/r/0") }
            outcome.withLock { $0 = result }
        }
        XCTAssertEqual(try outcome.withLock { $0 }?.get(), .applied(transition: 1))
        XCTAssertEqual(router.state.currentRoutes, ["end"])
        // One more step is over the limit, and the message has the whole chain.
        registry.guards.options = GuardOptions(maxRedirects: 998)
        assertFails(.limitExceeded, "more than 998 redirects", "/r/0 → /r/1") { try router.navigate("/r/0") }
    }
}

/// External links open only routes flagged external, and build back stacks from the link's path only.
final class ExternalLinkTests: XCTestCase {
    private func registry(fallbackExternal: Bool) throws -> RouteRegistry {
        let registry = try RouteRegistry()
        try registry.register([
            try Route(name: "share", pattern: "share/:id", external: true, parent: "admin-user"),
            try Route(name: "admin-user", pattern: "admin/users/:uid"),
            try Route(name: "debug", pattern: "internal/debug"),
            try Route(name: "not-found", pattern: "not-found", external: fallbackExternal),
        ])
        registry.guards.options = GuardOptions(fallbackRoute: "not-found")
        return registry
    }

    func testTheFallbackRouteFollowsTheExternalFlagLikeAnyOther() throws {
        let external = NavigationOptions { $0.external = true }
        let router = Router(registry: try registry(fallbackExternal: false))
        assertFails(.notExternal, "'not-found'") { try router.navigate("myapp://not-found?x=1", options: external) }
        assertFails(.notExternal, "'debug'") { try router.navigate("myapp://internal/debug?x=1", options: external) }
        assertFails(.notFound, "'not-found' may not be opened by an external link") {
            try router.navigate("myapp://nowhere", options: external)
        }
        XCTAssertEqual(router.state.entryCount, 0)
        try router.navigate("/nowhere")
        XCTAssertEqual(router.state.topEntry?.route, "not-found", "an internal link still falls back")

        let open = Router(registry: try registry(fallbackExternal: true))
        try open.navigate("myapp://nowhere", options: external)
        XCTAssertEqual(open.state.topEntry?.parameters["url"], "myapp://nowhere")
    }

    func testAfterInterceptorsSeeTheFallbackRouteTheBeforeInterceptorsSaw() throws {
        // A URL no route matches opens the fallback route: every phase of interceptors sees that one match.
        let registry = try registry(fallbackExternal: false)
        let seen = Mutex<[String]>([])
        for phase in [InterceptorPhase.before, .after] {
            try registry.guards.addInterceptor(
                ClosureInterceptor { context in
                    seen.withLock { $0.append("\(phase) \(context.destination?.routeName ?? "-")") }
                    return .proceed
                }, name: "\(phase)", phase: phase)
        }
        let router = Router(registry: registry)
        try router.navigate("/nowhere")
        XCTAssertEqual(router.state.topEntry?.route, "not-found")
        XCTAssertEqual(seen.withLock { $0 }, ["before not-found", "after not-found"])
    }

    /// An interceptor's redirect is the app's own navigation: an external link it redirects opens the target even
    /// when the target is not flagged external, whether the interceptor redirects at once or holds the link first.
    func testARedirectOfAnExternalLinkIsTheAppsOwn() throws {
        let registry = try registry(fallbackExternal: false)
        try registry.guards.addInterceptor(
            ClosureInterceptor { context in
                context.destination?.parameters["id"] == "now" ? .redirect(url: "/internal/debug") : .pending
            }, name: "share-gate", scope: .routes(["share"]))
        let router = Router(registry: registry)
        let external = NavigationOptions { $0.external = true }
        try router.navigate("myapp://share/now", options: external)
        XCTAssertEqual(router.state.topEntry?.route, "debug")
        guard case .pending(let flow) = try router.navigate("myapp://share/later", options: external) else {
            return XCTFail("the share gate holds the link")
        }
        try router.resumeFlow(flow, decision: .redirect(url: "/internal/debug?held=1"))
        XCTAssertEqual(router.state.topEntry?.route, "debug")
        XCTAssertEqual(router.state.topEntry?.url, "/internal/debug?held=1")
    }

    func testAFallbackRouteThatCannotOpenTheURLSaysWhy() throws {
        let registry = try RouteRegistry()
        try registry.register([
            try Route(name: "item", pattern: "items/:id"),
            try Route(name: "not-found", pattern: "not-found"),
        ])
        let router = Router(registry: registry)
        registry.guards.options = GuardOptions(fallbackRoute: "item")  // needs an id, gets only the URL
        assertFails(.notFound, "no route matches '/nowhere'", "fallback route 'item'", "'id'") {
            try router.navigate("/nowhere")
        }
        registry.guards.options = GuardOptions(fallbackRoute: "not-found")
        try registry.unregister(named: "not-found")  // the fallback was removed after it was set
        assertFails(.notFound, "no route matches '/nowhere'", "fallback route 'not-found'", "no route is named") {
            try router.navigate("/nowhere")
        }
        XCTAssertEqual(router.state.entryCount, 0)
    }

    func testParentsTakeParametersFromThePathOnly() throws {
        let router = Router(registry: try registry(fallbackExternal: false))
        let external = NavigationOptions { $0.external = true }
        assertFails(.missingParameter, "back stack", "'admin-user'") {
            try router.navigate("myapp://share/1?uid=attacker", options: external)
        }
        XCTAssertEqual(router.state.entryCount, 0)
    }
}

/// A pattern-scoped interceptor applies to every URL the registry accepts, whatever its limits.
final class InterceptorScopeTests: XCTestCase {
    func testAPatternScopeHoldsUnderRaisedLimits() throws {
        let registry = try makeRegistry(
            [("files", "files/*path")], policy: URLPolicy(maxURLLength: 1 << 16, maxSegments: 300))
        try registry.guards.addInterceptor(
            ClosureInterceptor { _ in .cancel(reason: "no files") }, name: "files-guard", priority: .mandatory,
            scope: .pattern("files/*path"))
        let router = Router(registry: registry)
        let many = "/files/" + Array(repeating: "a", count: 200).joined(separator: "/")
        let long = "/files/" + String(repeating: "b", count: 20_000)
        for url in [many, long, "/files/x"] {
            assertFails(.cancelled, "no files") { try router.navigate(url) }
        }
    }
}

/// Parent routes are checked when they are registered: they exist, form no cycle, and chains stay within 256.
final class ParentValidationTests: XCTestCase {
    private func manifest(_ routes: String) -> String { #"{"module": "m", "routes": [\#(routes)]}"# }

    func testBrokenParentsAreRefusedAtLoad() throws {
        let cases: [(String, String)] = [
            (#"{"name": "a", "pattern": "a", "parent": "b"}, {"name": "b", "pattern": "b", "parent": "a"}"#, "cycle"),
            (#"{"name": "a", "pattern": "a", "parent": "a"}"#, "its own parent"),
            // A cycle above the route, not through it: still a cycle, not a chain too deep.
            (
                #"{"name": "a", "pattern": "a", "parent": "b"}, {"name": "b", "pattern": "b", "parent": "c"}, "#
                    + #"{"name": "c", "pattern": "c", "parent": "b"}"#, "cycle (a → b → c → b)"
            ),
            (#"{"name": "a", "pattern": "a", "parent": "ghost"}"#, "'ghost' is not registered"),
        ]
        for (routes, fragment) in cases {
            let registry = try RouteRegistry()
            assertFails(.invalidArgument, "'a'", fragment) { try registry.loadManifest(manifest(routes)) }
            XCTAssertEqual(registry.routes.count, 0, "all or nothing")
        }
        let registry = try RouteRegistry()
        assertFails(.invalidArgument, "'ghost' is not registered") {
            try registry.register(Route(name: "x", pattern: "x", parent: "ghost"))
        }
    }

    func testDeepChainsWorkUpTo256() throws {
        func chain(_ depth: Int) -> String {
            (0..<depth).map { index in
                index == 0
                    ? #"{"name": "r0", "pattern": "r/0"}"#
                    : #"{"name": "r\#(index)", "pattern": "r/\#(index)", "parent": "r\#(index - 1)"}"#
            }.joined(separator: ", ")
        }
        let registry = try RouteRegistry()
        try registry.loadManifest(manifest(chain(256)))
        let router = Router(registry: registry)
        try router.navigate("/r/255", options: NavigationOptions { $0.buildBackStack = true })
        XCTAssertEqual(router.state.currentStack.count, 256)
        let tooDeep = try RouteRegistry()
        assertFails(.invalidArgument, "more than 256") { try tooDeep.loadManifest(manifest(chain(258))) }
    }

    func testAParentCannotBeRemovedFromUnderItsChildren() throws {
        let registry = try shopRegistry()
        assertFails(.conflict, "'catalog' is the parent of", "'product'") { try registry.unregister(named: "catalog") }
        XCTAssertNotNil(registry.route(named: "catalog"))
        try registry.unregister(named: "review")
        XCTAssertEqual(try registry.unregisterModule("shop"), 7, "a module goes with the parents it holds")
    }
}
