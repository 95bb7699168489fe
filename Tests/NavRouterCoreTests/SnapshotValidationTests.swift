import Foundation
import XCTest

@testable import NavRouterCore

/// Snapshots that pass validation can always be used: restored, written again, and navigated from.
final class SnapshotValidationTests: XCTestCase {
    private func shopSnapshot() throws -> (Router, String) {
        let (router, _, _) = try shopRouter()
        try router.push("/shop/product/1")
        try router.present("/settings", options: NavigationOptions { $0.expectsResult = true })
        return (router, router.snapshot())
    }

    /// Ids are bounded on decode (2^53 - 1, exact in every JSON reader), so that no counter near Int64.max or
    /// UInt64.max is accepted; a router at the bound refuses new entries instead of trapping.
    func testEntryIDsAreBoundedOnDecode() throws {
        let (router, good) = try shopSnapshot()
        XCTAssertTrue(good.contains(#""next_entry_id":7"#), good)
        let before = router.state
        // 2^53 is the first id past the bound: exact in a double, but not every reader's integer.
        for huge in ["9223372036854775806", "9223372036854775807", "9007199254740993", "9007199254740992"] {
            assertFails(.invalidJSON, "next_entry_id") {
                try router.restore(
                    good.replacingOccurrences(of: #""next_entry_id":7"#, with: "\"next_entry_id\":\(huge)"))
            }
            assertFails(.invalidJSON, "id") {
                try router.restore(
                    good.replacingOccurrences(of: #""next_entry_id":7"#, with: "\"next_entry_id\":\(huge)")
                        .replacingOccurrences(of: #""id":6"#, with: "\"id\":\(huge)"))
            }
            XCTAssertEqual(router.state, before)
        }
        // At the bound: accepted, and a new entry is refused with a limit error (no trap), state kept.
        let limit = NavigationState.maxEntryID
        XCTAssertEqual(limit.rawValue, 9_007_199_254_740_991, "2^53 - 1, as the header says")
        let atLimit = good.replacingOccurrences(of: #""next_entry_id":7"#, with: "\"next_entry_id\":\(limit)")
        try router.restore(atLimit)
        let restored = router.state
        assertFails(.limitExceeded, "entry id") { try router.push("/shop/product/2") }
        XCTAssertEqual(router.state, restored)
        XCTAssertTrue(router.snapshot().contains("\"next_entry_id\":\(limit)"))
        // Restoring a good snapshot heals the counter: a restore gives exactly the snapshot's state.
        try router.restore(good)
        XCTAssertEqual(router.snapshot(), good)
        try router.dismiss()
        try router.pop()
    }

    /// Openers, root routes and results are checked as the router itself would make them.
    func testRestoreRefusesStatesNoCommandCouldMake() throws {
        let (router, good) = try shopSnapshot()
        let before = router.state
        // Entry 6 (settings) expects a result and was opened by entry 5 (product).
        XCTAssertTrue(good.contains(#""expects_result":true,"id":6,"opener":5"#), good)
        let bad: [(String, String)] = [
            (
                good.replacingOccurrences(of: #""id":6,"opener":5"#, with: #""id":6,"opener":99"#),
                "layers[0].stack[0].opener: 99 is not an entry"
            ),
            (good.replacingOccurrences(of: #""id":6,"opener":5"#, with: #""id":6,"opener":6"#), "its own opener"),
            (
                good.replacingOccurrences(
                    of: #""expects_result":true,"id":6,"opener":5"#,
                    with: #""expects_result":false,"id":6,"opener":5"#), "does not expect a result"
            ),
            (
                good.replacingOccurrences(of: #""url":"/shop/product/1""#, with: #""url":"/shop/catalog""#)
                    .replacingOccurrences(
                        of: #""parameters":{"id":"1"},"props":null,"route":"product""#,
                        with: #""parameters":{},"props":null,"route":"catalog""#), "root of a tab"
            ),
            (
                good.replacingOccurrences(
                    of: #""expects_result":false,"id":1"#, with: #""expects_result":true,"id":1"#),
                "tab root"
            ),
        ]
        for (snapshot, fragment) in bad {
            XCTAssertNotEqual(snapshot, good, "the test's edit applies")
            assertFails(.invalidJSON, fragment) { try router.restore(snapshot) }
            XCTAssertEqual(router.state, before)
        }
    }

    /// JSON that is no snapshot at all (an empty object, the state's JSON, a manifest) is refused with what a
    /// snapshot is and where one comes from, not with the first field it lacks alone.
    func testAnythingButASnapshotIsRefusedAsNoSnapshot() throws {
        let (router, _) = try shopSnapshot()
        let before = router.state
        for text in ["{}", #"{"routes": []}"#, #"{"version": 2}"#] {
            assertFails(.invalidJSON, "not a navrouter snapshot", #"{"format": "navrouter-state""#, "snapshot()") {
                try router.restore(text)
            }
            XCTAssertEqual(router.state, before)
        }
    }

    /// A protected route never becomes a tab's root: not by set_tabs, not by a snapshot.
    func testAProtectedRouteIsNeverATabRoot() throws {
        let (router, _, _) = try shopRouter()
        let before = router.state
        assertFails(.invalidArgument, "'orders' requires authentication") {
            try router.setTabs(["/shop/home", "/account/orders"])
        }
        XCTAssertEqual(router.state, before)
        let good = router.snapshot()
        let protected = good.replacingOccurrences(of: #""route":"profile""#, with: #""route":"orders""#)
            .replacingOccurrences(of: #""url":"/account/profile""#, with: #""url":"/account/orders""#)
        XCTAssertNotEqual(protected, good)
        assertFails(.invalidJSON, "'orders' requires authentication") { try router.restore(protected) }
        XCTAssertEqual(router.state, before)
    }

    /// Root routes are tabs: pushing or presenting one is refused (a snapshot with one mid-stack is refused too).
    func testARootRouteIsNotPushed() throws {
        let (router, _, _) = try shopRouter()
        try router.push("/shop/product/1")
        let before = router.state
        assertFails(.invalidArgument, "root of a tab") { try router.push("/shop/catalog") }
        assertFails(.invalidArgument, "root of a tab") { try router.present("/shop/cart") }
        assertFails(.invalidArgument, "root of a tab") { try router.setStack(["/shop/product/1", "/shop/cart"]) }
        XCTAssertEqual(router.state, before)
        try router.navigate("/shop/catalog")
        XCTAssertEqual(router.state.currentRoutes, ["catalog"])
    }
}

/// An opener that leaves the state is forgotten by the entries it opened (model-check finding: a push with
/// `replace` named as opener the entry it removed, and the router's own snapshot no longer restored).
final class OpenerTests: XCTestCase {
    func testAnOpenerRemovedByTheSameCommandIsForgotten() throws {
        let (router, _, recorder) = try shopRouter()
        try router.push("/shop/product/1")
        try router.push(
            "/shop/product/2",
            options: NavigationOptions {
                $0.replace = true
                $0.expectsResult = true
            })
        XCTAssertEqual(router.state.topEntry?.expectsResult, true)
        XCTAssertNil(router.state.topEntry?.opener, "its opener (product 1) left with the replace")
        try router.restore(router.snapshot())
        try router.pop(result: .integer(3))
        let delivered = try XCTUnwrap(recorder.events.last { $0.kind == .resultDelivered })
        XCTAssertNil(delivered.entry, "nobody receives the result")
    }

    func testAnOpenerPrunedUnderAPresentedEntryIsForgotten() throws {
        let (router, _, _) = try shopRouter()
        try router.navigate("/account/profile")
        try router.push("/account/orders")
        try router.present("/settings", options: NavigationOptions { $0.expectsResult = true })
        XCTAssertNotNil(router.state.topEntry?.opener)
        router.registry.guards.setAuthenticated(false)
        XCTAssertEqual(router.state.tabs[3].stack.map(\.route), ["profile"])
        XCTAssertEqual(router.state.topEntry?.route, "settings")
        XCTAssertNil(router.state.topEntry?.opener, "the orders screen that opened it was pruned")
        try router.restore(router.snapshot())
    }
}
