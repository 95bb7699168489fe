import XCTest

@testable import NavRouterCore

final class ReverseRoutingTests: XCTestCase {
    private func registry() throws -> RouteRegistry {
        let registry = try RouteRegistry()
        try registry.register([
            Route(name: "product", pattern: "shop/product/<int:id>"), Route(name: "user", pattern: "user/:name"),
            Route(name: "me", pattern: "user/me"), Route(name: "files", pattern: "files/*path"),
            Route(name: "order", pattern: "orders/<uuid:ref>/:tab"), Route(name: "home", pattern: "Home/Dashboard"),
            Route(name: "search", pattern: "search", requiredParameters: ["q"]),
        ])
        return registry
    }

    func testBuildsEncodedURLs() throws {
        let registry = try registry()
        XCTAssertEqual(try registry.buildURL(route: "product", parameters: ["id": "42"]), "/shop/product/42")
        XCTAssertEqual(
            try registry.buildURL(route: "product", parameters: ["id": "42"], scheme: "myapp"),
            "myapp://shop/product/42")
        XCTAssertEqual(try registry.buildURL(route: "home"), "/Home/Dashboard")
        XCTAssertEqual(
            try registry.buildURL(route: "user", parameters: ["name": "a/b c%?#é", "z": "1 + 1", "a": "&="]),
            "/user/a%2Fb%20c%25%3F%23%C3%A9?a=%26%3D&z=1%20%2B%201")
        XCTAssertEqual(
            try registry.buildURL(route: "files", parameters: ["path": "docs/a b.pdf"]), "/files/docs/a%20b.pdf")
    }

    func testBuildErrors() throws {
        let registry = try registry()
        assertFails(.notFound, "no route is named 'nope'") { try registry.buildURL(route: "nope") }
        assertFails(.missingParameter, "needs the path parameter 'id'") { try registry.buildURL(route: "product") }
        assertFails(.missingParameter, "must be an int, not 'x'") {
            try registry.buildURL(route: "product", parameters: ["id": "x"])
        }
        assertFails(.missingParameter, "must be a uuid") {
            try registry.buildURL(route: "order", parameters: ["ref": "1", "tab": "a"])
        }
        assertFails(.missingParameter, "requires the parameter 'q'") { try registry.buildURL(route: "search") }
        assertFails(.invalidArgument, "cannot be ''") { try registry.buildURL(route: "user", parameters: ["name": ""]) }
        assertFails(.invalidArgument, "cannot be '..'") {
            try registry.buildURL(route: "user", parameters: ["name": ".."])
        }
        assertFails(.invalidArgument, "empty or dot segment") {
            try registry.buildURL(route: "files", parameters: ["path": "a//b"])
        }
        assertFails(.invalidArgument, "not a valid scheme") { try registry.buildURL(route: "home", scheme: "1x") }
        assertFails(.conflict, "more specific route 'me'") {
            try registry.buildURL(route: "user", parameters: ["name": "ME"])
        }
        // Query parameters: the message names what is wrong (a NUL in a value blamed the name).
        let query: [([String: String], String)] = [
            (["": "x"], "a query parameter needs a name"),
            (["_props": "x"], "'_props' cannot be a query parameter: it carries the props"),
            (["a\u{0}": "x"], "query parameter name 'a\\u0000' contains NUL"),
            (["a": "x\u{0}"], "the value of query parameter 'a' contains NUL"),
        ]
        for (extra, message) in query {
            assertFails(.invalidArgument, "route 'product': \(message)") {
                try registry.buildURL(route: "product", parameters: extra.merging(["id": "1"]) { $1 })
            }
        }
    }

