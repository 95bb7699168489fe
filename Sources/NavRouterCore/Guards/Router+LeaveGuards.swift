extension Router {
    /// Asks the `leave` guards of every entry a command removes (top-most first). A veto (cancel) fails the command
    /// (`.cancelled`); a pending answer holds it as a flow (returned), to be applied again with that entry approved;
    /// a redirect cannot be carried out by a leave guard and fails the command (`.invalidArgument`).
    func runLeaveGuards(
        _ removed: ArraySlice<NavigationEntry>, command: NavigationCommand, approved: Set<EntryID>
    ) throws(NavRouterError) -> FlowToken? {
        // Checked before `guards` is bound: the binding retains the guards, a command without interceptors need not.
        guard !removed.isEmpty, registry.guards.interceptorCount > 0 else { return nil }
        let guards = registry.guards
        let table = runnerTable()
        var passed = approved
        for entry in removed.reversed() where !approved.contains(entry.id) {
            for registration in guards.interceptors(
                for: .leave, route: entry.route, paths: { table.guardPaths(of: entry) })
            {
                if registration.requiresAuth && !guards.isAuthenticated { continue }
                let token = issueFlowToken()
                let context = interception(.leave, destination: nil, entry: entry, flow: token, external: false)
                let decision = registration.interceptor.intercept(context)
                if isClosed { throw NavRouterError(.destroyed, "the router was closed during the command") }
                switch decision {
                case .proceed:
                    continue
                case .cancel(let reason):
                    throw NavRouterError(
                        .cancelled,
                        "\(registration.described) kept entry \(entry.id) ('\(entry.route)'): \(reason)")
                case .redirect(let url):
                    throw NavRouterError(
                        .invalidArgument,
                        "\(registration.described) answered redirect ('\(url)') in the leave phase: leave "
                            + "guards proceed, cancel (veto) or hold (pending)"
                    )
                case .pending:
                    hold(
                        PendingFlow(
                            command: command, stage: .leave, redirects: [], approvedLeaves: passed.union([entry.id]),
                            destinationRequiresAuth: false, deadline: nil), as: token)
                    reportPending(token, url: nil, stage: "leave")
                    return token
                }
            }
            passed.insert(entry.id)
        }
        return nil
    }
}
