import XCTest

@testable import NavRouterCore

final class RouteMatcherTests: XCTestCase {
    private let precedenceRoutes: [(String, String)] = [
        ("me", "u/me"), ("byInt", "u/<int:id>"), ("byUUID", "u/<uuid:ref>"), ("byName", "u/:name"),
        ("rest", "u/*rest"), ("meEdit", "u/me/edit"), ("nameEdit", "u/:name/edit"), ("nameTab", "u/:name/<int:tab>"),
        ("deep", "u/:a/x/y"), ("litThenAny", "u/me/:z"),
    ]

    private let precedenceCases: [(String, String)] = [
        ("/u/me", "me"), ("/u/ME", "me"), ("/u/42", "byInt"), ("/u/-9223372036854775808", "byInt"),
        ("/u/9223372036854775808", "byName"), ("/u/9223372036854775807", "byInt"),
        ("/u/-9223372036854775809", "byName"), ("/u/1F0C8E52-59E4-4E39-9C2C-7B0A5B5F1A2B", "byUUID"),
        ("/u/bob", "byName"), ("/u/bob/x/z", "rest"), ("/u/me/edit", "meEdit"), ("/u/bob/edit", "nameEdit"),
        ("/u/bob/7", "nameTab"), ("/u/me/x/y", "deep"), ("/u/me/q", "litThenAny"), ("/u/me/7", "litThenAny"),
        ("/u/me/x/q", "rest"), ("/u/%6De", "me"), ("/u/%34%32", "byInt"),
    ]

    /// Every change after a resolve (policy, registration, removal) compiles a table with all the routes still in it.
    func testEveryChangeAfterAResolveKeepsTheRoutes() throws {
        let registry = try RouteRegistry()
        try registry.register([try Route(name: "a", pattern: "a/:id"), try Route(name: "b", pattern: "b")])
        XCTAssertEqual(try registry.resolve("/a/1").route.name, "a")
        try registry.updatePolicy { $0.webDomains = ["shop.example.com"] }
        XCTAssertEqual(try registry.resolve("https://shop.example.com/a/1").route.name, "a")
        XCTAssertEqual(try registry.resolve("/b").route.name, "b")
        try registry.register(try Route(name: "c", pattern: "c"))
        XCTAssertEqual(try registry.resolve("/c").route.name, "c")
        assertFails(.conflict) { try registry.register(try Route(name: "a2", pattern: "a/:other")) }
        try registry.unregister(named: "b")
        XCTAssertEqual(try registry.resolve("/a/2").route.name, "a")
        try registry.setPolicy(URLPolicy())
        XCTAssertEqual(try registry.resolve("/c").route.name, "c")
        XCTAssertEqual(try registry.unregisterModule("none"), 0)
        XCTAssertEqual(try registry.resolve("/a/3").route.name, "a")
    }

    func testMostSpecificWinsWhateverTheRegistrationOrder() throws {
        var generator = SplitMix64(seed: 7)
        var orders = [precedenceRoutes, precedenceRoutes.reversed()]
        for _ in 0..<20 { orders.append(precedenceRoutes.shuffled(using: &generator)) }
        for order in orders {
            let registry = try makeRegistry(order)
            for (url, expected) in precedenceCases {
                XCTAssertEqual(try registry.resolve(url).route.name, expected, "\(url) with order \(order.map(\.0))")
            }
        }
    }

