import XCTest

@testable import NavRouterCore

final class RoutePatternTests: XCTestCase {
    func testSegmentsOfEveryKind() throws {
        let pattern = try RoutePattern("myapp://shop/product/<int:id>/:tab/<uuid:ref>/<name>/*rest")
        XCTAssertEqual(
            pattern.segments,
            [
                .literal("shop"), .literal("product"), .parameter(name: "id", type: .int),
                .parameter(name: "tab", type: .string), .parameter(name: "ref", type: .uuid),
                .parameter(name: "name", type: .string), .catchAll(name: "rest"),
            ])
        XCTAssertEqual(pattern.parameterNames, ["id", "tab", "ref", "name", "rest"])
        XCTAssertEqual(pattern.catchAllName, "rest")
    }

    func testHostIsTheFirstSegmentWhateverTheForm() throws {
        let forms = ["myapp://home/dashboard", "/home/dashboard", "home/dashboard", "home/dashboard/"]
        for form in forms {
            XCTAssertEqual(try RoutePattern(form).segments, [.literal("home"), .literal("dashboard")], form)
        }
    }

    func testPathCatchAllAndStringTypeSpellings() throws {
        XCTAssertEqual(try RoutePattern("files/<path:p>").segments.last, .catchAll(name: "p"))
        XCTAssertEqual(try RoutePattern("u/<string:s>").segments.last, .parameter(name: "s", type: .string))
        XCTAssertEqual(try RoutePattern("/").segments, [])
    }

    /// "://" is found wherever it starts, the pattern's last three characters included: a scheme alone is the root.
    func testASchemeSeparatorAtThePatternsEndIsStillOne() throws {
        XCTAssertEqual(try RoutePattern("myapp://").segments, [])
        XCTAssertEqual(try RoutePattern("x://").segments, [])
        assertFails(.invalidPattern, "'1app' is not a valid scheme") { try RoutePattern("1app://") }
        assertFails(.invalidPattern, "'' is not a valid scheme") { try RoutePattern("://") }
    }

    func testInvalidPatternsSayWhatAndWhere() {
        assertFails(.invalidPattern, "empty") { try RoutePattern("") }
        assertFails(.invalidPattern, "segment 2 is empty") { try RoutePattern("a//b") }
        assertFails(.invalidPattern, "segment 2", "parameter name is empty") { try RoutePattern("a/:") }
        assertFails(.invalidPattern, "segment 2", "parameter name is empty") { try RoutePattern("a/<int:>") }
        assertFails(.invalidPattern, "segment 3", "duplicate parameter name 'id'") {
            try RoutePattern("u/:id/<int:id>")
        }
        assertFails(.invalidPattern, "catch-all must be the last segment", "segment 3") {
            try RoutePattern("f/*rest/x")
        }
        assertFails(.invalidPattern, "unknown parameter type 'float'") { try RoutePattern("a/<float:x>") }
        assertFails(.invalidPattern, "segment 1", "'?'") { try RoutePattern("a?b") }
        assertFails(.invalidPattern, "U+0020") { try RoutePattern("a b") }
        assertFails(.invalidPattern, "'%'") { try RoutePattern("a%20b") }
        // What a pattern cannot hold, and where what the user meant goes instead.
        assertFails(.invalidPattern, "'?'", "every query item of a link is a parameter", "required parameters") {
            try RoutePattern("search?q=:q")
        }
        assertFails(.invalidPattern, "'#'", "a link's fragment is not matched") { try RoutePattern("help#top") }
        assertFails(.invalidPattern, "'%'", "write the character itself", "café") { try RoutePattern("caf%C3%A9") }
        assertFails(.invalidPattern, "closing '>'") { try RoutePattern("a/<id") }
        assertFails(.invalidPattern, "invalid parameter name '1x'") { try RoutePattern("a/:1x") }
        assertFails(.invalidPattern, "dot segments") { try RoutePattern("a/../b") }
        assertFails(.invalidPattern, "not a valid scheme") { try RoutePattern("1app://a") }
    }

    /// A literal takes every printable ASCII character but the URL and pattern delimiters; the byte test the parser
    /// uses must say so for each of the 128, and a pattern with each one parses or is refused accordingly.
    func testLiteralCharactersAreExactlyThePrintableNonDelimiters() {
        let refused = Set("/?#%<>\\\"{}|^`".utf8)
        for byte in UInt8(0)..<0x80 {
            let expected = byte > 0x20 && byte < 0x7F && !refused.contains(byte)
            XCTAssertEqual(URLSyntax.isLiteralASCII(byte), expected, "byte 0x\(String(byte, radix: 16))")
            XCTAssertEqual(
                URLSyntax.isLiteralScalar(Unicode.Scalar(byte)), expected, "scalar 0x\(String(byte, radix: 16))")
            guard byte != UInt8(ascii: "/") else { continue }  // it splits segments instead
            let text = "a/x" + String(UnicodeScalar(byte)) + "y"
            if expected {
                XCTAssertNoThrow(try RoutePattern(text), text)
            } else {
                XCTAssertThrowsError(try RoutePattern(text), "0x\(String(byte, radix: 16))")
            }
        }
        XCTAssertFalse(URLSyntax.isLiteralScalar("\u{85}"))  // a C1 control
        XCTAssertFalse(URLSyntax.isLiteralScalar("\u{3000}"))  // white space
        XCTAssertTrue(URLSyntax.isLiteralScalar("é"))
    }

    func testRouteValidatesItsName() {
        assertFails(.invalidArgument, "route name is empty") { try Route(name: "", pattern: "a") }
        assertFails(.invalidArgument, "control character") { try Route(name: "a\u{1}", pattern: "a") }
        assertFails(.invalidArgument, "route 'a': a required parameter name is empty") {
            try Route(name: "a", pattern: "a", requiredParameters: [""])
        }
        // No URL can carry such a name: the route could never resolve.
        assertFails(.invalidArgument, "route 'a': the required parameter name 'q\u{0}' contains a control character") {
            try Route(name: "a", pattern: "a", requiredParameters: ["q\u{0}"])
        }
    }
}
