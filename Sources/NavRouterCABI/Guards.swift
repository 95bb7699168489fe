// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation
// The exports below are C functions: named and documented in include/navrouter.h.

import CNavRouter
import NavRouterCore

// The "Guards" section of navrouter.h: interceptors and authentication.

private func registry(_ handle: OpaquePointer?) throws(NavRouterError) -> RouteRegistry {
    try RegistryHandle.registry(handle)
}

/// What an interceptor is asked, behind a borrowed `navrouter_interception *`; collects its argument.
/// Safety: `argument` is written only by the interceptor callback, on the thread running it, and read after the
/// callback returns on that same thread; the header makes the box valid only during the callback.
final class InterceptionBox: CStringOwner, @unchecked Sendable {
    let context: InterceptionContext
    var argument: String?

    init(_ context: InterceptionContext) { self.context = context }

    var route: String { context.destination?.route.name ?? context.entry?.route ?? "" }
    var url: String { context.destination?.url ?? context.entry?.url ?? "" }
    var parameters: [String: String] { context.destination?.parameters ?? context.entry?.parameters ?? [:] }
}

private func interceptionBox(_ pointer: OpaquePointer?) -> InterceptionBox? {
    unborrowed(pointer, as: InterceptionBox.self)
}

/// An interceptor made of the host's C function.
private struct CInterceptor: Interceptor {
    let function: CFunction<navrouter_interceptor_fn>
    let data: CUserData

    func intercept(_ context: InterceptionContext) -> InterceptorDecision {
        let box = InterceptionBox(context)
        let decision = withExtendedLifetime(box) { function.function(borrowed(box), data.pointer) }
        switch decision {
        case NAVROUTER_DECISION_PROCEED: return .proceed
        case NAVROUTER_DECISION_CANCEL: return .cancel(reason: box.argument ?? "cancelled by the host")
        case NAVROUTER_DECISION_REDIRECT:
            guard let url = box.argument else {
                return .cancel(reason: "a redirect without a URL (set it with navrouter_interception_set_argument)")
            }
            return .redirect(url: url)
        case NAVROUTER_DECISION_PENDING: return .pending
        default: return .cancel(reason: "the interceptor returned the unknown decision \(decision)")
        }
    }
}

/// The host's authentication handler.
private struct CAuthenticationHandler: AuthenticationHandler {
    let loginFunction: CFunction<navrouter_login_fn?>
    let claimFunction: CFunction<navrouter_claim_callback_fn?>
    let data: CUserData

    func login(flow: FlowToken, destination: RouteMatch, router: Router) {
        guard let login = loginFunction.function else { return }
        let thread = ThreadState.current
        let match = Handles.insert(MatchBlock.make(destination, thread: thread), in: thread.pointee.liveHandles)
        login(RouterHandle.handle(of: router), flow.rawValue, match, data.pointer)
        Handles.freeMatch(match, releasingAlso: false, in: thread.pointee.liveHandles)
    }

    func claimsCallback(_ url: String, router: Router) -> Bool {
        guard let claim = claimFunction.function else { return false }
        return url.withCString { claim(RouterHandle.handle(of: router), $0, data.pointer) }
    }
}