    /// `match` follows the walk's first path before backtracking: it must give what the backtracking walk alone
    /// gives, for every path over a table full of literals, typed parameters, parameters and catch-alls.
    func testTheFirstPathShortcutAgreesWithTheBacktrackingWalk() throws {
        let routes =
            precedenceRoutes + [
                ("a", "a/:x/c"), ("b", "a/b/d"), ("c", "a/<int:n>/c/e"), ("d", "a/*rest"), ("e", ":p/b/c"),
                ("f", "<uuid:u>/x"), ("g", "a/b"), ("h", ":p/:q/:r/d"), ("i", "b/<int:n>/<uuid:u>"),
            ]
        let table = try makeRegistry(routes).table
        let words = [
            "a", "b", "c", "d", "e", "x", "u", "me", "edit", "12", "A", "y", "1F0C8E52-59E4-4E39-9C2C-7B0A5B5F1A2B",
        ]
        var generator = SplitMix64(seed: 5)
        var agreedOnARoute = 0
        for _ in 0..<5000 {
            let url =
                "/"
                + (0..<Int(generator.next() % 6)).map { _ in words[Int(generator.next() % UInt64(words.count))] }
                .joined(separator: "/")
            let (fast, slow) = try table.withScannedURL(url) { bytes, layout, segments throws(NavRouterError) in
                let input = CompiledTrie.Input(
                    url: bytes.baseAddress!, length: bytes.count, segments: segments.baseAddress!, count: segments.count
                )
                return (
                    table.trie.match(input, pathFlags: layout.pathFlags),
                    table.trie.backtrackingMatch(input, pathFlags: layout.pathFlags)
                )
            }
            XCTAssertEqual(fast, slow, url)
            if slow >= 0 { agreedOnARoute += 1 }
        }
        XCTAssertGreaterThan(agreedOnARoute, 500)
    }

    /// The compiled trie (16-byte nodes, typed children and catch-alls in side records, leaves coded in their
    /// parent's child field, hash slots for wide nodes) against a model that tries every route: the most specific
    /// match is the one whose segment kinds, read left to right, rank first (literal < int < uuid < parameter <
    /// catch-all; a catch-all takes one segment or more).
    func testTheCompiledTrieAgreesWithAModelThatTriesEveryRoute() throws {
        let literals = ["a", "b", "c", "d", "e", "f", "g", "h", "me", "list"]  // up to 10 children: hashed nodes too
        let kinds = literals + [":p", "<int:n>", "<uuid:u>"]
        var generator = SplitMix64(seed: 11)
        func pick<T>(_ items: [T]) -> T { items[Int(generator.next() % UInt64(items.count))] }
        var routes: [(name: String, parts: [String])] = []
        let registry = try RouteRegistry()
        for index in 0..<400 {
            var parts = (0..<Int(1 + generator.next() % 4)).map { _ in pick(kinds) }
            if generator.next() % 6 == 0 { parts.append("*rest") }
            // Parameter names must be distinct within a pattern.
            parts = parts.enumerated().map { position, part in
                part.hasPrefix("<")
                    ? part.dropLast() + "\(position)>"
                    : part.hasPrefix(":") || part.hasPrefix("*") ? part + "\(position)" : part
            }
            let name = "r\(index)"
            let route = try Route(name: name, pattern: "/" + parts.joined(separator: "/"))
            do throws(NavRouterError) {
                try registry.register(route)
                routes.append((name, parts))
            } catch {
                XCTAssertEqual(error.code, .conflict, "only a route of the same shape may be refused")  // skipped
            }
        }
        XCTAssertGreaterThan(routes.count, 150)
        func rank(_ part: String, _ segment: String) -> Int? {
            if part.hasPrefix("<int:") { return ParameterType.int.accepts(segment) ? 1 : nil }
            if part.hasPrefix("<uuid:") { return ParameterType.uuid.accepts(segment) ? 2 : nil }
            if part.hasPrefix(":") { return 3 }
            return part == segment.lowercased() ? 0 : nil
        }
        func ranks(_ parts: [String], _ segments: [String]) -> [Int]? {
            var result: [Int] = []
            for (position, part) in parts.enumerated() {
                if part.hasPrefix("*") { return segments.count > position ? result + [4] : nil }
                guard position < segments.count, let rank = rank(part, segments[position]) else { return nil }
                result.append(rank)
            }
            return parts.count == segments.count ? result : nil
        }
        let table = registry.table
        let words = literals + ["ME", "x", "12", "-3", "1F0C8E52-59E4-4E39-9C2C-7B0A5B5F1A2B"]
        var found = 0
        for _ in 0..<6000 {
            let segments = (0..<Int(1 + generator.next() % 6)).map { _ in pick(words) }
            let url = "/" + segments.joined(separator: "/")
            let expected = routes.compactMap { route in ranks(route.parts, segments).map { (route.name, $0) } }
                .min { $0.1.lexicographicallyPrecedes($1.1) }?.0
            let got = try? table.resolve(url).route.name
            XCTAssertEqual(got, expected, url)
            if expected != nil { found += 1 }
            // The same path with some segments in uppercase and some with an escaped first byte: decoded and
            // folded segment by segment, it addresses the same route.
            let disguised =
                "/"
                + segments.map { segment -> String in
                    switch generator.next() % 3 {
                    case 0: return segment.uppercased()
                    case 1: return "%" + String(segment.utf8.first!, radix: 16, uppercase: true) + segment.dropFirst()
                    default: return segment
                    }
                }.joined(separator: "/")
            XCTAssertEqual(try? table.resolve(disguised).route.name, expected, disguised)
        }
        XCTAssertGreaterThan(found, 1500)
    }

