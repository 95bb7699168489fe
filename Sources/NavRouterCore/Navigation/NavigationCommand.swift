/// A command to a router. Each runs as a transaction: resolve, (guards), apply, events.
public enum NavigationCommand: Equatable, Sendable {
    /// Set up tabs from the registry's `root` routes (registration order), or a main stack when there are none.
    case start
    /// Set the tabs explicitly: one tab per URL (each a `root` route), selecting `selected`.
    case setTabs(urls: [String], selected: Int)
    /// Open a URL as its route's presentation says, shaped by the options.
    case navigate(url: String, options: NavigationOptions)
    /// Pop `count` entries from the current stack (never its root), handing `result` to the opener of the top one.
    case pop(count: Int, result: JSONValue?)
    /// Pop the current stack to its root.
    case popToRoot
    /// Pop the current stack down to this entry (it stays).
    case popTo(entry: EntryID)
    /// Keep the current stack's entries up to and including `index`; pop the rest (INNavigation's `popAfter`).
    case popAfter(index: Int)
    /// Replace the current stack with entries for these URLs, bottom first (INNavigation's `set(routes:)`).
    case setStack(urls: [String])
    /// Dismiss the top `count` modal layers (`Int.max`: all), handing `result` to the opener of the top layer's top
    /// entry.
    case dismiss(count: Int, result: JSONValue?)
    /// Select a tab by index.
    case selectTab(index: Int)
    /// Select the (first) tab whose root route is named `route`, looked up when the command runs (a tab set changed
    /// by a command queued before it is the one searched).
    case selectTabOfRoute(route: String)
    /// Pop, or dismiss at a modal's root (refused when that layer prevents dismissal); fails at a tab's root.
    case back
    /// The user popped entries directly (swipe back): keep `entry` as the new top of its stack.
    case userPopped(to: EntryID)
    /// The user dismissed the top `count` layers directly (sheet dragged down).
    case userDismissed(count: Int)
    /// Replace the whole state with a snapshot (JSON text), read with options (tolerant, migrated, with a deep link on
    /// top; by default, strictly and alone).
    case restore(snapshot: String, options: RestoreOptions = RestoreOptions())
    /// Change an entry in place: new path or query parameters (its URL is built again) and/or props; `nil` keeps
    /// what the entry has. Its id and view stay; the navigator gets `entryUpdated`.
    case updateEntry(id: EntryID, parameters: [String: String]?, props: [String: JSONValue]?)
    /// Keep the host's saved state (a small JSON object, `nil` to clear it) with an entry. No event: nothing
    /// visible changes.
    case setSavedState(id: EntryID, state: [String: JSONValue]?)
    /// Finish an interactive back gesture begun with `Router.beginBackGesture()`: `back`, as the user did it, with
    /// the leave guards already asked at the gesture's begin.
    case commitBackGesture(gesture: GestureID)
    /// Re-check the state against the guards: while logged out, protected entries (and what is above them) go;
    /// entries a `before` interceptor now cancels or redirects go; flows towards protected routes are cancelled.
    case refresh
    /// Resume a pending flow (an interceptor's or the login step's) with a decision.
    case resume(flow: FlowToken, decision: InterceptorDecision)
}

extension NavigationCommand {
    /// Refuses a command carrying a JSON value the library could not write and read back (built in Swift: nested
    /// deeper than `JSONValue.maxDepth`, with NUL in a string, NaN; text is refused when parsed), so that the state
    /// never holds what a snapshot could not restore; and a navigation with a negative flow deadline, as the C ABI
    /// refuses it.
    /// - Throws: `.invalidJSON` naming the value ("props: JSON nested deeper than 512 arrays and objects"),
    ///   `.invalidArgument` for the deadline.
    func checkValues() throws(NavRouterError) {
        switch self {
        case .navigate(_, let options):
            try JSONValue.checkWritable(options.props, "props")
            if let deadline = options.flowDeadline, deadline < .zero {
                throw NavRouterError(.invalidArgument, "options.flowDeadline must not be negative, not \(deadline)")
            }
        case .pop(_, let result), .dismiss(_, let result): try JSONValue.checkWritable(result, "result")
        case .updateEntry(_, _, let props): try JSONValue.checkWritable(props, "props")
        case .setSavedState(_, let state): try JSONValue.checkWritable(state, "saved state")
        case .restore(_, let options): try JSONValue.checkWritable(options.linkOptions.props, "props")
        default: break
        }
    }

    /// The command with the host's hooks it carries already run (a restore's migration hook), so that running it
    /// later, from the queue, calls no host code the call that issued it handed over; nil when it carries none (the
    /// command then stays as it is, not copied).
    func withHostHooksRun() throws(NavRouterError) -> NavigationCommand? {
        guard case .restore(let snapshot, let options) = self, options.migrate != nil else { return nil }
        return .restore(snapshot: snapshot, options: try options.migratingNow(snapshot))
    }
}
