/// The command pipeline, one stage after the other:
///
/// 1. **claim**: the authentication handler may take an OAuth callback URL (a fresh navigation only);
/// 2. **resolve**: the URL on the current table, else the fallback route;
/// 3. **policy**: an external link opens only routes flagged `external`;
/// 4. **authentication**: a protected destination while logged out starts the login flow (pending);
/// 5. **before interceptors**: proceed, cancel, redirect (the pipeline goes round again with the new URL, in a
///    loop: a chain never deepens the stack) or pending;
/// 6. **apply**: the transaction, the leave guards of what it removes, the events, the commit (`Router.commit`);
/// 7. **after interceptors**.
///
/// Other commands go straight to the apply stage. Everything here runs on the thread that runs the command.
extension Router {
    /// Runs one command. Called only by the thread that set `running`.
    func execute(_ command: NavigationCommand) -> Result<Outcome, NavRouterError> {
        switch command {
        case .navigate(let url, let options):
            // A navigation the host issues (not one a callback of a command issued: an interceptor that holds a
            // flow may open its onboarding screen) supersedes the flows held before it, once it is applied or held
            // itself: a refused link, or an OAuth callback the authentication handler claims, is no navigation and
            // leaves them waiting (a failed call changes nothing).
            var earlier: [FlowToken] = []
            if flowPresence.held.load(ordering: .acquiring) {
                earlier = control.withLock { control in
                    guard control.options.supersedePendingFlows && !control.order.currentFromCallback else { return [] }
                    return control.flowBook.flows.sorted { $0.value.order < $1.value.order }.map(\.key)
                }
            }
            let result = navigate(NavigationInProgress(url: url, options: options))
            if !earlier.isEmpty {
                switch result {
                case .success(.applied), .success(.pending): supersedeFlows(earlier)
                default: break
                }
            }
            return result
        case .restore(let snapshot, let options) where options.link != nil:
            // The link goes through the guards as any navigation does: the restore and the link are one transaction
            // once they let it through; a login step or a holding interceptor restores without it and holds it.
            var navigation = NavigationInProgress(url: options.link ?? "", options: options.linkOptions)
            navigation.restoring = (snapshot, options)
            return navigate(navigation)
        case .resume(let token, let decision):
            return resume(token, decision)
        case .refresh:
            return runRefresh()
        case .commitBackGesture(let gesture):
            switch takeGesture(gesture) {
            case .failure(let error): return .failure(error)
            case .success(let approved):
                return commit(command, vetoable: true, approvedLeaves: approved)
            }
        case .userPopped, .userDismissed, .start, .setTabs, .restore, .setSavedState:
            return commit(command, vetoable: false)
        default:
            return commit(command, vetoable: true)
        }
    }

    // MARK: Flows

    /// Resumes a pending flow (see `InterceptorDecision.pending`): proceed applies the original command on the state
    /// as it is now, cancel drops it (the navigator gets `flowCancelled`), redirect opens another URL instead.
    /// - Returns: the outcome of the resumed command (or `.queued` behind a running one).
    /// - Throws: `.invalidArgument` for a stale, reused or forged token, and the resumed command's errors.
    @discardableResult
    public func resumeFlow(_ flow: FlowToken, decision: InterceptorDecision) throws(NavRouterError) -> Outcome {
        try perform(.resume(flow: flow, decision: decision))
    }

    /// Completes the login step of a flow: on success (set the authenticated state first) the original navigation
    /// goes on; on failure it is dropped and the navigator gets `flowCancelled` saying why.
    @discardableResult
    public func completeLogin(_ flow: FlowToken, success: Bool) throws(NavRouterError) -> Outcome {
        try perform(.resume(flow: flow, decision: success ? .proceed : .cancel(reason: "login failed")))
    }

    /// Re-checks the state against the guards (see `NavigationCommand.refresh`).
    @discardableResult
    public func refresh() throws(NavRouterError) -> Outcome { try perform(.refresh) }

