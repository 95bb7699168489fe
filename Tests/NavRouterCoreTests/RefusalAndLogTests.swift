import Foundation
import XCTest

@testable import NavRouterCore

/// Every command reads back from the transaction log's JSON as it was written, and bad commands are refused naming
/// their field.
final class CommandJSONTests: XCTestCase {
    func testEveryCommandRoundTripsThroughItsJSON() throws {
        var restoreOptions = RestoreOptions()
        restoreOptions.tolerant = true
        restoreOptions.link = "/shop/product/3"
        let commands: [NavigationCommand] = [
            .start, .setTabs(urls: ["/shop/home", "/shop/cart"], selected: 1),
            .navigate(url: "/settings", options: NavigationOptions { $0.presentation = .modal(.fullScreen) }),
            .pop(count: 2, result: ["ok": true]), .popToRoot, .popTo(entry: 3), .popAfter(index: 1),
            .setStack(urls: ["/shop/product/1"]), .dismiss(count: 1, result: nil), .dismiss(count: Int.max, result: 7),
            .selectTab(index: 2), .back, .userPopped(to: 4), .userDismissed(count: 1), .restore(snapshot: "{}"),
            .restore(snapshot: "{}", options: restoreOptions), .refresh,
            .resume(flow: 9, decision: .proceed), .resume(flow: 9, decision: .pending),
            .resume(flow: 9, decision: .cancel(reason: "no")), .resume(flow: 9, decision: .redirect(url: "/help/a")),
            .updateEntry(id: 2, parameters: ["id": "4"], props: ["v": 1]),
            .updateEntry(id: 2, parameters: nil, props: nil),
            .setSavedState(id: 2, state: ["scroll": 3]), .commitBackGesture(gesture: 5),
        ]
        for command in commands {
            let read = try NavigationCommand(json: command.jsonValue)
            XCTAssertEqual(read.jsonValue, command.jsonValue, "\(command)")
            if case .restore(_, let options) = command, options != RestoreOptions() { continue }  // no hook written
            XCTAssertEqual(read, command)
        }
        for presentation in ["push", "sheet", "fullscreen", "replace_top", "root"] {
            let options = try NavigationOptions(json: ["presentation": .string(presentation)])
            XCTAssertEqual(options.jsonValue.objectValue?["presentation"], .string(presentation))
        }
    }

    func testBadCommandsAreRefusedNamingTheirField() {
        let bad: [(JSONValue, String)] = [
            (["command": "pop_to", "entry": -1], "entry: must not be negative"),
            (["command": "resume", "flow": 1, "decision": "maybe"], "decision: must be proceed"),
            (["command": "fly"], "'fly' is not a command"),
            (["command": "navigate", "url": "/a", "options": ["presentation": "sideways"]], "options.presentation"),
            (["command": "update_entry", "entry": 1, "parameters": ["id": 3]], "parameters"),
        ]
        for (json, fragment) in bad {
            assertFails(.invalidJSON, fragment) { try NavigationCommand(json: json) }
        }
        assertFails(.invalidJSON, "flow_deadline_ms") {
            try RouterOptions(json: ["flow_deadline_ms": -5])
        }
    }
}

/// What replaying a log reports, and the log's other outcomes.
final class ReplayReportTests: XCTestCase {
    private func loggingRouter(started: Bool = true) throws -> Router {
        let router = Router(
            registry: try shopRegistry(),
            options: RouterOptions {
                $0.recordsLog = true
                $0.flowTokenSeed = 1
            })
        if started { try router.start() }
        return router
    }

    func testAStateThatDivergesIsReportedWithBothStates() throws {
        let router = try loggingRouter()
        try router.push("/shop/product/1")
        var lines = router.transactionLogLines.split(separator: "\n").map(String.init)
        // The second step's state edited (not its command): the replay's push gives another state than the log says.
        let state = try XCTUnwrap(lines[1].range(of: "\"state\":"))
        lines[1].replaceSubrange(
            state.upperBound...,
            with: lines[1][state.upperBound...].replacingOccurrences(of: "product/1", with: "product/9"))
        let report = try loggingRouter(started: false).replay(lines.joined(separator: "\n"))
        let divergence = try XCTUnwrap(report.divergence)
        XCTAssertEqual(divergence.field, "state")
        XCTAssertEqual(report.jsonValue.objectValue?["divergence"]?.objectValue?["field"], .string("state"))
        XCTAssertEqual(report.jsonValue.objectValue?["steps"], .integer(Int64(report.steps)))
    }

