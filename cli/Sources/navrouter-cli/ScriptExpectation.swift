import NavRouterCore

/// An `expect ...` line of a play script: what the step before it did, or what the state after it is. A script with
/// expectations is a test: `play` exits 1 when one does not hold.
///
/// - `expect status S`: the step's status (`ok`, `EINVAL`, `ENOTFOUND`, ...) or outcome (`applied`, `unchanged`,
///   `queued`, `pending`, `handled`);
/// - `expect top ROUTE` (or `none`): the route of the entry on top of everything;
/// - `expect stack ROUTE...`: the routes of the stack on screen, from its root;
/// - `expect tab N`: the selected tab;
/// - `expect layers N`: how many modal layers are presented;
/// - `expect event KIND [ROUTE]`: the step sent an event of that kind (about an entry of that route);
/// - `expect logged in` / `expect logged out`.
struct ScriptExpectation {
    /// The words after `expect`.
    let text: String

    /// What an expectation found.
    struct Outcome {
        /// The expectation as written (`expect top product`).
        let expectation: String
        /// Whether it holds.
        let holds: Bool
        /// What was found when it does not hold (or why the line is no expectation).
        let found: String

        /// `{"expect", "holds", "found"}`.
        var jsonValue: JSONValue {
            ["expect": .string(expectation), "holds": .bool(holds), "found": holds ? .null : .string(found)]
        }
    }

    /// The kinds of expectation (for the one meant when one is misspelt).
    static let kinds = ["status", "top", "stack", "tab", "layers", "event", "logged"]

    /// Checks the expectation against the step before it and the state after it.
    func check(
        step: CommandResult, events: [JSONValue], state: NavigationState, isAuthenticated: Bool
    ) -> Outcome {
        let words = text.split(separator: " ").map(String.init)
        let kind = words.first ?? ""
        let arguments = Array(words.dropFirst())
        let found: String?
        switch kind {
        case "status":
            guard arguments.count == 1 else { return malformed("expect status STATUS") }
            found =
                arguments[0] == step.status || arguments[0] == step.outcome ? nil : "\(step.status) (\(step.outcome))"
        case "top":
            guard arguments.count == 1 else { return malformed("expect top ROUTE (or none)") }
            let top = state.topEntry?.route ?? "none"
            found = top == arguments[0] ? nil : "top is \(top)"
        case "stack":
            let stack = state.currentStack.map(\.route)
            found = stack == arguments ? nil : "stack is \(stack.isEmpty ? "empty" : stack.joined(separator: " "))"
        case "tab":
            guard arguments.count == 1, let tab = Int(arguments[0]) else { return malformed("expect tab N") }
            found = tab == state.selectedTab ? nil : "tab \(state.selectedTab) is selected"
        case "layers":
            guard arguments.count == 1, let count = Int(arguments[0]) else { return malformed("expect layers N") }
            found = count == state.layers.count ? nil : "\(state.layers.count) layers"
        case "event":
            guard (1...2).contains(arguments.count) else { return malformed("expect event KIND [ROUTE]") }
            let matching = events.contains { event in
                guard event.objectValue?["kind"]?.stringValue == arguments[0] else { return false }
                guard arguments.count == 2 else { return true }
                return EventText.routes(of: event).contains(arguments[1])
            }
            found =
                matching
                ? nil : "events: \(events.isEmpty ? "none" : events.map(EventText.describe).joined(separator: ", "))"
        case "logged":
            guard arguments == ["in"] || arguments == ["out"] else { return malformed("expect logged in|out") }
            found = (arguments[0] == "in") == isAuthenticated ? nil : "logged \(isAuthenticated ? "in" : "out")"
        default:
            return Outcome(
                expectation: "expect \(text)", holds: false,
                found: "no expectation '\(kind)'" + NameSuggestion.didYouMean(kind, among: Self.kinds)
                    + " (expected \(Self.kinds.joined(separator: ", ")))")
        }
        return Outcome(expectation: "expect \(text)", holds: found == nil, found: found ?? "")
    }

    private func malformed(_ form: String) -> Outcome {
        Outcome(expectation: "expect \(text)", holds: false, found: "not an expectation: the form is '\(form)'")
    }
}

/// Events as short text: `push product#5`, `pop home#1 (left: product#5)`.
enum EventText {
    /// One event (as `NavigationEvent.jsonValue` writes it) in a few words.
    static func describe(_ event: JSONValue) -> String {
        let object = event.objectValue ?? [:]
        var text = object["kind"]?.stringValue ?? "?"
        if let entry = object["entry"], entry != .null {
            text += " \(name(entry))"
        } else if let entries = object["entries"]?.arrayValue, !entries.isEmpty {
            text += " " + entries.map(name).joined(separator: " ")
        }
        if let removed = object["removed"]?.arrayValue, !removed.isEmpty {
            text += " (left: \(removed.map(name).joined(separator: " ")))"
        }
        if let status = object["status"]?.stringValue { text += " (\(status))" }
        return text
    }

    /// The routes of the entries an event is about.
    static func routes(of event: JSONValue) -> [String] {
        let object = event.objectValue ?? [:]
        let entries = [object["entry"]].compactMap { $0 } + (object["entries"]?.arrayValue ?? [])
        return entries.compactMap { $0.objectValue?["route"]?.stringValue }
    }

    private static func name(_ entry: JSONValue) -> String {
        let object = entry.objectValue ?? [:]
        let id = object["id"].map { $0.stringValue ?? $0.jsonText } ?? "?"
        return "\(object["route"]?.stringValue ?? "?")#\(id)"
    }
}
