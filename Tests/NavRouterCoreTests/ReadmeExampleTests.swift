import Foundation
import NavRouterCore
import XCTest

/// The README's and the user guide's Swift examples, compiled and run so that they stay true.
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
        router.navigator = { event in
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

    /// docs/quick-start.md, Swift: the shop manifest, an external link, back.
    func testTheQuickStart() throws {
        let manifestText = try String(
            decoding: XCTUnwrap(
                FileManager.default.contents(
                    atPath: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                        .deletingLastPathComponent().appendingPathComponent("examples/manifests/shop.json").path)),
            as: UTF8.self)
        let registry = try RouteRegistry()
        try registry.loadManifest(manifestText)
        let router = Router(registry: registry)
        router.navigator = { event in
            print(event.kind, event.entry?.route ?? "")
            return true
        }
        try router.start()
        try router.navigate("myapp://shop/product/42", options: NavigationOptions { $0.external = true })
        try router.back()
        XCTAssertEqual(router.state.currentStack.map(\.route), ["catalog"])
    }
}
