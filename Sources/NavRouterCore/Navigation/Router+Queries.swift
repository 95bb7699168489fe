/// What `back` would do, worked out without doing it (`Router.backPreview()`).
public struct BackPreview: Equatable, Sendable {
    /// The kind of change.
    public enum Action: String, Sendable {
        /// The current stack's top entry is popped.
        case pop
        /// The top modal layer is dismissed.
        case dismiss
        /// Another tab is selected (`RouterOptions.backBehavior`).
        case selectTab = "select_tab"
    }

    /// What `back` would do.
    public let action: Action
    /// The entries that would leave (a popped entry, a dismissed layer's stack; none for a tab switch).
    public let leaving: [NavigationEntry]
    /// The entry that would be on top afterwards.
    public let appearing: NavigationEntry?
    /// Where the change would happen: the stack popped, the layer dismissed, or the tab selected.
    public let location: StackLocation

    /// The preview as JSON: `action`, `leaving`, `appearing`, `tab` / `layer`.
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = [
            "action": .string(action.rawValue), "leaving": .array(leaving.map(\.jsonValue)),
            "appearing": appearing.map(\.jsonValue) ?? .null,
        ]
        switch location {
        case .tab(let index): object["tab"] = .integer(Int64(index))
        case .layer(let index): object["layer"] = .integer(Int64(index))
        }
        return .object(object)
    }
}

/// What a navigation would do, worked out without doing it (`Router.plan(_:options:)`).
public struct NavigationPlan: Equatable, Sendable {
    /// The route the URL opens (the fallback route's when no route matches and one is set).
    public let route: String
    /// The login step would run first: the route requires authentication and the user is logged out.
    public let needsLogin: Bool
    /// The `before` interceptors that would be asked, in order (their answers are the host's: not asked here).
    public let interceptors: [String]
    /// The events the navigation would emit if every guard let it through (entries have no views).
    public let events: [NavigationEvent]

    /// The plan as JSON: `route`, `needs_login`, `interceptors`, `events`.
    public var jsonValue: JSONValue {
        .object([
            "route": .string(route), "needs_login": .bool(needsLogin),
            "interceptors": .array(interceptors.map(JSONValue.string)), "events": .array(events.map(\.jsonValue)),
        ])
    }
}

extension Router {
    /// A transaction on a copy of the current state that makes no views: for previews and plans.
    private func dryRun(_ command: NavigationCommand) throws(NavRouterError) -> NavigationTransaction {
        let (state, options, started) = control.withLock { ($0.state, $0.options, $0.started) }
        var transaction = NavigationTransaction(
            state: state, table: registry.table, transitionID: 0, views: ViewHandlers())
        transaction.options = options
        transaction.isAuthenticated = registry.guards.isAuthenticated
        if !started { try transaction.apply(.start) }
        transaction.events = InlineFirstList()
        try transaction.apply(command)
        return transaction
    }

    /// What `back` would do now (nil: nothing, as `back` would fail). Leave guards are not asked.
    public func backPreview() -> BackPreview? {
        guard let transaction = try? dryRun(.back),
            let event = transaction.events.first(where: {
                $0.kind == .pop || $0.kind == .dismiss || $0.kind == .tabSelected
            }), let location = event.location
        else { return nil }
        switch event.kind {
        case .pop:
            return BackPreview(action: .pop, leaving: event.removed, appearing: event.entry, location: location)
        case .dismiss:
            return BackPreview(action: .dismiss, leaving: event.removed, appearing: event.entry, location: location)
        default:
            // Under modals per tab, the tab's hidden layers come back over its stack.
            return BackPreview(
                action: .selectTab, leaving: [], appearing: transaction.state.topEntry, location: location)
        }
    }

    /// Whether `back` would do something now (`backPreview() != nil`).
    public var canGoBack: Bool { backPreview() != nil }

    /// Whether the user may dismiss the top modal layer now (there is one and it does not prevent dismissal).
    public var canDismiss: Bool {
        control.withLock { control in control.state.layers.last.map { !$0.preventDismissal } ?? false }
    }

    /// What navigating to a URL would do, without doing it: the route, whether the login step would come first, the
    /// `before` interceptors that would be asked, and the events if every guard let it through.
    /// - Throws: what the navigation would throw before its guards (`.notFound`, `.notExternal`, …) or when applied.
    public func plan(_ url: String, options: NavigationOptions = NavigationOptions()) throws(NavRouterError)
        -> NavigationPlan
    {
        let table = registry.table
        let guards = registry.guards
        var match: RouteMatch
        do {
            match = try table.resolve(url)
        } catch {
            guard error.code == .notFound, let fallback = guards.options.fallbackRoute,
                let fallbackURL = try? table.buildURL(route: fallback, parameters: ["url": url]),
                let fallbackMatch = try? table.resolve(fallbackURL)
            else { throw error }
            match = fallbackMatch
        }
        if options.external && !match.route.external {
            throw NavRouterError(.notExternal, "route '\(match.route.name)' may not be opened by an external link")
        }
        let needsLogin = match.route.requiresAuth && !guards.isAuthenticated
        let interceptors = guards.interceptors(
            for: .before, route: match.routeName, paths: { table.guardPaths(of: match) }
        )
        .filter { !$0.requiresAuth || guards.isAuthenticated || needsLogin }.map(\.name)
        let transaction = try dryRun(.navigate(url: match.url, options: options))
        let events = transaction.events.map { event in
            var event = event
            event.transitionID = 0
            return event
        }
        return NavigationPlan(
            route: match.route.name, needsLogin: needsLogin, interceptors: interceptors, events: events)
    }

}
