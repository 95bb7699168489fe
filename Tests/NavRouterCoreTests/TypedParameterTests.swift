import XCTest

@testable import NavRouterCore

/// `bool`, `double` and enumeration parameters in patterns, typed query parameters declared on routes, and the
/// typed values a match and an entry hand back.
final class TypedParameterTests: XCTestCase {
    func testEachTypeMatchesItsValuesOnly() throws {
        let registry = try makeRegistry([
            ("flag", "f/<bool:on>"), ("ratio", "r/<double:x>"), ("sort", "s/<enum(new|top|hot):order>"),
        ])
        for (url, route) in [
            ("/f/true", "flag"), ("/f/false", "flag"), ("/r/1.5", "ratio"), ("/r/-2", "ratio"), ("/r/6.02e23", "ratio"),
            ("/r/1E-3", "ratio"), ("/r/007.5", "ratio"), ("/r/12345678901234567890", "ratio"), ("/s/new", "sort"),
            ("/s/hot", "sort"),
        ] {
            XCTAssertEqual(try registry.resolve(url).routeName, route, url)
        }
        for url in [
            "/f/yes", "/f/True", "/f/1", "/r/abc", "/r/1e999", "/r/nan", "/r/inf", "/r/1.", "/r/.5", "/r/1e", "/r/--1",
            "/s/New", "/s/old", "/s/new|top",
        ] {
            assertFails(.notFound) { try registry.resolve(url) }
        }
    }

    func testTypedValuesComeBackTyped() throws {
        let registry = try makeRegistry([("item", "i/<int:id>/<bool:on>/<double:x>/<enum(a|b):kind>")])
        let match = try registry.resolve("/i/-7/true/2.5/b?n=3")
        XCTAssertEqual(match.integer("id"), -7)
        XCTAssertEqual(match.bool("on"), true)
        XCTAssertEqual(match.double("x"), 2.5)
        XCTAssertEqual(match.double("id"), -7, "an int is a double too")
        XCTAssertEqual(try registry.resolve("/i/1/false/-0012.50e1/a").double("x"), -125)
        XCTAssertNil(match.bool("x"))
        XCTAssertEqual(
            match.typedParameters,
            ["id": .integer(-7), "on": .bool(true), "x": .real(2.5), "kind": .string("b"), "n": .string("3")],
            "an undeclared query item stays text")
    }

    /// Per segment: literal > enumeration > bool > int > uuid > double > parameter > catch-all, with backtracking.
    func testTheNarrowerTypeWinsWhateverTheOrder() throws {
        let routes = [
            ("text", "a/:s"), ("real", "a/<double:x>"), ("number", "a/<int:n>"), ("choice", "a/<enum(1|two):e>"),
            ("flag", "a/<bool:b>"), ("rest", "a/*r"), ("id", "a/<uuid:u>"),
        ]
        for order in [routes, routes.reversed()] {
            let registry = try makeRegistry(Array(order))
            for (url, route) in [
                ("/a/two", "choice"), ("/a/1", "choice"), ("/a/2", "number"), ("/a/2.5", "real"), ("/a/true", "flag"),
                ("/a/zz", "text"), ("/a/00000000-0000-4000-8000-000000000000", "id"), ("/a/x/y", "rest"),
            ] {
                XCTAssertEqual(try registry.resolve(url).routeName, route, url)
                XCTAssertEqual(registry.explain(url).winner, route, url)
            }
            XCTAssertTrue(
                registry.explain("/a/2").candidates.first { $0.route == "real" }!.reason.contains(
                    "a typed parameter (int) beats a typed parameter (double)"))
        }
    }

    func testTheWalkBacktracksOutOfATypedChild() throws {
        let registry = try makeRegistry([("deep", "a/<enum(x|y):e>/z"), ("other", "a/:s/w"), ("flag", "b/<bool:b>/c")])
        XCTAssertEqual(try registry.resolve("/a/x/w").routeName, "other")
        XCTAssertEqual(try registry.resolve("/a/x/z").routeName, "deep")
        XCTAssertEqual(try registry.resolve("/a/%78/z").routeName, "deep", "an escaped value is decoded first")
        assertFails(.notFound) { try registry.resolve("/b/true/d") }
        XCTAssertTrue(registry.table.treeDescription.contains(":enum(x|y)"), registry.table.treeDescription)
        XCTAssertTrue(registry.table.treeDescription.contains(":bool"), registry.table.treeDescription)
    }

