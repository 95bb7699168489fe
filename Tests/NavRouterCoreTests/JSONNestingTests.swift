import XCTest

@testable import NavRouterCore

/// JSON values nest at most `JSONValue.maxDepth` arrays and objects wherever they enter, whether parsed from text or
/// built in Swift, and the documents that carry them (snapshots, transaction logs) read back whatever the library
/// wrote: a router holding values at the limit snapshots, restores and replays. Values built in Swift are held to
/// what a parse accepts in every other way too (no NUL in strings, no NaN).
final class JSONNestingTests: XCTestCase {
    /// An array nested `depth` levels (`[[...]]`, `depth` brackets deep).
    private func nested(_ depth: Int) -> JSONValue {
        var value: JSONValue = .array([])
        for _ in 1..<depth { value = .array([value]) }
        return value
    }

    /// Props `{"p": ...}` nesting `depth` levels in all (the object counts one).
    private func props(_ depth: Int) -> [String: JSONValue] { ["p": nested(depth - 1)] }

    func testValuesBuiltInSwiftAreHeldToTheLimitParsingApplies() throws {
        let (router, _, _) = try shopRouter()
        try router.push("/shop/product/1", options: NavigationOptions { $0.expectsResult = true })
        try router.push("/shop/product/2", options: NavigationOptions { $0.expectsResult = true })
        let before = router.state
        let tooDeep = props(JSONValue.maxDepth + 1)
        let limit = "JSON nested deeper than \(JSONValue.maxDepth) arrays and objects"
        assertFails(.invalidJSON, "props: \(limit)") {
            try router.push("/shop/product/3", options: NavigationOptions { $0.props = tooDeep })
        }
        assertFails(.invalidJSON, "result: \(limit)") { try router.pop(result: nested(JSONValue.maxDepth + 1)) }
        let top = try XCTUnwrap(router.state.topEntry).id
        assertFails(.invalidJSON, "props: \(limit)") { try router.updateEntry(top, props: tooDeep) }
        assertFails(.invalidJSON, "saved state: \(limit)") { try router.setSavedState(tooDeep, for: top) }
        XCTAssertEqual(router.state, before)
        let registry = try shopRegistry()
        assertFails(.invalidJSON, "props: \(limit)") {
            try registry.buildURL(route: "product", parameters: ["id": "1"], props: tooDeep)
        }
        assertFails(.invalidJSON, "metadata: \(limit)") {
            try registry.register(Route(name: "deep", pattern: "deep", metadata: tooDeep))
        }
        XCTAssertNil(registry.route(named: "deep"))
        // At the limit: accepted, and the link resolves back to the same props.
        let url = try registry.buildURL(route: "product", parameters: ["id": "1"], props: props(JSONValue.maxDepth))
        XCTAssertEqual(try registry.resolve(url).props, props(JSONValue.maxDepth))
    }

