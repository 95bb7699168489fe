import Synchronization

/// A router: the navigation state of one window or scene (tabs, modal layers, stacks) over a shared registry.
///
/// Every command is a transaction: resolve → (guards) → apply → events. A failing command leaves the state
/// exactly as it was (views it had made are released) and throws. Commands are serialized: one runs at a time;
/// a command issued while another runs (from another thread, or from inside a callback) or while the router
/// waits for the host's transition is queued and run in order, never dropped. Callbacks (navigator, handlers)
/// run on the thread that issued the command or that drains the queue, never while a lock is held.
public final class Router: Sendable {
    /// When a command's transition is finished.
    public enum TransitionMode: Sendable {
        /// When the navigator's callback returns (the default).
        case immediate
        /// When the host calls `transitionFinished(_:)` with the command's transition id; until then further
        /// commands are queued.
        case waitForHost
    }

    /// What became of a command.
    public enum Outcome: Equatable, Sendable {
        /// It ran; its transition id, or `nil` when it changed nothing.
        case applied(transition: UInt64?)
        /// It was queued behind a running command or an unfinished transition; it runs later, and if it then
        /// fails the navigator receives a `commandFailed` event.
        case queued(ticket: UInt64)
        /// It waits as a pending flow (an interceptor's or the login step's); resume it with `resumeFlow`.
        case pending(flow: UInt64)
        /// The authentication handler claimed the URL as a callback; it was not routed.
        case handled
    }

    /// The host's navigator: receives every event; returning `false` refuses the command, which is then rolled
    /// back and fails with `.callback` (events already delivered for it are void).
    public typealias Navigator = @Sendable (NavigationEvent) -> Bool

    struct Control {
        var state = NavigationState()
        var started = false
        var closed = false
        var views = ViewHandlers()
        var navigator: Navigator?
        var mode = TransitionMode.immediate
        var running = false
        var awaiting: UInt64?
        var queue: [(ticket: UInt64, command: NavigationCommand)] = []
        var nextTransition: UInt64 = 1
        var nextTicket: UInt64 = 1
        var flows: [UInt64: PendingFlow] = [:]
    }

    /// The registry the router resolves against (shared with other routers; changes are seen at once).
    public let registry: RouteRegistry
    let control = Mutex(Control())

    /// Creates a router on a registry. Its state is empty until `start()` (or the first command, which starts it).
    public init(registry: RouteRegistry) {
        self.registry = registry
        registry.guards.attach(self)
    }

    deinit {
        let (state, views) = control.withLock { ($0.state, $0.views) }
        views.release(state.allEntries)
    }

    // MARK: Configuration

    /// Sets the navigator that receives events (`nil`: none).
    public func setNavigator(_ navigator: Navigator?) {
        let old = control.withLock { control in
            defer { control.navigator = navigator }
            return control.navigator
        }
        _ = old  // released here, outside the lock (its captures may run host code when freed)
    }

    /// Sets the handler that builds views for a route's entries (`nil` removes it).
    public func setHandler(_ handler: (any RouteHandler)?, forRoute route: String) {
        let old = control.withLock { control in
            defer { control.views.byRoute[route] = handler }
            return control.views.byRoute[route]
        }
        _ = old  // released outside the lock
    }

    /// Sets the handler for routes without their own (`nil` removes it).
    public func setDefaultHandler(_ handler: (any RouteHandler)?) {
        let old = control.withLock { control in
            defer { control.views.fallback = handler }
            return control.views.fallback
        }
        _ = old  // released outside the lock
    }

    /// Sets the transition mode. Switching to `.immediate` finishes an awaited transition and runs the queue.
    public func setTransitionMode(_ mode: TransitionMode) {
        let drain = control.withLock { control -> Bool in
            control.mode = mode
            guard mode == .immediate, control.awaiting != nil else { return false }
            control.awaiting = nil
            if control.running { return false }
            control.running = true
            return true
        }
        if drain { self.drain() }
    }

    // MARK: Reading

    /// The current state (a copy). Inside an event callback it is the state before the command; the
    /// `stateChanged` event comes after the change is committed.
    public var state: NavigationState { control.withLock { $0.state } }

    /// The current state as a snapshot (JSON, versioned; see `NavigationSnapshot`).
    public func snapshot() -> String { NavigationSnapshot.encode(state) }

    /// The transition the router waits for, if any.
    public var awaitedTransition: UInt64? { control.withLock { $0.awaiting } }

    /// The number of queued commands.
    public var queuedCommandCount: Int { control.withLock { $0.queue.count } }

    // MARK: Commands

    /// Runs (or queues) a command.
    /// - Returns: `.applied` with the transition id (nil when nothing changed), or `.queued`.
    /// - Throws: the command's error; the state is then exactly as before.
    @discardableResult
    public func perform(_ command: NavigationCommand) throws(NavRouterError) -> Outcome {
        let admitted: Result<UInt64?, NavRouterError> = control.withLock { control in
            if control.closed { return .failure(NavRouterError(.destroyed, "the router is closed")) }
            if control.running || control.awaiting != nil {
                let ticket = control.nextTicket
                control.nextTicket += 1
                control.queue.append((ticket, command))
                return .success(ticket)
            }
            control.running = true
            return .success(nil)
        }
        if let ticket = try admitted.get() { return .queued(ticket: ticket) }
        let result = execute(command)
        drain()
        return try result.get()
    }

