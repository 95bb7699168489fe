/// When an interceptor runs.
public enum InterceptorPhase: String, Sendable, CaseIterable {
    /// Before a navigation is applied: may proceed, cancel, redirect, or hold it as a pending flow.
    case before
    /// After a navigation was applied and its events emitted: may navigate (commands are queued), not cancel.
    case after
    /// Before an entry leaves by a command (pop, dismiss, replacement): may veto it (unsaved changes).
    /// Changes the user made directly are not vetoable.
    case leave
}

/// Interceptor priority: higher runs first; equal priorities run in registration order.
public enum InterceptorPriority: Int, Sendable, CaseIterable, Comparable {
    /// Runs last.
    case low = 0
    /// The default.
    case medium = 1
    /// Runs early.
    case high = 2
    /// Runs first.
    case mandatory = 3

    /// Orders by raw value.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// An interceptor's answer.
public enum InterceptorDecision: Equatable, Sendable {
    /// Go on.
    case proceed
    /// Stop the command; it fails with `.cancelled` and this reason.
    case cancel(reason: String)
    /// Open this URL instead (redirect chains are bounded by `GuardOptions.maxRedirects`).
    case redirect(url: String)
    /// Hold the command as a pending flow: keep `context.flow` and resume it later with `Router.resumeFlow`.
    case pending
}

/// What an interceptor is asked about.
public struct InterceptionContext: Sendable {
    /// The phase.
    public let phase: InterceptorPhase
    /// The destination (`before`, `after`): the resolved URL.
    public let destination: RouteMatch?
    /// The entry leaving (`leave`), or the entry opened (`after`).
    public let entry: NavigationEntry?
    /// The flow token to keep when answering `.pending`; resuming it applies the command on the state as it is then.
    public let flow: FlowToken
    /// Whether the user is authenticated.
    public let isAuthenticated: Bool
    /// Whether the navigation came from outside the app.
    public let external: Bool
    /// The router asking (commands issued from the interceptor are queued behind the current one).
    public let router: Router
}

/// A guard on navigation (NavigationRouter's interceptors, made total and resumable).
public protocol Interceptor: Sendable {
    /// Decides about a navigation. Called on the thread running the command, without a lock held.
    func intercept(_ context: InterceptionContext) -> InterceptorDecision
}

/// An `Interceptor` made of a closure.
public struct ClosureInterceptor: Interceptor {
    private let body: @Sendable (InterceptionContext) -> InterceptorDecision

    /// Wraps a closure.
    public init(_ body: @escaping @Sendable (InterceptionContext) -> InterceptorDecision) { self.body = body }

    /// Calls the closure.
    public func intercept(_ context: InterceptionContext) -> InterceptorDecision { body(context) }
}

/// Which destinations an interceptor applies to.
public enum InterceptorScope: Sendable {
    /// Every route.
    case all
    /// Routes with these names.
    case routes(Set<String>)
    /// Routes whose URL path matches this pattern (e.g. `shop/*rest`, `account/orders/<uuid:ref>`).
    case pattern(String)
}

/// An interceptor as registered: its id, name, scope, phase, priority and module.
public struct InterceptorRegistration: Sendable {
    /// The id given at registration (registration order).
    public let id: InterceptorID
    /// A name for messages.
    public let name: String
    /// The phase it runs in.
    public let phase: InterceptorPhase
    /// Its priority.
    public let priority: InterceptorPriority
    /// Runs only when the user is authenticated (after the login step).
    public let requiresAuth: Bool
    /// The module that registered it, if any.
    public let module: String?
    /// The interceptor.
    public let interceptor: any Interceptor
    let scope: CompiledScope

    /// How messages name it: `interceptor 'name'`, or `interceptor #id` when it has no name.
    public var described: String { Self.described(name, id: id) }

    /// `interceptor 'name'`, `interceptor #id` for a nameless one, `an interceptor (no name)` before it has an id.
    static func described(_ name: String, id: InterceptorID?) -> String {
        if !name.isEmpty { return "interceptor '\(name)'" }
        return id.map { "interceptor #\($0.rawValue)" } ?? "an interceptor (no name)"
    }
}

/// A scope ready to test routes and paths.
enum CompiledScope: Sendable {
    case all
    case routes(Set<String>)
    case pattern(RouteTable)

    init(_ scope: InterceptorScope) throws(NavRouterError) {
        switch scope {
        case .all: self = .all
        case .routes(let names): self = .routes(names)
        case .pattern(let pattern):
            // The largest limits a registry may have: a path the registry accepted is never refused here for its
            // size (a mandatory interceptor must not be skipped because a host raised its limits).
            let widest = URLPolicy(maxURLLength: 1 << 30, maxSegments: 4096)
            let registry = try RouteRegistry(options: RegistryOptions(policy: widest))
            try registry.register(Route(name: "scope", pattern: pattern))
            self = .pattern(registry.table)
        }
    }

    /// Whether the scope covers a route, reached by one of `paths` (asked only for a pattern scope): a pattern scope
    /// covers the route when it matches any of them. A path the scope's pattern cannot even read (it cannot happen for
    /// a path the registry accepted) counts as covered: a guard fails closed.
    func applies(route: String, paths: () -> [String]) -> Bool {
        switch self {
        case .all: return true
        case .routes(let names): return names.contains(route)
        case .pattern(let table):
            return paths().contains { path in
                do throws(NavRouterError) {
                    _ = try table.resolve("/" + path)
                    return true
                } catch {
                    return error.code != .notFound
                }
            }
        }
    }
}

extension InterceptionContext {
    /// The context as JSON: `phase`, `route` and `url` (the destination's, or the leaving entry's), `parameters`,
    /// `flow`, `authenticated`, `external`.
    public var jsonValue: JSONValue {
        let route = destination?.route.name ?? entry?.route ?? ""
        let url = destination?.url ?? entry?.url ?? ""
        let parameters = destination?.parameters ?? entry?.parameters ?? [:]
        return .object([
            "phase": .string(phase.rawValue), "route": .string(route), "url": .string(url),
            "parameters": .object(strings: parameters), "flow": flow.jsonValue,
            "authenticated": .bool(isAuthenticated), "external": .bool(external),
        ])
    }
}
