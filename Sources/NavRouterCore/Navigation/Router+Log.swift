/// What replaying a transaction log found (`Router.replay(_:)`).
public struct ReplayReport: Equatable, Sendable {
    /// How many logged commands were run.
    public let steps: Int
    /// The first step whose outcome or state differed from the log's, with what was expected and what came; nil
    /// when every step agreed.
    public let divergence: Divergence?

    /// Where a replay first differed from its log.
    public struct Divergence: Equatable, Sendable {
        /// The logged step's `seq`.
        public let seq: Int
        /// What differs: `outcome` or `state`.
        public let field: String
        /// The log's value.
        public let expected: JSONValue
        /// The replay's value.
        public let actual: JSONValue
    }

    /// The report as JSON: `steps`, `divergence` (`seq`, `field`, `expected`, `actual`) or null.
    public var jsonValue: JSONValue {
        .object([
            "steps": .integer(Int64(steps)),
            "divergence": divergence.map {
                .object([
                    "seq": .integer(Int64($0.seq)), "field": .string($0.field), "expected": $0.expected,
                    "actual": $0.actual,
                ])
            } ?? .null,
        ])
    }
}

extension Router {
    /// The part of `Router.Control` that keeps the transaction log (`RouterOptions.recordsLog`).
    struct LogBook {
        /// One JSON object per command.
        var log: [JSONValue] = []
        /// The snapshot JSON of each entry in the state as the log last wrote it: an entry unchanged since is written
        /// as the same value, so the states of the log share their entries instead of each holding a copy.
        var loggedEntries: [EntryID: (entry: NavigationEntry, json: JSONValue)] = [:]
        /// The events of the command being recorded.
        var recording: [JSONValue]?
        /// The transition number the command being recorded began at (numbers spent between steps, by events the
        /// log does not hold, are not spent again by a replay).
        var recordingTransition: UInt64 = 0
        /// Where the log starts (the state and counters before its first command), written into its first step.
        var logStart: JSONValue?
        /// A replay runs: a command a callback issues is not run (the log holds it as a step of its own).
        var replaying = false
    }

    /// The transaction log (`RouterOptions.recordsLog`): per command, in the order they ran, `{"seq", "command",
    /// "outcome" | "error", "events", "state", "transition"}` — the command as `NavigationCommand.jsonValue` writes
    /// it, its outcome (`status`: applied, queued, pending or handled, and `id`) or error (`status`, `message`), the
    /// events the navigator got while it ran (views left out), the state after it as a snapshot, and the next
    /// transition number when it began (events between commands, as a queued command's `commandFailed` or an
    /// expired flow's, spend numbers of their own).
    public var transactionLog: [JSONValue] { control.withLock { $0.logBook.log } }

    /// The transaction log as JSON lines (one object per line), as `replay(_:)` reads it.
    public var transactionLogLines: String { transactionLog.map(\.jsonText).joined(separator: "\n") }

    /// Empties the transaction log (the next command logged starts it again, from the state as it is then).
    public func clearTransactionLog() {
        control.withLock { control in
            control.logBook.log = []
            control.logBook.loggedEntries = [:]
            control.logBook.logStart = nil
        }
    }

