import XCTest

@testable import NavRouterCore

/// The static-route fast path must answer exactly as the trie alone would.
final class StaticRouteMapTests: XCTestCase {
    /// The trie's answer without the fast path.
    private func trieOnly(_ table: RouteTable, _ url: String) -> Int? {
        try? table.withScannedURL(url) { bytes, layout, segments throws(NavRouterError) in
            guard let base = bytes.baseAddress, let slices = segments.baseAddress else { return -1 }
            return Int(
                table.trie.match(
                    CompiledTrie.Input(url: base, length: bytes.count, segments: slices, count: segments.count),
                    pathFlags: layout.pathFlags))
        }
    }

    private func withFastPath(_ table: RouteTable, _ url: String) -> Int? {
        try? table.withScannedURL(url) { bytes, layout, segments throws(NavRouterError) in
            table.matchIndex(bytes, segments, pathFlags: layout.pathFlags)
        }
    }

    private func mangle(_ url: String, _ generator: inout SplitMix64) -> String {
        String(
            url.map { character in
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
                let statics = patterns.filter { !$0.contains(":") && !$0.contains("*") }.count
                XCTAssertEqual(table.staticRoutes.isEmpty, statics > StaticRouteMap.maxStaticRoutes, name)
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

    /// A table of `statics` static routes (two to four segments, some long) among as many dynamic ones.
    private func mixedTable(statics: Int) throws -> (RouteTable, [String]) {
        var patterns: [String] = []
        for index in 0..<statics {
            let depth = 2 + index % 3
            patterns.append(
                (0..<depth).map { level in
                    level == 1 && index % 5 == 0 ? "a-long-section-name-\(index)" : "s\(index)x\(level)"
                }.joined(separator: "/"))
            patterns.append("s\(index)x0/:id/\(index % 2 == 0 ? "edit" : "*rest")")
        }
        let registry = try RouteRegistry()
        try registry.register(patterns.map { try Route(name: $0, pattern: $0) })
        return (registry.table, patterns)
    }

    /// The map itself (not the trie behind it) answers every static route of a table just within its limit,
    /// whatever its filter turns away: a filter that dropped a key would only show as a slower look-up elsewhere.
    func testTheMapAnswersEveryStaticRouteOfALargeTable() throws {
        let (table, patterns) = try mixedTable(statics: StaticRouteMap.maxStaticRoutes)
        XCTAssertFalse(table.staticRoutes.isEmpty)
        var statics = 0
        for (index, pattern) in patterns.enumerated() where !pattern.contains(":") && !pattern.contains("*") {
            let found = try table.withScannedURL(pattern.uppercased()) {
                bytes, layout, segments throws(NavRouterError) in
                table.staticRoutes.find(
                    bytes.baseAddress!, length: bytes.count, segments.baseAddress!, count: segments.count,
                    pathFlags: layout.pathFlags, caseSensitive: false)
            }
            XCTAssertEqual(found, index, pattern)
            statics += 1
        }
        XCTAssertEqual(statics, StaticRouteMap.maxStaticRoutes)
    }

    /// Past the limit there is no map, and the trie answers the static routes (and the rest) alike.
    func testPastTheLimitTheTrieAnswersStaticRoutes() throws {
        let (table, patterns) = try mixedTable(statics: StaticRouteMap.maxStaticRoutes + 1)
        XCTAssertTrue(table.staticRoutes.isEmpty)
        for (index, pattern) in patterns.enumerated() {
            let url = pattern.replacingOccurrences(of: ":id", with: "42").replacingOccurrences(of: "*rest", with: "a/b")
            XCTAssertEqual(withFastPath(table, url.uppercased()), index, url)
            XCTAssertEqual(try table.resolve(url).route.name, pattern, url)
        }
    }

    func testStaticBeatsDynamicAndEscapesAndUnicodeGoThroughTheTrie() throws {
        let registry = try RouteRegistry()
        try registry.register([
            try Route(name: "me", pattern: "users/me"), try Route(name: "user", pattern: "users/:id"),
            try Route(name: "cafe", pattern: "café/menu"),
            try Route(name: "long", pattern: "a-rather-long-first-segment/and-a-second-one"),
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
            try Route(name: "x", pattern: "aaaaaaaa-middle-X-bbbbbbbb"),
            try Route(name: "y", pattern: "aaaaaaaa-middle-Y-bbbbbbbb"),
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