    func testSameValuesAreOneShapeAndConflict() throws {
        let registry = try makeRegistry([("one", "a/<enum(x|y):e>"), ("flag", "b/<bool:b>")])
        assertFails(.conflict, "one") { try registry.register(try Route(name: "two", pattern: "a/<enum(y|x):f>")) }
        assertFails(.conflict, "flag") { try registry.register(try Route(name: "again", pattern: "b/<bool:c>")) }
        try registry.register(try Route(name: "three", pattern: "a/<enum(x|z):g>"))
        XCTAssertEqual(try registry.resolve("/a/z").routeName, "three")
        XCTAssertEqual(try registry.resolve("/a/x").routeName, "one", "the first enumeration holding it")
    }

    func testBadTypesAreRefusedWithWhatIsWrong() {
        for (pattern, fragment) in [
            ("a/<float:x>", "unknown parameter type 'float'"), ("a/<enum():x>", "a value is empty"),
            ("a/<enum(a||b):x>", "a value is empty"), ("a/<enum(a|a):x>", "'a' is listed twice"),
            ("a/<enum(a b):x>", "may hold only"), ("a/<boool:x>", "did you mean 'bool'?"),
        ] {
            assertFails(.invalidPattern, fragment) { try RoutePattern(pattern) }
        }
        XCTAssertEqual(
            try RoutePattern("a/<enum(new|top):sort>").segments.last,
            .parameter(name: "sort", type: .enumeration(["new", "top"])))
    }

    func testReverseRoutingChecksTheTypes() throws {
        let registry = try makeRegistry([("flag", "f/<bool:on>"), ("sort", "s/<enum(new|top):order>")])
        XCTAssertEqual(try registry.buildURL(route: "flag", parameters: ["on": "false"]), "/f/false")
        assertFails(.missingParameter, "must be a bool (true or false), not 'yes'") {
            try registry.buildURL(route: "flag", parameters: ["on": "yes"])
        }
        assertFails(.missingParameter, "must be one of new, top, not 'old'") {
            try registry.buildURL(route: "sort", parameters: ["order": "old"])
        }
        let explanation = registry.explain("/f/yes")
        XCTAssertTrue(explanation.candidates.contains { $0.reason.contains("'yes' is not a bool (true or false)") })
    }

    func testDeclaredQueryParametersAreTypedDefaultedAndRequired() throws {
        let registry = try RouteRegistry()
        try registry.register(
            try Route(
                name: "list", pattern: "list",
                queryParameters: [
                    QueryParameter("page", type: .int, default: "1"),
                    QueryParameter("sort", type: .enumeration(["new", "top"]), required: true),
                    QueryParameter("q"),
                ]))
        let match = try registry.resolve("/list?sort=top")
        XCTAssertEqual(match.parameters, ["page": "1", "sort": "top"])
        XCTAssertEqual(match.typedParameters, ["page": .integer(1), "sort": .string("top")])
        XCTAssertEqual(try registry.resolve("/list?sort=new&page=3").integer("page"), 3)
        assertFails(.missingParameter, "route 'list' requires the query parameter 'sort' (one of new, top)") {
            try registry.resolve("/list")
        }
        assertFails(.missingParameter, "query parameter 'page' must be an int, not 'x'") {
            try registry.resolve("/list?sort=new&page=x")
        }
        assertFails(.missingParameter, "query parameter 'page' must be an int, not 'x'") {  // every value is checked
            try registry.resolve("/list?sort=new&page=x&page=2")
        }
        assertFails(.missingParameter, "query parameter 'sort'") { try registry.buildURL(route: "list") }
        assertFails(.missingParameter, "must be an int, not 'two'") {
            try registry.buildURL(route: "list", parameters: ["sort": "new", "page": "two"])
        }
        XCTAssertEqual(try registry.buildURL(route: "list", parameters: ["sort": "new"]), "/list?sort=new")
    }

