import NavRouterCore
import XCTest

/// The README's Swift example, compiled and run so that it stays true.
final class ReadmeExampleTests: XCTestCase {
    func testTheRouterExample() throws {
        let registry = try RouteRegistry()
        try registry.register([
            try Route(name: "home", pattern: "shop/home", presentation: .root),
            try Route(name: "product", pattern: "shop/product/<int:id>", external: true),
            try Route(name: "checkout", pattern: "shop/checkout"),
        ])
        try registry.guards.addInterceptor(
            ClosureInterceptor { context in
                context.destination?.route.name == "checkout" && !context.isAuthenticated
                    ? .cancel(reason: "log in first") : .proceed
            }, name: "checkout-guard")
        let router = Router(registry: registry)
        router.setNavigator { event in
            print(event.kind, event.entry?.route ?? "")
            return true
        }
        try router.start()
        try router.navigate("myapp://shop/product/42", options: NavigationOptions { $0.external = true })
        let saved = router.snapshot()
        XCTAssertThrowsError(try router.navigate("/shop/checkout"))
        try router.restore(saved)
        XCTAssertEqual(router.snapshot(), saved)
    }
}