    /// Tells the router the host finished the transition it waits for; queued commands then run on this thread.
    /// - Throws: `.invalidArgument` when no transition, or another one, is awaited.
    public func transitionFinished(_ transition: UInt64) throws(NavRouterError) {
        let drain: Result<Bool, NavRouterError> = control.withLock { control in
            guard let awaiting = control.awaiting else {
                return .failure(NavRouterError(.invalidArgument, "no transition is awaited (got \(transition))"))
            }
            guard awaiting == transition else {
                return .failure(
                    NavRouterError(.invalidArgument, "transition \(transition) is not the one awaited (\(awaiting))"))
            }
            control.awaiting = nil
            if control.running { return .success(false) }  // the running thread goes on with the queue
            control.running = true
            return .success(true)
        }
        if try drain.get() { self.drain() }
    }

    /// Releases every view and refuses further commands (`.destroyed`). Idempotent.
    public func close() {
        let (entries, views) = control.withLock { control -> ([NavigationEntry], ViewHandlers) in
            if control.closed { return ([], ViewHandlers()) }
            control.closed = true
            control.queue.removeAll()
            let entries = control.state.allEntries
            control.state = NavigationState(
                tabs: [Tab(route: nil, stack: [])], selectedTab: 0, layers: [], nextEntryID: control.state.nextEntryID)
            return (entries, control.views)
        }
        views.release(entries)
    }

    // MARK: Running

    private func drain() {
        while true {
            let next: NavigationCommand? = control.withLock { control in
                if control.closed || control.awaiting != nil || control.queue.isEmpty {
                    control.running = false
                    return nil
                }
                return control.queue.removeFirst().command
            }
            guard let next else { return }
            if case .failure(let error) = execute(next) {
                var event = NavigationEvent(kind: .commandFailed, transitionID: 0)
                event.failure = error
                notify(event)
            }
        }
    }

    /// Sends an event outside any command (its transition id is a fresh one).
    func notify(_ event: NavigationEvent) {
        let (navigator, transition) = control.withLock { control -> (Navigator?, UInt64) in
            control.nextTransition += 1
            return (control.navigator, control.nextTransition - 1)
        }
        var event = event
        event.transitionID = transition
        _ = navigator?(event)
    }

    /// What a command's transaction needs from the router, read once under the lock.
    struct Context {
        let before: NavigationState
        let started: Bool
        let views: ViewHandlers
        let navigator: Navigator?
        let mode: TransitionMode
        let transition: UInt64
    }

    func makeContext() -> Context {
        control.withLock { control in
            control.nextTransition += 1
            return Context(
                before: control.state, started: control.started, views: control.views,
                navigator: control.navigator, mode: control.mode, transition: control.nextTransition - 1)
        }
    }

    /// - Parameter table: the table to resolve on (the current one unless the command was resolved on another).
    func makeTransaction(_ context: Context, table: RouteTable? = nil) -> NavigationTransaction {
        NavigationTransaction(
            state: context.before, table: table ?? registry.table, transitionID: context.transition,
            views: context.views)
    }

    /// Applies a command as a transaction (auto-starting the router), runs the leave guards on what it removes
    /// (unless `vetoable` is false), emits its events, and commits it. Called only by the running thread.
    /// - Returns: the transition id (nil when nothing changed), or a pending flow held by a leave guard.
    /// - Parameter resolved: the match the guards already made for a navigate's URL, and the table it was made on
    ///   (the transaction runs on that table).
    func commit(
        _ command: NavigationCommand, _ context: Context, vetoable: Bool, approvedLeaves: Set<EntryID> = [],
        resolved: (table: RouteTable, match: RouteMatch)? = nil,
        extra: ((inout NavigationTransaction) throws(NavRouterError) -> Void)? = nil
    ) -> Result<Outcome, NavRouterError> {
        // A navigate runs on the table its URL was resolved on (the guards ran on that match), not resolved again.
        var transaction = makeTransaction(context, table: resolved?.table)
        transaction.preresolved = resolved?.match
        do throws(NavRouterError) {
            switch command {
            case .start, .setTabs, .restore: break
            default: if !context.started { try transaction.apply(.start) }
            }
            try transaction.apply(command)
            try extra?(&transaction)
            if let violation = transaction.state.invariantViolation {
                throw NavRouterError(.invalidArgument, "the command would break the state: \(violation)")
            }
            if !registry.guards.isAuthenticated {
                // Entries already in the state passed this check when they came (and logging out prunes): only
                // the ones this command created can be protected.
                let table = transaction.table
                if case .restore = command { transaction.prune { Self.requiresAuth($0, in: table) } }
                let state = transaction.state
                if transaction.createdMayRequireAuth,
                    let entry = transaction.created.first(where: {
                        Self.requiresAuth($0, in: table) && state.find($0.id) != nil
                    })
                {
                    throw NavRouterError(.denied, "route '\(entry.route)' requires authentication")
                }
            }
            if vetoable, let flow = try runLeaveGuards(transaction.removed, command: command, approved: approvedLeaves)
            {
                context.views.release(transaction.created)
                return .success(.pending(flow: flow))
            }
            for event in transaction.events where context.navigator.map({ !$0(event) }) ?? false {
                throw NavRouterError(.callback, "the navigator refused the \(event.kind.rawValue) event")
            }
        } catch {
            context.views.release(transaction.created)
            return .failure(error)
        }
        let changed = !transaction.events.isEmpty
        control.withLock { control in
            control.state = transaction.state
            control.started = true
            if changed && context.mode == .waitForHost { control.awaiting = context.transition }
        }
        context.views.release(transaction.removed)
        guard changed else { return .success(.applied(transition: nil)) }
        _ = context.navigator?(NavigationEvent(kind: .stateChanged, transitionID: context.transition))
        return .success(.applied(transition: context.transition))
    }

    func requiresAuth(_ entry: NavigationEntry) -> Bool {
        Self.requiresAuth(entry, in: registry.table)
    }

    static func requiresAuth(_ entry: NavigationEntry, in table: RouteTable) -> Bool {
        table.route(named: entry.route)?.requiresAuth ?? false
    }
}
