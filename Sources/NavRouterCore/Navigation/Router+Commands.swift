extension Router {
    /// Sets up the tabs from the registry's `root` routes (registration order), or a main stack when there are none.
    @discardableResult
    public func start() throws(NavRouterError) -> Outcome { try issue(.start) }

    /// Sets the tabs explicitly: one per URL, selecting `selected`.
    @discardableResult
    public func setTabs(_ urls: [String], selected: Int = 0) throws(NavRouterError) -> Outcome {
        try issue(.setTabs(urls: urls, selected: selected))
    }

    /// Opens a URL: pushed, presented or its tab selected as the route says, unless the options override it.
    @discardableResult
    public func navigate(_ url: consuming String, options: consuming NavigationOptions = NavigationOptions())
        throws(NavRouterError) -> Outcome
    {
        // Consumed: the command takes them over (a copy went through the runtime's generic tuple functions).
        try issue(.navigate(url: url, options: options))
    }

    /// Pushes a URL onto the current stack, whatever the route's presentation.
    @discardableResult
    public func push(_ url: String, options: NavigationOptions = NavigationOptions()) throws(NavRouterError) -> Outcome
    {
        var options = options
        options.presentation = .push
        return try issue(.navigate(url: url, options: options))
    }

    /// Presents a URL in a new modal layer.
    @discardableResult
    public func present(
        _ url: String, style: ModalStyle = .sheet, preventDismissal: Bool = false,
        options: NavigationOptions = NavigationOptions()
    )
        throws(NavRouterError) -> Outcome
    {
        var options = options
        options.presentation = .modal(style)
        options.preventDismissal = preventDismissal
        return try issue(.navigate(url: url, options: options))
    }

    /// Replaces the current stack's top entry with a URL's.
    @discardableResult
    public func replaceTop(_ url: String, options: NavigationOptions = NavigationOptions()) throws(NavRouterError)
        -> Outcome
    {
        var options = options
        options.presentation = .replaceTop
        return try issue(.navigate(url: url, options: options))
    }

    /// Pops `count` entries from the current stack, handing `result` to the opener of the top-most one expecting it.
    @discardableResult
    public func pop(_ count: Int = 1, result: JSONValue? = nil) throws(NavRouterError) -> Outcome {
        try issue(.pop(count: count, result: result))
    }

    /// Pops the current stack to its root.
    @discardableResult
    public func popToRoot() throws(NavRouterError) -> Outcome { try issue(.popToRoot) }

    /// Pops the current stack down to an entry (kept).
    @discardableResult
    public func popTo(entry: EntryID) throws(NavRouterError) -> Outcome { try issue(.popTo(entry: entry)) }

    /// Keeps the current stack's entries up to `index`; pops the rest.
    @discardableResult
    public func popAfter(index: Int) throws(NavRouterError) -> Outcome { try issue(.popAfter(index: index)) }

    /// Replaces the current stack with entries for these URLs (a tab keeps its root).
    @discardableResult
    public func setStack(_ urls: [String]) throws(NavRouterError) -> Outcome { try issue(.setStack(urls: urls)) }

    /// Dismisses the top `count` modal layers.
    @discardableResult
    public func dismiss(_ count: Int = 1, result: JSONValue? = nil) throws(NavRouterError) -> Outcome {
        try issue(.dismiss(count: count, result: result))
    }

    /// Dismisses every modal layer.
    @discardableResult
    public func dismissAll() throws(NavRouterError) -> Outcome { try issue(.dismiss(count: Int.max, result: nil)) }

    /// Selects a tab (dismissing modal layers).
    @discardableResult
    public func selectTab(_ index: Int) throws(NavRouterError) -> Outcome { try issue(.selectTab(index: index)) }

    /// Pops, or dismisses at a modal's root.
    @discardableResult
    public func back() throws(NavRouterError) -> Outcome { try issue(.back) }

    /// Reports that the user popped to `entry` directly (swipe back): the router syncs and emits events.
    @discardableResult
    public func userPopped(to entry: EntryID) throws(NavRouterError) -> Outcome { try issue(.userPopped(to: entry)) }

    /// Reports that the user dismissed the top `count` layers directly (sheet dragged down).
    @discardableResult
    public func userDismissed(_ count: Int = 1) throws(NavRouterError) -> Outcome {
        try issue(.userDismissed(count: count))
    }

    /// Replaces the whole state with a snapshot; a bad one is refused and the state kept.
    @discardableResult
    public func restore(_ snapshot: String) throws(NavRouterError) -> Outcome {
        try issue(.restore(snapshot: snapshot))
    }

    /// Replaces the whole state with a snapshot read with options: tolerant (drop what no longer fits, listed in the
    /// `restored` event's `info.dropped`), migrated by a hook, and with a deep link applied on top in the same
    /// transaction (see `RestoreOptions`).
    @discardableResult
    public func restore(_ snapshot: String, options: RestoreOptions) throws(NavRouterError) -> Outcome {
        try issue(.restore(snapshot: snapshot, options: options))
    }

    /// Changes an entry in place (see `NavigationCommand.updateEntry`): new parameters (its URL is built again)
    /// and/or props; its id and view stay, and the navigator gets `entryUpdated`.
    @discardableResult
    public func updateEntry(
        _ entry: EntryID, parameters: [String: String]? = nil, props: [String: JSONValue]? = nil
    ) throws(NavRouterError) -> Outcome {
        try issue(.updateEntry(id: entry, parameters: parameters, props: props))
    }

    /// Keeps the host's saved state for an entry (a small JSON object; `nil` clears it). It is in snapshots and
    /// comes back with the entry after a restore. No event.
    @discardableResult
    public func setSavedState(_ state: [String: JSONValue]?, for entry: EntryID) throws(NavRouterError) -> Outcome {
        try issue(.setSavedState(id: entry, state: state))
    }
}
