import XCTest

@testable import NavRouterCore

/// Each finding of `check` says where it is in the manifest's text: the line and column of the field it is about
/// (of the route's object when it is about the route as a whole), for `FILE:LINE:COLUMN: error: ...`.
final class ManifestFindingPlaceTests: XCTestCase {
    /// The place of a finding, as `path @ line:column`.
    private func places(_ report: ManifestReport) -> [String] {
        report.findings.map { "\($0.path) @ \($0.line.map(String.init) ?? "?"):\($0.column.map(String.init) ?? "?")" }
    }

    func testAnErrorPointsAtTheFieldItIsAbout() throws {
        let text = """
            {
              "module": "shop",
              "routes": [
                {"name": "home", "pattern": "home"},
                {"name": "product", "pattern": "product/<int:id>", "parent": "hom"},
                {"name": "x", "pattern": "x", "presentaton": "modal"},
                {"name": "y", "pattern": "home"},
                {"name": "z", "pattern": "z/<foo:id>"},
                {"name": "w", "pattern": "w", "aliases": ["w/<int:"]},
                {"name": "v", "pattern": "v", "requires_auth": "yes"}
              ]
            }
            """
        let report = try RouteManifest.check(text)
        XCTAssertEqual(
            places(report),
            [
                "routes[2].presentaton @ 6:35",  // an unknown field: its key
                "routes[4].pattern @ 8:19",  // an invalid pattern
                "routes[5].aliases[0] @ 9:47",  // an invalid alias: the alias itself
                "routes[6].requires_auth @ 10:35",  // a field of the wrong type
                "routes[1].parent @ 5:56",  // a parent no route has
                "routes[3].pattern @ 7:19",  // a conflict
            ], report.findings.map(\.message).joined(separator: "\n"))
        XCTAssertTrue(report.findings.allSatisfy { $0.severity == .error })
        XCTAssertEqual(report.findings[0].located.prefix(16), "6:35: error: man")
        XCTAssertEqual(
            report.findings[2].message,
            "manifest: module 'shop', route 'w', alias 'w/<int:': invalid pattern 'w/<int:': segment 2 ('<int:'): '<' "
                + "without a closing '>'")
    }

    /// Found from what the library holds and refuses, whatever the message says: the alias among several that
    /// conflicts, a name taken, a protected tab, a bad required parameter, metadata or parent name, a query parameter
    /// that is a path parameter too.
    func testARefusalPointsAtTheValueRefused() throws {
        let deep = String(repeating: "[", count: 515) + "1" + String(repeating: "]", count: 515)
        let text = """
            {"routes": [
              {"name": "home", "pattern": "home", "presentation": "root"},
              {"name": "item", "pattern": "item/<int:id>", "aliases": ["old/<int:id>", "home", "i/<int:id>"]},
              {"name": "home", "pattern": "home2"},
              {"name": "tab", "pattern": "tab", "presentation": "root", "requires_auth": true},
              {"name": "r", "pattern": "r", "required_parameters": ["q", "bad\\u0001name"]},
              {"name": "m", "pattern": "m", "metadata": {"x": \(deep)}},
              {"name": "n", "pattern": "n/<id>", "query": {"page": {"type": "int"}, "id": {"type": "int"}}},
              {"name": "c", "pattern": "c", "parent": "bad\\u0002parent"},
              {"name": "metadata mention", "pattern": "home"}
            ]}
            """
        let report = try RouteManifest.check(text)
        XCTAssertEqual(
            places(report),
            [
                "routes[4].required_parameters[1] @ 6:62",
                "routes[5].metadata @ 7:33",
                "routes[6].query.id @ 8:73",
                "routes[7].parent @ 9:33",
                "routes[1].aliases[1] @ 3:76",  // the second alias is the one that conflicts
                "routes[2].name @ 4:4",  // a name taken
                "routes[3].requires_auth @ 5:61",  // a tab cannot require login
                // A conflict whose name says "metadata": the place follows the refusal, not the words.
                "routes[8].pattern @ 10:32",
            ], report.findings.map(\.message).joined(separator: "\n"))
        // Each message names its route once (the route's own checks name it too: not said twice).
        for finding in report.findings {
            XCTAssertFalse(finding.message.contains("': route '"), finding.message)
        }
    }

    func testAWarningPointsAtTheFieldItIsAbout() throws {
        let text = """
            {"modules": [
              {"module": "a", "routes": [{"name": "home", "pattern": "home"}]},
              {"module": "b", "routes": [
                {"name": "pay", "pattern": "pay", "external": true, "requires_auth": true},
                {"name": "q", "pattern": "q", "metadata": {"check_allow": ["unreachabel"]}},
                {"name": "twin", "pattern": "<enum(home):p>"}
              ]}
            ]}
            """
        let report = try RouteManifest.check(text)
        XCTAssertEqual(
            places(report),
            [
                "modules[1].routes[0].external @ 4:39",
                "modules[1].routes[1].metadata.check_allow @ 5:48",
                "modules[1].routes[2].pattern @ 6:22",
            ], report.findings.map(\.message).joined(separator: "\n"))
        XCTAssertTrue(report.findings.allSatisfy { $0.severity == .warning })
        XCTAssertEqual(report.warnings, report.findings.map(\.message))
    }