    /// The tokens of the flows waiting to be resumed, in the order they were held.
    public var pendingFlows: [FlowToken] {
        control.withLock { $0.flowBook.flows.sorted { $0.value.order < $1.value.order }.map(\.key) }
    }

    private func resume(_ token: FlowToken, _ decision: InterceptorDecision) -> Result<Outcome, NavRouterError> {
        guard let flow = takeFlow(token) else {
            return .failure(
                NavRouterError(
                    .invalidArgument,
                    "flow \(token) is unknown: already resumed, cancelled, superseded, expired, or never issued"))
        }
        switch decision {
        case .cancel(let reason):
            reportCancelled(token, reason: reason)
            return .success(.applied(transition: nil))
        case .redirect(let url):
            reportEnded(token, reason: "resumed")
            guard case .navigate(let original, let options) = flow.command else {
                return .failure(NavRouterError(.invalidArgument, "only a navigation can be redirected"))
            }
            // The redirect is the app's own: `redirect(to:)` clears the link's `external`.
            var navigation = NavigationInProgress(url: original, options: options, flow: flow)
            if let error = navigation.redirect(to: url, limit: registry.guards.options.maxRedirects) {
                return .failure(error)
            }
            return navigate(navigation)
        case .proceed, .pending:
            reportEnded(token, reason: "resumed")
            guard case .navigate(let url, let options) = flow.command else {
                return commit(flow.command, vetoable: true, approvedLeaves: flow.approvedLeaves)
            }
            return navigate(NavigationInProgress(url: url, options: options, flow: flow))
        }
    }

    // MARK: Navigate

    /// What one stage decided.
    private enum StageOutcome {
        /// Go on to the next stage.
        case next
        /// The navigation ends here with this result.
        case finish(Result<Outcome, NavRouterError>)
        /// Go round the pipeline again with this URL (an interceptor's redirect).
        case redirect(String)

        /// Whether the pipeline goes on to the next stage.
        var goesOn: Bool {
            if case .next = self { return true }
            return false
        }
    }

    /// Runs a navigation through the stages; a redirect goes round again in this loop (never recursively).
    private func navigate(_ start: consuming NavigationInProgress) -> Result<Outcome, NavRouterError> {
        var navigation = start  // moved, not copied
        while true {
            let outcome = runStages(&navigation)
            if isClosed {  // a callback closed the router: nothing more runs on it
                return .failure(NavRouterError(.destroyed, "the router was closed during the command"))
            }
            switch outcome {
            case .next:
                preconditionFailure("the apply stage always finishes a navigation")
            case .finish(.success(let outcome)):
                return .success(outcome)
            case .finish(.failure(let error)):
                return .failure(navigation.annotated(error))
            case .redirect(let target):
                if let error = navigation.redirect(to: target, limit: registry.guards.options.maxRedirects) {
                    return .failure(error)
                }
            }
        }
    }

    private func runStages(_ navigation: inout NavigationInProgress) -> StageOutcome {
        if case .finish(let result) = claimStage(navigation) { return .finish(result) }
        let table = runnerTable()
        let match: RouteMatch
        do throws(NavRouterError) {
            match = try resolveStage(navigation, on: table)
        } catch {
            return .finish(.failure(error))
        }
        navigation.retarget(to: match.url)
        if case let outcome = policyStage(&navigation, match), !outcome.goesOn { return outcome }
        // The options are read under the guards' lock: only when there are interceptors for them to order.
        let early = registry.guards.interceptorCount > 0 && registry.guards.options.interceptorsBeforeLogin
        if early, case let outcome = beforeInterceptorStage(&navigation, match, withoutAuthOnly: true),
            !outcome.goesOn
        {
            return outcome
        }
        if case let outcome = authenticationStage(&navigation, match), !outcome.goesOn { return outcome }
        if case let outcome = beforeInterceptorStage(&navigation, match), !outcome.goesOn { return outcome }
        return applyStage(navigation, match, on: table)
    }

