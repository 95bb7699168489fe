import XCTest

@testable import NavRouterCore

/// `NavigationEvent.jsonText` (written member by member, what `navrouter_event_json` hands out) must be the text of
/// `jsonValue`, byte for byte, for every kind of event and every optional member.
final class EventJSONTextTests: XCTestCase {
    private func entry(_ id: UInt64, view: UInt? = nil) -> NavigationEntry {
        let entry = NavigationEntry(
            id: EntryID(rawValue: id), route: "route \"\(id)\"\n", url: "/a/\(id)?q=é\u{1}",
            parameters: ["id": "\(id)", "Z": "upper", "é": "accent", "ea": "plain", "a\\b": "\t"],
            props: id % 2 == 0 ? ["k": .array([.integer(1), .real(2.5), .string("x")]), "b": .null] : nil,
            expectsResult: id % 3 == 0, opener: id > 1 ? EntryID(rawValue: id - 1) : nil,
            view: view.map(ViewHandle.init(rawValue:)))
        return id % 2 == 1 ? entry.withSavedState(["scroll": .integer(Int64(id))]) : entry
    }

    private func assertSameText(_ event: NavigationEvent, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(event.jsonText, event.jsonValue.jsonText, "\(event.kind)", file: file, line: line)
    }

    func testEveryMemberIsWrittenAsTheValueWritesIt() {
        for kind in NavigationEventKind.allCases {
            var event = NavigationEvent(kind: kind, transitionID: 7)
            assertSameText(event)  // only the members every event has
            event.entry = entry(1, view: 41)
            event.entries = [entry(2), entry(3, view: 43)]
            event.removed = [entry(4)]
            event.location = .tab(2)
            event.animated = false
            event.userInitiated = true
            assertSameText(event)
            event.location = .layer(1)
            event.style = .sheet
            event.resultOf = EntryID(rawValue: 6)
            assertSameText(event)  // a result of nobody: "result" null, "has_result" false
            event.result = .object(["ok": .bool(true), "msg": .string("ü \"q\"")])
            event.failure = NavRouterError(.denied, "not \"allowed\"\u{7f}")
            event.flow = 9
            event.ticket = 11
            event.preventsDismissal = true
            event.info = .object(["dropped": .array([.integer(3)])])
            assertSameText(event)
            event.info = .string("not an object")
            assertSameText(event)
        }
    }

    func testEventsOfASessionAreWrittenAsTheirValues() throws {
        let (router, _, recorder) = try shopRouter()
        _ = try router.navigate("/shop/product/42?ref=mail&x=%C3%A9")
        _ = try router.present("/shop/product/7", style: .sheet)
        _ = try router.dismiss(result: .string("done"))
        _ = try router.pop()
        _ = try router.selectTab(1)
        _ = try router.restore(router.snapshot())
        XCTAssertGreaterThan(recorder.events.count, 5)
        for event in recorder.events { assertSameText(event) }
    }

    /// An entry the router opens writes its parameters (one path parameter kept as its name and value, others as a
    /// dictionary) with keys sorted by their bytes whatever the pattern's order, values decoded, query items merged
    /// (a path parameter winning), as its `parameters` dictionary says.
    func testAnOpenedEntrysParametersAreWrittenWithSortedKeys() throws {
        let registry = try RouteRegistry()
        try registry.register([
            Route(name: "post", pattern: "users/:user/posts/:id/*rest"),
            Route(name: "one", pattern: "one/:z"),
            Route(name: "none", pattern: "none"),
        ])
        let router = Router(registry: registry)
        let recorder = EventRecorder()
        router.navigator = recorder.navigator
        try router.start()
        let links: [(String, [String: String], String)] = [
            (
                "/users/ann%20b/posts/7/a/b%2Fc", ["user": "ann b", "id": "7", "rest": "a/b/c"],
                #"{"id":"7","rest":"a/b/c","user":"ann b"}"#
            ),
            (
                "/users/ann/posts/7/x?user=query&b=1", ["user": "ann", "id": "7", "rest": "x", "b": "1"],
                #"{"b":"1","id":"7","rest":"x","user":"ann"}"#
            ),
            ("/one/%C3%A9", ["z": "é"], #"{"z":"é"}"#),
            ("/none", [:], "{}"),
        ]
        for (link, parameters, text) in links {
            recorder.clear()
            _ = try router.navigate(link)
            let entry = try XCTUnwrap(router.state.topEntry)
            XCTAssertEqual(entry.parameters, parameters, link)
            let event = try XCTUnwrap(recorder.events.first { $0.entry?.id == entry.id }, link)
            XCTAssertTrue(event.jsonText.contains(#""parameters":\#(text)"#), "\(link): \(event.jsonText)")
            assertSameText(event)
            // Kept as one name and value or given as a dictionary, equal parameters make equal entries.
            XCTAssertEqual(
                entry,
                NavigationEntry(id: entry.id, route: entry.route, url: entry.url, parameters: parameters), link)
            XCTAssertNotEqual(
                entry, NavigationEntry(id: entry.id, route: entry.route, url: entry.url, parameters: ["x": "y"]), link)
        }
    }
}
