import Synchronization

/// A router: the navigation state of one window or scene (tabs, modal layers, stacks) over a shared registry.
///
/// Every command is a transaction: resolve → (guards) → apply → events. A failing command leaves the state
/// exactly as it was (views it had made are released) and throws.
///
/// Commands run one at a time, in the order they were issued:
/// - a command issued while another runs on another thread waits for it, then runs on its own thread and returns
///   its own outcome (each thread runs its own commands);
/// - a command issued from inside a callback of the running command (or by a thread that is itself inside a
///   command of another router), or while the router waits for the host's transition, is queued (`.queued`) and
///   run in order by the thread running commands; if it then fails, the navigator gets a `commandFailed` event.
///   Commands queued by a command that fails are discarded with it (each gets a `commandFailed` event); at most
///   `maxCommandsQueuedByCallbacks` are queued from callbacks in one run (a callback that issues a command for
///   every event is refused with `.limitExceeded` past that).
///
/// Callbacks (navigator, handlers, guards) run on the thread that runs the command, never while a lock is held;
/// they may call the router, and may close it: the command in flight then fails with `.destroyed` and the views
/// are released once, when it has unwound.
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
        case applied(transition: TransitionID?)
        /// It was queued behind a running command or an unfinished transition; it runs later, and if it then
        /// fails the navigator receives a `commandFailed` event.
        case queued(ticket: Ticket)
        /// It waits as a pending flow (an interceptor's or the login step's); resume it with `resumeFlow`.
        case pending(flow: FlowToken)
        /// The authentication handler claimed the URL as a callback; it was not routed.
        case handled
    }

    /// The host's navigator: receives every event; returning `false` refuses the command, which is then rolled
    /// back and fails with `.callback` (events already delivered for it are void). Changes the host cannot refuse
    /// (a refresh, the pruning that logging out does) ignore the answer.
    public typealias Navigator = @Sendable (NavigationEvent) -> Bool

    /// The most commands callbacks may queue in one run of the router (from the moment a thread starts running
    /// commands until the queue is empty): 1024.
    public static let maxCommandsQueuedByCallbacks = 1024

    struct Control {
        var state = NavigationState()
        var started = false
        var closed = false
        /// The router was closed while a thread ran commands: that thread releases the views when it is done.
        var teardownPending = false
        var views = ViewHandlers()
        var navigator: Navigator?
        var mode = TransitionMode.immediate
        /// The thread running commands now, if any.
        var runner: ThreadIdentity?
        /// The number of the command running now (see `QueuedCommand.queuedBy`).
        var current: UInt64 = 0
        /// The ticket of the command running now, when it was queued (its events carry it).
        var currentTicket: Ticket?
        /// The command running now is urgent (see `QueuedCommand.urgent`).
        var currentUrgent = false
        /// The command running now was issued by a callback of another command (it supersedes no flow).
        var currentFromCallback = false
        var nextCommandNumber: UInt64 = 1
        /// Commands queued from callbacks since `runner` started.
        var queuedByCallbacks = 0
        var awaiting: TransitionID?
        /// The transition of the command whose events are being delivered now.
        var delivering: TransitionID?
        /// That transition was finished by the host from inside one of its own events.
        var finishedEarly: TransitionID?
        var queue = CommandQueue()
        var nextTransition: UInt64 = 1
        var nextTicket: UInt64 = 1
        /// The held flows; `flowPresence` mirrors whether there are any, for reads without the lock.
        var flows: [FlowToken: PendingFlow] = [:] {
            didSet { flowPresence.held.store(!flows.isEmpty, ordering: .releasing) }
        }
        let flowPresence: FlowPresence
        var nextFlowOrder: UInt64 = 0
        var options = RouterOptions()
        /// The seeded token generator's state (`RouterOptions.flowTokenSeed`).
        var tokenState: UInt64 = 0
        /// The transaction log (`RouterOptions.recordsLog`), one JSON object per command.
        var log: [JSONValue] = []
        /// The snapshot JSON of each entry in the state as the log last wrote it: an entry unchanged since is written
        /// as the same value, so the states of the log share their entries instead of each holding a copy.
        var loggedEntries: [EntryID: (entry: NavigationEntry, json: JSONValue)] = [:]
        /// The events of the command being recorded (`RouterOptions.recordsLog`).
        var recording: [JSONValue]?
        /// Where the log starts (the state and counters before its first command), written into its first step.
        var logStart: JSONValue?
        var gesture: Router.Gesture?
        var nextGesture: UInt64 = 0
    }

    /// The registry the router resolves against (shared with other routers; changes are seen at once).
    public let registry: RouteRegistry
    let control: Mutex<Control>
    /// Whether the router holds pending flows (`Control.flows` is not empty), published for lock-free reads: before
    /// each command and each navigation, a router without flows (the usual case) takes no lock to expire or
    /// supersede them.
    let flowPresence: FlowPresence
    /// `Control.options.recordsLog`, published for lock-free reads (stored under the lock by `setOptions`).
    let recordsLog = Atomic<Bool>(false)
    /// `Control.closed`, published for lock-free reads between the stages of a command (set under the lock).
    let closedFlag = Atomic<Bool>(false)
    /// The registry's table as the running command last read it (see `runnerTable()`).
    private let runnerTableCache = RunnerTableCache()

    /// A table kept by the runner, read and written only by the thread running this router's commands.
    ///
    /// Safety: commands run one at a time on a router (`Control.claimRunner` refuses a second runner, and a command
    /// issued from a callback is queued), and the runner is handed over under the control lock, which orders one
    /// runner's write before the next runner's read: the field is never touched by two threads at once.
    private final class RunnerTableCache: @unchecked Sendable {
        var table: RouteTable?
    }

    /// The registry's current table, for the command this thread runs: the one it read last while the registry's
    /// generation has not moved (an atomic read), so that a command takes the registry's lock only after a change.
    /// Call only from a running command (its stages, leave guards, refresh and commit). After a change, the table
    /// read last stays alive until the router's next command (as a C thread's cached table does until its next
    /// look-up).
    func runnerTable() -> RouteTable {
        if let table = runnerTableCache.table, table.generation == registry.generation { return table }
        let table = registry.table
        runnerTableCache.table = table
        return table
    }

    /// Creates a router on a registry. Its state is empty until `start()` (or the first command, which starts it).
    public init(registry: RouteRegistry, options: RouterOptions = RouterOptions()) {
        self.registry = registry
        let presence = FlowPresence()
        flowPresence = presence
        control = Mutex(Control(flowPresence: presence))
        registry.guards.attach(self)
        setOptions(options)
    }

    /// The router's options (see `RouterOptions`).
    public var options: RouterOptions { control.withLock { $0.options } }

    /// Changes the router's options; they apply from the next command. Setting a `flowTokenSeed` restarts the
    /// seeded token sequence.
    public func setOptions(_ options: RouterOptions) {
        control.withLock { control in
            if options.flowTokenSeed != control.options.flowTokenSeed || control.tokenState == 0 {
                control.tokenState = options.flowTokenSeed ?? 0
            }
            control.options = options
            recordsLog.store(options.recordsLog, ordering: .releasing)
        }
    }

    deinit {
        registry.guards.detach(self)
        let (state, views) = control.withLock { ($0.state, $0.views) }
        views.release(state.allEntries)
    }

    // MARK: Configuration

    /// The navigator that receives events (`nil`: none). Replacing it releases the old one outside the router's
    /// lock (its captures may run host code when freed).
    public var navigator: Navigator? {
        get { control.withLock { $0.navigator } }
        set {
            let old = control.withLock { control in
                defer { control.navigator = newValue }
                return control.navigator
            }
            _ = old  // released here, outside the lock
        }
    }

    /// Sets the handler that builds views for a route's entries (`nil` removes it). Views already made go back to
    /// the handler that made them.
    /// - Throws: `.notFound` when the registry has no route of that name.
    public func setHandler(_ handler: (any RouteHandler)?, forRoute route: String) throws(NavRouterError) {
        if handler != nil, registry.route(named: route) == nil {
            throw NavRouterError(.notFound, "no route is named '\(route)'")
        }
        let maker = handler.map(ViewMaker.init)
        let old = control.withLock { control in
            defer { control.views = control.views.setting(maker, forRoute: route) }
            return control.views
        }
        _ = old  // released outside the lock (with the handler it may hold last)
    }

    /// The handler for routes without their own (`nil`: none). Views already made go back to the handler that
    /// made them.
    public var defaultHandler: (any RouteHandler)? {
        get { control.withLock { $0.views.fallback?.handler } }
        set {
            let maker = newValue.map(ViewMaker.init)
            let old = control.withLock { control in
                defer { control.views = control.views.settingFallback(maker) }
                return control.views
            }
            _ = old  // released outside the lock (with the handler it may hold last)
        }
    }

    /// Whether the router waits for the host after each command (`.waitForHost`) or not (`.immediate`, the
    /// default). Switching to `.immediate` finishes an awaited transition and runs the queue.
    public var transitionMode: TransitionMode {
        get { control.withLock { $0.mode } }
        set { applyTransitionMode(newValue) }
    }

    private func applyTransitionMode(_ mode: TransitionMode) {
        let me = ThreadIdentity.current
        let drain = control.withLock { control -> Bool in
            control.mode = mode
            guard mode == .immediate, control.awaiting != nil else { return false }
            control.awaiting = nil
            return control.claimRunner(me)
        }
        if drain { runQueue() }
    }

    // MARK: Reading

    /// The current state (a copy). Inside an event callback it is the state before the command; the
    /// `stateChanged` event comes after the change is committed.
    public var state: NavigationState { control.withLock { $0.state } }

    /// The current state as a snapshot (JSON, versioned; see `NavigationSnapshot`), with the host's own `app` value
    /// (its app version, say: the migration hook of `RestoreOptions` gets it back). Like every value in a snapshot,
    /// `app` must nest at most `JSONValue.maxDepth` arrays and objects, or a restore refuses the snapshot.
    public func snapshot(app: JSONValue? = nil) -> String { NavigationSnapshot.encode(state, app: app) }

    /// The transition the router waits for, if any.
    public var awaitedTransition: TransitionID? { control.withLock { $0.awaiting } }

    /// The number of queued commands.
    public var queuedCommandCount: Int { control.withLock { $0.queue.count } }

    /// Whether the command queued with this ticket has yet to finish: it waits in the queue, or runs now. Once it
    /// has finished, every event of its run (or its `commandFailed` event) has been handed to the navigator.
    public func isUnfinished(_ ticket: Ticket) -> Bool {
        control.withLock { $0.queue.contains(ticket) || ($0.runner != nil && $0.currentTicket == ticket) }
    }

    // MARK: Commands

    /// Runs (or queues) a command (see the type's documentation for when it waits, runs or is queued).
    /// - Returns: `.applied` with the transition id (nil when nothing changed), `.queued`, `.pending` or
    ///   `.handled`.
    /// - Throws: the command's error; the state is then exactly as before. `.destroyed` once the router is closed;
    ///   `.limitExceeded` for a command queued from a callback past `maxCommandsQueuedByCallbacks`.
    @discardableResult
    public func perform(_ command: NavigationCommand) throws(NavRouterError) -> Outcome {
        try perform(command, urgent: false)
    }

    /// `perform(_:)` for the command methods (`navigate`, `pop`, …): the command they build moves in, where the public
    /// `perform(_:)`, whose argument is borrowed, copies it (~120 instructions a push/pop pair).
    func issue(_ command: consuming NavigationCommand) throws(NavRouterError) -> Outcome {
        try perform(command, urgent: false)
    }

    /// Runs (or queues) a command; an urgent one (a prune the guards enforce) also runs while the router waits for
    /// the host's transition, without replacing the transition awaited.
    func perform(_ command: consuming NavigationCommand, urgent: Bool) throws(NavRouterError) -> Outcome {
        try command.checkValues()
        // A host hook the command carries runs now, on the caller's thread: a queued command runs after the call
        // returned, when the hook (a C function's user data) may be gone.
        if let hooksRun = try command.withHostHooksRun() { command = hooksRun }
        return try perform(work: .command(command), urgent: urgent)
    }

    /// Runs (or queues) work in the router's one-at-a-time order (see `perform(_:)`).
    func perform(work: RouterWork, urgent: Bool) throws(NavRouterError) -> Outcome {
        switch admit(work, urgent: urgent) {
        case .refused(let error):
            throw error
        case .queued(let ticket):
            return .queued(ticket: ticket)
        case .run(let number):
            return try run(work, number: number).get()
        case .wait(let ticket, let parker):
            switch parker.wait() {
            case .run(let number): return try run(work, number: number).get()
            case .queued: return .queued(ticket: ticket)
            case .closed: throw NavRouterError(.destroyed, "the router was closed")
            }
        }
    }

    /// Tells the router the host finished the transition it waits for; queued commands then run on this thread.
    /// The host may also finish a transition from inside one of its own events (the router then does not wait).
    /// - Throws: `.invalidArgument` when no transition, or another one, is awaited.
    public func transitionFinished(_ transition: TransitionID) throws(NavRouterError) {
        let me = ThreadIdentity.current
        let drain: Result<Bool, NavRouterError> = control.withLock { control in
            guard let awaiting = control.awaiting else {
                if control.runner == me, control.delivering == transition {
                    control.finishedEarly = transition
                    return .success(false)
                }
                return .failure(NavRouterError(.invalidArgument, "no transition is awaited (got \(transition))"))
            }
            guard awaiting == transition else {
                return .failure(
                    NavRouterError(.invalidArgument, "transition \(transition) is not the one awaited (\(awaiting))"))
            }
            control.awaiting = nil
            return .success(control.claimRunner(me))  // else the running thread goes on with the queue
        }
        if try drain.get() { runQueue() }
    }

    /// Releases every view and refuses further commands (`.destroyed`); queued commands are dropped and threads
    /// waiting to run theirs get `.destroyed`. Idempotent. Called from inside a callback, the command in flight
    /// fails with `.destroyed` and the views are released when it has unwound.
    public func close() {
        let (entries, views, waiters) = control.withLock {
            control -> ([NavigationEntry], ViewHandlers, [Parker<QueuedCommand.Turn>]) in
            if control.closed { return ([], ViewHandlers(), []) }
            control.closed = true
            closedFlag.store(true, ordering: .releasing)
            let waiters = control.queue.removeAll().compactMap(\.waiter)
            if control.runner != nil {
                control.teardownPending = true
                return ([], ViewHandlers(), waiters)
            }
            let (entries, views) = control.tearDown()
            return (entries, views, waiters)
        }
        for waiter in waiters { waiter.signal(.closed) }
        views.release(entries)
    }

    /// Sends an event outside any command (its transition id is a fresh one).
    func notify(_ event: NavigationEvent) {
        let (navigator, transition) = control.withLock { control -> (Navigator?, TransitionID) in
            control.nextTransition += 1
            return (control.navigator, TransitionID(control.nextTransition - 1))
        }
        var event = event
        event.transitionID = transition
        record(event)
        _ = navigator?(event)
    }

    /// Prunes what the guards no longer allow (a refresh that also runs while the router waits for the host; see
    /// `perform(_:urgent:)`): after logging out, and after routes were removed.
    func enforceGuards() { _ = try? perform(.refresh, urgent: true) }

    /// Whether an entry's route requires authentication on the current table (or did when the entry was made).
    func requiresAuth(_ entry: NavigationEntry) -> Bool { Self.requiresAuth(entry, in: registry.table) }

    /// Whether an entry's route requires authentication (as it did when the entry was made, or does now).
    static func requiresAuth(_ entry: NavigationEntry, in table: RouteTable) -> Bool {
        entry.requiresAuth || (table.route(named: entry.route)?.requiresAuth ?? false)
    }
}

extension Router.Control {
    /// Makes `thread` the runner if no thread runs commands.
    mutating func claimRunner(_ thread: ThreadIdentity) -> Bool {
        if runner != nil { return false }
        runner = thread
        queuedByCallbacks = 0
        return true
    }

    /// Numbers the command about to run (see `QueuedCommand.queuedBy`), with its ticket if it was queued.
    mutating func startCommand(ticket: Ticket? = nil, urgent: Bool = false, fromCallback: Bool = false) -> UInt64 {
        currentTicket = ticket
        currentUrgent = urgent
        currentFromCallback = fromCallback
        current = nextCommandNumber
        nextCommandNumber += 1
        return current
    }

    /// Empties a closed router's state; returns what to release outside the lock.
    mutating func tearDown() -> ([NavigationEntry], ViewHandlers) {
        let entries = state.allEntries
        state = NavigationState(
            tabs: [Tab(route: nil, stack: [])], selectedTab: 0, layers: [], nextEntryID: state.nextEntryID)
        teardownPending = false
        return (entries, views)
    }
}

/// Whether a router holds pending flows, as an atomic flag any thread may read without the router's lock (written
/// under it, by `Router.Control.flows`).
final class FlowPresence: Sendable {
    let held = Atomic<Bool>(false)
}
