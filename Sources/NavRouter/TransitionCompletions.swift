import NavRouterCore

/// The commands of a `NavigationHost` waiting for their transitions: by transition for a command that ran, by
/// ticket for a queued one (which learns its transition from its `stateChanged` event, or its failure from its
/// `commandFailed` event).
struct TransitionCompletions {
    private var byTransition: [TransitionID: [CheckedContinuation<Void, Never>]] = [:]
    private var byTicket: [Ticket: CheckedContinuation<Result<Router.Outcome, NavRouterError>, Never>] = [:]
    /// The transitions of queued commands that ran, not yet finished.
    private var ticketTransitions: [Ticket: TransitionID] = [:]

    /// The tickets of queued commands waited for whose transition is not known yet.
    var waitingTickets: [Ticket] { byTicket.keys.filter { ticketTransitions[$0] == nil } }

    mutating func waitForTransition(_ transition: TransitionID, _ continuation: CheckedContinuation<Void, Never>) {
        byTransition[transition, default: []].append(continuation)
    }

    mutating func waitForTicket(
        _ ticket: Ticket, _ continuation: CheckedContinuation<Result<Router.Outcome, NavRouterError>, Never>
    ) {
        byTicket[ticket] = continuation
    }

    /// A queued command ran as `transition` (its `stateChanged` event carried its ticket).
    mutating func ran(_ ticket: Ticket?, as transition: TransitionID) {
        if let ticket, byTicket[ticket] != nil { ticketTransitions[ticket] = transition }
    }

    /// A queued command is held as a pending flow.
    mutating func pend(_ ticket: Ticket, _ flow: FlowToken) {
        ticketTransitions[ticket] = nil
        byTicket.removeValue(forKey: ticket)?.resume(returning: .success(.pending(flow: flow)))
    }

    /// A queued command failed.
    mutating func fail(_ ticket: Ticket, _ error: NavRouterError) {
        ticketTransitions[ticket] = nil
        byTicket.removeValue(forKey: ticket)?.resume(returning: .failure(error))
    }

    /// The host finished `transition`.
    mutating func finished(_ transition: TransitionID) {
        for continuation in byTransition.removeValue(forKey: transition) ?? [] { continuation.resume() }
        for (ticket, ran) in ticketTransitions where ran == transition {
            ticketTransitions[ticket] = nil
            byTicket.removeValue(forKey: ticket)?.resume(returning: .success(.applied(transition: transition)))
        }
    }

    /// Returns the queued commands among `tickets` that finished without a transition (applied, nothing changed):
    /// every event of their runs was delivered before now.
    mutating func settleUnchanged(_ tickets: [Ticket]) {
        for ticket in tickets where ticketTransitions[ticket] == nil {
            byTicket.removeValue(forKey: ticket)?.resume(returning: .success(.applied(transition: nil)))
        }
    }

    /// Returns every waiting command: the host is gone (queued commands fail with `.destroyed`).
    mutating func abandon() {
        for continuation in byTransition.values.joined() { continuation.resume() }
        for continuation in byTicket.values {
            continuation.resume(returning: .failure(NavRouterError(.destroyed, "the navigation host was closed")))
        }
        byTransition = [:]
        byTicket = [:]
        ticketTransitions = [:]
    }
}
