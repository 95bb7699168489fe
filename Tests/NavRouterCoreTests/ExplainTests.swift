import XCTest

@testable import NavRouterCore

final class ExplainTests: XCTestCase {
    func testSaysWhyEachCandidateWonOrLost() throws {
        let registry = try makeRegistry([
            ("me", "u/me"), ("byInt", "u/<int:id>"), ("byName", "u/:name"), ("rest", "u/*rest"), ("other", "v/x"),
        ])
        let explanation = registry.explain("/u/42")
        XCTAssertEqual(explanation.winner, "byInt")
        XCTAssertNil(explanation.error)
        let byRoute = Dictionary(uniqueKeysWithValues: explanation.candidates.map { ($0.route, $0) })
        XCTAssertEqual(explanation.candidates.first?.route, "byInt")
        XCTAssertEqual(byRoute["byInt"]?.won, true)
        XCTAssertNil(byRoute["me"], "a literal that differs is never considered")
        XCTAssertTrue(
            byRoute["byName"]!.reason.contains("lost to 'byInt' at segment 2: a typed parameter beats a parameter"))
        XCTAssertTrue(byRoute["rest"]!.reason.contains("a typed parameter beats a catch-all"))
        XCTAssertNil(byRoute["other"], "a route whose first literal differs is never considered")
        XCTAssertTrue(explanation.jsonText.contains(#""winner":"byInt""#), explanation.jsonText)
    }

    func testExplainsFailures() throws {
        let registry = try makeRegistry([("p", "p/<int:id>/x")])
        let notFound = registry.explain("/p/abc/x")
        XCTAssertNil(notFound.winner)
        XCTAssertEqual(notFound.error?.code, .notFound)
        XCTAssertEqual(notFound.candidates.first?.reason, "segment 2 'abc' is not an int (parameter 'id')")
        XCTAssertEqual(
            registry.explain("/p/1").candidates.first?.reason, "the URL has 2 segment(s); the pattern needs at least 3")
        let malformed = registry.explain("/p//x")
        XCTAssertEqual(malformed.error?.code, .malformedURL)
        XCTAssertTrue(malformed.jsonText.contains(#""status":"EMALFORMED""#))
    }
}