    func testQueryDeclarationsAreChecked() {
        assertFails(.invalidArgument, "route 'r': query parameter 'n': the default 'x' is not an int") {
            try Route(name: "r", pattern: "r", queryParameters: [QueryParameter("n", type: .int, default: "x")])
        }
        assertFails(.invalidArgument, "a required parameter has no default") {
            try QueryParameter("n", default: "1", required: true).validate()
        }
        assertFails(.invalidArgument, "invalid parameter name") { try QueryParameter("a b").validate() }
        assertFails(.invalidArgument, "'id' is a path parameter") {
            try Route(name: "r", pattern: "r/<int:id>", queryParameters: [QueryParameter("id")])
        }
        assertFails(.invalidArgument, "declared twice") {
            try Route(name: "r", pattern: "r", queryParameters: [QueryParameter("a"), QueryParameter("a")])
        }
    }

    func testManifestsDeclareQueryParametersAndRouteJSONShowsTypes() throws {
        let registry = try RouteRegistry()
        try registry.loadManifest(
            #"""
            {"routes": [{"name": "list", "pattern": "list/<bool:all>",
                         "query": {"page": {"type": "int", "default": 1}, "sort": "enum(new|top)",
                                   "ratio": {"type": "double", "required": true}}}]}
            """#)
        let match = try registry.resolve("/list/true?ratio=0.5")
        XCTAssertEqual(match.typedParameters, ["all": .bool(true), "page": .integer(1), "ratio": .real(0.5)])
        let json = registry.table.route(named: "list")!.jsonValue.objectValue!
        XCTAssertEqual(json["parameter_types"], .object(["all": .string("bool")]))
        XCTAssertEqual(json["query"]?.objectValue?["sort"], .object(["type": .string("enum(new|top)")]))
        assertFails(.invalidJSON, "routes[0].query.page.type", "did you mean 'int'?") {
            try RouteManifest.parse(#"{"routes": [{"name": "l", "pattern": "l", "query": {"page": "itn"}}]}"#)
        }
        assertFails(.invalidJSON, "routes[0].query.page", "the default 'x' is not an int") {
            try RouteManifest.parse(
                #"{"routes": [{"name": "l", "pattern": "l", "query": {"page": {"type": "int", "default": "x"}}}]}"#)
        }
        assertFails(.invalidJSON, "routes[0].query.page.default: must be a string, number or boolean") {
            try RouteManifest.parse(
                #"{"routes": [{"name": "l", "pattern": "l", "query": {"page": {"type": "int", "default": [1]}}}]}"#)
        }
        assertFails(.invalidJSON, "routes[0].query.page: must be a type name or an object") {
            try RouteManifest.parse(#"{"routes": [{"name": "l", "pattern": "l", "query": {"page": 3}}]}"#)
        }
    }

    func testEntriesHandBackTypedValues() throws {
        let registry = try makeRegistry([("item", "i/<int:id>/<double:x>/<bool:on>")])
        let router = Router(registry: registry)
        try router.navigate("/i/42/0.25/false")
        let entry = try XCTUnwrap(router.state.topEntry)
        XCTAssertEqual(entry.integer("id"), 42)
        XCTAssertEqual(entry.double("x"), 0.25)
        XCTAssertEqual(entry.bool("on"), false)
        XCTAssertNil(entry.integer("x"))
    }
}

/// A link no route takes says which route came nearest and why it lost.
final class NearestMissTests: XCTestCase {
    func testNotFoundNamesTheNearestRouteAndWhy() throws {
        let registry = try makeRegistry([
            ("post", "post/<int:id>"), ("sort", "list/<enum(new|top):order>/page"), ("home", "home"),
        ])
        assertFails(
            .notFound, "no route matches '/post/abc'", "nearest: route 'post' (post/<int:id>)",
            "segment 2 'abc' is not an int"
        ) { try registry.resolve("/post/abc") }
        assertFails(
            .notFound, "nearest: route 'sort' (list/<enum(new|top):order>/page)", "'old' is not one of new, top"
        ) {
            try registry.resolve("/list/old/page")
        }
        assertFails(.notFound, "nearest: route 'post'", "the pattern has only 2") { try registry.resolve("/post/1/x") }
        do {
            _ = try registry.resolve("/nowhere/at/all")
            XCTFail("resolved")
        } catch {
            XCTAssertFalse(error.message.contains("nearest"), "no route shares a literal with it: \(error.message)")
        }
    }
}
