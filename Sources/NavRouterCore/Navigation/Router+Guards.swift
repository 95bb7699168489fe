/// The command pipeline: callback URLs → resolve (fallback) → external policy → authentication (login flow) →
/// `before` interceptors (proceed, cancel, redirect, pending) → apply → `leave` guards → events → commit →
/// `after` interceptors.
extension Router {
    /// Runs one command. Called only by the thread that set `running`.
    func execute(_ command: NavigationCommand) -> Result<Outcome, NavRouterError> {
        switch command {
        case .navigate(let url, let options):
            return navigate(url, options, command: command, stage: nil, redirects: [], approved: [])
        case .resume(let flow, let decision):
            return resume(flow, decision)
        case .refresh:
            return refresh()
        case .userPopped, .userDismissed, .start, .setTabs, .restore:
            return commit(command, makeContext(), vetoable: false)
        default:
            return commit(command, makeContext(), vetoable: true)
        }
    }

    // MARK: Flows

    /// Resumes a pending flow (see `InterceptorDecision.pending`): proceed applies the original command on the state
    /// as it is now, cancel drops it (the navigator gets `flowCancelled`), redirect opens another URL instead.
    /// - Returns: the outcome of the resumed command (or `.queued` behind a running one).
    /// - Throws: `.invalidArgument` for a stale, reused or forged token, and the resumed command's errors.
    @discardableResult
    public func resumeFlow(_ flow: UInt64, _ decision: InterceptorDecision) throws(NavRouterError) -> Outcome {
        try perform(.resume(flow: flow, decision: decision))
    }

    /// Completes the login step of a flow: on success (set the authenticated state first) the original navigation
    /// goes on; on failure it is dropped and the navigator gets `flowCancelled` saying why.
    @discardableResult
    public func completeLogin(_ flow: UInt64, success: Bool) throws(NavRouterError) -> Outcome {
        try perform(.resume(flow: flow, decision: success ? .proceed : .cancel(reason: "login failed")))
    }

    /// Re-checks the state against the guards (see `NavigationCommand.refresh`).
    @discardableResult
    public func refresh() throws(NavRouterError) -> Outcome { try perform(.refresh) }

    /// The tokens of the flows waiting to be resumed.
    public var pendingFlows: [UInt64] { control.withLock { Array($0.flows.keys).sorted() } }

