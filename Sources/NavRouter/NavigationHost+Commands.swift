import NavRouterCore

// The router's commands as `async` methods of the host: each returns when the host has finished its transition
// (see `NavigationHost.perform(_:)`).
extension NavigationHost {
    /// Sets up the tabs from the registry's root routes (see `Router.start()`).
    @discardableResult
    public func start() async throws(NavRouterError) -> Router.Outcome { try await perform(.start) }

    /// Opens a URL as its route says, unless the options override it (see `Router.navigate(_:options:)`).
    @discardableResult
    public func navigate(_ url: String, options: NavigationOptions = NavigationOptions()) async throws(NavRouterError)
        -> Router.Outcome
    {
        try await perform(.navigate(url: url, options: options))
    }

    /// Opens a URL with `Codable` props (see `NavigationOptions.setProps(_:)`).
    @discardableResult
    public func navigate(_ url: String, props: some Encodable, options: NavigationOptions = NavigationOptions())
        async throws(NavRouterError) -> Router.Outcome
    {
        var options = options
        try options.setProps(props)
        return try await perform(.navigate(url: url, options: options))
    }

    /// Pushes a URL onto the current stack.
    @discardableResult
    public func push(_ url: String, options: NavigationOptions = NavigationOptions()) async throws(NavRouterError)
        -> Router.Outcome
    {
        var options = options
        options.presentation = .push
        return try await perform(.navigate(url: url, options: options))
    }

    /// Presents a URL in a new modal layer.
    @discardableResult
    public func present(
        _ url: String, style: ModalStyle = .sheet, preventDismissal: Bool = false,
        options: NavigationOptions = NavigationOptions()
    ) async throws(NavRouterError) -> Router.Outcome {
        var options = options
        options.presentation = .modal(style)
        options.preventDismissal = preventDismissal
        return try await perform(.navigate(url: url, options: options))
    }

    /// Replaces the current stack's top entry with a URL's.
    @discardableResult
    public func replaceTop(_ url: String, options: NavigationOptions = NavigationOptions())
        async throws(NavRouterError) -> Router.Outcome
    {
        var options = options
        options.presentation = .replaceTop
        return try await perform(.navigate(url: url, options: options))
    }

    /// Pops `count` entries, handing `result` to the opener expecting one.
    @discardableResult
    public func pop(_ count: Int = 1, result: JSONValue? = nil) async throws(NavRouterError) -> Router.Outcome {
        try await perform(.pop(count: count, result: result))
    }

    /// Pops the current stack to its root.
    @discardableResult
    public func popToRoot() async throws(NavRouterError) -> Router.Outcome { try await perform(.popToRoot) }

    /// Pops the current stack down to an entry (kept).
    @discardableResult
    public func popTo(entry: NavigationEntry.ID) async throws(NavRouterError) -> Router.Outcome {
        try await perform(.popTo(entry: entry))
    }

    /// Replaces the current stack with entries for these URLs (a tab keeps its root).
    @discardableResult
    public func setStack(_ urls: [String]) async throws(NavRouterError) -> Router.Outcome {
        try await perform(.setStack(urls: urls))
    }

    /// Dismisses the top `count` modal layers.
    @discardableResult
    public func dismiss(_ count: Int = 1, result: JSONValue? = nil) async throws(NavRouterError) -> Router.Outcome {
        try await perform(.dismiss(count: count, result: result))
    }

    /// Dismisses every modal layer.
    @discardableResult
    public func dismissAll() async throws(NavRouterError) -> Router.Outcome {
        try await perform(.dismiss(count: Int.max, result: nil))
    }

    /// Selects a tab (dismissing modal layers).
    @discardableResult
    public func selectTab(_ index: Int) async throws(NavRouterError) -> Router.Outcome {
        try await perform(.selectTab(index: index))
    }

    /// Pops, or dismisses at a modal's root.
    @discardableResult
    public func back() async throws(NavRouterError) -> Router.Outcome { try await perform(.back) }

    /// Reports that the user dismissed the top `count` layers directly (sheet dragged down).
    @discardableResult
    public func userDismissed(_ count: Int = 1) async throws(NavRouterError) -> Router.Outcome {
        try await perform(.userDismissed(count: count))
    }

    /// Replaces the whole state with a snapshot; a bad one is refused and the state kept.
    @discardableResult
    public func restore(_ snapshot: String) async throws(NavRouterError) -> Router.Outcome {
        try await perform(.restore(snapshot: snapshot))
    }

    /// Resumes a pending flow with a decision (see `Router.resumeFlow(_:decision:)`).
    @discardableResult
    public func resumeFlow(_ flow: FlowToken, decision: InterceptorDecision) async throws(NavRouterError)
        -> Router.Outcome
    {
        try await perform(.resume(flow: flow, decision: decision))
    }

    /// Completes the login step of a flow (see `Router.completeLogin(_:success:)`).
    @discardableResult
    public func completeLogin(_ flow: FlowToken, success: Bool) async throws(NavRouterError) -> Router.Outcome {
        try await perform(.resume(flow: flow, decision: success ? .proceed : .cancel(reason: "login failed")))
    }
}