@_cdecl("navrouter_registry_add_interceptor") @implementation
public func navrouter_registry_add_interceptor(
    _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ phase: UInt32, _ priority: UInt32,
    _ pattern: UnsafePointer<CChar>?,
    _ routes: UnsafePointer<UnsafePointer<CChar>?>?, _ routeCount: Int, _ flags: UInt32,
    _ module: UnsafePointer<CChar>?,
    _ fn: navrouter_interceptor_fn?, _ userData: UnsafeMutableRawPointer?, _ destroy: navrouter_destroy_fn?,
    _ outID: UnsafeMutablePointer<UInt64>?
) -> Int32 {
    outID?.pointee = 0
    return cCall { () throws(NavRouterError) in
        let registry = try registry(handle)
        let name = try cString(name, "name")
        guard let fn else { throw NavRouterError(.invalidArgument, "fn is NULL") }
        let phases: [UInt32: InterceptorPhase] = [
            NAVROUTER_PHASE_BEFORE: .before, NAVROUTER_PHASE_AFTER: .after, NAVROUTER_PHASE_LEAVE: .leave,
        ]
        guard let phase = phases[phase] else { throw NavRouterError(.invalidArgument, "unknown phase \(phase)") }
        guard let priority = InterceptorPriority(rawValue: Int(priority)) else {
            throw NavRouterError(.invalidArgument, "unknown priority \(priority)")
        }
        guard flags & ~NAVROUTER_INTERCEPTOR_REQUIRES_AUTH == 0 else {
            throw NavRouterError(.invalidArgument, "unknown interceptor flags 0x\(String(flags, radix: 16))")
        }
        let scope: InterceptorScope
        if let pattern = try optionalCString(pattern, "pattern") {
            scope = .pattern(pattern)
        } else if routes != nil || routeCount > 0 {
            scope = .routes(Set(try cStringArray(routes, routeCount, "routes")))
        } else {
            scope = .all
        }
        let module = try optionalCString(module, "module")
        let data = CUserData(userData, destroy)
        let id = try registering(data) { () throws(NavRouterError) in
            try registry.guards.addInterceptor(
                CInterceptor(function: CFunction(fn), data: data), name: name, phase: phase, priority: priority,
                scope: scope, requiresAuth: flags & NAVROUTER_INTERCEPTOR_REQUIRES_AUTH != 0, module: module)
        }
        outID?.pointee = id.rawValue
    }
}

@_cdecl("navrouter_registry_remove_interceptor") @implementation
public func navrouter_registry_remove_interceptor(_ handle: OpaquePointer?, _ id: UInt64) -> Int32 {
    cCall { () throws(NavRouterError) in try registry(handle).guards.removeInterceptor(InterceptorID(id)) }
}

@_cdecl("navrouter_registry_set_authenticated") @implementation
public func navrouter_registry_set_authenticated(_ handle: OpaquePointer?, _ authenticated: Bool) -> Int32 {
    cCall { () throws(NavRouterError) in try registry(handle).guards.setAuthenticated(authenticated) }
}

