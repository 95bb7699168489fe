import XCTest

@testable import NavRouterCore

final class ManifestTests: XCTestCase {
    /// `parseEach` keeps the routes that parse and gives one error per route that does not, in order; a document
    /// whose structure is wrong still throws.
    func testParseEachListsEveryRouteError() throws {
        let text = """
            {"modules": [{"module": "m", "routes": [
                {"name": "a", "pattern": "a"}, {"name": "f", "pattern": "f/<int:"},
                {"name": "g", "pattern": "g", "external": "yes"}, {"name": "h", "pattern": "h"}]}]}
            """
        let (routes, errors) = try RouteManifest.parseEach(text)
        XCTAssertEqual(routes.map(\.name), ["a", "h"])
        XCTAssertEqual(errors.count, 2)
        XCTAssertTrue(errors[0].message.contains("route 'f'"), errors[0].message)
        XCTAssertTrue(errors[1].message.contains("routes[2].external"), errors[1].message)
        XCTAssertThrowsError(try RouteManifest.parse(text))
        XCTAssertThrowsError(try RouteManifest.parseEach("[1]"))
    }

    func testTheShopManifestLoads() throws {
        let registry = try RouteRegistry()
        let routes = try registry.loadManifest(try repositoryFile("examples/manifests/shop.json"))
        XCTAssertGreaterThanOrEqual(routes.count, 10)
        let product = try XCTUnwrap(registry.route(named: "product"))
        XCTAssertEqual(product.pattern.text, "shop/product/<int:id>")
        XCTAssertEqual(product.parent, "catalog")
        XCTAssertEqual(product.module, "shop")
        XCTAssertTrue(product.external)
        XCTAssertEqual(registry.route(named: "checkout")?.requiresAuth, true)
        XCTAssertEqual(registry.route(named: "settings")?.presentation, .modal(.sheet))
        XCTAssertEqual(registry.route(named: "home")?.presentation, .root)
        XCTAssertEqual(try registry.resolve("myapp://shop/product/42").integer("id"), 42)
        XCTAssertNotNil(registry.route(named: "home")?.metadata?["title"])
    }

