extension Router {
    /// The part of `Router.Control` that keeps the transition handshake with the host: each command's transition id,
    /// whether the router waits for the host to finish one, and whether the host finished it from inside its events.
    struct Transitions {
        var mode = TransitionMode.immediate
        /// The transition the router waits for (`.waitForHost`).
        var awaiting: TransitionID?
        /// The transition of the command whose events are being delivered now.
        var delivering: TransitionID?
        /// That transition was finished by the host from inside one of its own events.
        var finishedEarly: TransitionID?
        var nextTransition: UInt64 = 1
    }

    /// Whether the router waits for the host after each command (`.waitForHost`) or not (`.immediate`, the
    /// default). Switching to `.immediate` finishes an awaited transition and runs the queue.
    public var transitionMode: TransitionMode {
        get { control.withLock { $0.transitions.mode } }
        set { applyTransitionMode(newValue) }
    }

    private func applyTransitionMode(_ mode: TransitionMode) {
        let me = ThreadIdentity.current
        let drain = control.withLock { control -> Bool in
            control.transitions.mode = mode
            guard mode == .immediate, control.transitions.awaiting != nil else { return false }
            control.transitions.awaiting = nil
            return control.order.claimRunner(me)
        }
        if drain { runQueue() }
    }

    /// The transition the router waits for, if any.
    public var awaitedTransition: TransitionID? { control.withLock { $0.transitions.awaiting } }

    /// Tells the router the host finished the transition it waits for; queued commands then run on this thread.
    /// The host may also finish a transition from inside one of its own events (the router then does not wait).
    /// - Throws: `.invalidArgument` when no transition, or another one, is awaited.
    public func transitionFinished(_ transition: TransitionID) throws(NavRouterError) {
        let me = ThreadIdentity.current
        let drain: Result<Bool, NavRouterError> = control.withLock { control in
            guard let awaiting = control.transitions.awaiting else {
                if control.order.runner == me, control.transitions.delivering == transition {
                    control.transitions.finishedEarly = transition
                    return .success(false)
                }
                return .failure(NavRouterError(.invalidArgument, "no transition is awaited (got \(transition))"))
            }
            guard awaiting == transition else {
                return .failure(
                    NavRouterError(.invalidArgument, "transition \(transition) is not the one awaited (\(awaiting))"))
            }
            control.transitions.awaiting = nil
            return .success(control.order.claimRunner(me))  // else the running thread goes on with the queue
        }
        if try drain.get() { runQueue() }
    }
}