    func testALineWithoutACommandIsRefused() throws {
        let router = try loggingRouter()
        assertFails(.invalidJSON, "command: missing") { try router.replay(#"{"seq": 1}"#) }
        assertFails(.invalidJSON, "gesture") {
            try router.replay(#"{"seq": 1, "command": {"command": "cancel_back_gesture"}}"#)
        }
    }

    func testAQueuedCommandIsLoggedWithItsTicket() throws {
        let router = try loggingRouter()
        router.transitionMode = .waitForHost
        try router.push("/shop/product/1")
        guard case .queued(let ticket) = try router.push("/shop/product/2") else { return XCTFail("not queued") }
        XCTAssertEqual(
            Router.outcomeJSON(.queued(ticket: ticket)), ["status": "queued", "id": ticket.jsonValue])
    }
}

/// Snapshots a router could not have written are refused naming the field, and the state is kept.
final class SnapshotRefusalTests: XCTestCase {
    func testEachBadFieldIsNamed() throws {
        let (router, _, _) = try shopRouter()
        try router.push("/shop/product/1")
        try router.present("/settings")
        let good = router.snapshot()
        let before = router.snapshot()
        let edits: [(String, String, String)] = [
            (#""tab_history":[0]"#, #""tab_history":["x"]"#, "tab_history[0]: must be an integer"),
            (#""style":"sheet""#, #""style":"popover""#, "must be sheet or fullscreen"),
            (#""id":5,"opener""#, #""id":0,"opener""#, "must be between 1 and 2^53 - 2"),
            (#""parameters":{"id":"1"}"#, #""parameters":{"id":1}"#, "parameters.id: must be a string"),
            (#""parameters":{"id":"1"}"#, #""parameters":{"id":"2"}"#, "the parameters do not match"),
            (#""route":"home","stack""#, #""route":"nowhere","stack""#, "is not registered"),
        ]
        for (from, to, fragment) in edits {
            let bad = good.replacingOccurrences(of: from, with: to)
            XCTAssertNotEqual(bad, good, "the edit of \(from) applies")
            assertFails(.invalidJSON, fragment) { try router.restore(bad) }
            XCTAssertEqual(router.snapshot(), before)
        }
        let noProps = good.replacingOccurrences(
            of: #""parameters":{"id":"1"},"props":null,"#, with: #""parameters":{"id":"1"},"#)
        assertFails(.invalidJSON, "props: missing") { try router.restore(noProps) }
    }

    func testAProtectedTabRootIsRefusedUnlessTolerant() throws {
        let registry = try RouteRegistry()
        try registry.register([
            try Route(name: "home", pattern: "home", presentation: .root),
            try Route(name: "vault", pattern: "vault", presentation: .root),
        ])
        let router = Router(registry: registry)
        try router.start()
        let snapshot = router.snapshot().replacingOccurrences(of: #""route":"vault""#, with: #""route":"vault""#)
        try registry.unregister(named: "vault")
        try registry.register(try Route(name: "vault", pattern: "vault", requiresAuth: true))
        assertFails(.invalidJSON, "requires authentication") { try router.restore(snapshot) }
    }
}

/// The transaction's refusals that only an unusual registry or call reaches.
final class TransactionRefusalTests: XCTestCase {
    func testSetTabsNeedsItsSelectedTab() throws {
        let (router, _, _) = try shopRouter()
        let before = router.state
        assertFails(.invalidArgument, "selected tab 3") {
            try router.setTabs(["/shop/home", "/shop/cart"], selected: 3)
        }
        XCTAssertEqual(router.state, before)
    }

    func testARestoreLinkThatIsNotExternalIsRefusedAsAWhole() throws {
        let (router, _, _) = try shopRouter()
        let snapshot = router.snapshot()
        try router.push("/shop/product/2")
        let before = router.snapshot()
        assertFails(.notExternal) {
            try router.restore(snapshot, options: RestoreOptions { $0.link = "/settings" })
        }
        XCTAssertEqual(router.snapshot(), before)
    }

    func testAnUpdateThatWouldMoveTheEntryToAnotherRouteIsRefused() throws {
        let registry = try RouteRegistry()
        try registry.register([
            try Route(name: "home", pattern: "home", presentation: .root),
            try Route(name: "item", pattern: "item/:id"),
            try Route(name: "new", pattern: "item/new"),
        ])
        let router = Router(registry: registry)
        try router.start()
        try router.push("/item/4")
        let entry = try XCTUnwrap(router.state.topEntry)
        // The URL built for the new parameters would open another route: refused before anything changes.
        assertFails(.conflict, "route 'new'") {
            try router.updateEntry(entry.id, parameters: ["id": "new"])
        }
        XCTAssertEqual(router.state.topEntry, entry)
    }
}

/// States no command makes, given as snapshots, are refused by the state's own invariants.
final class StateInvariantRefusalTests: XCTestCase {
    func testASelectedTabWithHiddenLayersAndAHistoryOfMissingTabsAreRefused() throws {
        let (router, _, _) = try shopRouter()
        router.setOptions(RouterOptions { $0.modalsPerTab = true })
        try router.navigate("/settings")
        try router.selectTab(1)
        let good = router.snapshot()
        let before = router.snapshot()
        let selectedHidden = good.replacingOccurrences(of: #""selected_tab":1"#, with: #""selected_tab":0"#)
        assertFails(.invalidJSON, "the selected tab 0 has hidden layers") { try router.restore(selectedHidden) }
        let history = good.replacingOccurrences(of: #""tab_history":[0,1]"#, with: #""tab_history":[0,9]"#)
        XCTAssertNotEqual(history, good)
        assertFails(.invalidJSON, "tab_history names tab 9") { try router.restore(history) }
        XCTAssertEqual(router.snapshot(), before)
    }

    func testARootRouteWhoseLinkCannotBeBuiltCannotStart() throws {
        let registry = try RouteRegistry()
        try registry.register(try Route(name: "team", pattern: "team/:id", presentation: .root))
        let router = Router(registry: registry)
        assertFails(.missingParameter, "cannot set up the tab of root route 'team'") { try router.start() }
    }

    func testAnEntryUpdateReadsAsAChangeOfThatEntry() throws {
        let (router, _, recorder) = try shopRouter()
        try router.push("/shop/product/1")
        let entry = try XCTUnwrap(router.state.topEntry)
        recorder.clear()
        try router.updateEntry(entry.id, props: ["v": 2])
        let updated = try XCTUnwrap(recorder.events.first { $0.kind == .entryUpdated })
        guard case .entryUpdated(let changed) = updated.change else { return XCTFail("\(updated.change)") }
        XCTAssertEqual(changed.id, entry.id)
        XCTAssertEqual(changed.props, ["v": 2])
    }
}
