/// The host's side of authentication (NavigationRouter's authentication handler).
public protocol AuthenticationHandler: Sendable {
    /// The user must log in to open `destination`: show the login UI, then call
    /// `Router.completeLogin(flow, success:)` (after setting the authenticated state on success).
    func login(flow: FlowToken, destination: RouteMatch, router: Router)
    /// Whether this URL is an authentication callback (an OAuth redirect) the handler takes over before routing.
    /// A claimed URL is handed to `handleCallback` and not routed.
    func claimsCallback(_ url: String, router: Router) -> Bool
    /// Handles a claimed callback URL.
    func handleCallback(_ url: String, router: Router)
}

extension AuthenticationHandler {
    /// No callback URLs by default.
    public func claimsCallback(_ url: String, router: Router) -> Bool { false }
    /// Nothing to handle by default.
    public func handleCallback(_ url: String, router: Router) {}
}

/// Registry-wide guard settings.
public struct GuardOptions: Equatable, Sendable {
    /// The longest redirect chain (default 8); beyond it a command fails with the chain in its message.
    public var maxRedirects: Int = 8
    /// A route opened for URLs no route matches (a not-found screen); `nil`: unmatched URLs fail.
    /// It receives the original URL as the query parameter `url`.
    public var fallbackRoute: String?
    /// `before` interceptors that do not require authentication run before the login step, the others after it
    /// (NavigationRouter's order: an onboarding or terms screen comes before the login prompt). Off: the login step
    /// comes first.
    public var interceptorsBeforeLogin = false

    /// Default options.
    public init(maxRedirects: Int = 8, fallbackRoute: String? = nil, interceptorsBeforeLogin: Bool = false) {
        self.maxRedirects = maxRedirects
        self.fallbackRoute = fallbackRoute
        self.interceptorsBeforeLogin = interceptorsBeforeLogin
    }
}