@_cdecl("navrouter_registry_is_authenticated") @implementation
public func navrouter_registry_is_authenticated(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> Int32 {
    out?.pointee = false
    return cCall { () throws(NavRouterError) in
        let out = try required(out, "out")
        out.pointee = try registry(handle).guards.isAuthenticated
    }
}

@_cdecl("navrouter_registry_set_auth_handler") @implementation
public func navrouter_registry_set_auth_handler(
    _ handle: OpaquePointer?, _ login: navrouter_login_fn?, _ claimCallback: navrouter_claim_callback_fn?,
    _ userData: UnsafeMutableRawPointer?, _ destroy: navrouter_destroy_fn?
) -> Int32 {
    cCall { () throws(NavRouterError) in
        let registry = try registry(handle)
        let data = CUserData(userData, destroy)
        registry.guards.authenticationHandler =
            login == nil && claimCallback == nil
            ? nil
            : CAuthenticationHandler(
                loginFunction: CFunction(login), claimFunction: CFunction(claimCallback), data: data)
    }
}

@_cdecl("navrouter_registry_set_guard_options") @implementation
public func navrouter_registry_set_guard_options(
    _ handle: OpaquePointer?, _ maxRedirects: UInt32, _ fallbackRoute: UnsafePointer<CChar>?
) -> Int32 {
    cCall { () throws(NavRouterError) in
        let registry = try registry(handle)
        guard (1...1000).contains(maxRedirects) else {
            throw NavRouterError(.invalidArgument, "max_redirects must be between 1 and 1000")
        }
        let fallback = try optionalCString(fallbackRoute, "fallback_route")
        if let fallback, registry.route(named: fallback) == nil {
            throw NavRouterError(.notFound, "the fallback route '\(fallback)' is not registered")
        }
        registry.guards.updateOptions { options in
            options.maxRedirects = Int(maxRedirects)
            options.fallbackRoute = fallback
        }
    }
}

@_cdecl("navrouter_registry_set_guard_flags") @implementation
public func navrouter_registry_set_guard_flags(_ handle: OpaquePointer?, _ flags: UInt32) -> Int32 {
    cCall { () throws(NavRouterError) in
        let registry = try registry(handle)
        guard flags & ~NAVROUTER_GUARD_INTERCEPTORS_BEFORE_LOGIN == 0 else {
            throw NavRouterError(.invalidArgument, "unknown guard flags 0x\(String(flags, radix: 16))")
        }
        registry.guards.updateOptions {
            $0.interceptorsBeforeLogin = flags & NAVROUTER_GUARD_INTERCEPTORS_BEFORE_LOGIN != 0
        }
    }
}

@_cdecl("navrouter_interception_phase") @implementation
public func navrouter_interception_phase(_ interception: OpaquePointer?) -> UInt32 {
    switch interceptionBox(interception)?.context.phase {
    case .after?: return NAVROUTER_PHASE_AFTER
    case .leave?: return NAVROUTER_PHASE_LEAVE
    default: return NAVROUTER_PHASE_BEFORE
    }
}

@_cdecl("navrouter_interception_route") @implementation
public func navrouter_interception_route(_ interception: OpaquePointer?) -> UnsafePointer<CChar>? {
    interceptionBox(interception).flatMap { box in box.cString("route") { box.route } }
}

@_cdecl("navrouter_interception_url") @implementation
public func navrouter_interception_url(_ interception: OpaquePointer?) -> UnsafePointer<CChar>? {
    interceptionBox(interception).flatMap { box in box.cString("url") { box.url } }
}

@_cdecl("navrouter_interception_param") @implementation
public func navrouter_interception_param(_ interception: OpaquePointer?, _ name: UnsafePointer<CChar>?)
    -> UnsafePointer<CChar>?
{
    guard let box = interceptionBox(interception), let name, let key = String(validatingCString: name) else {
        return nil
    }
    return box.cString("param:" + key) { box.parameters[key] }
}

@_cdecl("navrouter_interception_params_json") @implementation
public func navrouter_interception_params_json(_ interception: OpaquePointer?) -> UnsafePointer<CChar>? {
    interceptionBox(interception).flatMap { box in
        box.cString("params") { JSONValue.object(strings: box.parameters).jsonText }
    }
}

@_cdecl("navrouter_interception_json") @implementation
public func navrouter_interception_json(_ interception: OpaquePointer?) -> UnsafePointer<CChar>? {
    interceptionBox(interception).flatMap { box in box.cString("json") { box.context.jsonValue.jsonText } }
}

@_cdecl("navrouter_interception_flow") @implementation
public func navrouter_interception_flow(_ interception: OpaquePointer?) -> UInt64 {
    interceptionBox(interception)?.context.flow.rawValue ?? 0
}

@_cdecl("navrouter_interception_authenticated") @implementation
public func navrouter_interception_authenticated(_ interception: OpaquePointer?) -> Bool {
    interceptionBox(interception)?.context.isAuthenticated ?? false
}

@_cdecl("navrouter_interception_external") @implementation
public func navrouter_interception_external(_ interception: OpaquePointer?) -> Bool {
    interceptionBox(interception)?.context.external ?? false
}

@_cdecl("navrouter_interception_router") @implementation
public func navrouter_interception_router(_ interception: OpaquePointer?) -> OpaquePointer? {
    interceptionBox(interception).flatMap { RouterHandle.handle(of: $0.context.router) }
}

@_cdecl("navrouter_interception_set_argument") @implementation
public func navrouter_interception_set_argument(_ interception: OpaquePointer?, _ text: UnsafePointer<CChar>?) -> Int32
{
    cCall { () throws(NavRouterError) in
        guard let box = interceptionBox(interception) else {
            throw NavRouterError(.invalidArgument, "interception is NULL")
        }
        box.argument = try cString(text, "text")
    }
}