    /// The deepest fields a finding names (a query parameter's type, in a module's route) are placed exactly.
    func testTheDeepestFieldsAreStillPlaced() throws {
        let text = """
            {"modules": [
              {"module": "a", "routes": [
                {"name": "list", "pattern": "list", "query": {"page": {"type": "float"}}}
              ]}
            ]}
            """
        let report = try RouteManifest.check(text)
        XCTAssertEqual(
            places(report), ["modules[0].routes[0].query.page.type @ 3:60"],
            report.findings.map(\.message).joined(separator: "\n"))
    }

    func testCyclesAndRefusedParentsPointAtTheParent() throws {
        let text = """
            {"routes": [
              {"name": "parent_page", "pattern": "p", "parent": "d"},
              {"name": "d", "pattern": "d", "parent": "parent_page"},
              {"name": "bad", "pattern": "b/<int:"},
              {"name": "child", "pattern": "c", "parent": "bad"}
            ]}
            """
        let report = try RouteManifest.check(text)
        XCTAssertEqual(
            places(report),
            [
                "routes[2].pattern @ 4:19",
                "routes[3].parent @ 5:37",  // a parent that was refused
                "routes[0].parent @ 2:43",  // a cycle, whose first route's name holds a clue's word
                "routes[1].parent @ 3:33",
            ], report.findings.map(\.message).joined(separator: "\n"))
    }

    /// Routes listed before their parents wait for them, a round of registration each: no finding; a cycle with
    /// nothing else to register is found too (its first round makes no progress).
    func testRoutesBeforeTheirParentsAreNoProblemAndABareCycleIsFound() throws {
        let ordered = """
            {"routes": [
              {"name": "grandchild", "pattern": "g", "parent": "child"},
              {"name": "child", "pattern": "c", "parent": "root"},
              {"name": "root", "pattern": "r"}
            ]}
            """
        let report = try RouteManifest.check(ordered)
        XCTAssertEqual(report.findings.map(\.message), [])
        XCTAssertEqual(report.routeCount, 3)
        let cycle = """
            {"routes": [
              {"name": "a", "pattern": "a", "parent": "b"},
              {"name": "b", "pattern": "b", "parent": "a"}
            ]}
            """
        XCTAssertEqual(places(try RouteManifest.check(cycle)), ["routes[0].parent @ 2:33", "routes[1].parent @ 3:33"])
    }

    func testColumnsCountCharactersAndEscapedKeysAreRead() throws {
        let text = "{\"routes\": [{\"name\": \"caf\u{E9}\u{1F600}\", \"pattern\": \"c\", \"\\u0070arent\": \"no\"}]}"
        let report = try RouteManifest.check(text)
        XCTAssertEqual(places(report), ["routes[0].parent @ 1:47"], report.findings.map(\.message).description)
    }

    func testTheScanNeverFailsOnDeepOrBrokenText() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertEqual(JSONSourcePositions(deep).position(of: "[0]"), .init(line: 1, column: 2))
        XCTAssertNil(JSONSourcePositions(deep).position(of: "[0][0][0][0][0][0][0][0][0][0]"), "not recorded so deep")
        let deepObject =
            "{\"a\": " + String(repeating: "{\"b\": ", count: 50_000) + "1" + String(repeating: "}", count: 50_000)
            + ", \"after\": 2}"
        XCTAssertEqual(JSONSourcePositions(deepObject).position(of: "after"), .init(line: 1, column: 350_010))
        for broken in ["", "{", "{\"a\"", "{\"a\":", "[1,", "\"\\u12", "{\"a\" 1}", "[,,]", "}}}", "{\"\\ud800\\u"] {
            _ = JSONSourcePositions(broken)  // no crash, no endless loop
        }
        XCTAssertEqual(
            JSONSourcePositions("[1, {\"k\": [true, null]}]").position(of: "[1].k[1]"), .init(line: 1, column: 18))
    }

    func testTheReportAsJSONCarriesTheFindings() throws {
        let report = try RouteManifest.check(#"{"routes": [{"name": "a", "pattern": "a", "parent": "b"}]}"#)
        let finding = try XCTUnwrap(report.jsonValue.objectValue?["findings"]?.arrayValue?.first?.objectValue)
        XCTAssertEqual(finding["severity"], "error")
        XCTAssertEqual(finding["path"], "routes[0].parent")
        XCTAssertEqual(finding["line"], 1)
        XCTAssertEqual(finding["column"], 43)
        XCTAssertEqual(finding["message"]?.stringValue, report.errors.first)
    }
}