    func testBacktrackingReachesADeeperRoute() throws {
        let registry = try makeRegistry([("a", "x/lit/one"), ("b", "x/:p/two")])
        XCTAssertEqual(try registry.resolve("/x/lit/two").route.name, "b")
        XCTAssertEqual(try registry.resolve("/x/lit/two").pathParameters, ["p": "lit"])
        assertFails(.notFound, "no route matches '/x/lit/three'") { try registry.resolve("/x/lit/three") }
    }

    func testLiteralsIgnoreCaseButValuesKeepIt() throws {
        let registry = try makeRegistry([("p", "Shop/Product/:Name"), ("uni", "café/Straße")])
        let match = try registry.resolve("myapp://SHOP/product/MiXeD")
        XCTAssertEqual(match.route.name, "p")
        XCTAssertEqual(match.pathParameters["Name"], "MiXeD")
        XCTAssertEqual(try registry.resolve("/CAFÉ/straße").route.name, "uni")
        XCTAssertEqual(
            try registry.resolve("/caf%C3%89/STRASSE".replacingOccurrences(of: "STRASSE", with: "stra%C3%9Fe")).route
                .name, "uni")
    }

    /// A table whose only route is the root: every walk starts at the root node, which is never packed as a leaf.
    func testATableOfTheRootAloneMatchesTheRootOnly() throws {
        for routes in [[("root", "/")], [("root", "myapp://")]] {
            let registry = try makeRegistry(routes)
            XCTAssertEqual(try registry.resolve("/").route.name, "root")
            XCTAssertEqual(try registry.resolve("/?q=1").parameters, ["q": "1"])
            for url in ["/x", "/x/y", "/%78", "/caf%C3%A9"] {
                assertFails(.notFound, "no route matches") { try registry.resolve(url) }
            }
        }
    }

    func testCaseSensitiveRegistry() throws {
        let registry = try makeRegistry(
            [("lower", "home"), ("upper", "Home"), ("docs", "Docs/:id"), ("ABC", "ABC")], caseSensitive: true)
        XCTAssertEqual(try registry.resolve("/home").route.name, "lower")
        XCTAssertEqual(try registry.resolve("/Home").route.name, "upper")
        assertFails(.notFound) { try registry.resolve("/HOME") }
        // A segment with an escape is decoded before it is looked up, and its case is kept there too.
        XCTAssertEqual(try registry.resolve("/Hom%65").route.name, "upper")
        XCTAssertEqual(try registry.resolve("/Doc%73/3").route.name, "docs")
        XCTAssertEqual(try registry.resolve("/%44ocs/3").route.name, "docs")
        XCTAssertEqual(try registry.resolve("/AB%43").route.name, "ABC")
        assertFails(.notFound) { try registry.resolve("/doc%73/3") }
        assertFails(.notFound) { try registry.resolve("/ab%43") }
    }

    /// A table of case-sensitive routes alone: a link in another case is no match, whichever index it goes through
    /// (the static routes' map, the trie, the decoded look-up of an escaped segment), even with no route of that
    /// case beside it to win instead. A literal of more than 16 bytes is compared in three parts (its first and
    /// last 8 bytes, then the middle): a case that differs in the middle only is no match either.
    func testACaseSensitiveTableMatchesNoOtherCase() throws {
        let registry = try makeRegistry(
            [("upper", "Home"), ("mixed", "Shop/Cart"), ("docs", "Docs/:id"), ("long", "abcdefghMIDijklmnop")],
            caseSensitive: true)
        for url in [
            "/home", "/HOME", "/shop/cart", "/SHOP/CART", "/Shop/cart", "/docs/1", "/hom%65", "/HOM%45",
            "/Shop/c%61rt", "/DOC%53/1", "/abcdefghmidijklmnop", "/abcdefghmidijklmno%70",
        ] {
            assertFails(.notFound) { try registry.resolve(url) }
        }
        XCTAssertEqual(try registry.resolve("/Home").route.name, "upper")
        XCTAssertEqual(try registry.resolve("/Shop/C%61rt").route.name, "mixed")
        XCTAssertEqual(try registry.resolve("/Doc%73/1").route.name, "docs")
        XCTAssertEqual(try registry.resolve("/abcdefghMIDijklmno%70").route.name, "long")
    }

