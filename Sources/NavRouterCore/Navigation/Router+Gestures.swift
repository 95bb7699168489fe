extension Router {
    /// The part of `Router.Control` that keeps the back gesture in progress (one at a time).
    struct Gestures {
        var gesture: Router.Gesture?
        var nextGesture: UInt64 = 0
    }

    /// Begins an interactive back gesture (an iOS swipe, Android's predictive back, a browser's back): asks the
    /// leave guards of what `back` would remove now (a veto, or a guard that would hold the change as pending,
    /// refuses the gesture) and returns a token with the preview. Nothing changes until `commitBackGesture`; a
    /// `cancelBackGesture` (the user let go) leaves everything as it is. One gesture at a time: a new one replaces
    /// the last.
    ///
    /// It keeps to the router's order as a command does: it waits for a command another thread runs, and a command
    /// a leave guard issues is queued behind it (it then changes the state, and the gesture's commit is refused).
    /// - Throws: `.notFound` when there is nothing to go back to, `.cancelled` when a leave guard vetoes,
    ///   `.invalidArgument` when called from inside a callback of a command (a gesture is the user's, not a
    ///   callback's), `.destroyed` once the router is closed.
    public func beginBackGesture() throws(NavRouterError) -> (gesture: GestureID, preview: BackPreview) {
        let me = ThreadIdentity.current
        if ThreadIdentity.commandDepth > 0 || control.withLock({ $0.order.runner == me }) {
            throw NavRouterError(
                .invalidArgument, "a back gesture cannot begin inside a callback of a command: begin it from the host")
        }
        let request = GestureRequest()
        // Urgent: it also runs while the router waits for the host's transition (it changes nothing).
        _ = try? perform(work: .beginBackGesture(request), urgent: true)
        return try request.result.get()
    }

    /// `beginBackGesture()`, run by the thread that runs the router's work.
    func beginBackGestureNow() -> Result<(gesture: GestureID, preview: BackPreview), NavRouterError> {
        Result { () throws(NavRouterError) in try askGestureGuards() }
    }

    private func askGestureGuards() throws(NavRouterError) -> (gesture: GestureID, preview: BackPreview) {
        guard let preview = backPreview() else {
            throw NavRouterError(.notFound, "nothing to go back to")
        }
        let guards = registry.guards
        let table = registry.table
        for entry in preview.leaving.reversed() {
            for registration in guards.interceptors(
                for: .leave, route: entry.route, paths: { table.guardPaths(of: entry) })
            {
                if registration.requiresAuth && !guards.isAuthenticated { continue }
                let decision = registration.interceptor.intercept(
                    interception(.leave, destination: nil, entry: entry, flow: 0, external: false))
                switch decision {
                case .proceed: continue
                case .cancel(let reason):
                    throw NavRouterError(
                        .cancelled,
                        "\(registration.described) kept entry \(entry.id) ('\(entry.route)'): \(reason)")
                case .pending, .redirect:
                    throw NavRouterError(
                        .cancelled,
                        "\(registration.described) would hold entry \(entry.id) ('\(entry.route)'): a "
                            + "gesture cannot wait"
                    )
                }
            }
        }
        let gesture = control.withLock { control -> GestureID in
            control.gestures.nextGesture += 1
            let gesture = GestureID(control.gestures.nextGesture)
            control.gestures.gesture = Router.Gesture(
                token: gesture, state: control.state, approved: Set(preview.leaving.map(\.id)))
            return gesture
        }
        return (gesture, preview)
    }

    /// Finishes a back gesture: the router goes back as the user did (events say `userInitiated`).
    /// - Throws: `.invalidArgument` for an unknown or replaced gesture, or when the state changed since it began.
    @discardableResult
    public func commitBackGesture(_ gesture: GestureID) throws(NavRouterError) -> Outcome {
        try perform(.commitBackGesture(gesture: gesture))
    }

    /// Cancels a back gesture: nothing changed, nothing does.
    /// - Throws: `.invalidArgument` for an unknown or replaced gesture.
    public func cancelBackGesture(_ gesture: GestureID) throws(NavRouterError) {
        let known = control.withLock { control -> Bool in
            guard control.gestures.gesture?.token == gesture else { return false }
            control.gestures.gesture = nil
            return true
        }
        let result: Result<Void, NavRouterError> =
            known
            ? .success(()) : .failure(NavRouterError(.invalidArgument, "gesture \(gesture) is not the one in progress"))
        recordGestureCancel(gesture, result)
        try result.get()
    }

    /// The gesture's approved leaves, taken out, if the gesture is the one in progress and nothing changed since.
    func takeGesture(_ gesture: GestureID) -> Result<Set<EntryID>, NavRouterError> {
        control.withLock { control in
            guard let current = control.gestures.gesture, current.token == gesture else {
                return .failure(NavRouterError(.invalidArgument, "gesture \(gesture) is not the one in progress"))
            }
            control.gestures.gesture = nil
            guard current.state == control.state else {
                return .failure(
                    NavRouterError(.invalidArgument, "the state changed since gesture \(gesture) began: begin again"))
            }
            return .success(current.approved)
        }
    }

    /// A back gesture in progress: the state it began on and the entries its leave guards let go.
    struct Gesture {
        let token: GestureID
        let state: NavigationState
        let approved: Set<EntryID>
    }
}
