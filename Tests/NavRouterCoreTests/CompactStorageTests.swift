import XCTest

@testable import NavRouterCore

/// The compact forms a registry keeps per route: pattern parts (in the value up to five segments and 4 KiB, else
/// in an array), the rare route fields in a box of their own, and the name index over the routes array.
final class CompactStorageTests: XCTestCase {
    /// The segments a pattern must give, made by splitting its text (the reference the compact form must equal).
    private func expectedSegments(_ text: String) -> [PatternSegment] {
        text.split(separator: "/").map { piece -> PatternSegment in
            if piece.hasPrefix("<int:") { return .parameter(name: String(piece.dropFirst(5).dropLast()), type: .int) }
            if piece.hasPrefix("<uuid:") { return .parameter(name: String(piece.dropFirst(6).dropLast()), type: .uuid) }
            if piece.hasPrefix(":") { return .parameter(name: String(piece.dropFirst()), type: .string) }
            if piece.hasPrefix("*") { return .catchAll(name: String(piece.dropFirst())) }
            return .literal(String(piece))
        }
    }

    func testPartsInTheValueAndInAnArrayGiveTheSameSegments() throws {
        var random = SplitMix64(seed: 64)
        let kinds = ["lit", ":p", "<int:n>", "<uuid:u>"]
        for round in 0..<400 {
            // 1–9 segments (inline holds 5), literals up to 3000 bytes (inline holds texts under 4096).
            let count = Int.random(in: 1...9, using: &random)
            var pieces: [String] = []
            for index in 0..<count {
                let kind = kinds.randomElement(using: &random)!
                switch kind {
                case "lit":
                    let length =
                        round % 5 == 0
                        ? Int.random(in: 1...3000, using: &random) : Int.random(in: 1...20, using: &random)
                    pieces.append("l\(index)" + String(repeating: "x", count: length))
                case ":p": pieces.append(":p\(index)")
                case "<int:n>": pieces.append("<int:n\(index)>")
                default: pieces.append("<uuid:u\(index)>")
                }
            }
            if Bool.random(using: &random) { pieces.append("*rest") }
            let text = "/" + pieces.joined(separator: "/")
            let pattern = try RoutePattern(text)
            XCTAssertEqual(
                pattern.segments, expectedSegments(text), "\(text.utf8.count) bytes, \(pieces.count) segments")
            XCTAssertEqual(pattern.segmentCount, pieces.count)
        }
    }

    func testTheInlineLimitsExactly() throws {
        // 4095 bytes of text: a literal of 4094 bytes at offset 1 still fits in 12 bits.
        let longest = String(repeating: "a", count: 4094)
        XCTAssertEqual(try RoutePattern("/" + longest).segments, [.literal(longest)])
        XCTAssertEqual(try RoutePattern("/" + longest + "b").segments, [.literal(longest + "b")])
        // 4096 bytes of text, one literal from offset 0: its length no longer fits in 12 bits.
        XCTAssertEqual(try RoutePattern(longest + "bc").segments, [.literal(longest + "bc")])
        XCTAssertEqual(try RoutePattern(longest + "b").segments, [.literal(longest + "b")])
        XCTAssertEqual(
            try RoutePattern("/a/" + String(repeating: "b", count: 4000) + "/:c").segments,
            [.literal("a"), .literal(String(repeating: "b", count: 4000)), .parameter(name: "c", type: .string)])
        XCTAssertEqual(try RoutePattern("/a/b/c/d/e").segments.count, 5)
        XCTAssertEqual(try RoutePattern("/a/b/c/d/e/f").segments.map { $0 }, "abcdef".map { .literal(String($0)) })
        // A long pattern still registers and resolves.
        let registry = try RouteRegistry()
        try registry.register(try Route(name: "long", pattern: "/" + longest + "/:id"))
        XCTAssertEqual(try registry.resolve("/" + longest + "/7").pathParameters, ["id": "7"])
    }

    func testRareFieldsAreKeptAndChangedOneByOne() throws {
        var route = try Route(name: "r", pattern: "a/:id")
        XCTAssertEqual(route.requiredParameters, [])
        XCTAssertNil(route.metadata)
        XCTAssertNil(route.parent)
        XCTAssertNil(route.module)
        route.parent = "home"
        route.module = "shop"
        route.metadata = ["k": .integer(1)]
        route.requiredParameters = ["id"]
        XCTAssertEqual(route.parent, "home")
        XCTAssertEqual(route.module, "shop")
        XCTAssertEqual(route.metadata, ["k": .integer(1)])
        XCTAssertEqual(route.requiredParameters, ["id"])
        let before = route
        route.module = nil
        XCTAssertNil(route.module)
        XCTAssertEqual(route.parent, "home", "changing one rare field keeps the others")
        XCTAssertEqual(before.module, "shop", "a copy keeps its own fields")
        XCTAssertNotEqual(route, before)
        route.module = "shop"
        XCTAssertEqual(route, before, "equal fields, different boxes: equal routes")
        XCTAssertEqual(
            try Route(
                name: "r", pattern: "a/:id", requiredParameters: ["id"], metadata: ["k": .integer(1)], parent: "home",
                module: "shop"),
            before)
    }