    /// The first route registered (index 0) is an occupant like any other: a catch-all or an end of pattern it holds
    /// conflicts with a second route of the same shape.
    func testTheFirstRouteConflictsLikeAnyOther() throws {
        let files = try makeRegistry([("files", "f/*rest")])
        assertFails(.conflict, "'files2'", "'files'") {
            try files.register(Route(name: "files2", pattern: "f/<path:p>"))
        }
        XCTAssertEqual(try files.resolve("/f/a/b").route.name, "files")
        let byId = try makeRegistry([("byId", "u/:id")])
        assertFails(.conflict, "'byName'", "'byId'") { try byId.register(Route(name: "byName", pattern: "u/<name>")) }
        XCTAssertEqual(try byId.resolve("/u/7").route.name, "byId")
    }

    func testConflictsNameBothRoutes() throws {
        let registry = try makeRegistry([("byId", "u/:id"), ("files", "f/*rest"), ("home", "home")])
        assertFails(.conflict, "'byName'", "'byId'") {
            try registry.register(Route(name: "byName", pattern: "u/<name>"))
        }
        assertFails(.conflict, "'files2'", "'files'") {
            try registry.register(Route(name: "files2", pattern: "f/<path:p>"))
        }
        assertFails(.conflict, "'HOME'", "'home'") {
            try registry.register(Route(name: "HOME", pattern: "myapp://HOME/"))
        }
        assertFails(.conflict, "already registered") { try registry.register(Route(name: "home", pattern: "other")) }
        XCTAssertNoThrow(
            try registry.register(Route(name: "typed", pattern: "u/<int:id>")), "typed vs untyped is no conflict")
        XCTAssertNoThrow(try registry.register(Route(name: "uuid", pattern: "u/<uuid:id>")))
        XCTAssertEqual(registry.routes.map(\.name), ["byId", "files", "home", "typed", "uuid"])
    }

    func testRequiredParametersAreChecked() throws {
        let registry = try RouteRegistry()
        try registry.register(
            Route(name: "search", pattern: "search/:scope", requiredParameters: ["scope", "q", "page"]))
        assertFails(.missingParameter, "'q', 'page'") { try registry.resolve("/search/all") }
        XCTAssertEqual(
            try registry.resolve("/search/all?q=x&page=2").parameters, ["scope": "all", "q": "x", "page": "2"])
    }

    func testUnregisterAndModules() throws {
        let registry = try RouteRegistry()
        try registry.register([
            Route(name: "a", pattern: "m/a", module: "m"), Route(name: "b", pattern: "m/:x", module: "m"),
            Route(name: "c", pattern: "c"),
        ])
        let before = registry.generation
        try registry.unregister(named: "a")
        XCTAssertGreaterThan(registry.generation, before)
        XCTAssertEqual(try registry.resolve("/m/a").route.name, "b")
        assertFails(.notFound, "no route is named 'zz'") { try registry.unregister(named: "zz") }
        XCTAssertEqual(try registry.unregisterModule("m"), 1)
        assertFails(.notFound) { try registry.resolve("/m/a") }
        XCTAssertEqual(registry.routes.map(\.name), ["c"])
        try registry.register(Route(name: "a", pattern: "m/a"))
        XCTAssertEqual(try registry.resolve("/m/a").route.name, "a")
    }

