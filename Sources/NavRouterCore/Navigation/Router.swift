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

    /// Everything of a router that changes, behind its one lock (`control`), in parts each defined with the code of
    /// its concern. The lock discipline, for every part: read and written only inside `control.withLock`, never held
    /// while a callback (navigator, handler, guard, hook) runs or while a thread waits; what a callback needs is read
    /// out first, and values whose release may run host code (handlers, navigators, states) leave the lock before
    /// they are released.
    struct Control {
        /// The navigation state.
        var state = NavigationState()
        var started = false
        var closed = false
        /// The router was closed while a thread ran commands: that thread releases the views when it is done.
        var teardownPending = false
        /// The host's hooks: route handlers and the navigator.
        var views = ViewHandlers()
        var navigator: Navigator?
        var options = RouterOptions()
        /// One command at a time: the runner, the running command, the queue (`Router+Queue.swift`).
        var order = CommandOrder()
        /// The transition handshake with the host (`Router+Transitions.swift`).
        var transitions = Transitions()
        /// The held flows (`PendingFlow.swift`).
        var flowBook: FlowBook
        /// The transaction log (`Router+Log.swift`).
        var logBook = LogBook()
        /// The back gesture in progress (`Router+Gestures.swift`).
        var gestures = Gestures()

        init(flowPresence: FlowPresence) { flowBook = FlowBook(presence: flowPresence) }
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
            if options.flowTokenSeed != control.options.flowTokenSeed || control.flowBook.tokenState == 0 {
                control.flowBook.tokenState = options.flowTokenSeed ?? 0
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
            throw NavRouterError(
                .notFound,
                "no route is named '\(route)'" + NameSuggestion.didYouMean(route, among: registry.table.routeNames))
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

    // MARK: Reading

    /// The current state (a copy). Inside an event callback it is the state before the command; the
    /// `stateChanged` event comes after the change is committed.
    public var state: NavigationState { control.withLock { $0.state } }

    /// The current state as a snapshot (JSON, versioned; see `NavigationSnapshot`), with the host's own `app` value
    /// (its app version, say: the migration hook of `RestoreOptions` gets it back). Like every value in a snapshot,
    /// `app` must nest at most `JSONValue.maxDepth` arrays and objects, or a restore refuses the snapshot.
    public func snapshot(app: JSONValue? = nil) -> String { NavigationSnapshot.encode(state, app: app) }

    /// The number of queued commands.
    public var queuedCommandCount: Int { control.withLock { $0.order.queue.count } }

    /// Whether the command queued with this ticket has yet to finish: it waits in the queue, or runs now. Once it
    /// has finished, every event of its run (or its `commandFailed` event) has been handed to the navigator.
    public func isUnfinished(_ ticket: Ticket) -> Bool {
        control.withLock {
            $0.order.queue.contains(ticket) || ($0.order.runner != nil && $0.order.currentTicket == ticket)
        }
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

    /// Releases every view and refuses further commands (`.destroyed`); queued commands are dropped and threads
    /// waiting to run theirs get `.destroyed`. Idempotent. Called from inside a callback, the command in flight
    /// fails with `.destroyed` and the views are released when it has unwound.
    public func close() {
        let (entries, views, waiters) = control.withLock {
            control -> ([NavigationEntry], ViewHandlers, [Parker<QueuedCommand.Turn>]) in
            if control.closed { return ([], ViewHandlers(), []) }
            control.closed = true
            closedFlag.store(true, ordering: .releasing)
            let waiters = control.order.queue.removeAll().compactMap(\.waiter)
            if control.order.runner != nil {
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
            control.transitions.nextTransition += 1
            return (control.navigator, TransitionID(control.transitions.nextTransition - 1))
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
/// under it, by `Router.FlowBook.flows`).
final class FlowPresence: Sendable {
    let held = Atomic<Bool>(false)
}