    /// Text nested exactly to the limit parses; one level more is refused, whether the innermost levels are arrays or
    /// objects (the count stops early past the limit, and must not stop at it).
    func testParsingCountsEveryLevelUpToTheLimit() throws {
        let limit = JSONValue.maxDepth
        func arrays(_ depth: Int) -> String {
            String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        }
        func objects(_ depth: Int) -> String {
            String(repeating: #"{"a":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
        }
        let atTheLimit = [
            arrays(limit), objects(limit), "[" + objects(limit - 1) + "]", #"{"a":"# + arrays(limit - 1) + "}",
        ]
        for text in atTheLimit {
            XCTAssertNoThrow(try JSONValue.parse(text))
        }
        for text in [
            arrays(limit + 1), objects(limit + 1), "[" + objects(limit) + "]", #"{"a":"# + arrays(limit) + "}",
            "[1," + arrays(limit) + "]",
        ] {
            assertFails(.invalidJSON, "JSON nested deeper than \(limit) arrays and objects") {
                _ = try JSONValue.parse(text)
            }
        }
    }

    func testAStateHoldingValuesAtTheLimitSnapshotsRestoresAndReplays() throws {
        let (router, _, _) = try shopRouter()
        router.setOptions(
            RouterOptions {
                $0.modalsPerTab = true
                $0.recordsLog = true
            })
        let deepest = props(JSONValue.maxDepth)
        try router.push("/shop/product/1", options: NavigationOptions { $0.props = deepest })
        try router.present("/settings", options: NavigationOptions { $0.props = deepest })
        try router.setSavedState(deepest, for: try XCTUnwrap(router.state.topEntry).id)
        try router.selectTab(1)  // the sheet is hidden in tab 0: its entries sit deepest in a snapshot
        XCTAssertEqual(router.state.tabs[0].hiddenLayers.count, 1)
        let snapshot = router.snapshot()
        let state = router.state
        try router.popToRoot()
        try router.restore(snapshot)
        XCTAssertEqual(router.state.withoutViews, state.withoutViews)
        XCTAssertEqual(router.snapshot(), snapshot)

        let replaying = Router(registry: router.registry)
        replaying.setOptions(RouterOptions { $0.modalsPerTab = true })
        try replaying.start()  // the log begins after the start
        let report = try replaying.replay(router.transactionLogLines)
        XCTAssertNil(report.divergence, "\(report)")
        XCTAssertEqual(replaying.snapshot(), router.snapshot())
    }

    func testASnapshotCarryingAValueDeeperThanTheLimitIsRefused() throws {
        let (router, _, _) = try shopRouter()
        try router.push("/shop/product/1", options: NavigationOptions { $0.props = ["p": 1] })
        let snapshot = router.snapshot()
        let before = router.state
        let deeper = snapshot.replacingOccurrences(
            of: #""props":{"p":1}"#, with: #""props":"# + JSONValue.object(props(JSONValue.maxDepth + 1)).jsonText)
        XCTAssertNotEqual(deeper, snapshot)
        assertFails(.invalidJSON, "snapshot: tabs[0].stack[1].props: JSON nested deeper than 512") {
            try router.restore(deeper)
        }
        XCTAssertEqual(router.state, before)
    }

    /// NUL in a string or a key, NaN and infinities: a parse refuses them, so a value built in Swift with them would
    /// make a snapshot that does not restore (NUL), or come back different (NaN was written as null).
    func testValuesBuiltInSwiftMustBeWritableJSON() throws {
        let (router, _, _) = try shopRouter()
        try router.push("/shop/product/1", options: NavigationOptions { $0.expectsResult = true })
        let before = router.state
        let nul = "NUL (\\u0000) is not allowed in JSON strings"
        let cases: [([String: JSONValue], String)] = [
            (["p": "a\u{0}b"], nul), (["a\u{0}b": 1], nul), (["p": [["q": "\u{0}"]]], nul),
            (["n": .real(.nan)], "NaN and infinite numbers are not JSON"),
            (["n": [.real(-.infinity)]], "NaN and infinite numbers are not JSON"),
        ]
        for (props, reason) in cases {
            assertFails(.invalidJSON, "props: \(reason)") {
                try router.push("/shop/product/2", options: NavigationOptions { $0.props = props })
            }
            assertFails(.invalidJSON, "result: \(reason)") { try router.pop(result: .object(props)) }
            assertFails(.invalidJSON, "saved state: \(reason)") {
                try router.setSavedState(props, for: try XCTUnwrap(router.state.topEntry).id)
            }
            assertFails(.invalidJSON, "props: \(reason)") {
                try router.registry.buildURL(route: "product", parameters: ["id": "1"], props: props)
            }
            assertFails(.invalidJSON, "metadata: \(reason)") { try Route(name: "m", pattern: "m", metadata: props) }
        }
        XCTAssertEqual(router.state, before)
        try router.restore(router.snapshot())
        XCTAssertEqual(router.state.withoutViews, before.withoutViews)
    }
}