    func testBatchRegistrationIsAllOrNothing() throws {
        let registry = try makeRegistry([("x", "x")])
        assertFails(.conflict, "'b2'", "'b'") {
            try registry.register([
                Route(name: "a", pattern: "a"), Route(name: "b", pattern: "b/:id"),
                Route(name: "b2", pattern: "b/:other"),
            ])
        }
        XCTAssertEqual(registry.routes.map(\.name), ["x"])
        assertFails(.notFound) { try registry.resolve("/a") }
        try registry.register(Route(name: "a", pattern: "a"))
        XCTAssertEqual(try registry.resolve("/a").route.name, "a")
    }

    func testZeroAllocationLookupGivesRouteAndSegmentRanges() throws {
        let registry = try makeRegistry([("p", "shop/product/<int:id>")])
        let table = registry.table
        var url = "/shop/PRODUCT/42?x=1"
        let (index, count, slices) = try url.withUTF8 { bytes in
            try withUnsafeTemporaryAllocation(of: SegmentSlice.self, capacity: 8) { buffer in
                let found = try table.lookup(bytes, segments: buffer)
                return (found.routeIndex, found.segmentCount, Array(buffer[..<found.segmentCount]))
            }
        }
        XCTAssertEqual(table.routes[index].name, "p")
        XCTAssertEqual(count, 3)
        XCTAssertEqual(slices.map { [$0.start, $0.end] }, [[1, 5], [6, 13], [14, 16]])
        XCTAssertEqual(slices[1].flags(in: Array(url.utf8)), SegmentSlice.uppercase)
        XCTAssertEqual(slices[2].flags(in: Array(url.utf8)), 0)
    }

    /// A table keeps each distinct parameter name once (found by its bytes while compiling) and gives every route
    /// its own names in pattern order: many names (the index grows several times), names that are prefixes of
    /// others, names shared by many routes, typed parameters and catch-alls.
    func testParameterNamesAreKeptOnceAndEachRouteGetsItsOwn() throws {
        var routes: [(String, String)] = []
        for index in 0..<600 {
            routes.append(("r\(index)", "r\(index)/:p\(index % 211)/<int:q\(index % 7)>/x/*p\(index % 211)rest"))
        }
        routes.append(("short", "s/:p/:p1"))
        let registry = try makeRegistry(routes)
        let table = registry.table
        XCTAssertEqual(table.parameterNames.distinctNameCount, 211 + 7 + 211 + 1)  // p0…p210, q0…q6, their rests, p
        for index in stride(from: 0, to: 600, by: 7) {
            let match = try table.resolve("/r\(index)/a\(index)/\(index)/x/c/d")
            XCTAssertEqual(match.route.name, "r\(index)")
            XCTAssertEqual(
                match.pathParameters,
                ["p\(index % 211)": "a\(index)", "q\(index % 7)": "\(index)", "p\(index % 211)rest": "c/d"])
        }
        XCTAssertEqual(try table.resolve("/s/one/two").pathParameters, ["p": "one", "p1": "two"])
    }

    /// A parameter's segment position is packed beside its name's index up to segment 2^11; a route with a parameter
    /// further out makes the table keep positions apart, and every route still reads its own values.
    func testParameterPositionsPastThePackedRangeStillResolve() throws {
        let deep = Array(repeating: "d", count: 2100).joined(separator: "/")
        let policy = URLPolicy(maxURLLength: 1 << 16, maxSegments: 4096)
        let registry = try makeRegistry([("deep", "\(deep)/:far/*rest"), ("near", "n/:id")], policy: policy)
        let match = try registry.table.resolve("/\(deep)/x/y/z")
        XCTAssertEqual(match.pathParameters, ["far": "x", "rest": "y/z"])
        XCTAssertEqual(try registry.table.resolve("/n/7").pathParameters, ["id": "7"])
        let packed = try makeRegistry([("near", "n/:id/*rest")])
        XCTAssertEqual(try packed.table.resolve("/n/7/a/b").pathParameters, ["id": "7", "rest": "a/b"])
    }

    /// The C ABI hands the caller's `navrouter_range` array (two `uint32_t`) to the core as segment slices.
    func testASegmentSliceIsTwo32BitOffsets() {
        XCTAssertEqual(MemoryLayout<SegmentSlice>.size, 8)
        XCTAssertEqual(MemoryLayout<SegmentSlice>.stride, 8)
        XCTAssertEqual(MemoryLayout<SegmentSlice>.alignment, 4)
        XCTAssertEqual(MemoryLayout<SegmentSlice>.offset(of: \.start), 0)
        XCTAssertEqual(MemoryLayout<SegmentSlice>.offset(of: \.end), 4)
    }

