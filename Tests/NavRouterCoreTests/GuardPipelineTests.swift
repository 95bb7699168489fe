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
