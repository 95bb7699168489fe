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
}