    /// Runs `lookup(validatingUTF8:segments:)` on raw bytes.
    private func lookupValidating(_ table: RouteTable, _ bytes: [UInt8]) throws -> Int {
        try bytes.withUnsafeBufferPointer { url in
            try withUnsafeTemporaryAllocation(of: SegmentSlice.self, capacity: 8) { buffer in
                try table.lookup(validatingUTF8: url, segments: buffer).routeIndex
            }
        }
    }

    func testValidatingLookupRefusesInvalidUTF8WhereverItIs() throws {
        let registry = try makeRegistry(
            [("p", "shop/product/:id")], policy: URLPolicy(webDomains: ["shop.example.com"], schemes: ["myapp"]))
        let table = registry.table
        let bad: [UInt8] = [0xC3]  // a lead byte without its continuation
        let good = Array("é".utf8)
        // Each part of a URL the scan accepts, and a URL that matches no route: invalid UTF-8 is the error.
        let places: [(String, String)] = [
            ("/shop/product/4", "2"), ("/shop/product/42?q=", ""), ("/shop/product/42#", ""),
            ("/shop/product/42?a=1#", "x"),
            ("https://shop.example.com/shop/product/", "1"), ("myapp://shop/product/", "1"), ("/nowhere/", ""),
        ]
        for (before, after) in places {
            assertFails(.malformedURL, "not valid UTF-8") {
                try self.lookupValidating(table, Array(before.utf8) + bad + Array(after.utf8))
            }
            if before != "/nowhere/" {  // valid UTF-8 in the same place resolves
                XCTAssertEqual(try lookupValidating(table, Array(before.utf8) + good + Array(after.utf8)), 0)
            }
        }
        assertFails(.notFound) { try self.lookupValidating(table, Array("/nowhere/".utf8) + good) }
        // What the scan refuses before it reaches the bad byte comes first: the length limit, a malformed path.
        assertFails(.limitExceeded) {
            try self.lookupValidating(table, bad + Array(String(repeating: "a", count: 9000).utf8))
        }
        assertFails(.malformedURL, "empty path segment") {
            try self.lookupValidating(table, Array("/shop//".utf8) + bad)
        }
        // A domain is checked before the policy looks at it (a domain not listed is refused as bad UTF-8)…
        assertFails(.malformedURL, "not valid UTF-8") {
            try self.lookupValidating(table, Array("https://sh".utf8) + bad + Array(".example.com/shop/product/1".utf8))
        }
        // … and no policy lists the domain a bad byte would read as (U+FFFD): web domains are ASCII.
        assertFails(.invalidArgument, "in its ASCII form") {
            try registry.updatePolicy { $0.webDomains = ["sh\u{FFFD}p.example.com"] }
        }
    }

    func testTablesAreSnapshots() throws {
        let registry = try makeRegistry([("a", "a")])
        let old = registry.table
        try registry.register(Route(name: "b", pattern: "b"))
        assertFails(.notFound) { try old.resolve("/b") }
        XCTAssertEqual(try registry.table.resolve("/b").route.name, "b")
        XCTAssertTrue(registry.table === registry.table, "compiled once per change")
    }

    func testConcurrentResolvesAndRegistrations() throws {
        let registry = try makeRegistry([("base", "base/:id")])
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for step in 0..<200 {
                if worker == 0 {
                    try? registry.register(Route(name: "r\(step)", pattern: "r\(step)/:x"))
                } else {
                    XCTAssertEqual(try? registry.resolve("/base/\(step)").route.name, "base")
                    _ = try? registry.resolve("/r\(step)/y")
                }
            }
        }
        XCTAssertEqual(registry.routes.count, 201)
        XCTAssertEqual(try registry.resolve("/r199/y").route.name, "r199")
    }
}

extension CompiledTrie {
    /// The backtracking walk alone, without the first-path loop: what `match` must always agree with.
    fileprivate func backtrackingMatch(_ input: Input, pathFlags: UInt8) -> Int32 {
        var input = input
        input.pathFlags = pathFlags
        return walk(0, 0, input)
    }
}
