// Every deprecated spelling of the public API, in one place: each forwards to its replacement and goes away in the
// release its message names (CHANGELOG lists them under that release's "Removed"). Add a new one here, with the
// release it goes away in.

extension ModalStyle {
    /// A layer that covers the whole screen.
    @available(*, deprecated, renamed: "fullScreen", message: "goes away in 0.2.0")
    public static var fullscreen: ModalStyle { .fullScreen }
}

extension NavRouterError.Code {
    /// The status's name in the C header without its `NAVROUTER_` prefix, e.g. `"EINVAL"`.
    @available(*, deprecated, renamed: "cName", message: "goes away in 0.2.0; `description` is the Swift name")
    public var name: String { cName }
}

extension NavigationCommand {
    /// A restore with options: now `restore(snapshot:options:)`, one command for every restore.
    @available(*, deprecated, renamed: "restore(snapshot:options:)", message: "goes away in 0.2.0")
    public static func restoreWithOptions(snapshot: String, options: RestoreOptions) -> NavigationCommand {
        .restore(snapshot: snapshot, options: options)
    }
}

extension Router {
    /// Sets the navigator that receives events (`nil`: none).
    @available(*, deprecated, renamed: "navigator", message: "goes away in 0.2.0: assign router.navigator")
    public func setNavigator(_ navigator: Navigator?) { self.navigator = navigator }

    /// Sets the handler for routes without their own (`nil` removes it).
    @available(*, deprecated, renamed: "defaultHandler", message: "goes away in 0.2.0: assign router.defaultHandler")
    public func setDefaultHandler(_ handler: (any RouteHandler)?) { defaultHandler = handler }

    /// Sets the transition mode.
    @available(*, deprecated, renamed: "transitionMode", message: "goes away in 0.2.0: assign router.transitionMode")
    public func setTransitionMode(_ mode: TransitionMode) { transitionMode = mode }

    /// Resumes a pending flow (see `resumeFlow(_:decision:)`).
    @available(*, deprecated, renamed: "resumeFlow(_:decision:)", message: "goes away in 0.2.0")
    @discardableResult
    public func resumeFlow(_ flow: FlowToken, _ decision: InterceptorDecision) throws(NavRouterError) -> Outcome {
        try resumeFlow(flow, decision: decision)
    }
}