    func testARouteIsSixtyFourBytesInlineAndItsFlagsAreIndependent() throws {
        // A registry holds its routes inline in an array: the stride is what each route costs there.
        XCTAssertLessThanOrEqual(MemoryLayout<Route>.stride, 64)
        var route = try Route(
            name: "r", pattern: "a", presentation: .modal(.sheet), requiresAuth: true, external: false)
        XCTAssertTrue(route.requiresAuth)
        XCTAssertFalse(route.external)
        route.external = true
        XCTAssertTrue(route.requiresAuth, "setting one flag keeps the other")
        XCTAssertTrue(route.external)
        route.requiresAuth = false
        XCTAssertFalse(route.requiresAuth)
        XCTAssertTrue(route.external, "clearing one flag keeps the other")
        XCTAssertEqual(route.presentation, .modal(.sheet))
        XCTAssertEqual(route, try Route(name: "r", pattern: "a", presentation: .modal(.sheet), external: true))
        XCTAssertNotEqual(
            route, try Route(name: "r", pattern: "a", presentation: .modal(.sheet), requiresAuth: true, external: true))
    }

    /// Routes registered one at a time (as a C or Python host does) grow the registry's arrays geometrically:
    /// reserving room for exactly one more route each time had made every registration copy all routes.
    func testRoutesRegisteredOneByOneGrowTheStorageGeometrically() throws {
        let registry = try RouteRegistry()
        var last = registry.storageCapacities
        var changes = 0
        for index in 0..<4000 {
            try registry.register(try Route(name: "r\(index)", pattern: "/a\(index % 50)/b\(index)/:id"))
            let now = registry.storageCapacities
            if now != last { changes += 1 }
            last = now
        }
        XCTAssertGreaterThanOrEqual(last.routes, 4000)
        XCTAssertLessThan(changes, 3 * 16, "about log2(4000) growths for each of the three arrays")
        XCTAssertEqual(try registry.resolve("/a7/b3957/x").route.name, "r3957")
    }

    /// The compiled trie codes leaves as `-2 - route` and keeps hash-slot masks in 30 bits: a registry refuses
    /// more than `maxRoutes` routes with a status instead of overflowing.
    func testTheRouteCountIsBounded() throws {
        XCTAssertNoThrow(try RouteRegistry.checkRouteCount(RouteRegistry.maxRoutes))
        assertFails(.limitExceeded) { try RouteRegistry.checkRouteCount(RouteRegistry.maxRoutes + 1) }
        XCTAssertLessThan(RouteRegistry.maxRoutes * 2, Int(CompiledTrie.Node.literalMask), "slot masks fit")
        XCTAssertLessThan(RouteRegistry.maxRoutes, Int(Int32.max) - 2, "leaf codes fit")
    }

    func testTheNameIndexFindsEveryRouteThroughGrowthAndChanges() throws {
        let registry = try RouteRegistry()
        // One by one (the index grows many times), then a batch (room made at once).
        for index in 0..<600 { try registry.register(try Route(name: "route\(index)", pattern: "one/\(index)")) }
        try registry.register((600..<2000).map { try! Route(name: "route\($0)", pattern: "batch/\($0)") })
        let table = registry.table
        for index in stride(from: 0, to: 2000, by: 7) {
            XCTAssertEqual(
                registry.route(named: "route\(index)")?.pattern.text, index < 600 ? "one/\(index)" : "batch/\(index)")
            XCTAssertEqual(table.route(named: "route\(index)")?.name, "route\(index)")
        }
        XCTAssertNil(registry.route(named: "route2000"))
        XCTAssertNil(table.route(named: ""))
        assertFails(.conflict, "'route1999' is already registered", "'batch/1999'") {
            try registry.register(try Route(name: "route1999", pattern: "other"))
        }
        // A batch that repeats a name inside itself fails whole, and leaves every name as it was.
        assertFails(.conflict, "'twice'") {
            try registry.register([try Route(name: "twice", pattern: "t/1"), try Route(name: "twice", pattern: "t/2")])
        }
        XCTAssertNil(registry.route(named: "twice"))
        try registry.unregister(named: "route5")
        XCTAssertNil(registry.route(named: "route5"))
        XCTAssertEqual(registry.route(named: "route6")?.pattern.text, "one/6")
        XCTAssertEqual(registry.route(named: "route1500")?.pattern.text, "batch/1500")
        try registry.register(try Route(name: "route5", pattern: "again/5"))
        XCTAssertEqual(registry.route(named: "route5")?.pattern.text, "again/5")
        // A route-shape conflict leaves the name free.
        assertFails(.conflict, "match exactly the same URLs") {
            try registry.register(try Route(name: "fresh", pattern: "again/5"))
        }
        XCTAssertNil(registry.route(named: "fresh"))
        try registry.register(try Route(name: "fresh", pattern: "fresh"))
        XCTAssertEqual(registry.route(named: "fresh")?.pattern.text, "fresh")
    }
}