    func testFormsOfAManifest() throws {
        let module = #"{"module": "a", "routes": [{"name": "a", "pattern": "a"}]}"#
        let other =
            #"{"module": "b", "routes": [{"name": "b", "pattern": "b", "presentation": "modal", "#
            + #""style": "fullscreen"}]}"#
        XCTAssertEqual(try RouteManifest.parse(module).map(\.name), ["a"])
        XCTAssertEqual(try RouteManifest.parse("[\(module), \(other)]").map(\.name), ["a", "b"])
        XCTAssertEqual(
            try RouteManifest.parse(#"{"modules": [\#(module), \#(other)]}"#).last?.presentation, .modal(.fullScreen))
        XCTAssertEqual(try RouteManifest.parse(#"{"routes": [{"name": "x", "pattern": "x"}]}"#).first?.module, nil)
    }

    func testErrorsNameModuleRouteAndField() {
        func route(_ fields: String) -> String {
            #"{"module": "shop", "routes": [{"name": "r", "pattern": "r"}, {\#(fields)}]}"#
        }
        assertFails(.invalidJSON, "manifest", "line 1") { try RouteManifest.parse("{") }
        assertFails(.invalidJSON, "module 'shop', route 'p'", "routes[1].presentation: must be push", "'tab'") {
            try RouteManifest.parse(route(#""name": "p", "pattern": "p", "presentation": "tab""#))
        }
        assertFails(.invalidJSON, "module 'shop', route #2", "routes[1].name: missing") {
            try RouteManifest.parse(route(#""pattern": "p""#))
        }
        assertFails(.invalidJSON, "route 'p'", "routes[1].colour: unknown field (expected aliases, external, metadata")
        {
            try RouteManifest.parse(route(#""name": "p", "pattern": "p", "colour": 1"#))
        }
        assertFails(.invalidJSON, "route 'p'", "routes[1].requires_auth: must be true or false, not string") {
            try RouteManifest.parse(route(#""name": "p", "pattern": "p", "requires_auth": "yes""#))
        }
        assertFails(.invalidPattern, "route 'p'", "segment 2") {
            try RouteManifest.parse(route(#""name": "p", "pattern": "p/<bad:x>""#))
        }
        assertFails(.invalidJSON, "routes[1].metadata: must be an object, not array") {
            try RouteManifest.parse(route(#""name": "p", "pattern": "p", "metadata": [1]"#))
        }
        assertFails(.invalidJSON, "routes[1].required_parameters[1]: must be a non-empty string, not integer") {
            try RouteManifest.parse(route(#""name": "p", "pattern": "p", "required_parameters": ["a", 2]"#))
        }
        assertFails(.invalidJSON, "routes[1].style: applies only") {
            try RouteManifest.parse(route(#""name": "p", "pattern": "p", "style": "sheet""#))
        }
        assertFails(.invalidJSON, "duplicate") {
            try RouteManifest.parse(#"{"module": "m", "module": "n", "routes": []}"#)
        }
        assertFails(
            .invalidJSON, "module 'm'",
            "route: unknown field (did you mean 'routes'? expected fallback_route, module, routes, schemes, "
                + "web_domains)"
        ) {
            try RouteManifest.parse(#"{"module": "m", "route": []}"#)
        }
        // Paths from the two other forms of a manifest: a list of modules, and {"modules": [...]}.
        assertFails(.invalidJSON, "module #2", "[1].routes[0].pattern: must be a string, not integer") {
            try RouteManifest.parse(#"[{"routes": []}, {"routes": [{"name": "a", "pattern": 1}]}]"#)
        }
        assertFails(.invalidJSON, "module 'b'", "modules[1].routes: must be an array, not object") {
            try RouteManifest.parse(#"{"modules": [{"routes": []}, {"module": "b", "routes": {}}]}"#)
        }
        assertFails(.invalidJSON, "module #1", "the module must be an object, not string") {
            try RouteManifest.parse(#"["shop"]"#)
        }
        // An optional string field is absent or a string: null is neither (only fields that say so take null).
        for field in ["parent", "presentation", "style"] {
            assertFails(.invalidJSON, "routes[0].\(field): must be a string, not null") {
                try RouteManifest.parse(#"{"routes": [{"name": "a", "pattern": "a", "\#(field)": null}]}"#)
            }
        }
        assertFails(.invalidJSON, "fallback_route: must be a string, not null") {
            try RouteManifest.parseWithSettings(#"{"fallback_route": null, "routes": []}"#)
        }
        assertFails(.invalidJSON, "not number") { try RouteManifest.parse("3.5") }
    }

    func testManifestsLoadAllOrNothing() throws {
        let registry = try makeRegistry([("x", "x/:id")])
        assertFails(.conflict, "'y'", "'x'") {
            try registry.loadManifest(
                #"{"module": "m", "routes": [{"name": "a", "pattern": "a"}, {"name": "y", "pattern": "x/:other"}]}"#)
        }
        XCTAssertEqual(registry.routes.map(\.name), ["x"])
    }
}

/// `RouteManifest.check`: every problem of a manifest at once, and warnings when there is no error.
final class ManifestCheckTests: XCTestCase {
    func testEveryProblemIsListed() throws {
        let report = try RouteManifest.check(
            """
            {"modules": [{"module": "m", "routes": [
                {"name": "a", "pattern": "a/:id"}, {"name": "b", "pattern": "a/:other"},
                {"name": "c", "pattern": "c", "parent": "missing"}, {"name": "d", "pattern": "d", "parent": "e"},
                {"name": "e", "pattern": "e", "parent": "d"}, {"name": "f", "pattern": "f/<int:"}]}]}
            """)
        XCTAssertEqual(report.routeCount, 6)
        XCTAssertEqual(report.errors.count, 5, "\(report.errors)")
        XCTAssertTrue(report.errors.contains { $0.contains("route 'b'") && $0.contains("conflicts") })
        XCTAssertEqual(report.warnings, [])
    }

    func testWarningsWhenThereIsNoError() throws {
        let report = try RouteManifest.check(
            #"{"routes": [{"name": "p", "pattern": "p/:id", "external": true, "requires_auth": true}]}"#)
        XCTAssertEqual(report.errors, [])
        XCTAssertEqual(
            report.warnings,
            [
                "route 'p': external and requires login: a link from outside asks to log in (expected? list "
                    + "\"external_login\" in the route's metadata \"check_allow\")"
            ])
        XCTAssertThrowsError(try RouteManifest.check("[1]"))
    }
}
