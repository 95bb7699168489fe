/// What kind of visible change an event reports.
public enum NavigationEventKind: String, Sendable, CaseIterable {
    /// Tabs were set up: `entries` holds each tab's root entry, in tab order.
    case tabsSetUp = "tabs_set_up"
    /// `entry` was pushed onto the stack at `location`.
    case push
    /// `removed` entries were popped from the stack at `location`; `entry` is its new top.
    case pop
    /// A modal layer (`location`, `style`) was presented with `entry` as its root.
    case present
    /// The modal layer at `location` was dismissed with its `removed` entries; `entry` is the new top of all.
    case dismiss
    /// The stack at `location` was replaced: `entries` is the new stack, `removed` what left.
    case stackReplaced = "stack_replaced"
    /// The tab at `location` was selected; `entry` is its top.
    case tabSelected = "tab_selected"
    /// `entry` (the opener) receives the result of `resultOf`: `result` (JSON) or none.
    case resultDelivered = "result_delivered"
    /// The whole state was restored from a snapshot: `entries` is every entry now in it.
    case restored
    /// A queued command failed when it ran: `failure` says why. (A command that is not queued reports its
    /// failure to its caller instead.)
    case commandFailed = "command_failed"
    /// A pending flow was dropped (cancelled by its interceptor, login failed, logged out): `failure` says why.
    case flowCancelled = "flow_cancelled"
    /// Sent once after each command that changed the state, after the change is committed.
    case stateChanged = "state_changed"
}

/// One visible change, reported to the host's navigator. The router never draws: the host renders these.
public struct NavigationEvent: Equatable, Sendable {
    /// What changed.
    public var kind: NavigationEventKind
    /// The command's transition id (one per command; all of its events share it).
    public var transitionID: UInt64
    /// The entry the event is about (pushed, presented, new top, opener of a result).
    public var entry: NavigationEntry?
    /// The entries of the new stack or the tabs' roots (`tabsSetUp`, `stackReplaced`, `restored`).
    public var entries: [NavigationEntry] = []
    /// Entries that left the state (`pop`, `dismiss`, `stackReplaced`); their views are released after the event.
    public var removed: [NavigationEntry] = []
    /// Where the change happened.
    public var location: StackLocation?
    /// The modal style (`present`, `dismiss`).
    public var style: ModalStyle?
    /// Whether the host should animate (the command's `animated` option).
    public var animated: Bool = true
    /// The user made this change directly (swipe back, sheet dragged down): the host need not perform it again.
    public var userInitiated: Bool = false
    /// For `resultDelivered`: the entry whose result it is.
    public var resultOf: EntryID?
    /// For `resultDelivered`: the result (a JSON value), or `nil` when the entry closed without one.
    public var result: JSONValue?
    /// For `commandFailed` and `flowCancelled`: the error.
    public var failure: NavRouterError?
    /// For `flowCancelled`: the flow's token.
    public var flow: UInt64?

    /// Creates an event.
    public init(kind: NavigationEventKind, transitionID: UInt64) {
        self.kind = kind
        self.transitionID = transitionID
    }
}
