extension Router.Context {
    /// An event of the command, with its ticket when the command was queued (taken over, not copied, when not).
    func ticketed(_ event: consuming NavigationEvent) -> NavigationEvent {
        guard let ticket else { return event }
        event.ticket = ticket
        return event
    }
}

extension Router {
    /// What a command's transaction needs from the router, read once under the lock.
    struct Context {
        let started: Bool
        let views: ViewHandlers
        let navigator: Navigator?
        let mode: TransitionMode
        let transition: TransitionID
        /// The command's ticket, when it was queued: its events carry it.
        let ticket: Ticket?
        /// An urgent command does not replace the transition the router waits for.
        let urgent: Bool
        let options: RouterOptions
        /// The command is being recorded (`RouterOptions.recordsLog`): its events go to the log. Only the running
        /// thread starts and ends a recording, so this holds for the whole command.
        let recording: Bool
    }

    /// Reads what a transaction needs and the state it starts from, and records its transition as the one whose
    /// events are delivered next (so that the host may finish it from inside one of them).
    private func makeContext() -> (Context, NavigationState) {
        control.withLock { control in
            control.transitions.nextTransition += 1
            control.transitions.delivering = TransitionID(control.transitions.nextTransition - 1)
            control.transitions.finishedEarly = nil
            let context = Context(
                started: control.started, views: control.views, navigator: control.navigator,
                mode: control.transitions.mode,
                transition: TransitionID(control.transitions.nextTransition - 1), ticket: control.order.currentTicket,
                urgent: control.order.currentUrgent, options: control.options,
                recording: control.logBook.recording != nil)
            return (context, control.state)
        }
    }

    /// - Parameters:
    ///   - state: the state to start from, moved into the transaction (the context holds no copy of it: a copy's
    ///     three arrays cost six reference counts a command).
    ///   - table: the table to resolve on (the current one unless the command was resolved on another).
    private func makeTransaction(_ context: Context, _ state: consuming NavigationState, table: RouteTable?)
        -> NavigationTransaction
    {
        var transaction = NavigationTransaction(
            state: state, table: table ?? runnerTable(), transitionID: context.transition, views: context.views)
        transaction.options = context.options
        transaction.isAuthenticated = registry.guards.isAuthenticated
        return transaction
    }

    /// Applies a command as a transaction (auto-starting the router), runs the leave guards on what it removes
    /// (unless `vetoable` is false), emits its events, and commits it. Called only by the running thread.
    /// - Returns: the transition id (nil when nothing changed), or a pending flow held by a leave guard.
    /// - Parameters:
    ///   - refusable: whether the navigator may refuse the events (false for changes the guards enforce).
    ///   - table: the table a navigate's URL was resolved on by the guards (the transaction runs on it), or nil.
    ///   - match: the match the guards made on `table`, or nil. (Two parameters: an optional tuple of the two was
    ///     copied through the runtime's generic tuple functions, ~100 instructions a navigation.)
    func commit(
        _ command: NavigationCommand, vetoable: Bool, refusable: Bool = true,
        approvedLeaves: Set<EntryID> = [], resolvedOn table: RouteTable? = nil, match: consuming RouteMatch? = nil,
        extra: ((inout NavigationTransaction) throws(NavRouterError) -> Void)? = nil
    ) -> Result<Outcome, NavRouterError> {
        let (context, before) = makeContext()
        // A navigate runs on the table its URL was resolved on (the guards ran on that match), not resolved again.
        var transaction = makeTransaction(context, before, table: table)
        do throws(NavRouterError) {
            switch command {
            case .start, .setTabs, .restore: break
            default: if !context.started { try transaction.apply(.start) }
            }
            if let match = match.take() {
                try transaction.apply(command, resolvedAs: match)
            } else {
                try transaction.apply(command)
            }
            try extra?(&transaction)
            if !transaction.removed.isEmpty { transaction.state.forgetDanglingOpeners() }
            if let violation = transaction.state.structuralViolation {
                throw NavRouterError(.invalidArgument, "the command would break the state: \(violation)")
            }
            if !registry.guards.isAuthenticated {
                // Entries already in the state passed this check when they came (and logging out prunes): only
                // the ones this command created can be protected.
                let table = transaction.table
                switch command {
                case .restore: transaction.prune { Self.requiresAuth($0, in: table) }
                default: break
                }
                let state = transaction.state
                if let entry = transaction.created.first(where: { $0.requiresAuth && state.find($0.id) != nil }) {
                    throw NavRouterError(.denied, "route '\(entry.route)' requires authentication")
                }
            }
            if vetoable, let flow = try runLeaveGuards(transaction.removed, command: command, approved: approvedLeaves)
            {
                context.views.release(transaction.created)
                return .success(.pending(flow: flow))
            }
            try deliver(transaction.events, context, refusable: refusable)
        } catch {
            context.views.release(transaction.created)
            return .failure(error)
        }
        let changed = !transaction.events.isEmpty
        // The state before the command leaves the lock in `transaction.state` and is freed outside it (its entries'
        // handlers may be freed with it, and run host code).
        let committed = control.withLock { control -> Bool in
            defer {
                control.transitions.delivering = nil
                control.transitions.finishedEarly = nil
            }
            if control.closed { return false }
            swap(&control.state, &transaction.state)
            control.started = true
            if changed && context.mode == .waitForHost && control.transitions.finishedEarly != context.transition
                && !context.urgent
            {
                control.transitions.awaiting = context.transition
            }
            return true
        }
        guard committed else {
            context.views.release(transaction.created)
            return .failure(NavRouterError(.destroyed, "the router was closed during the command"))
        }
        context.views.release(transaction.removed)
        guard changed else { return .success(.applied(transition: nil)) }
        let stateChanged = context.ticketed(NavigationEvent(kind: .stateChanged, transitionID: context.transition))
        if context.recording { record(stateChanged) }
        _ = context.navigator?(stateChanged)
        return .success(.applied(transition: context.transition))
    }

    /// Hands a command's events to the navigator (`makeContext` recorded their transition as being delivered).
    /// - Throws: `.callback` when the navigator refuses one and the change is refusable; `.destroyed` when the
    ///   router was closed by a callback.
    private func deliver(
        _ events: InlineFirstList<NavigationEvent>, _ context: Context, refusable: Bool
    ) throws(NavRouterError) {
        if isClosed { throw NavRouterError(.destroyed, "the router was closed during the command") }
        if context.recording { for event in events { record(event) } }
        // Called through the context's optional, not bound to a local: a binding copied the closure (a retain and a
        // release of its context a command).
        for event in events where context.navigator?(context.ticketed(event)) == false && refusable {
            throw NavRouterError(.callback, "the navigator refused the \(event.kind.rawValue) event")
        }
    }
}
