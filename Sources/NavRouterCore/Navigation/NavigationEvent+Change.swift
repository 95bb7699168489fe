/// A navigation event as an enum with payloads: each case carries exactly what that kind of change has, so a Swift
/// host switches over it instead of knowing which of the flat event's optional fields to read. The flat
/// `NavigationEvent` stays what the C layer and the bindings read.
///
/// ```swift
/// router.navigator = { event in
///     switch event.change {
///     case .push(let entry, _): show(entry)
///     case .pop(let newTop, let removed, _, _): hide(removed, revealing: newTop)
///     case .present(let root, _, let style, _): present(root, style)
///     default: break
///     }
///     return true
/// }
/// ```
public enum NavigationChange: Equatable, Sendable {
    /// Tabs were set up: each tab's root, in tab order; the selected tab; the entries that left.
    case tabsSetUp(roots: [NavigationEntry], selected: Int?, removed: [NavigationEntry])
    /// An entry was pushed onto a stack.
    case push(NavigationEntry, at: StackLocation)
    /// Entries were popped from a stack, leaving `newTop` on it (by the user, as reported, or by a command).
    case pop(newTop: NavigationEntry?, removed: [NavigationEntry], at: StackLocation, userInitiated: Bool)
    /// A modal layer was presented with this root entry.
    case present(NavigationEntry, layer: Int, style: ModalStyle, preventsDismissal: Bool)
    /// A modal layer was dismissed with its entries; `newTop` is the top entry of all now.
    case dismiss(newTop: NavigationEntry?, removed: [NavigationEntry], layer: Int, userInitiated: Bool)
    /// A stack was replaced as a whole.
    case stackReplaced(stack: [NavigationEntry], removed: [NavigationEntry], at: StackLocation)
    /// A tab was selected; `top` is its top entry.
    case tabSelected(index: Int, top: NavigationEntry?)
    /// The opener receives the result of the entry that left (or none).
    case resultDelivered(to: NavigationEntry, from: EntryID?, result: JSONValue?)
    /// The whole state was restored; `info` lists what a tolerant restore dropped.
    case restored(entries: [NavigationEntry], info: JSONValue?)
    /// A queued command failed when it ran.
    case commandFailed(ticket: Ticket?, error: NavRouterError)
    /// A pending flow was dropped.
    case flowCancelled(flow: FlowToken, error: NavRouterError)
    /// The command changed the state (once per command, after the others).
    case stateChanged
    /// An interceptor answered what its phase cannot carry out; the command's outcome stands.
    case guardError(NavRouterError)
    /// Switching tabs hid the modal layers of the tab left (modals per tab): their roots.
    case layersHidden(tab: Int, roots: [NavigationEntry])
    /// The selected tab's hidden layers are shown again: their roots.
    case layersShown(tab: Int, roots: [NavigationEntry])
    /// A navigation waits as a pending flow (show a spinner): its URL and stage (`login`, `interceptor`, `leave`).
    case navigationPending(flow: FlowToken, url: String?, stage: String)
    /// A pending flow ended: `resumed`, `cancelled`, `superseded`, `expired` or `logged_out`.
    case pendingEnded(flow: FlowToken, reason: String)
    /// An entry changed in place (same id, same view).
    case entryUpdated(NavigationEntry)
}

extension NavigationEvent {
    /// The event as a `NavigationChange`: its kind with exactly that kind's payload.
    public var change: NavigationChange {
        let tabIndex: Int? = if case .tab(let index)? = location { index } else { nil }
        let layerIndex: Int = if case .layer(let index)? = location { index } else { 0 }
        let here = location ?? .tab(0)
        let unknown = NavRouterError(.invalidArgument, "no error was recorded")
        switch kind {
        case .tabsSetUp: return .tabsSetUp(roots: entries, selected: tabIndex, removed: removed)
        case .push:
            guard let entry else { return .stateChanged }
            return .push(entry, at: here)
        case .pop: return .pop(newTop: entry, removed: removed, at: here, userInitiated: userInitiated)
        case .present:
            guard let entry else { return .stateChanged }
            return .present(entry, layer: layerIndex, style: style ?? .sheet, preventsDismissal: preventsDismissal)
        case .dismiss:
            return .dismiss(newTop: entry, removed: removed, layer: layerIndex, userInitiated: userInitiated)
        case .stackReplaced: return .stackReplaced(stack: entries, removed: removed, at: here)
        case .tabSelected: return .tabSelected(index: tabIndex ?? 0, top: entry)
        case .resultDelivered:
            guard let entry else { return .stateChanged }
            return .resultDelivered(to: entry, from: resultOf, result: result)
        case .restored: return .restored(entries: entries, info: info)
        case .commandFailed: return .commandFailed(ticket: ticket, error: failure ?? unknown)
        case .flowCancelled: return .flowCancelled(flow: flow ?? 0, error: failure ?? unknown)
        case .stateChanged: return .stateChanged
        case .guardError: return .guardError(failure ?? unknown)
        case .layersHidden: return .layersHidden(tab: tabIndex ?? 0, roots: entries)
        case .layersShown: return .layersShown(tab: tabIndex ?? 0, roots: entries)
        case .navigationPending:
            let object = info?.objectValue
            return .navigationPending(
                flow: flow ?? 0, url: object?["url"]?.stringValue, stage: object?["stage"]?.stringValue ?? "")
        case .pendingEnded:
            return .pendingEnded(flow: flow ?? 0, reason: info?.objectValue?["reason"]?.stringValue ?? "")
        case .entryUpdated:
            guard let entry else { return .stateChanged }
            return .entryUpdated(entry)
        }
    }
}
