extension Router {
    /// Re-checks the state against the guards and the registry: while logged out, flows towards protected routes are
    /// cancelled and protected entries go; entries a `before` interceptor would now cancel or redirect go, and so do
    /// entries whose route was removed or whose link the registry no longer reads as one of their route's (its URL
    /// policy changed); a tab whose root goes that way goes whole. The navigator cannot refuse this change.
    func runRefresh() -> Result<Outcome, NavRouterError> {
        let guards = registry.guards
        let authenticated = guards.isAuthenticated
        if !authenticated {
            let dropped = control.withLock { control -> [FlowToken] in
                let dropped = control.flowBook.flows.filter { $0.value.destinationRequiresAuth }.sorted {
                    $0.value.order < $1.value.order
                }
                for (token, _) in dropped { control.flowBook.flows[token] = nil }
                return dropped.map(\.key)
            }
            for token in dropped { reportCancelled(token, reason: "logged out", ended: "logged_out") }
        }
        let table = runnerTable()
        // Entries a `before` interceptor would now cancel or redirect (asked outside any lock).
        var refused = Set<EntryID>()
        if guards.interceptorCount > 0 {
            for entry in state.allEntries {
                guard let match = try? table.resolve(entry.url) else { continue }
                for registration in guards.interceptors(
                    for: .before, route: entry.route, paths: { table.guardPaths(of: entry) })
                {
                    if registration.requiresAuth && !authenticated { continue }
                    let decision = registration.interceptor.intercept(
                        interception(.before, destination: match, entry: entry, flow: 0, external: false))
                    if case .cancel = decision { refused.insert(entry.id) }
                    if case .redirect = decision { refused.insert(entry.id) }
                }
            }
        }
        // The guards enforce this change: the navigator cannot refuse it.
        return commit(.refresh, vetoable: false, refusable: false) { transaction throws(NavRouterError) in
            transaction.prune(
                { entry in
                    refused.contains(entry.id) || !table.stillReads(entry)
                        || (!authenticated && Self.requiresAuth(entry, in: table))
                }, removingTabsWhere: { !table.stillReads($0) })
        }
    }
}
