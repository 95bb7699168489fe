import NavRouter
import Synchronization

/// Asks the user to log in when a protected page is opened while logged out; the navigation waits as a flow.
final class ShopLogin: AuthenticationHandler {
    private let waiting = Mutex<FlowToken?>(nil)

    func login(flow: FlowToken, destination: RouteMatch, router: Router) {
        waiting.withLock { $0 = flow }  // show the login form here; the router draws nothing protected meanwhile
    }

    /// The flow a login form was shown for, taken once.
    func takeFlow() -> FlowToken? {
        waiting.withLock { flow in
            defer { flow = nil }
            return flow
        }
    }
}

extension ShopNavigation {
    /// Opens the orders page. Logged out, the navigation waits for the login; `finishLogin` lets it go on.
    func openOrders(registry: RouteRegistry, login: ShopLogin) async throws(NavRouterError) {
        registry.guards.authenticationHandler = login
        if case .pending = try await host.navigate("/account/orders") {
            print("log in to see your orders")
        }
    }

    /// The login form's answer: on success the orders page opens, else the navigation is cancelled.
    func finishLogin(registry: RouteRegistry, login: ShopLogin, success: Bool) async throws(NavRouterError) {
        guard let flow = login.takeFlow() else { return }
        if success { registry.guards.setAuthenticated(true) }
        try await host.completeLogin(flow, success: success)
    }
}
