import XCTest

@testable import NavRouterCore

/// A match keeps its path parameters as byte ranges and decodes them when read: every way of reading them must give
/// the decoded values, for routes with more parameters than a match keeps ranges for, and for catch-alls.
final class RouteMatchValuesTests: XCTestCase {
    func testManyParametersAndACatchAllReadEveryWay() throws {
        let names = (0..<11).map { "p\($0)" }
        let pattern = names.map { ":\($0)" }.joined(separator: "/") + "/*rest"
        let registry = try makeRegistry([("many", pattern)])
        let values = (0..<11).map { $0 == 9 ? "nine%20and%2Fslash" : "v\($0)" }
        let url = "/" + values.joined(separator: "/") + "/a%2Fb/c"
        let match = try registry.resolve(url)
        XCTAssertEqual(match.pathParameterCount, 12)
        var expected: [String: String] = [:]
        for (index, name) in names.enumerated() {
            expected[name] = index == 9 ? "nine and/slash" : "v\(index)"
        }
        expected["rest"] = "a/b/c"
        XCTAssertEqual(match.pathParameters, expected)
        for ordinal in 0..<12 {
            let name = match.pathParameterName(at: ordinal)
            XCTAssertEqual(match.pathParameter(name), expected[name], name)
            XCTAssertEqual(match.pathParameterValue(at: ordinal), expected[name], name)
            XCTAssertEqual(match.parameter(name), expected[name], name)
        }
        XCTAssertEqual(match.remainder, "a%2Fb/c")
        XCTAssertEqual(match.remainderSegments, ["a/b", "c"])
        XCTAssertNil(match.pathParameter("missing"))
    }

    func testQueryFragmentAndPropsBesideLazyParameters() throws {
        let registry = try makeRegistry([("product", "shop/<int:id>")])
        let match = try registry.resolve("/shop/42?id=7&q=a+b&q=c#top%20part")
        XCTAssertEqual(match.pathParameter("id"), "42")
        XCTAssertEqual(match.parameter("id"), "42", "a path parameter wins over the query")
        XCTAssertEqual(match.parameter("q"), "c", "the last query value wins")
        XCTAssertEqual(match.queryValues("q"), ["a b", "c"])
        XCTAssertEqual(match.fragment, "top part")
        XCTAssertEqual(match.integer("id"), 42)
        XCTAssertEqual(match.routeName, "product")
        XCTAssertEqual(match.path, "shop/42")
        let plain = try registry.resolve("/shop/42")
        XCTAssertEqual(plain.queryItems, [])
        XCTAssertNil(plain.fragment)
        XCTAssertNil(plain.props)
        XCTAssertNotEqual(match, plain)
        XCTAssertEqual(plain, try registry.resolve("/shop/42"))
        // A fragment alone, and an empty query alone, are kept as they are.
        let fragmentOnly = try registry.resolve("/shop/42#reviews")
        XCTAssertEqual(fragmentOnly.fragment, "reviews")
        XCTAssertEqual(fragmentOnly.queryItems, [])
        XCTAssertNotEqual(fragmentOnly, plain)
        XCTAssertEqual(try registry.resolve("/shop/42#").fragment, "")
        XCTAssertNil(try registry.resolve("/shop/42?").fragment)
    }

    /// Values of every length (short ones kept inline in a Swift string, long ones not), of several-byte characters,
    /// in paths with and without escapes (elsewhere in the path too), and a catch-all's: each read whole from the URL.
    func testValuesOfEveryLengthReadWhole() throws {
        let registry = try makeRegistry([("pair", "pair/:first/:second"), ("files", "files/*path")])
        for length in [1, 15, 16, 17, 63, 64, 65, 200] {
            let value = String(repeating: "é", count: length / 2) + String(repeating: "v", count: length % 2)
            XCTAssertEqual(value.utf8.count, length / 2 * 2 + length % 2)
            for (url, second) in [("/pair/\(value)/x", "x"), ("/pair/\(value)/a%20b", "a b")] {
                let match = try registry.resolve(url)
                XCTAssertEqual(match.pathParameterValue(at: 0), value, url)
                XCTAssertEqual(match.pathParameter("first"), value, url)
                XCTAssertEqual(match.pathParameterValue(at: 1), second, url)
                XCTAssertEqual(match.pathParameters, ["first": value, "second": second], url)
            }
            let files = try registry.resolve("/files/\(value)/\(value)")
            XCTAssertEqual(files.pathParameter("path"), "\(value)/\(value)")
        }
    }

    /// An ordinal outside the route's parameters gives `""`, never another route's name or a crash (the table keeps
    /// every route's names side by side: the next route's followed this one's).
    func testAnOrdinalPastTheParametersGivesAnEmptyString() throws {
        let registry = try makeRegistry([("one", "one/:first"), ("two", "two/:second/:third"), ("last", "last/:x")])
        for url in ["/one/1", "/two/2/3", "/last/9"] {
            let match = try registry.resolve(url)
            for ordinal in [-1, match.pathParameterCount, match.pathParameterCount + 1, 8, 9, Int.max, Int.min] {
                XCTAssertEqual(match.pathParameterName(at: ordinal), "", "\(url) \(ordinal)")
                XCTAssertEqual(match.pathParameterValue(at: ordinal), "", "\(url) \(ordinal)")
            }
            XCTAssertFalse(match.pathParameterName(at: 0).isEmpty)
        }
    }
}
