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
    /// An interceptor answered what its phase cannot carry out (an `after` interceptor's cancel or pending):
    /// `failure` says which interceptor and why. The command's outcome stands.
    case guardError = "guard_error"
}

/// One visible change, reported to the host's navigator. The router never draws: the host renders these.
///
/// A value type with copy-on-write storage for everything but its kind and transition id: copying an event (into
/// a transaction's list, to the navigator, to a C box) costs one reference count, not one per field.
public struct NavigationEvent: Equatable, Sendable {
    /// The fields besides kind and transition id, as plain values.
    private struct Fields: Equatable, Sendable {
        var entry: NavigationEntry?
        var entries: [NavigationEntry] = []
        var removed: [NavigationEntry] = []
        var location: StackLocation?
        var style: ModalStyle?
        var animated = true
        var userInitiated = false
        var resultOf: EntryID?
        var result: JSONValue?
        var failure: NavRouterError?
        var flow: UInt64?
        var ticket: UInt64?
        var preventsDismissal = false
    }

    private final class Storage: CopyOnWriteStorage {
        var value: Fields
        init(_ value: Fields) { self.value = value }
    }

    private var fields: CopyOnWrite<Storage>
    /// The fields of a new event, shared until its first change (a `stateChanged` event never allocates).
    private static let noFields = CopyOnWrite<Storage>(Fields())

    /// What changed.
    public var kind: NavigationEventKind
    /// The command's transition id (one per command; all of its events share it).
    public var transitionID: UInt64
    /// The entry the event is about (pushed, presented, new top, opener of a result).
    public var entry: NavigationEntry? {
        get { fields.value.entry }
        set { fields.value.entry = newValue }
    }
    /// The entries of the new stack or the tabs' roots (`tabsSetUp`, `stackReplaced`, `restored`).
    public var entries: [NavigationEntry] {
        get { fields.value.entries }
        set { fields.value.entries = newValue }
    }
    /// Entries that left the state (`pop`, `dismiss`, `stackReplaced`); their views are released after the event.
    public var removed: [NavigationEntry] {
        get { fields.value.removed }
        set { fields.value.removed = newValue }
    }
    /// Where the change happened.
    public var location: StackLocation? {
        get { fields.value.location }
        set { fields.value.location = newValue }
    }
    /// The modal style (`present`, `dismiss`).
    public var style: ModalStyle? {
        get { fields.value.style }
        set { fields.value.style = newValue }
    }
    /// Whether the host should animate (the command's `animated` option).
    public var animated: Bool {
        get { fields.value.animated }
        set { fields.value.animated = newValue }
    }
    /// The user made this change directly (swipe back, sheet dragged down): the host need not perform it again.
    public var userInitiated: Bool {
        get { fields.value.userInitiated }
        set { fields.value.userInitiated = newValue }
    }
    /// For `resultDelivered`: the entry whose result it is.
    public var resultOf: EntryID? {
        get { fields.value.resultOf }
        set { fields.value.resultOf = newValue }
    }
    /// For `resultDelivered`: the result (a JSON value), or `nil` when the entry closed without one.
    public var result: JSONValue? {
        get { fields.value.result }
        set { fields.value.result = newValue }
    }
    /// For `commandFailed`, `flowCancelled` and `guardError`: the error.
    public var failure: NavRouterError? {
        get { fields.value.failure }
        set { fields.value.failure = newValue }
    }
    /// For `flowCancelled`: the flow's token.
    public var flow: UInt64? {
        get { fields.value.flow }
        set { fields.value.flow = newValue }
    }
    /// The ticket of a command that was queued (`Outcome.queued`): every event of its run carries it, and so does
    /// the `commandFailed` event when it fails.
    public var ticket: UInt64? {
        get { fields.value.ticket }
        set { fields.value.ticket = newValue }
    }
    /// For `present`: the layer may not be dismissed by the user.
    public var preventsDismissal: Bool {
        get { fields.value.preventsDismissal }
        set { fields.value.preventsDismissal = newValue }
    }

    /// Creates an event.
    public init(kind: NavigationEventKind, transitionID: UInt64) {
        self.kind = kind
        self.transitionID = transitionID
        self.fields = Self.noFields
    }
}