    /// 1. An authentication callback URL claimed by the handler is not routed (fresh navigations only).
    private func claimStage(_ navigation: NavigationInProgress) -> StageOutcome {
        guard navigation.stage == nil, navigation.restoring == nil, registry.guards.hasAuthenticationHandler,
            let handler = registry.guards.authenticationHandler,
            handler.claimsCallback(navigation.url, router: self)
        else { return .next }
        handler.handleCallback(navigation.url, router: self)
        return .finish(.success(.handled))
    }

    /// 2. The URL's match on the table, or the fallback route's for a URL no route matches (for an external link
    /// only when the fallback route is flagged external, as any route). A fallback route that cannot take the URL
    /// (it needs other parameters, or was removed since it was set) adds why to the not-found error.
    private func resolveStage(_ navigation: NavigationInProgress, on table: RouteTable) throws(NavRouterError)
        -> RouteMatch
    {
        do throws(NavRouterError) {
            return try table.resolve(navigation.url)
        } catch {
            guard error.code == .notFound, let fallback = registry.guards.options.fallbackRoute else { throw error }
            let fallbackMatch: RouteMatch
            do throws(NavRouterError) {
                fallbackMatch = try table.resolve(
                    try table.buildURL(route: fallback, parameters: ["url": navigation.url]))
            } catch let problem {
                throw NavRouterError(
                    error.code, "\(error.message) (the fallback route '\(fallback)' cannot open it: \(problem.message))"
                )
            }
            if navigation.options.external && !fallbackMatch.route.external {
                throw NavRouterError(
                    error.code,
                    "\(error.message) (the fallback route '\(fallback)' may not be opened by an external link)")
            }
            return fallbackMatch
        }
    }

    /// 3. An external link opens only a route flagged external.
    private func policyStage(_ navigation: inout NavigationInProgress, _ match: RouteMatch) -> StageOutcome {
        let route = match.route
        if navigation.options.external && !route.external {
            return .finish(
                .failure(
                    NavRouterError(.notExternal, "route '\(route.name)' may not be opened by an external link")))
        }
        return .next
    }

    /// 4. A protected destination while logged out: the login flow (or `.denied` without a handler). Checked also
    /// when a flow resumes: the user may have logged out meanwhile.
    private func authenticationStage(_ navigation: inout NavigationInProgress, _ match: RouteMatch) -> StageOutcome {
        let guards = registry.guards
        guard match.route.requiresAuth && !guards.isAuthenticated else { return .next }
        let name = match.route.name
        if navigation.stage == .login {
            return .finish(
                .failure(
                    NavRouterError(
                        .denied, "route '\(name)' requires authentication and the login did not authenticate")))
        }
        guard let handler = guards.authenticationHandler else {
            return .finish(.failure(NavRouterError(.denied, "route '\(name)' requires authentication")))
        }
        if let failure = restoreBeforeHolding(navigation) { return .finish(failure) }
        let token = issueFlowToken()
        hold(navigation.held(at: .login, destinationRequiresAuth: true), as: token)
        reportPending(token, url: navigation.url, stage: "login")
        handler.login(flow: token, destination: match, router: self)
        return .finish(.success(.pending(flow: token)))
    }

