import NavRouterCore

/// One step of `play`: a command of a script (or of a recorded transaction log), what it did, the events it sent,
/// the state after it and the expectations that follow it; drawn as text, JSON and an SVG picture.
struct PlayStep {
    /// The step's number (0: the router's start).
    let number: Int
    /// Its line in the script or log (nil for the start a script begins with).
    let line: Int?
    /// The command as written.
    let command: String
    /// What it did.
    let result: CommandResult
    /// The events it sent (`NavigationEvent.jsonValue`).
    let events: [JSONValue]
    /// The state after it.
    let state: NavigationState
    /// The state as the library writes it (`NavigationSnapshot.jsonValue`, without views).
    let stateJSON: JSONValue
    /// The `expect` lines after it: their line and what they found.
    var expectations: [(line: Int, outcome: ScriptExpectation.Outcome)] = []

    /// The command failed.
    var failed: Bool { result.status != "ok" }
    /// Expectations that do not hold.
    var unmet: [(line: Int, outcome: ScriptExpectation.Outcome)] { expectations.filter { !$0.outcome.holds } }

    /// The step for a terminal: the command, what it did, its events, the state as every host prints it
    /// (`NavigationState.textRows`; entries new since `previous` marked `+`, entries that left listed), and its
    /// expectations.
    func text(after previous: NavigationState?) -> [String] {
        var rows = ["> \(command)", "  \(failed ? "\(result.status): " : "")\(result.message)"]
        if !events.isEmpty { rows.append("  events: " + events.map(EventText.describe).joined(separator: ", ")) }
        rows += stateRows(after: previous).map { "  \($0)" }
        for (_, outcome) in expectations {
            rows.append("  \(outcome.expectation): " + (outcome.holds ? "holds" : "FAILED, \(outcome.found)"))
        }
        return rows
    }

    /// The state as every host prints it (`NavigationState.textRows`), entries new since `previous` marked `+`, and
    /// a `left: ...` row for the entries that left.
    func stateRows(after previous: NavigationState?) -> [String] {
        var rows = state.textRows(marking: newEntries(since: previous))
        if let previous {
            let now = Set(state.allEntries.map(\.id))
            let left = previous.allEntries.filter { !now.contains($0.id) }
            if !left.isEmpty { rows.append("left: " + left.map { "\($0.route)#\($0.id)" }.joined(separator: ", ")) }
        }
        return rows
    }

    /// `{step, line, command, status, outcome, message, events, state, expectations}`.
    var jsonValue: JSONValue {
        [
            "step": .integer(Int64(number)), "line": line.map { .integer(Int64($0)) } ?? .null,
            "command": .string(command), "status": .string(result.status), "outcome": .string(result.outcome),
            "message": .string(result.message), "events": .array(events), "state": stateJSON,
            "expectations": .array(expectations.map(\.outcome.jsonValue)),
        ]
    }

    /// What the step did, for a picture's or a page's banner: red when it failed or an expectation does not hold
    /// (the error, or the first unmet expectation), amber when it waits (a held flow, a queued command), else green.
    var banner: StatePicture.Banner {
        if failed { return .init(tone: .failed, text: "\(result.status): \(result.message)") }
        if let unmet = unmet.first {
            return .init(tone: .failed, text: "\(unmet.outcome.expectation): FAILED, \(unmet.outcome.found)")
        }
        let waits = result.outcome == "pending" || result.outcome == "queued"
        return .init(tone: waits ? .waiting : .ok, text: result.message)
    }

    /// The step as an SVG picture: the banner, the state with the entries new since `previous` in green, its events,
    /// and a legend.
    func svg(after previous: NavigationState?) -> String {
        StatePicture.svg(
            state, title: "\(number): \(command)", banner: banner, events: events.map(EventText.describe),
            new: newEntries(since: previous))
    }

    private func newEntries(since previous: NavigationState?) -> Set<EntryID> {
        guard let previous else { return [] }
        let before = Set(previous.allEntries.map(\.id))
        return Set(state.allEntries.map(\.id).filter { !before.contains($0) })
    }
}
