import XCTest

@testable import NavRouterCore

/// The static-route fast path must answer exactly as the trie alone would.
final class StaticRouteMapTests: XCTestCase {
    /// The trie's answer without the fast path.
    private func trieOnly(_ table: RouteTable, _ url: String) -> Int? {
        try? table.withScannedURL(url) { bytes, _, segments throws(NavRouterError) in
            guard let base = bytes.baseAddress, let slices = segments.baseAddress else { return -1 }
            return Int(table.trie.match(CompiledTrie.Input(url: base, length: bytes.count, segments: slices, count: segments.count)))
        }
    }

    private func withFastPath(_ table: RouteTable, _ url: String) -> Int? {
        try? table.withScannedURL(url) { bytes, layout, segments throws(NavRouterError) in
            table.matchIndex(bytes, segments, pathFlags: layout.pathFlags)
        }
    }

    private func mangle(_ url: String, _ generator: inout SplitMix64) -> String {
        String(url.map { character in
            generator.next() % 3 == 0 ? Character(character.uppercased()) : character
        })
    }

    func testTheFastPathAgreesWithTheTrieOnTheBenchTablesAndMangledCase() throws {
        var generator = SplitMix64(seed: 7)
        for name in ["github", "static", "synthetic10k"] {
            let patterns = try repositoryFile("benchmarks/data/\(name).txt").split(separator: "\n").map(String.init)
            for caseSensitive in [false, true] {
                let registry = try RouteRegistry(options: RegistryOptions(caseSensitive: caseSensitive))
                try registry.register(patterns.map { try Route(name: $0, pattern: $0) })
                let table = registry.table
                XCTAssertFalse(table.staticRoutes.isEmpty)
                let lookups = try repositoryFile("benchmarks/data/\(name).lookups.txt").split(separator: "\n")
                for line in lookups.prefix(1500) {
                    let url = String(line.split(separator: "\t")[0])
                    for variant in [url, mangle(url, &generator), url + "/", url + "x", String(url.dropLast())] {
                        XCTAssertEqual(withFastPath(table, variant), trieOnly(table, variant), "\(name) \(variant)")
                    }
                }
            }
        }
    }

    /// The map itself (not the trie behind it) answers every static route of a large table, whatever its
    /// filter turns away: a filter that dropped a key would only show as a slower look-up elsewhere.
    func testTheMapAnswersEveryStaticRouteOfALargeTable() throws {
        let patterns = try repositoryFile("benchmarks/data/synthetic10k.txt").split(separator: "\n").map(String.init)
        let registry = try RouteRegistry()
        try registry.register(patterns.map { try Route(name: $0, pattern: $0) })
        let table = registry.table
        var statics = 0
        for (index, pattern) in patterns.enumerated() where !pattern.contains(":") && !pattern.contains("*") {
            let found = try table.withScannedURL(pattern.uppercased()) { bytes, layout, segments throws(NavRouterError) in
                table.staticRoutes.find(
                    bytes.baseAddress!, length: bytes.count, segments.baseAddress!, count: segments.count,
                    pathFlags: layout.pathFlags, caseSensitive: false)
            }
            XCTAssertEqual(found, index, pattern)
            statics += 1
        }
        XCTAssertGreaterThan(statics, 3000)
    }

    func testStaticBeatsDynamicAndEscapesAndUnicodeGoThroughTheTrie() throws {
        let registry = try RouteRegistry()
        try registry.register([
            try Route(name: "me", pattern: "users/me"), try Route(name: "user", pattern: "users/:id"),
            try Route(name: "cafe", pattern: "café/menu"), try Route(name: "long", pattern: "a-rather-long-first-segment/and-a-second-one"),
        ])
        XCTAssertEqual(try registry.resolve("/users/me").route.name, "me")
        XCTAssertEqual(try registry.resolve("/USERS/ME").route.name, "me")
        XCTAssertEqual(try registry.resolve("/users/Me2").route.name, "user")
        XCTAssertEqual(try registry.resolve("/users/%6De").route.name, "me", "escapes are decoded before comparing")
        XCTAssertEqual(try registry.resolve("/CAF%C3%89/menu").route.name, "cafe")
        XCTAssertEqual(try registry.resolve("/café/MENU").route.name, "cafe")
        XCTAssertEqual(try registry.resolve("/A-Rather-Long-First-Segment/AND-a-second-one").route.name, "long")
        XCTAssertThrowsError(try registry.resolve("/a-rather-long-first-segment/and-a-second-on"))

        let sensitive = try RouteRegistry(options: RegistryOptions(caseSensitive: true))
        try sensitive.register(try Route(name: "me", pattern: "users/me"))
        XCTAssertEqual(try sensitive.resolve("/users/me").route.name, "me")
        XCTAssertThrowsError(try sensitive.resolve("/Users/me"))
    }

    /// Keys longer than 16 bytes are hashed by their first and last 8 bytes: keys that differ only between
    /// those must still be told apart, in the static map and in the trie's labels.
    func testLongKeysThatDifferOnlyInTheMiddle() throws {
        let registry = try RouteRegistry()
        try registry.register([
            try Route(name: "x", pattern: "aaaaaaaa-middle-X-bbbbbbbb"), try Route(name: "y", pattern: "aaaaaaaa-middle-Y-bbbbbbbb"),
            try Route(name: "long-x", pattern: "aaaaaaaa-a-much-longer-middle-X-bbbbbbbb/:id"),
            try Route(name: "long-y", pattern: "aaaaaaaa-a-much-longer-middle-Y-bbbbbbbb/:id"),
        ])
        XCTAssertEqual(try registry.resolve("/aaaaaaaa-middle-X-bbbbbbbb").route.name, "x")
        XCTAssertEqual(try registry.resolve("/aaaaaaaa-middle-Y-bbbbbbbb").route.name, "y")
        XCTAssertEqual(try registry.resolve("/AAAAAAAA-MIDDLE-y-BBBBBBBB").route.name, "y")
        XCTAssertThrowsError(try registry.resolve("/aaaaaaaa-middle-Z-bbbbbbbb"))
        XCTAssertEqual(try registry.resolve("/aaaaaaaa-a-much-longer-middle-X-bbbbbbbb/1").route.name, "long-x")
        XCTAssertEqual(try registry.resolve("/aaaaaaaa-a-much-longer-middle-Y-bbbbbbbb/1").route.name, "long-y")
        XCTAssertEqual(try registry.resolve("/AAAAAAAA-A-MUCH-LONGER-MIDDLE-y-BBBBBBBB/1").route.name, "long-y")
        XCTAssertThrowsError(try registry.resolve("/aaaaaaaa-a-much-longer-middle-Z-bbbbbbbb/1"))
        XCTAssertThrowsError(try registry.resolve("/aaaaaaaa-a-much-longer-middlE-Z-bbbbbbbb/1"))
    }
}