    /// 5. The `before` interceptors, in running order, that have not answered this navigation yet (a resumed flow
    /// asks each interceptor once, by identity, in the order that holds when it resumes). With
    /// `interceptorsBeforeLogin`, a first pass (`withoutAuthOnly`) runs the ones that do not require authentication
    /// before the login step, and the second the rest after it.
    private func beforeInterceptorStage(
        _ navigation: inout NavigationInProgress, _ match: RouteMatch, withoutAuthOnly: Bool = false
    ) -> StageOutcome {
        // Checked before `guards` is bound (the binding retains the guards; a registry without interceptors skips it).
        guard registry.guards.interceptorCount > 0 else { return .next }
        let guards = registry.guards
        let interceptors = guards.interceptors(
            for: .before, route: match.routeName, paths: { match.table.guardPaths(of: match) })
        for registration in interceptors where !navigation.answered.contains(registration.id) {
            if registration.requiresAuth && (withoutAuthOnly || !guards.isAuthenticated) { continue }
            let token = issueFlowToken()
            let context = interception(
                .before, destination: match, entry: nil, flow: token, external: navigation.options.external)
            let decision = registration.interceptor.intercept(context)
            if isClosed {
                return .finish(.failure(NavRouterError(.destroyed, "the router was closed during the command")))
            }
            switch decision {
            case .proceed:
                navigation.answered.insert(registration.id)
                continue
            case .cancel(let reason):
                return .finish(
                    .failure(
                        NavRouterError(
                            .cancelled,
                            "navigation to '\(match.route.name)' cancelled by \(registration.described): "
                                + "\(reason)"
                        )))
            case .redirect(let target):
                return .redirect(target)
            case .pending:
                if let failure = restoreBeforeHolding(navigation) { return .finish(failure) }
                navigation.answered.insert(registration.id)
                hold(navigation.held(at: .interceptors, destinationRequiresAuth: match.route.requiresAuth), as: token)
                reportPending(token, url: navigation.url, stage: "interceptor")
                return .finish(.success(.pending(flow: token)))
            }
        }
        return .next
    }

    /// 6. and 7. The transaction on the table the URL was resolved on (the guards ran on that match), then the
    /// `after` interceptors.
    private func applyStage(_ navigation: NavigationInProgress, _ match: consuming RouteMatch, on table: RouteTable)
        -> StageOutcome
    {
        // The match moves into the transaction (a copy costs its references, ~130 instructions); the `after`
        // interceptors, when there are any, get a copy of it. One added while the command ran (by a callback) gets
        // the same URL's match on the same table.
        let afterMatch: RouteMatch? = registry.guards.interceptorCount > 0 ? copy match : nil
        let outcome: Result<Outcome, NavRouterError>
        if let (snapshot, options) = navigation.restoring {
            var linked = options
            linked.link = navigation.url
            linked.linkOptions = navigation.options
            outcome = commit(
                .restore(snapshot: snapshot, options: linked), vetoable: false, resolvedOn: table,
                match: consume match)
        } else {
            outcome = commit(
                navigation.command, vetoable: true, approvedLeaves: navigation.approvedLeaves,
                resolvedOn: table, match: consume match)
        }
        if case .success(.applied(let transition?)) = outcome, registry.guards.interceptorCount > 0,
            let after = afterMatch ?? (try? table.resolve(navigation.url))
        {
            runAfterInterceptors(after, transition: transition, external: navigation.options.external)
        }
        return .finish(outcome)
    }

    /// The `after` interceptors: the navigation is applied, so they may proceed, or redirect (the router navigates
    /// to that URL next, queued behind this command); a cancel or pending answer cannot be carried out and is
    /// reported to the navigator as a `guardError` event.
    private func runAfterInterceptors(_ match: RouteMatch, transition: TransitionID, external: Bool) {
        let guards = registry.guards
        let interceptors = guards.interceptors(
            for: .after, route: match.routeName, paths: { match.table.guardPaths(of: match) })
        if interceptors.isEmpty { return }
        let entry = state.topEntry
        for registration in interceptors {
            if registration.requiresAuth && !guards.isAuthenticated { continue }
            let decision = registration.interceptor.intercept(
                interception(.after, destination: match, entry: entry, flow: 0, external: external))
            switch decision {
            case .proceed:
                continue
            case .redirect(let url):
                do throws(NavRouterError) {
                    _ = try perform(.navigate(url: url, options: NavigationOptions()))
                } catch {
                    reportGuardError(registration, "its redirect to '\(url)' was refused: \(error.message)")
                }
            case .cancel, .pending:
                let answer = decision == .pending ? "pending" : "cancel"
                reportGuardError(
                    registration,
                    "it answered \(answer) in the after phase, when the navigation is already applied (after "
                        + "interceptors proceed or redirect)"
                )
            }
        }
    }

