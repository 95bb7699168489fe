/// A command held by a guard until the host resumes it with the flow's token: a navigation waiting for the login
/// step or for a `pending` interceptor, or any command waiting for a `pending` leave guard.
struct PendingFlow: Sendable {
    /// Where the held command goes on when it is resumed.
    enum Stage: Equatable, Sendable {
        /// After the login step: authentication is checked again (it must hold now), then every interceptor.
        case login
        /// At the `before` interceptor with this index (the one that answered `pending` is not asked again).
        case interceptor(next: Int)
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
    /// The navigation's destination requires authentication (logging out cancels the flow).
    let destinationRequiresAuth: Bool
    /// When the flow was held, among the router's flows (flows are listed and cancelled in this order).
    var order: UInt64 = 0
}

extension Router {
    /// A new flow token: random, non-zero, below 2^53 (exact in every JSON reader), and not one of the flows held
    /// now.
    func issueFlowToken() -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        return control.withLock { control in
            var token: UInt64
            repeat { token = generator.next() & Self.flowTokenMask } while token == 0 || control.flows[token] != nil
            return token
        }
    }

    /// Flow tokens have 53 random bits.
    static let flowTokenMask: UInt64 = (1 << 53) - 1

    /// Holds a command under a token until it is resumed.
    func hold(_ flow: PendingFlow, as token: UInt64) {
        var flow = flow
        control.withLock { control in
            control.nextFlowOrder += 1
            flow.order = control.nextFlowOrder
            control.flows[token] = flow
        }
    }

    /// Takes a held flow out (a token resumes once).
    func takeFlow(_ token: UInt64) -> PendingFlow? {
        control.withLock { $0.flows.removeValue(forKey: token) }
    }

    /// Tells the navigator that a held flow was dropped, and why.
    func reportCancelled(_ token: UInt64, reason: String) {
        var event = NavigationEvent(kind: .flowCancelled, transitionID: 0)
        event.flow = token
        event.failure = NavRouterError(.cancelled, reason)
        notify(event)
    }

    /// What an interceptor is asked: one place that builds every interception context.
    func interception(
        _ phase: InterceptorPhase, destination: RouteMatch?, entry: NavigationEntry?, flow: UInt64, external: Bool
    ) -> InterceptionContext {
        InterceptionContext(
            phase: phase, destination: destination, entry: entry, flow: flow,
            isAuthenticated: registry.guards.isAuthenticated, external: external, router: self)
    }
}
