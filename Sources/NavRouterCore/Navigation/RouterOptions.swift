/// What `back` does at the root of a tab (React Navigation's `backBehavior`).
public enum TabBackBehavior: String, Sendable, CaseIterable {
    /// Nothing: `back` at a tab's root fails (`.notFound`).
    case none
    /// Back to the first tab, unless it is the selected one.
    case initialTab = "initial"
    /// Back to the tab before the selected one, in tab order.
    case order
    /// Back to the tab the user came from, through every tab visited in turn (each visit counted once).
    case history
}

/// A router's behaviour, beyond each command's options. Every option defaults to the router's behaviour without it.
public struct RouterOptions: Equatable, Sendable {
    /// What `back` does at a tab's root.
    public var backBehavior: TabBackBehavior = .none
    /// Selecting the tab that is already selected pops it to its root (iOS tab bars, Material bottom navigation).
    public var reselectPopsToRoot = false
    /// Modal layers belong to the tab that presented them: switching tabs hides them (`layersHidden`), and they come
    /// back with their tab (`layersShown`). Off: switching tabs dismisses every layer.
    public var modalsPerTab = false
    /// A push while a modal layer is shown dismisses every layer first and pushes onto the selected tab (Router's
    /// seed behaviour). Off: the push goes onto the top layer's stack.
    public var pushDismissesModals = false
    /// A new navigation the host issues supersedes the router's pending flows: their tokens become stale, and the
    /// navigator gets `flowCancelled` and `pendingEnded` for each (so that a flow held for an onboarding screen does
    /// not land on top of where the user went since). On by default.
    public var supersedePendingFlows = true
    /// How long a pending flow may wait before it is cancelled (`pendingEnded` with reason `expired`), unless a
    /// navigation sets its own (`NavigationOptions.flowDeadline`); nil: no limit. Expired flows are dropped when
    /// the router next runs a command or is asked for its flows (`expireFlows()`). A negative deadline counts as
    /// zero.
    public var flowDeadline: Duration?
    /// Record every command, its outcome, its events and the state after it (`Router.transactionLog`). The log
    /// grows with every command until `Router.clearTransactionLog()`: turn it on for a session to reproduce, a test
    /// or a bug report, not for the life of an app.
    public var recordsLog = false
    /// Flow tokens from this seed (a replayed log then issues the same tokens); nil: random tokens.
    public var flowTokenSeed: UInt64?

    /// Default options.
    public init() {}

    /// Options built in place: `RouterOptions { $0.backBehavior = .history }`.
    public init(_ configure: (inout RouterOptions) -> Void) {
        configure(&self)
    }
}

extension RestoreOptions: Equatable {
    /// Equal options: the same mode and link, and both with or both without a migration hook (closures have no
    /// equality).
    public static func == (lhs: RestoreOptions, rhs: RestoreOptions) -> Bool {
        lhs.tolerant == rhs.tolerant && lhs.link == rhs.link && lhs.linkOptions == rhs.linkOptions
            && (lhs.migrate == nil) == (rhs.migrate == nil)
    }
}

extension RouterOptions {
    /// The options as JSON: `back_behavior` (`none`, `initial`, `order`, `history`), `reselect_pops_to_root`,
    /// `modals_per_tab`, `push_dismisses_modals`, `supersede_pending_flows`, `flow_deadline_ms` (null: none),
    /// `records_log`, `flow_token_seed` (null: random tokens).
    public var jsonValue: JSONValue {
        .object([
            "back_behavior": .string(backBehavior.rawValue), "reselect_pops_to_root": .bool(reselectPopsToRoot),
            "modals_per_tab": .bool(modalsPerTab), "push_dismisses_modals": .bool(pushDismissesModals),
            "supersede_pending_flows": .bool(supersedePendingFlows),
            "flow_deadline_ms": flowDeadline.map { .integer($0.deadlineMilliseconds) } ?? .null,
            "records_log": .bool(recordsLog),
            "flow_token_seed": flowTokenSeed.map { .integer(Int64(bitPattern: $0)) } ?? .null,
        ])
    }

    /// Reads options from JSON (`jsonValue`'s fields; absent ones keep their defaults).
    /// - Throws: `.invalidJSON` naming the field that is wrong.
    public init(json: JSONValue) throws(NavRouterError) {
        let fields = try JSONObjectReader(
            json, at: "options",
            known: [
                "back_behavior", "reselect_pops_to_root", "modals_per_tab", "push_dismisses_modals",
                "supersede_pending_flows", "flow_deadline_ms", "records_log", "flow_token_seed",
            ])
        self.init()
        if let name = try fields.optionalString("back_behavior") {
            guard let behavior = TabBackBehavior(rawValue: name) else {
                throw NavRouterError(
                    .invalidJSON, "options.back_behavior: must be none, initial, order or history, not '\(name)'")
            }
            backBehavior = behavior
        }
        reselectPopsToRoot = try fields.bool("reselect_pops_to_root", absent: false)
        modalsPerTab = try fields.bool("modals_per_tab", absent: false)
        pushDismissesModals = try fields.bool("push_dismisses_modals", absent: false)
        supersedePendingFlows = try fields.bool("supersede_pending_flows", absent: true)
        if fields.optional("flow_deadline_ms") != nil, let milliseconds = try fields.nullableInteger("flow_deadline_ms")
        {
            guard milliseconds >= 0 else {
                throw NavRouterError(.invalidJSON, "options.flow_deadline_ms: must not be negative")
            }
            flowDeadline = .milliseconds(milliseconds)
        }
        recordsLog = try fields.bool("records_log", absent: false)
        if fields.optional("flow_token_seed") != nil, let seed = try fields.nullableInteger("flow_token_seed") {
            flowTokenSeed = UInt64(bitPattern: seed)
        }
    }
}