    func testPropsTravelInTheURL() throws {
        let registry = try registry()
        let props: [String: JSONValue] = [
            "title": .string("Ünïcode ✓"), "n": .integer(3), "list": .array([.bool(true), .null, .real(1.5)]),
        ]
        let url = try registry.buildURL(route: "product", parameters: ["id": "7"], props: props, scheme: "myapp")
        XCTAssertTrue(url.hasPrefix("myapp://shop/product/7?_props="), url)
        let match = try registry.resolve(url)
        XCTAssertEqual(match.props, props)
        XCTAssertEqual(match.propsJSON, #"{"list":[true,null,1.5],"n":3,"title":"Ünïcode ✓"}"#)
        XCTAssertTrue(match.queryItems.isEmpty, "the props item is not a query parameter")
        assertFails(.invalidJSON, "base64url") { try registry.resolve("/user/x?_props=!!") }
        assertFails(.invalidJSON, "props must be a JSON object, not array") {
            try registry.resolve("/user/x?_props=" + Base64URL.encode("[1]".utf8))
        }
        assertFails(.invalidJSON, "props", "line 1") {
            try registry.resolve("/user/x?_props=" + Base64URL.encode("{\"a\":".utf8))
        }
        assertFails(.invalidJSON, "twice") { try registry.resolve("/user/x?_props=e30&_props=e30") }
    }

    /// resolve(build(route, params, props)) gives back the same route, params and props, over generated inputs.
    func testRoundTripProperty() throws {
        let registry = try registry()
        var generator = SplitMix64(seed: 2026)
        let alphabet = Array("aZ09 -_.~!$&'()*+,;=:@/?#%[]é✓日本\"\\<>{}|^`")
        func text(_ minimum: Int = 1) -> String {
            var value = ""
            repeat {
                value = String(
                    (0..<Int.random(in: minimum...12, using: &generator)).map { _ in
                        alphabet.randomElement(using: &generator)!
                    })
            } while value == "." || value == ".."
            return value
        }
        func json(_ depth: Int) -> JSONValue {
            switch Int.random(in: 0..<(depth > 2 ? 4 : 6), using: &generator) {
            case 0: return .string(text(0))
            case 1: return .integer(Int64.random(in: Int64.min...Int64.max, using: &generator))
            case 2: return .bool(Bool.random(using: &generator))
            case 3: return .null
            case 4: return .array((0..<3).map { _ in json(depth + 1) })
            default:
                return .object(
                    Dictionary(uniqueKeysWithValues: (0..<3).map { index in ("k\(index)" + text(0), json(depth + 1)) }))
            }
        }
        var checked = 0
        for _ in 0..<600 {
            var parameters: [String: String] = [:]
            let name = ["product", "user", "files", "order", "search"].randomElement(using: &generator)!
            switch name {
            case "product": parameters["id"] = String(Int64.random(in: Int64.min...Int64.max, using: &generator))
            case "user": parameters["name"] = text().replacingOccurrences(of: "/", with: "")
            case "files":
                parameters["path"] = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                    var piece = text().replacingOccurrences(of: "/", with: "")
                    if piece.isEmpty || piece == "." || piece == ".." { piece = "p" }
                    return piece
                }.joined(separator: "/")
            case "order":
                parameters["ref"] = "1f0c8e52-59e4-4e39-9c2c-7b0a5b5f1a2b"
                parameters["tab"] = text().replacingOccurrences(of: "/", with: "")
            default: parameters["q"] = text(0)
            }
            if (parameters["name"] ?? parameters["tab"])?.isEmpty ?? false { continue }
            for _ in 0..<Int.random(in: 0...2, using: &generator) { parameters["x" + text()] = text(0) }
            let props: [String: JSONValue]? =
                Bool.random(using: &generator) ? json(0).objectValue ?? ["v": json(1)] : nil
            let built = Result { () throws(NavRouterError) in
                try registry.buildURL(
                    route: name, parameters: parameters, props: props,
                    scheme: Bool.random(using: &generator) ? "myapp" : nil)
            }
            if case .failure(let error) = built, error.code == .conflict {
                continue  // a value equal to a more specific route's literal (e.g. "me") is refused, as it must be
            }
            let url = try built.get()
            let match = try registry.resolve(url)
            XCTAssertEqual(match.route.name, name, url)
            XCTAssertEqual(match.parameters, parameters, url)
            XCTAssertEqual(match.props, props, url)
            checked += 1
        }
        XCTAssertGreaterThan(checked, 550)
    }
}
