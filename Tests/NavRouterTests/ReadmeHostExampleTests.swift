import Foundation
import NavRouter
import XCTest

/// The README's and the quick start's NavRouter examples, compiled and run so that they stay true.
@MainActor
final class ReadmeHostExampleTests: XCTestCase {
    private struct Product: Codable, Equatable {
        var id: Int
        var title: String
    }

    private func shopRegistry() throws -> RouteRegistry {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let manifest = try String(
            contentsOf: root.appendingPathComponent("examples/manifests/shop.json"), encoding: .utf8)
        let registry = try RouteRegistry()
        try registry.loadManifest(manifest)
        return registry
    }

    /// docs/quick-start.md, Swift with NavRouter: an external link, back, the model's paths.
    func testTheQuickStart() async throws {
        var drawn: [NavigationEventKind] = []
        let host = NavigationHost(router: Router(registry: try shopRegistry())) { event in
            await Task.yield()
            drawn.append(event.kind)
        }
        try await host.start()
        try await host.navigate("myapp://shop/product/42", options: NavigationOptions { $0.external = true })
        try await host.back()
        let catalog = host.model.tabs[host.model.selectedTab]
        XCTAssertEqual(catalog.root?.route, "catalog")
        XCTAssertEqual(catalog.path, [])
        XCTAssertEqual(drawn.filter { $0 != .stateChanged }, [.tabsSetUp, .tabSelected, .stackReplaced, .pop])
    }

    /// README, "A main-actor app": pop to the root, then navigate with Codable props.
    func testTheAppNavigationExample() async throws {
        let host = NavigationHost(router: Router(registry: try shopRegistry()))
        try await host.start()
        try await host.navigate("myapp://shop/product/1", options: NavigationOptions { $0.external = true })
        try await host.popToRoot()
        let product = Product(id: 42, title: "Garden hose")
        try await host.navigate("/shop/product/\(product.id)", props: product)
        XCTAssertEqual(try host.router.state.topEntry?.props(as: Product.self), product)
        XCTAssertEqual(host.model.tabs[host.model.selectedTab].path.map(\.route), ["product"])
    }
}
