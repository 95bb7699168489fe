import NavRouter
import XCTest

/// Typed identifiers: distinct types over the C ABI's numbers, Hashable, Comparable, printed and coded as numbers.
final class IdentifierTests: XCTestCase {
    func testIdentifiersAreValuesOverTheirNumbers() throws {
        let entry = EntryID(7)
        XCTAssertEqual(entry.rawValue, 7)
        XCTAssertEqual(entry, 7)
        XCTAssertEqual("\(entry)", "7")
        XCTAssertLessThan(EntryID(2), EntryID(10))
        XCTAssertEqual(Set([TransitionID(1), TransitionID(1), TransitionID(2)]).count, 2)
        XCTAssertEqual(try JSONValueEncoder().encode(FlowToken(42)), .integer(42))
        XCTAssertEqual(try JSONValueDecoder().decode(Ticket.self, from: .integer(5)), Ticket(5))
        XCTAssertEqual(try JSONValueDecoder().decode([InterceptorID].self, from: [1, 2]), [1, 2])
    }

    func testEntriesAndOutcomesCarryTheirOwnTypes() throws {
        let router = Router(registry: try makeShopRegistry())
        try router.start()
        let outcome = try router.push("/shop/product/1")
        guard case .applied(let transition?) = outcome else { return XCTFail("applied: \(outcome)") }
        let entry: NavigationEntry.ID = router.state.topEntry!.id
        XCTAssertEqual(
            entry, router.state.nextEntryID.rawValue == 0 ? 0 : EntryID(router.state.nextEntryID.rawValue - 1))
        XCTAssertGreaterThan(transition.rawValue, 0)
        // `popTo(entry: transition)` no longer compiles (see Tests/cli/test_types.py); the entry's id pops.
        try router.popTo(entry: router.state.currentStack[0].id)
        XCTAssertEqual(router.state.currentStack.count, 1)
    }
}
