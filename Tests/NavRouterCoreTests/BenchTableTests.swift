import XCTest

@testable import NavRouterCore

/// The shared route tables: every look-up resolves to exactly its expected pattern.
final class BenchTableTests: XCTestCase {
    private func check(_ table: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let patterns = try repositoryFile("benchmarks/data/\(table).txt").split(separator: "\n").map(String.init)
        let registry = try RouteRegistry()
        try registry.register(patterns.map { try Route(name: $0, pattern: $0) })
        let lookups = try repositoryFile("benchmarks/data/\(table).lookups.txt").split(separator: "\n")
        XCTAssertGreaterThan(lookups.count, 100, file: file, line: line)
        var failures = 0
        for entry in lookups {
            let parts = entry.split(separator: "\t").map(String.init)
            let got = (try? registry.resolve(parts[0]).route.name) ?? "<none>"
            if got != parts[1] {
                failures += 1
                if failures < 5 {
                    XCTFail("\(parts[0]) resolved to \(got), expected \(parts[1])", file: file, line: line)
                }
            }
        }
        XCTAssertEqual(failures, 0, "\(table): \(failures) look-ups went wrong", file: file, line: line)
        // And in reverse registration order.
        let reversed = try RouteRegistry()
        try reversed.register(patterns.reversed().map { try Route(name: $0, pattern: $0) })
        for entry in lookups.prefix(500) {
            let parts = entry.split(separator: "\t").map(String.init)
            XCTAssertEqual(try reversed.resolve(parts[0]).route.name, parts[1], file: file, line: line)
        }
    }

    func testGitHubTable() throws { try check("github") }
    func testStaticTable() throws { try check("static") }
    func testSynthetic10kTable() throws { try check("synthetic10k") }

    func testGitHubParameters() throws {
        let registry = try RouteRegistry()
        for pattern in try repositoryFile("benchmarks/data/github.txt").split(separator: "\n") {
            try registry.register(Route(name: String(pattern), pattern: String(pattern)))
        }
        let match = try registry.resolve("/repos/apple/swift/pulls/42/comments")
        XCTAssertEqual(match.pathParameters, ["owner": "apple", "repo": "swift", "number": "42"])
    }
}
