/// A command held by a guard until the host resumes it with the flow's token: a navigation waiting for the login
/// step or for a `pending` interceptor, or any command waiting for a `pending` leave guard.
struct PendingFlow: Sendable {
    /// Where the held command goes on when it is resumed.
    enum Stage: Equatable, Sendable {
        /// After the login step: authentication is checked again (it must hold now), then every interceptor.
        case login
        /// At the `before` interceptors: every one the flow has no answer from yet (`answered`) is asked, in the
        /// order that holds when it resumes (the one that answered `pending` is not asked again).
        case interceptors
        /// After a leave guard: the command is applied again, with the entries already approved.
        case leave
    }

    /// The held command.
    let command: NavigationCommand
    /// Where it goes on.
    var stage: Stage
    /// The URLs left by redirects so far, oldest first (for the chain's bound and its messages).
    var redirects: [String]
    /// Entries whose leave guards already let them go.
    var approvedLeaves: Set<EntryID>
    /// The `before` interceptors that already answered this navigation (proceed, or the pending that held it): a
    /// resumed flow does not ask them again, whatever was added to or removed from the list meanwhile.
    var answered: Set<InterceptorID> = []
    /// The navigation's destination requires authentication (logging out cancels the flow).
    let destinationRequiresAuth: Bool
    /// When the flow was held, among the router's flows (flows are listed and cancelled in this order).
    var order: UInt64 = 0
    /// How long the flow may wait (`NavigationOptions.flowDeadline`, else `RouterOptions.flowDeadline`).
    let deadline: Duration?
    /// When it expires (set when it is held).
    var expires: ContinuousClock.Instant?
}

extension Router {
    /// The part of `Router.Control` that keeps the held flows.
    struct FlowBook {
        /// The held flows; `presence` mirrors whether there are any, for reads without the lock.
        var flows: [FlowToken: PendingFlow] = [:] {
            didSet { presence.held.store(!flows.isEmpty, ordering: .releasing) }
        }
        let presence: FlowPresence
        /// The order of the flow held last (flows are listed and cancelled in this order).
        var nextFlowOrder: UInt64 = 0
        /// The seeded token generator's state (`RouterOptions.flowTokenSeed`).
        var tokenState: UInt64 = 0

        init(presence: FlowPresence) { self.presence = presence }
    }

    /// A new flow token: random (or from `RouterOptions.flowTokenSeed`), non-zero, below 2^53 (exact in every JSON
    /// reader), and not one of the flows held now.
    func issueFlowToken() -> FlowToken {
        var generator = SystemRandomNumberGenerator()
        return control.withLock { control in
            var token: UInt64
            repeat {
                if control.options.flowTokenSeed != nil {
                    // SplitMix64: the same seed gives the same tokens (a replayed log resumes the same flows).
                    control.flowBook.tokenState &+= 0x9E37_79B9_7F4A_7C15
                    var z = control.flowBook.tokenState
                    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                    token = (z ^ (z >> 31)) & Self.flowTokenMask
                } else {
                    token = generator.next() & Self.flowTokenMask
                }
            } while token == 0 || control.flowBook.flows[FlowToken(token)] != nil
            return FlowToken(token)
        }
    }

    /// Flow tokens have 53 random bits.
    static let flowTokenMask: UInt64 = (1 << 53) - 1

    /// Holds a command under a token until it is resumed.
    func hold(_ flow: PendingFlow, as token: FlowToken) {
        var flow = flow
        control.withLock { control in
            control.flowBook.nextFlowOrder += 1
            flow.order = control.flowBook.nextFlowOrder
            if let deadline = flow.deadline ?? control.options.flowDeadline {
                flow.expires = ContinuousClock.now.advanced(by: max(deadline, .zero))
            }
            control.flowBook.flows[token] = flow
        }
    }

    /// Tells the navigator a navigation waits as a pending flow (a host may show a spinner). A queued command's
    /// event carries its ticket, so that whoever waits for the ticket learns the command is pending.
    func reportPending(_ token: FlowToken, url: String?, stage: String) {
        var event = NavigationEvent(kind: .navigationPending, transitionID: 0)
        event.flow = token
        event.ticket = control.withLock { $0.order.currentTicket }
        event.info = .object(["url": url.map(JSONValue.string) ?? .null, "stage": .string(stage)])
        notify(event)
    }

    /// Tells the navigator a pending flow ended, and how.
    func reportEnded(_ token: FlowToken, reason: String) {
        var event = NavigationEvent(kind: .pendingEnded, transitionID: 0)
        event.flow = token
        event.info = .object(["reason": .string(reason)])
        notify(event)
    }

    /// Drops every held flow whose deadline has passed (`flowCancelled` and `pendingEnded` with reason `expired`).
    /// Runs before each command; a host may call it from a timer to hear of expiries sooner. It keeps to the
    /// router's order as a command does: it waits for a command another thread runs (its events never reach the
    /// navigator beside that command's), and is queued when called from inside a callback or while the router waits
    /// for the host's transition.
    public func expireFlows() {
        if !flowPresence.held.load(ordering: .acquiring) { return }  // the usual case: no lock taken
        _ = try? perform(work: .expireFlows, urgent: false)
    }

    /// `expireFlows()` on the thread running the router's work (before each command).
    func expireDueFlows() {
        if !flowPresence.held.load(ordering: .acquiring) { return }  // the usual case: no lock taken
        let expired = control.withLock { control -> [FlowToken] in
            if control.flowBook.flows.isEmpty { return [] }  // the usual case: no clock read, nothing made
            let now = ContinuousClock.now
            let gone = control.flowBook.flows.filter { $0.value.expires.map { $0 <= now } ?? false }
                .sorted { $0.value.order < $1.value.order }.map(\.key)
            for token in gone { control.flowBook.flows[token] = nil }
            return gone
        }
        for token in expired { reportCancelled(token, reason: "the flow's deadline passed", ended: "expired") }
    }

    /// Drops these flows, those of them still held: a newer navigation supersedes them
    /// (`RouterOptions.supersedePendingFlows`).
    func supersedeFlows(_ tokens: [FlowToken]) {
        let superseded = control.withLock { control -> [FlowToken] in
            tokens.filter { control.flowBook.flows.removeValue(forKey: $0) != nil }
        }
        for token in superseded {
            reportCancelled(token, reason: "superseded by a newer navigation", ended: "superseded")
        }
    }

    /// Takes a held flow out (a token resumes once).
    func takeFlow(_ token: FlowToken) -> PendingFlow? {
        control.withLock { $0.flowBook.flows.removeValue(forKey: token) }
    }

    /// Tells the navigator that a held flow was dropped, and why (`flowCancelled`, then `pendingEnded` with
    /// `ended` as its reason).
    func reportCancelled(_ token: FlowToken, reason: String, ended: String = "cancelled") {
        var event = NavigationEvent(kind: .flowCancelled, transitionID: 0)
        event.flow = token
        event.failure = NavRouterError(.cancelled, reason)
        notify(event)
        reportEnded(token, reason: ended)
    }

    /// What an interceptor is asked: one place that builds every interception context.
    func interception(
        _ phase: InterceptorPhase, destination: RouteMatch?, entry: NavigationEntry?, flow: FlowToken, external: Bool
    ) -> InterceptionContext {
        InterceptionContext(
            phase: phase, destination: destination, entry: entry, flow: flow,
            isAuthenticated: registry.guards.isAuthenticated, external: external, router: self)
    }
}