    /// Runs the commands of a transaction log (JSON lines) on this router, comparing each outcome and each state
    /// with the log's. Give the router the same registry, handlers, guards and options (the same
    /// `flowTokenSeed`, so that logged flow tokens resume the same flows) as the router that wrote the log. The log's
    /// first step carries the state the log started from (`start`): a router in another state is first restored to
    /// it, so a log begun in the middle of a session replays on a fresh router. Back gestures begun and cancelled are
    /// steps of their own (`begin_back_gesture`, `cancel_back_gesture`).
    ///
    /// Each step runs alone, as it ran: a command that a callback issues during a step (an `after` interceptor's
    /// redirect, a navigator's command) is answered `queued` and not run, since the log holds it as the step it
    /// became; and the replay does not wait for the host between steps (the host's finished transitions are not in
    /// the log), whatever the transition mode.
    /// - Throws: `.invalidJSON` for a line that is not a logged command.
    public func replay(_ lines: String) throws(NavRouterError) -> ReplayReport {
        control.withLock { $0.logBook.replaying = true }
        defer { control.withLock { $0.logBook.replaying = false } }
        var steps = 0
        for (number, line) in lines.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            let step = try JSONObjectReader(
                try JSONValue.parseDocument(String(line)), at: "line \(number + 1)",
                known: ["seq", "command", "outcome", "error", "events", "state", "start", "transition"])
            let seq = Int(clamping: try step.integer("seq"))
            guard let commandJSON = step.optional("command") else {
                throw NavRouterError(.invalidJSON, "\(step.path(of: "command")): missing")
            }
            if number == 0, let start = step.optional("start") { try replayStart(start, at: step.path(of: "start")) }
            if step.optional("transition") != nil {
                // The flows past their deadline expire first, as they did before the step began to be recorded.
                expireFlows()
                let transition = UInt64(clamping: try step.integer("transition"))
                control.withLock { $0.transitions.nextTransition = max(transition, 1) }
            }
            let expected = step.optional("outcome") ?? step.optional("error") ?? .null
            let actual = try replayStep(commandJSON)
            steps += 1
            if actual != expected {
                return ReplayReport(
                    steps: steps,
                    divergence: .init(seq: seq, field: "outcome", expected: expected, actual: actual))
            }
            if let expectedState = step.optional("state") {
                let actualState = NavigationSnapshot.jsonValue(state, views: false)
                if actualState != expectedState {
                    return ReplayReport(
                        steps: steps,
                        divergence: .init(seq: seq, field: "state", expected: expectedState, actual: actualState))
                }
            }
        }
        return ReplayReport(steps: steps, divergence: nil)
    }

    /// A logged step: a command, or a back gesture begun or cancelled.
    private enum LoggedStep {
        case command(NavigationCommand)
        case beginBackGesture
        case cancelBackGesture(GestureID)

        /// Reads a step's `command`.
        /// - Throws: `.invalidJSON` for what is not a logged step.
        init(json: JSONValue) throws(NavRouterError) {
            switch json.objectValue?["command"]?.stringValue {
            case "begin_back_gesture":
                _ = try JSONObjectReader(json, at: "command", known: ["command"])
                self = .beginBackGesture
            case "cancel_back_gesture":
                let fields = try JSONObjectReader(json, at: "command", known: ["command", "gesture"])
                self = .cancelBackGesture(GestureID(UInt64(clamping: try fields.integer("gesture"))))
            default:
                self = .command(try NavigationCommand(json: json))
            }
        }
    }

    /// Runs one logged step.
    /// - Returns: its outcome or error as the log writes it.
    /// - Throws: `.invalidJSON` for what is not a logged step.
    private func replayStep(_ commandJSON: JSONValue) throws(NavRouterError) -> JSONValue {
        let step = try LoggedStep(json: commandJSON)
        do throws(NavRouterError) {
            switch step {
            case .beginBackGesture: return Self.gestureJSON(try beginBackGesture().gesture)
            case .cancelBackGesture(let gesture):
                try cancelBackGesture(gesture)
                return Self.outcomeJSON(.applied(transition: nil))
            case .command(let command): return Self.outcomeJSON(try perform(command, urgent: true))
            }
        } catch {
            return Self.errorJSON(error)
        }
    }

    /// Brings the router to where a log started: its state (restored, unless the router is in it already, or the log
    /// began on a router not yet started) and its counters (transitions, gestures, seeded flow tokens).
    private func replayStart(_ start: JSONValue, at path: String) throws(NavRouterError) {
        let fields = try JSONObjectReader(
            start, at: path, known: ["state", "started", "next_transition", "next_gesture", "token_state"])
        guard let state = fields.optional("state") else { throw NavRouterError(.invalidJSON, "\(path).state: missing") }
        let (current, started) = control.withLock { ($0.state, $0.started) }
        if try fields.bool("started"), !started || NavigationSnapshot.jsonValue(current, views: false) != state {
            _ = try perform(.restore(snapshot: state.jsonText), urgent: true)
        }
        let transition = UInt64(clamping: try fields.integer("next_transition"))
        let gesture = UInt64(clamping: try fields.integer("next_gesture"))
        let tokens = UInt64(bitPattern: try fields.integer("token_state"))
        control.withLock { control in
            if control.transitions.nextTransition <= transition { control.transitions.nextTransition = transition }
            control.gestures.nextGesture = gesture
            control.flowBook.tokenState = tokens
        }
    }

    /// Starts recording a command's events, if the log is on. The log's first command also records where the log
    /// starts.
    func beginRecording() -> Bool {
        if !recordsLog.load(ordering: .acquiring) { return false }  // the usual case: no lock taken
        return control.withLock { control in
            guard control.options.recordsLog else { return false }
            control.logBook.recording = []
            control.logBook.recordingTransition = control.transitions.nextTransition
            if control.logBook.log.isEmpty && control.logBook.logStart == nil {
                control.logBook.logStart = .object([
                    "state": NavigationSnapshot.jsonValue(control.state, views: false),
                    "started": .bool(control.started),
                    "next_transition": .integer(Int64(clamping: control.transitions.nextTransition)),
                    "next_gesture": .integer(Int64(clamping: control.gestures.nextGesture)),
                    "token_state": .integer(Int64(bitPattern: control.flowBook.tokenState)),
                ])
            }
            return true
        }
    }

    /// Records a back gesture's cancel as a step of the log, if the log is on (it runs no command).
    func recordGestureCancel(_ gesture: GestureID, _ result: Result<Void, NavRouterError>) {
        guard beginRecording() else { return }
        let outcome: Result<JSONValue, NavRouterError> = result.map { Self.outcomeJSON(.applied(transition: nil)) }
        endRecording(.object(["command": .string("cancel_back_gesture"), "gesture": gesture.jsonValue]), outcome)
    }

    /// A begun gesture as the log writes it.
    static func gestureJSON(_ gesture: GestureID) -> JSONValue {
        .object(["status": .string("applied"), "id": gesture.jsonValue])
    }

    /// Records an event the navigator gets, if a command is being recorded.
    func record(_ event: NavigationEvent) {
        control.withLock { control in
            guard control.logBook.recording != nil else { return }
            control.logBook.recording!.append(Self.withoutViews(event.jsonValue))
        }
    }

    /// Ends recording a command: appends its step to the log.
    func endRecording(_ command: NavigationCommand, _ result: Result<Outcome, NavRouterError>) {
        endRecording(Self.loggedJSON(command), result.map(Self.outcomeJSON))
    }

    /// A command as the log writes it: a restore whose migration hook ran holds the snapshot the hook made, and no
    /// hook (host code, which a log cannot hold). The hook is not called again: the command `perform` ran holds its
    /// answer (`withHostHooksRun`).
    static func loggedJSON(_ command: NavigationCommand) -> JSONValue {
        guard case .restore(let snapshot, var options) = command, let migrate = options.migrate,
            let json = try? JSONValue.parseDocument(snapshot), let migrated = try? migrate(json)
        else { return command.jsonValue }
        options.migrate = nil
        return NavigationCommand.restore(snapshot: migrated.jsonText, options: options).jsonValue
    }

    /// Ends recording a step (a command, or a gesture's begin or cancel) with its outcome as the log writes it.
    func endRecording(_ command: JSONValue, _ result: Result<JSONValue, NavRouterError>) {
        let outcome: (key: String, value: JSONValue)
        switch result {
        case .success(let value): outcome = ("outcome", value)
        case .failure(let error): outcome = ("error", Self.errorJSON(error))
        }
        control.withLock { control in
            let events = control.logBook.recording ?? []
            control.logBook.recording = nil
            let logged = control.logBook.loggedEntries
            var now: [EntryID: (entry: NavigationEntry, json: JSONValue)] = [:]
            let state = NavigationSnapshot.jsonValue(control.state) { entry in
                let json: JSONValue
                if let known = logged[entry.id], known.entry == entry {
                    json = known.json
                } else {
                    json = .object(entry.snapshotFields)
                }
                now[entry.id] = (entry, json)
                return json
            }
            control.logBook.loggedEntries = now
            var step: [String: JSONValue] = [
                "seq": .integer(Int64(control.logBook.log.count + 1)), "command": command, outcome.key: outcome.value,
                "events": .array(events), "state": state,
                "transition": .integer(Int64(clamping: control.logBook.recordingTransition)),
            ]
            if control.logBook.log.isEmpty, let start = control.logBook.logStart { step["start"] = start }
            control.logBook.logStart = nil
            control.logBook.log.append(.object(step))
        }
    }

    /// An outcome as JSON: `status` and `id`.
    static func outcomeJSON(_ outcome: Outcome) -> JSONValue {
        switch outcome {
        case .applied(let transition):
            return .object(["status": .string("applied"), "id": transition.map(\.jsonValue) ?? .integer(0)])
        case .queued(let ticket):
            return .object(["status": .string("queued"), "id": ticket.jsonValue])
        case .pending(let flow): return .object(["status": .string("pending"), "id": flow.jsonValue])
        case .handled: return .object(["status": .string("handled"), "id": .integer(0)])
        }
    }

    /// An error as JSON: `status` and `message`.
    static func errorJSON(_ error: NavRouterError) -> JSONValue {
        .object(["status": .string(error.code.cName), "message": .string(error.message)])
    }

    /// The JSON without any `view` member (views are the host's pointers: they differ from run to run).
    private static func withoutViews(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            var kept: [String: JSONValue] = [:]
            for (key, member) in members where key != "view" { kept[key] = withoutViews(member) }
            return .object(kept)
        case .array(let items): return .array(items.map(withoutViews))
        default: return value
        }
    }
}