    private func newFlow(_ flow: PendingFlow) -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        return control.withLock { control in
            var token: UInt64
            repeat { token = generator.next() } while token == 0 || control.flows[token] != nil
            control.flows[token] = flow
            return token
        }
    }

    private func resume(_ token: UInt64, _ decision: InterceptorDecision) -> Result<Outcome, NavRouterError> {
        guard let flow = control.withLock({ $0.flows.removeValue(forKey: token) }) else {
            return .failure(
                NavRouterError(
                    .invalidArgument, "flow \(token) is unknown: already resumed, cancelled, or never issued"))
        }
        switch decision {
        case .cancel(let reason):
            cancelled(token, reason: reason)
            return .success(.applied(transition: nil))
        case .redirect(let url):
            guard case .navigate(let original, var options) = flow.command else {
                return .failure(NavRouterError(.invalidArgument, "only a navigation can be redirected"))
            }
            options.external = false
            return navigate(
                url, options, command: .navigate(url: url, options: options), stage: nil,
                redirects: flow.redirects + [original], approved: flow.approvedLeaves)
        case .proceed, .pending:
            switch flow.command {
            case .navigate(let url, let options):
                return navigate(
                    url, options, command: flow.command, stage: flow.stage, redirects: flow.redirects,
                    approved: flow.approvedLeaves)
            default:
                return commit(flow.command, makeContext(), vetoable: true, approvedLeaves: flow.approvedLeaves)
            }
        }
    }

    private func cancelled(_ token: UInt64, reason: String) {
        var event = NavigationEvent(kind: .flowCancelled, transitionID: 0)
        event.flow = token
        event.failure = NavRouterError(.cancelled, reason)
        notify(event)
    }

    // MARK: Navigate

    private func navigate(
        _ url: String, _ options: NavigationOptions, command: NavigationCommand, stage: PendingFlow.Stage?,
        redirects: [String], approved: Set<EntryID>
    ) -> Result<Outcome, NavRouterError> {
        let guards = registry.guards
        if stage == nil, let handler = guards.authenticationHandler, handler.claimsCallback(url, router: self) {
            handler.handleCallback(url, router: self)
            return .success(.handled)
        }
        let table = registry.table
        var match: RouteMatch
        do {
            match = try table.resolve(url)
        } catch {
            guard error.code == .notFound, let fallback = guards.options.fallbackRoute,
                let fallbackURL = try? table.buildURL(route: fallback, parameters: ["url": url]),
                let fallbackMatch = try? table.resolve(fallbackURL)
            else { return .failure(redirected(error, redirects)) }
            match = fallbackMatch
        }
        if options.external && !match.route.external && match.route.name != guards.options.fallbackRoute {
            return .failure(
                NavRouterError(.notExternal, "route '\(match.route.name)' may not be opened by an external link"))
        }
        let command = Self.retarget(command, to: match.url)
        // Authentication: always checked, also when a flow resumes (the user may have logged out meanwhile).
        if match.route.requiresAuth && !guards.isAuthenticated {
            if stage == .login {
                return .failure(
                    NavRouterError(
                        .denied,
                        "route '\(match.route.name)' requires authentication and the login did not authenticate"))
            }
            guard let handler = guards.authenticationHandler else {
                return .failure(NavRouterError(.denied, "route '\(match.route.name)' requires authentication"))
            }
            let token = newFlow(
                PendingFlow(
                    command: command, stage: .login, redirects: redirects, approvedLeaves: approved,
                    destinationRequiresAuth: true))
            handler.login(flow: token, destination: match, router: self)
            return .success(.pending(flow: token))
        }
        var first = 0
        if case .interceptor(let next)? = stage { first = next }
        let interceptors = guards.interceptors(for: .before, route: match.route.name, path: match.path)
        for index in interceptors.indices where index >= first {
            let registration = interceptors[index]
            let authenticated = guards.isAuthenticated
            if registration.requiresAuth && !authenticated { continue }
            var generator = SystemRandomNumberGenerator()
            let token = generator.next() | 1
            let context = InterceptionContext(
                phase: .before, destination: match, entry: nil, flow: token, isAuthenticated: authenticated,
                external: options.external, router: self)
            switch registration.interceptor.intercept(context) {
            case .proceed:
                continue
            case .cancel(let reason):
                return .failure(
                    NavRouterError(
                        .cancelled,
                        "navigation to '\(match.route.name)' cancelled by interceptor '\(registration.name)': \(reason)"
                    ))
            case .redirect(let target):
                let chain = redirects + [match.url]
                if chain.count >= guards.options.maxRedirects {
                    return .failure(
                        NavRouterError(
                            .limitExceeded,
                            "more than \(guards.options.maxRedirects) redirects: \((chain + [target]).joined(separator: " → "))"
                        ))
                }
                var redirected = options
                redirected.external = false
                return navigate(
                    target, redirected, command: .navigate(url: target, options: redirected), stage: nil,
                    redirects: chain, approved: approved)
            case .pending:
                control.withLock { control in
                    control.flows[token] = PendingFlow(
                        command: command, stage: .interceptor(next: index + 1), redirects: redirects,
                        approvedLeaves: approved,
                        destinationRequiresAuth: match.route.requiresAuth)
                }
                return .success(.pending(flow: token))
            }
        }
        let outcome = commit(command, makeContext(), vetoable: true, approvedLeaves: approved, resolved: (table, match))
        if case .success(.applied(let transition?)) = outcome {
            runAfterInterceptors(match, transition: transition, external: options.external)
        }
        return outcome.mapError { redirected($0, redirects) }
    }

    /// A navigate command aimed at the URL actually opened (the fallback's, when the fallback route took it).
    private static func retarget(_ command: NavigationCommand, to url: String) -> NavigationCommand {
        guard case .navigate(let original, let options) = command, original != url else { return command }
        return .navigate(url: url, options: options)
    }

    private func redirected(_ error: NavRouterError, _ redirects: [String]) -> NavRouterError {
        redirects.isEmpty
            ? error
            : NavRouterError(error.code, "\(error.message) (after redirects: \(redirects.joined(separator: " → ")))")
    }

    private func runAfterInterceptors(_ match: RouteMatch, transition: UInt64, external: Bool) {
        let guards = registry.guards
        let interceptors = guards.interceptors(for: .after, route: match.route.name, path: match.path)
        if interceptors.isEmpty { return }
        let entry = state.topEntry
        for registration in interceptors {
            let authenticated = guards.isAuthenticated
            if registration.requiresAuth && !authenticated { continue }
            _ = registration.interceptor.intercept(
                InterceptionContext(
                    phase: .after, destination: match, entry: entry, flow: 0, isAuthenticated: authenticated,
                    external: external, router: self))
        }
    }

    // MARK: Leave guards

    /// Asks the `leave` guards of every entry a command removes. A veto fails the command (`.cancelled`); a
    /// pending answer holds it as a flow (returned), to be re-applied with that entry approved.
    func runLeaveGuards(_ removed: [NavigationEntry], command: NavigationCommand, approved: Set<EntryID>)
        throws(NavRouterError) -> UInt64?
    {
        let guards = registry.guards
        guard guards.interceptorCount > 0 else { return nil }
        let table = registry.table
        var passed = approved
        for entry in removed.reversed() where !approved.contains(entry.id) {
            let path = (try? table.resolve(entry.url).path) ?? ""
            for registration in guards.interceptors(for: .leave, route: entry.route, path: path) {
                let authenticated = guards.isAuthenticated
                if registration.requiresAuth && !authenticated { continue }
                var generator = SystemRandomNumberGenerator()
                let token = generator.next() | 1
                let context = InterceptionContext(
                    phase: .leave, destination: nil, entry: entry, flow: token, isAuthenticated: authenticated,
                    external: false, router: self)
                switch registration.interceptor.intercept(context) {
                case .proceed:
                    continue
                case .cancel(let reason), .redirect(let reason):
                    throw NavRouterError(
                        .cancelled,
                        "interceptor '\(registration.name)' kept entry \(entry.id) ('\(entry.route)'): \(reason)")
                case .pending:
                    control.withLock { control in
                        control.flows[token] = PendingFlow(
                            command: command, stage: .leave, redirects: [], approvedLeaves: passed.union([entry.id]),
                            destinationRequiresAuth: false)
                    }
                    return token
                }
            }
            passed.insert(entry.id)
        }
        return nil
    }

    // MARK: Refresh

    private func refresh() -> Result<Outcome, NavRouterError> {
        let guards = registry.guards
        let authenticated = guards.isAuthenticated
        if !authenticated {
            let dropped = control.withLock { control -> [UInt64] in
                let tokens = control.flows.filter { $0.value.destinationRequiresAuth }.map(\.key)
                for token in tokens { control.flows[token] = nil }
                return tokens.sorted()
            }
            for token in dropped { cancelled(token, reason: "logged out") }
        }
        let context = makeContext()
        let table = registry.table
        // Entries a `before` interceptor would now cancel or redirect (asked outside any lock).
        var refused = Set<EntryID>()
        for entry in context.before.allEntries {
            guard let match = try? table.resolve(entry.url) else { continue }
            for registration in guards.interceptors(for: .before, route: entry.route, path: match.path) {
                if registration.requiresAuth && !authenticated { continue }
                let decision = registration.interceptor.intercept(
                    InterceptionContext(
                        phase: .before, destination: match, entry: entry, flow: 0, isAuthenticated: authenticated,
                        external: false, router: self))
                if case .cancel = decision { refused.insert(entry.id) }
                if case .redirect = decision { refused.insert(entry.id) }
            }
        }
        return commit(.refresh, context, vetoable: false) { transaction throws(NavRouterError) in
            transaction.prune { entry in
                refused.contains(entry.id) || (!authenticated && Self.requiresAuth(entry, in: table))
            }
        }
    }
}