    /// A restore whose link is about to be held (a login step, a holding interceptor) is applied first, without the
    /// link; nil when it was (or there is none), else its failure (the link is then not held).
    private func restoreBeforeHolding(_ navigation: NavigationInProgress) -> Result<Outcome, NavRouterError>? {
        guard let (snapshot, options) = navigation.restoring else { return nil }
        var without = options
        without.link = nil
        let result = commit(.restore(snapshot: snapshot, options: without), vetoable: false)
        if case .failure = result { return result }
        return nil
    }

    /// Tells the navigator an interceptor's answer could not be carried out.
    private func reportGuardError(_ registration: InterceptorRegistration, _ what: String) {
        var event = NavigationEvent(kind: .guardError, transitionID: 0)
        event.failure = NavRouterError(.invalidArgument, "\(registration.described): \(what)")
        notify(event)
    }

    /// Whether the router was closed (a callback may close it in the middle of a command); no lock taken.
    var isClosed: Bool { closedFlag.load(ordering: .acquiring) }
}

/// One navigation on its way through the pipeline: the URL it opens now, its options, where it (re)entered the
/// pipeline, and the redirects it went through.
struct NavigationInProgress {
    /// The URL being opened (the latest redirect's, or the fallback route's).
    private(set) var url: String
    /// The navigation's options (a redirect is never external).
    private(set) var options: NavigationOptions
    /// Where a resumed flow goes on; nil for a fresh navigation (and after a redirect).
    private(set) var stage: PendingFlow.Stage?
    /// The URLs left by redirects, oldest first.
    private(set) var redirects: [String]
    /// Entries whose leave guards already let them go.
    let approvedLeaves: Set<EntryID>
    /// The `before` interceptors that answered it already (see `PendingFlow.answered`).
    var answered: Set<InterceptorID>
    /// The restore this navigation is the link of (`RestoreOptions.link`), if any: applied with it, or before it is
    /// held. Not kept by a held flow: resuming it is a plain navigation.
    var restoring: (snapshot: String, options: RestoreOptions)?

    /// A fresh navigation.
    init(url: String, options: NavigationOptions) {
        self.url = url
        self.options = options
        redirects = []
        approvedLeaves = []
        answered = []
    }

    /// A held navigation, resumed.
    init(url: String, options: NavigationOptions, flow: PendingFlow) {
        self.url = url
        self.options = options
        stage = flow.stage
        redirects = flow.redirects
        approvedLeaves = flow.approvedLeaves
        answered = flow.answered
    }

    /// The command the navigation applies.
    var command: NavigationCommand { .navigate(url: url, options: options) }

    /// Aims the navigation at the URL actually opened (the fallback's, when the fallback route took it).
    mutating func retarget(to matched: String) { url = matched }

    /// Goes round again with another URL.
    /// - Returns: `.limitExceeded` with the whole chain when it would be longer than `limit`.
    mutating func redirect(to target: String, limit: Int) -> NavRouterError? {
        let chain = redirects + [url]
        if chain.count >= limit {
            return NavRouterError(
                .limitExceeded, "more than \(limit) redirects: \((chain + [target]).joined(separator: " → "))")
        }
        redirects = chain
        url = target
        options.external = false
        stage = nil
        answered = []
        return nil
    }

    /// The navigation held at a stage (as a pending flow).
    func held(at stage: PendingFlow.Stage, destinationRequiresAuth: Bool) -> PendingFlow {
        PendingFlow(
            command: command, stage: stage, redirects: redirects, approvedLeaves: approvedLeaves, answered: answered,
            destinationRequiresAuth: destinationRequiresAuth, deadline: options.flowDeadline)
    }

    /// An error of the navigation, with the redirects that led to it.
    func annotated(_ error: NavRouterError) -> NavRouterError {
        redirects.isEmpty
            ? error
            : NavRouterError(error.code, "\(error.message) (after redirects: \(redirects.joined(separator: " → ")))")
    }
}
