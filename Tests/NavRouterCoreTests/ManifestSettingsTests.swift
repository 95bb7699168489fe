import NavRouterCore
import XCTest

/// A manifest carries the app's URL policy (web domains, schemes) and fallback route, so that every host reading it
/// resolves links alike without repeating flags.
final class ManifestSettingsTests: XCTestCase {
    private let routes = #"[{"name": "home", "pattern": "home"}, {"name": "missing", "pattern": "missing"}]"#

    func testAManifestSetsTheURLPolicyAndTheFallbackRoute() throws {
        let registry = try RouteRegistry()
        try registry.loadManifest(
            #"{"module": "app", "routes": \#(routes), "web_domains": ["Shop.Example.com"], "schemes": ["myapp"],"#
                + #" "fallback_route": "missing"}"#)
        XCTAssertEqual(registry.policy.webDomains, ["shop.example.com"])
        XCTAssertEqual(registry.policy.schemes, ["myapp"])
        XCTAssertEqual(registry.guards.options.fallbackRoute, "missing")
        XCTAssertEqual(try registry.resolve("https://shop.example.com/home").routeName, "home")
        XCTAssertEqual(try registry.resolve("myapp://home").routeName, "home")
        XCTAssertThrowsError(try registry.resolve("otherapp://home"), "a scheme the manifest does not list")
        let router = Router(registry: registry)
        try router.start()
        try router.navigate("/nowhere")
        XCTAssertEqual(router.state.topEntry?.route, "missing", "a link no route takes opens the fallback route")
    }

    func testTheModulesFormCarriesThemBesideItsModulesAndAbsentFieldsChangeNothing() throws {
        let registry = try RouteRegistry(options: RegistryOptions(policy: URLPolicy(webDomains: ["a.example"])))
        try registry.loadManifest(#"{"modules": [{"module": "m", "routes": \#(routes)}], "schemes": ["myapp"]}"#)
        XCTAssertEqual(registry.policy.webDomains, ["a.example"], "web_domains left out: the registry's stay")
        XCTAssertEqual(registry.policy.schemes, ["myapp"])
        XCTAssertNil(registry.guards.options.fallbackRoute)
        let (_, settings) = try RouteManifest.parseWithSettings(
            #"{"modules": [], "web_domains": [], "fallback_route": "x"}"#)
        XCTAssertEqual(settings, ManifestSettings(webDomains: [], fallbackRoute: "x"))
        XCTAssertThrowsError(
            try RouteManifest.parse(#"{"modules": [{"module": "m", "routes": [], "web_domains": ["a.example"]}]}"#),
            "a module inside the list is not the document: it has no settings"
        ) { error in
            XCTAssertTrue((error as? NavRouterError)?.message.contains("modules[0].web_domains: unknown field") == true)
        }
    }

    func testARefusedSettingLoadsNothing() throws {
        let registry = try RouteRegistry()
        for (manifest, code, said) in [
            (
                #"{"routes": \#(routes), "web_domains": ["ok.example", "bad..example"]}"#,
                NavRouterError.Code.invalidArgument,
                "manifest: web_domains[1]: 'bad..example' is not a web domain"
            ),
            (#"{"routes": \#(routes), "schemes": ["https"]}"#, .invalidArgument, "manifest: schemes[0]: 'https'"),
            (#"{"routes": \#(routes), "schemes": "myapp"}"#, .invalidJSON, "manifest: schemes: must be an array"),
            (
                #"{"routes": \#(routes), "web_domains": [""]}"#, .invalidJSON,
                "manifest: web_domains[0]: must be a non-empty string, not empty"
            ),
            (
                #"{"routes": \#(routes), "schemes": ["myapp", ""]}"#, .invalidJSON,
                "manifest: schemes[1]: must be a non-empty string, not empty"
            ),
            (
                #"{"routes": \#(routes), "fallback_route": "mising"}"#, .notFound,
                "fallback_route: no route is named 'mising' (did you mean 'missing'?)"
            ),
            (#"{"routes": \#(routes), "fallback_route": ""}"#, .invalidJSON, "manifest: fallback_route: empty"),
        ] {
            XCTAssertThrowsError(try registry.loadManifest(manifest), manifest) { error in
                let error = error as? NavRouterError
                XCTAssertEqual(error?.code, code, manifest)
                XCTAssertTrue(error?.message.hasPrefix(said) == true, "\(error?.message ?? "") <> \(said)")
            }
            XCTAssertEqual(registry.routes.count, 0, "nothing registered: \(manifest)")
            XCTAssertEqual(registry.policy, URLPolicy())
        }
        try registry.register(Route(name: "earlier", pattern: "earlier"))
        try registry.loadManifest(#"{"routes": [{"name": "x", "pattern": "x"}], "fallback_route": "earlier"}"#)
        XCTAssertEqual(registry.guards.options.fallbackRoute, "earlier", "a route registered before counts")
    }

    func testCheckPointsAtARefusedSetting() throws {
        let report = try RouteManifest.check(
            """
            {"routes": [{"name": "home", "pattern": "home"}],
             "web_domains": ["ok.example",
                             "bad..example"],
             "fallback_route": "hom"}
            """)
        XCTAssertEqual(report.findings.map(\.path), ["web_domains[1]", "fallback_route"])
        XCTAssertEqual(report.findings.map { "\($0.line ?? 0):\($0.column ?? 0)" }, ["3:18", "4:2"])
        XCTAssertTrue(report.errors[1].contains("did you mean 'home'?"), report.errors[1])
        let fine = try RouteManifest.check(
            #"{"routes": [{"name": "home", "pattern": "home"}], "fallback_route": "home", "schemes": ["myapp"]}"#)
        XCTAssertEqual(fine.findings, [])
    }
}
