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
        XCTAssertEqual(byRoute["byInt"]?.matched, true)
        XCTAssertEqual(byRoute["byName"]?.matched, true, "matched, and lost")
        XCTAssertEqual(byRoute["byName"]?.won, false)
        XCTAssertNil(byRoute["me"], "a literal that differs is never considered")
        XCTAssertTrue(
            byRoute["byName"]!.reason.contains(
                "lost to 'byInt' at segment 2: a typed parameter (int) beats a parameter"))
        XCTAssertTrue(byRoute["rest"]!.reason.contains("a typed parameter (int) beats a catch-all"))
        XCTAssertNil(byRoute["other"], "a route whose first literal differs is never considered")
        XCTAssertTrue(explanation.jsonText.contains(#""winner":"byInt""#), explanation.jsonText)
    }

    /// Case-insensitive literals fold Unicode's case (`ς`, `σ` and `Σ` are one letter; `ß` is `ss`) but never
    /// normalise: the resolve and the explanation compare the same folded bytes.
    func testLiteralsFoldUnicodeCaseAlikeInResolveAndExplain() throws {
        let registry = try makeRegistry([("myth", "a/σίσυφος"), ("street", "a/straße"), ("any", "a/:x")])
        for (url, route) in [
            ("/a/ΣΊΣΥΦΟΣ", "myth"), ("/a/σίσυφοσ", "myth"), ("/A/STRASSE", "street"), ("/a/STRAẞE", "street"),
            ("/a/cafe\u{301}", "any"),
        ] {
            XCTAssertEqual(try registry.resolve(url).route.name, route, url)
            XCTAssertEqual(registry.explain(url).winner, route, url)
        }
        assertFails(.conflict, "they match exactly the same URLs") {
            try registry.register(try Route(name: "shout", pattern: "a/ΣΊΣΥΦΟΣ"))
        }
        let accents = try makeRegistry([("cafe", "café"), ("any", ":x")])
        XCTAssertEqual(try accents.resolve("/CAFÉ").route.name, "cafe")
        XCTAssertEqual(try accents.resolve("/cafe\u{301}").route.name, "any", "no normalisation: other bytes")
        XCTAssertEqual(accents.explain("/cafe\u{301}").winner, "any")
    }

    /// A route that matches but lacks a required parameter still wins the match; its reason says what is missing,
    /// and only then.
    func testTheWinnerMissingARequiredParameterSaysSo() throws {
        let registry = try RouteRegistry()
        try registry.register(try Route(name: "search", pattern: "search", requiredParameters: ["q"]))
        let missing = registry.explain("/search")
        XCTAssertEqual(missing.winner, "search")
        XCTAssertEqual(missing.error?.code, .missingParameter)
        let reason = try XCTUnwrap(missing.candidates.first?.reason)
        XCTAssertTrue(reason.hasPrefix("matches; the most specific matching route, but "), reason)
        XCTAssertTrue(reason.contains("'q'"), reason)
        XCTAssertEqual(
            registry.explain("/search?q=shoes").candidates.first?.reason, "matches; the most specific matching route")
    }

    func testExplainsFailures() throws {
        let registry = try makeRegistry([("p", "p/<int:id>/x")])
        let notFound = registry.explain("/p/abc/x")
        XCTAssertNil(notFound.winner)
        XCTAssertEqual(notFound.error?.code, .notFound)
        XCTAssertEqual(notFound.candidates.first?.reason, "segment 2 'abc' is not an int (parameter 'id')")
        XCTAssertEqual(notFound.candidates.first?.matched, false)
        XCTAssertTrue(notFound.jsonText.contains(#""matched":false"#), notFound.jsonText)
        XCTAssertEqual(
            registry.explain("/p/1").candidates.first?.reason, "the URL has 2 segment(s); the pattern needs at least 3")
        let malformed = registry.explain("/p//x")
        XCTAssertEqual(malformed.error?.code, .malformedURL)
        XCTAssertTrue(malformed.jsonText.contains(#""status":"EMALFORMED""#))
    }
}
