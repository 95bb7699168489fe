import NavRouterCore
import XCTest

/// A misspelt name is answered with the name meant: routes, parents, interceptor scopes, manifest fields.
final class SuggestionTests: XCTestCase {
    func testAMisspeltRouteNameSaysWhichWasMeant() throws {
        let registry = try shopRegistry()
        assertFails(.notFound, "no route is named 'prodcut' (did you mean 'product'?)") {
            try registry.buildURL(route: "prodcut", parameters: ["id": "7"])
        }
        assertFails(.notFound, "no route is named 'Checkout' (did you mean 'checkout'?)") {
            try registry.unregister(named: "Checkout")
        }
        let router = Router(registry: registry)
        assertFails(.notFound, "no route is named 'setings' (did you mean 'settings'?)") {
            try router.setHandler(ClosureRouteHandler { _ in nil }, forRoute: "setings")
        }
        assertFails(.notFound, "interceptor 'gate': no route is named 'ordrs' (did you mean 'orders'?)") {
            try registry.guards.addInterceptor(
                ClosureInterceptor { _ in .proceed }, name: "gate", scope: .routes(["ordrs"]))
        }
    }

    func testANameFarFromEveryRouteGetsNoGuess() throws {
        let registry = try shopRegistry()
        do {
            _ = try registry.buildURL(route: "warehouse")
            XCTFail("built")
        } catch {
            XCTAssertEqual(error.message, "no route is named 'warehouse'")
        }
    }

    func testAMisspeltParentAndManifestFieldSayWhichWasMeant() throws {
        let registry = try RouteRegistry()
        try registry.register(try Route(name: "home", pattern: "home", presentation: .root))
        assertFails(.invalidArgument, "its parent 'hom' is not registered (did you mean 'home'?)") {
            try registry.register(try Route(name: "product", pattern: "product/:id", parent: "hom"))
        }
        assertFails(.invalidJSON, "presentaton: unknown field (did you mean 'presentation'? expected") {
            try registry.loadManifest(#"{"routes": [{"name": "a", "pattern": "a", "presentaton": "sheet"}]}"#)
        }
    }
}

/// A host checks its manifest with the registry that will read it, from its own test suite.
final class HostManifestCheckTests: XCTestCase {
    func testAHostChecksItsManifestWithItsRegistryAndLoadsNothing() throws {
        let registry = try RouteRegistry(options: RegistryOptions(caseSensitive: true))
        let manifest = #"""
            {"routes": [{"name": "a", "pattern": "A"}, {"name": "b", "pattern": "a"},
                        {"name": "c", "pattern": "c", "parent": "nowhere"}]}
            """#
        let report = try registry.checkManifest(manifest)
        XCTAssertEqual(report.routeCount, 3)
        XCTAssertEqual(report.errors, ["route 'c': its parent 'nowhere' is not registered"])
        XCTAssertEqual(report.jsonValue.objectValue?["routes"], 3)
        XCTAssertEqual(registry.routes.count, 0, "checking loads nothing")
        let insensitive = try RouteRegistry()
        let clash = try insensitive.checkManifest(
            #"{"routes": [{"name": "a", "pattern": "A"}, {"name": "b", "pattern": "a"}]}"#)
        XCTAssertEqual(clash.errors.count, 1, "the registry's case folding makes A and a one pattern")
        assertFails(.invalidJSON) { try registry.checkManifest("not json") }
    }
}
