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
    /// The whole state was restored from a snapshot: `entries` is every entry now in it; `info.dropped` lists the
    /// entries a tolerant restore left out.
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
    /// Switching tabs hid the modal layers of the tab left (`RouterOptions.modalsPerTab`): `entries` holds each
    /// hidden layer's root; `location` is that tab. Their views stay: the layers come back with their tab.
    case layersHidden = "layers_hidden"
    /// The selected tab's hidden layers are shown again: `entries` holds each layer's root, `location` the tab.
    case layersShown = "layers_shown"
    /// A navigation waits as a pending flow (`flow`), for the login step or an interceptor: `info` has `url` and
    /// `stage` (`login`, `interceptor` or `leave`). A host may show a spinner until `pendingEnded`.
    case navigationPending = "navigation_pending"
    /// A pending flow ended: `info.reason` is `resumed`, `cancelled`, `superseded`, `expired` or `logged_out`.
    case pendingEnded = "pending_ended"
    /// An entry changed in place (`Router.updateEntry`): `entry` is the entry as it is now (same id, same view).
    case entryUpdated = "entry_updated"
}

/// One visible change, reported to the host's navigator. The router never draws: the host renders these.
///
/// A value type with copy-on-write storage for everything but its kind and transition id: copying an event (into
/// a transaction's list, to the navigator, to a C box) costs one reference count, not one per field.
public struct NavigationEvent: Equatable, Sendable {
    /// The details besides kind and transition id, as plain values.
    private struct EventDetails: Equatable, Sendable {
        var entry: NavigationEntry?
        var entries: [NavigationEntry] = []
        /// A slice: a pop's removed entries share the old stack's buffer instead of a new array's.
        var removed: ArraySlice<NavigationEntry> = []
        var location: StackLocation?
        var style: ModalStyle?
        var animated = true
        var userInitiated = false
        var resultOf: EntryID?
        var result: JSONValue?
        var failure: NavRouterError?
        var flow: FlowToken?
        var ticket: Ticket?
        var preventsDismissal = false
        var info: JSONValue?
    }

    private final class Storage: CopyOnWriteStorage {
        var value: EventDetails
        /// This is `noDetails`' storage: a change makes new details, not a copy of these (copying the fields cost
        /// ~150 instructions an event, each checked and retained).
        let isShared: Bool
        init(_ value: EventDetails) { (self.value, isShared) = (value, false) }
        init(shared value: EventDetails) { (self.value, isShared) = (value, true) }
        static func unshared(_ storage: Storage) -> Storage {
            storage.isShared ? Storage(EventDetails()) : Storage(storage.value)
        }
    }

    private var details: CopyOnWrite<Storage>
    /// The details of a new event, shared until its first change (a `stateChanged` event never allocates).
    private static let noDetails = CopyOnWrite<Storage>(Storage(shared: EventDetails()))

    /// What changed.
    public var kind: NavigationEventKind
    /// The command's transition id (one per command; all of its events share it).
    public var transitionID: TransitionID
    /// The entry the event is about (pushed, presented, new top, opener of a result).
    public var entry: NavigationEntry? {
        get { details.value.entry }
        set { details.value.entry = newValue }
    }
    /// The entries of the new stack or the tabs' roots (`tabsSetUp`, `stackReplaced`, `restored`).
    public var entries: [NavigationEntry] {
        get { details.value.entries }
        set { details.value.entries = newValue }
    }
    /// Entries that left the state (`pop`, `dismiss`, `stackReplaced`); their views are released after the event.
    public var removed: [NavigationEntry] {
        get { Array(details.value.removed) }
        set { details.value.removed = newValue[...] }
    }
    /// `removed` as the slice it is kept as (a pop's entries, in the old stack's buffer): set and read without
    /// making an array (~450 instructions a pop with `removed` an array of its own).
    package var removedEntries: ArraySlice<NavigationEntry> {
        get { details.value.removed }
        set { details.value.removed = newValue }
    }
    /// Where the change happened.
    public var location: StackLocation? {
        get { details.value.location }
        set { details.value.location = newValue }
    }
    /// The modal style (`present`, `dismiss`).
    public var style: ModalStyle? {
        get { details.value.style }
        set { details.value.style = newValue }
    }
    /// Whether the host should animate (the command's `animated` option).
    public var animated: Bool {
        get { details.value.animated }
        set { details.value.animated = newValue }
    }
    /// The user made this change directly (swipe back, sheet dragged down): the host need not perform it again.
    public var userInitiated: Bool {
        get { details.value.userInitiated }
        set { details.value.userInitiated = newValue }
    }
    /// For `resultDelivered`: the entry whose result it is.
    public var resultOf: EntryID? {
        get { details.value.resultOf }
        set { details.value.resultOf = newValue }
    }
    /// For `resultDelivered`: the result (a JSON value), or `nil` when the entry closed without one.
    public var result: JSONValue? {
        get { details.value.result }
        set { details.value.result = newValue }
    }
    /// For `commandFailed`, `flowCancelled` and `guardError`: the error.
    public var failure: NavRouterError? {
        get { details.value.failure }
        set { details.value.failure = newValue }
    }
    /// For `flowCancelled`: the flow's token.
    public var flow: FlowToken? {
        get { details.value.flow }
        set { details.value.flow = newValue }
    }
    /// The ticket of a command that was queued (`Outcome.queued`): every event of its run carries it, and so does
    /// the `commandFailed` event when it fails.
    public var ticket: Ticket? {
        get { details.value.ticket }
        set { details.value.ticket = newValue }
    }
    /// For `present`: the layer may not be dismissed by the user.
    public var preventsDismissal: Bool {
        get { details.value.preventsDismissal }
        set { details.value.preventsDismissal = newValue }
    }

    /// More about the event, as JSON (see each kind): `restored`'s dropped entries, a pending flow's URL and stage,
    /// why it ended.
    public var info: JSONValue? {
        get { details.value.info }
        set { details.value.info = newValue }
    }

    /// Creates an event.
    public init(kind: NavigationEventKind, transitionID: TransitionID) {
        self.kind = kind
        self.transitionID = transitionID
        self.details = Self.noDetails
    }
}
