// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation
// The exports below are C functions: named and documented in include/navrouter.h.

import CNavRouter
import NavRouterCore

// The "Router" and "Snapshot" sections of navrouter.h. Each function converts, calls the core, maps errors.

/// The router behind a live router handle.
/// - Throws: as `Handles.object`.
func router(_ handle: OpaquePointer?) throws(NavRouterError) -> Router {
    try RouterHandle.box(handle).router
}

/// Runs a command export: the router, the command, its outcome as status and id. The router is borrowed from its
/// handle's box, which the call holds (see `RouterHandle`).
func command(
    _ handle: OpaquePointer?, _ outID: UnsafeMutablePointer<UInt64>?,
    _ body: (Router) throws(NavRouterError) -> Router.Outcome
) -> Int32 {
    outID?.pointee = 0
    return cStatus { () throws(NavRouterError) in
        let box = try RouterHandle.box(handle)
        // Safety: the box holds its router (a `let`), and this call holds the box until the body returns, so the
        // router is borrowed without a reference of its own (a loaded one was retained and released around the body).
        let outcome = withExtendedLifetime(box) {
            Unmanaged.passUnretained(box.router)._withUnsafeGuaranteedRef { router in
                Result { () throws(NavRouterError) in try body(router) }
            }
        }
        return report(try outcome.get(), outID)
    }
}

/// A view handler made of the host's C functions.
private struct CRouteHandler: RouteHandler {
    let make: CFunction<navrouter_make_view_fn>
    let release: CFunction<navrouter_release_view_fn?>
    let data: CUserData

    func makeView(for entry: NavigationEntry) -> ViewHandle? {
        let box = EntryBox(entry)
        let view = withExtendedLifetime(box) { make.function(borrowed(box), data.pointer) }
        return view.map { ViewHandle(rawValue: UInt(bitPattern: $0)) }
    }

    func releaseView(_ view: ViewHandle, of entry: NavigationEntry) {
        let box = EntryBox(entry)
        withExtendedLifetime(box) { release.function?(viewPointer(view), borrowed(box), data.pointer) }
    }
}

@_cdecl("navrouter_router_new") @implementation
public func navrouter_router_new(_ out: UnsafeMutablePointer<OpaquePointer?>?, _ registry: OpaquePointer?) -> Int32 {
    out?.pointee = nil
    return cCall { () throws(NavRouterError) in
        let out = try required(out, "out")
        let registry = try RegistryHandle.registry(registry)
        out.pointee = RouterHandle.make(Router(registry: registry))
    }
}

@_cdecl("navrouter_router_free") @implementation
public func navrouter_router_free(_ handle: OpaquePointer?) {
    RouterHandle.free(handle)
}

@_cdecl("navrouter_router_set_navigator") @implementation
public func navrouter_router_set_navigator(
    _ handle: OpaquePointer?, _ fn: navrouter_navigator_fn?, _ userData: UnsafeMutableRawPointer?,
    _ destroy: navrouter_destroy_fn?
) -> Int32 {
    cCall { () throws(NavRouterError) in
        let router = try router(handle)
        guard let fn else {
            router.navigator = nil
            return
        }
        let function = CFunction(fn)
        let data = CUserData(userData, destroy)
        router.navigator = { event in
            withEventFrame(event) { function.function($0, data.pointer) == 0 }
        }
    }
}

@_cdecl("navrouter_router_set_handler") @implementation
public func navrouter_router_set_handler(
    _ handle: OpaquePointer?, _ route: UnsafePointer<CChar>?, _ make: navrouter_make_view_fn?,
    _ release: navrouter_release_view_fn?,
    _ userData: UnsafeMutableRawPointer?, _ destroy: navrouter_destroy_fn?
) -> Int32 {
    cCall { () throws(NavRouterError) in
        let router = try router(handle)
        let route = try optionalCString(route, "route")
        let data = make == nil ? nil : CUserData(userData, destroy)
        let handler = make.map { CRouteHandler(make: CFunction($0), release: CFunction(release), data: data!) }
        try registering(data) { () throws(NavRouterError) in
            if let route { try router.setHandler(handler, forRoute: route) } else { router.defaultHandler = handler }
        }
    }
}

@_cdecl("navrouter_router_set_transition_mode") @implementation
public func navrouter_router_set_transition_mode(_ handle: OpaquePointer?, _ mode: UInt32) -> Int32 {
    cCall { () throws(NavRouterError) in
        let router = try router(handle)
        switch mode {
        case NAVROUTER_TRANSITION_IMMEDIATE: router.transitionMode = .immediate
        case NAVROUTER_TRANSITION_WAIT: router.transitionMode = .waitForHost
        default: throw NavRouterError(.invalidArgument, "unknown transition mode \(mode)")
        }
    }
}

@_cdecl("navrouter_router_transition_finished") @implementation
public func navrouter_router_transition_finished(_ handle: OpaquePointer?, _ transition: UInt64) -> Int32 {
    cCall { () throws(NavRouterError) in try router(handle).transitionFinished(TransitionID(transition)) }
}

@_cdecl("navrouter_nav_options_init") @implementation
public func navrouter_nav_options_init(_ options: UnsafeMutablePointer<navrouter_nav_options>?, _ version: UInt32)
    -> Int32
{
    cCall { () throws(NavRouterError) in
        let options = try required(options, "options")
        guard version == 1 || version == NAVROUTER_NAV_OPTIONS_VERSION else {
            throw NavRouterError(.invalidArgument, "unknown navrouter_nav_options version \(version)")
        }
        // Only the fields of the caller's version: a version-1 struct is shorter.
        options.pointer(to: \.version)!.pointee = version
        options.pointer(to: \.flags)!.pointee = 0
        options.pointer(to: \.props_json)!.pointee = nil
        options.pointer(to: \.pop_up_to)!.pointee = nil
        if version >= 2 {
            options.pointer(to: \.tab)!.pointee = nil
            options.pointer(to: \.flow_deadline_ms)!.pointee = 0
        }
    }
}

/// Converts C navigate options into the core's.
func navigationOptions(_ pointer: UnsafePointer<navrouter_nav_options>?) throws(NavRouterError)
    -> NavigationOptions
{
    guard let pointer else { return NavigationOptions() }  // before `options`: returning it made a copy
    var options = NavigationOptions()
    // Safety: the version field comes first in every version; only the caller's version's fields are read.
    let version = pointer.pointer(to: \.version)!.pointee
    guard version == 1 || version == NAVROUTER_NAV_OPTIONS_VERSION else {
        throw NavRouterError(.invalidArgument, "unknown navrouter_nav_options version \(version)")
    }
    let flags = pointer.pointer(to: \.flags)!.pointee
    if version >= 2 {
        options.tab = try optionalCString(pointer.pointer(to: \.tab)!.pointee, "options.tab")
        let deadline = pointer.pointer(to: \.flow_deadline_ms)!.pointee
        guard deadline >= 0 else { throw NavRouterError(.invalidArgument, "options.flow_deadline_ms is negative") }
        if deadline > 0 { options.flowDeadline = .milliseconds(deadline) }
    }
    let known: UInt32 =
        NAVROUTER_NAV_PRESENTATION_MASK | NAVROUTER_NAV_REPLACE | NAVROUTER_NAV_PREVENT_DISMISSAL
        | NAVROUTER_NAV_NOT_ANIMATED | NAVROUTER_NAV_SINGLE_TOP | NAVROUTER_NAV_CLEAR_TOP
        | NAVROUTER_NAV_BUILD_BACK_STACK
        | NAVROUTER_NAV_NO_BACK_STACK | NAVROUTER_NAV_EXPECTS_RESULT | NAVROUTER_NAV_EXTERNAL
        | NAVROUTER_NAV_POP_UP_TO_INCLUSIVE
    guard flags & ~known == 0 else {
        throw NavRouterError(.invalidArgument, "unknown navigate flags 0x\(String(flags & ~known, radix: 16))")
    }
    let backStack = NAVROUTER_NAV_BUILD_BACK_STACK | NAVROUTER_NAV_NO_BACK_STACK
    guard flags & backStack != backStack else {
        throw NavRouterError(
            .invalidArgument, "NAVROUTER_NAV_BUILD_BACK_STACK and NAVROUTER_NAV_NO_BACK_STACK contradict each other")
    }
    switch flags & NAVROUTER_NAV_PRESENTATION_MASK {
    case 0: break
    case NAVROUTER_NAV_PUSH: options.presentation = .push
    case NAVROUTER_NAV_MODAL_SHEET: options.presentation = .modal(.sheet)
    case NAVROUTER_NAV_MODAL_FULLSCREEN: options.presentation = .modal(.fullScreen)
    case NAVROUTER_NAV_ROOT: options.presentation = .root
    case NAVROUTER_NAV_REPLACE_TOP: options.presentation = .replaceTop
    default: throw NavRouterError(.invalidArgument, "unknown presentation \(flags & NAVROUTER_NAV_PRESENTATION_MASK)")
    }
    options.replace = flags & NAVROUTER_NAV_REPLACE != 0
    options.preventDismissal = flags & NAVROUTER_NAV_PREVENT_DISMISSAL != 0
    options.animated = flags & NAVROUTER_NAV_NOT_ANIMATED == 0
    options.singleTop = flags & NAVROUTER_NAV_SINGLE_TOP != 0
    options.clearTop = flags & NAVROUTER_NAV_CLEAR_TOP != 0
    if flags & NAVROUTER_NAV_BUILD_BACK_STACK != 0 { options.buildBackStack = true }
    if flags & NAVROUTER_NAV_NO_BACK_STACK != 0 { options.buildBackStack = false }
    options.expectsResult = flags & NAVROUTER_NAV_EXPECTS_RESULT != 0
    options.external = flags & NAVROUTER_NAV_EXTERNAL != 0
    options.popUpToInclusive = flags & NAVROUTER_NAV_POP_UP_TO_INCLUSIVE != 0
    options.popUpTo = try optionalCString(pointer.pointer(to: \.pop_up_to)!.pointee, "options.pop_up_to")
    if let props = try optionalCString(pointer.pointer(to: \.props_json)!.pointee, "options.props_json") {
        options.props = try JSONValue.parseObject(props, what: "props")
    }
    return options
}

@_cdecl("navrouter_router_start") @implementation
public func navrouter_router_start(_ handle: OpaquePointer?, _ outID: UnsafeMutablePointer<UInt64>?) -> Int32 {
    command(handle, outID) { router throws(NavRouterError) in try router.start() }
}

@_cdecl("navrouter_router_set_tabs") @implementation
public func navrouter_router_set_tabs(
    _ handle: OpaquePointer?, _ urls: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int, _ selected: Int,
    _ outID: UnsafeMutablePointer<UInt64>?
) -> Int32 {
    command(handle, outID) { router throws(NavRouterError) in
        try router.setTabs(try cStringArray(urls, count, "urls", urls: true), selected: selected)
    }
}

@_cdecl("navrouter_router_navigate") @implementation
public func navrouter_router_navigate(
    _ handle: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ options: UnsafePointer<navrouter_nav_options>?,
    _ outID: UnsafeMutablePointer<UInt64>?
) -> Int32 {
    command(handle, outID) { router throws(NavRouterError) in
        try router.navigate(try cURL(url, "url"), options: try navigationOptions(options))
    }
}

@_cdecl("navrouter_router_pop") @implementation
public func navrouter_router_pop(
    _ handle: OpaquePointer?, _ count: Int, _ resultJSON: UnsafePointer<CChar>?, _ outID: UnsafeMutablePointer<UInt64>?
) -> Int32 {
    command(handle, outID) { router throws(NavRouterError) in
        try router.pop(count, result: try optionalJSON(resultJSON, "result_json"))
    }
}

@_cdecl("navrouter_router_pop_to_root") @implementation
public func navrouter_router_pop_to_root(_ handle: OpaquePointer?, _ outID: UnsafeMutablePointer<UInt64>?) -> Int32 {
    command(handle, outID) { router throws(NavRouterError) in try router.popToRoot() }
}

@_cdecl("navrouter_router_pop_to") @implementation
public func navrouter_router_pop_to(_ handle: OpaquePointer?, _ entry: UInt64, _ outID: UnsafeMutablePointer<UInt64>?)
    -> Int32
{
    command(handle, outID) { router throws(NavRouterError) in try router.popTo(entry: EntryID(entry)) }
}

@_cdecl("navrouter_router_pop_after") @implementation
public func navrouter_router_pop_after(_ handle: OpaquePointer?, _ index: Int, _ outID: UnsafeMutablePointer<UInt64>?)
    -> Int32
{
    command(handle, outID) { router throws(NavRouterError) in try router.popAfter(index: index) }
}

@_cdecl("navrouter_router_set_stack") @implementation
public func navrouter_router_set_stack(
    _ handle: OpaquePointer?, _ urls: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int,
    _ outID: UnsafeMutablePointer<UInt64>?
) -> Int32 {
    command(handle, outID) { router throws(NavRouterError) in
        try router.setStack(try cStringArray(urls, count, "urls", urls: true))
    }
}

@_cdecl("navrouter_router_dismiss") @implementation
public func navrouter_router_dismiss(
    _ handle: OpaquePointer?, _ count: Int, _ resultJSON: UnsafePointer<CChar>?, _ outID: UnsafeMutablePointer<UInt64>?
) -> Int32 {
    command(handle, outID) { router throws(NavRouterError) in
        try router.dismiss(count == 0 ? Int.max : count, result: try optionalJSON(resultJSON, "result_json"))
    }
}

@_cdecl("navrouter_router_select_tab") @implementation
public func navrouter_router_select_tab(_ handle: OpaquePointer?, _ index: Int, _ outID: UnsafeMutablePointer<UInt64>?)
    -> Int32
{
    command(handle, outID) { router throws(NavRouterError) in try router.selectTab(index) }
}

@_cdecl("navrouter_router_select_tab_route") @implementation
public func navrouter_router_select_tab_route(
    _ handle: OpaquePointer?, _ route: UnsafePointer<CChar>?, _ outID: UnsafeMutablePointer<UInt64>?
) -> Int32 {
    command(handle, outID) { router throws(NavRouterError) in
        try router.selectTab(route: try cString(route, "route"))
    }
}

@_cdecl("navrouter_router_back") @implementation
public func navrouter_router_back(_ handle: OpaquePointer?, _ outID: UnsafeMutablePointer<UInt64>?) -> Int32 {
    command(handle, outID) { router throws(NavRouterError) in try router.back() }
}

@_cdecl("navrouter_router_user_popped") @implementation
public func navrouter_router_user_popped(
    _ handle: OpaquePointer?, _ entry: UInt64, _ outID: UnsafeMutablePointer<UInt64>?
) -> Int32 {
    command(handle, outID) { router throws(NavRouterError) in try router.userPopped(to: EntryID(entry)) }
}

@_cdecl("navrouter_router_user_dismissed") @implementation
public func navrouter_router_user_dismissed(
    _ handle: OpaquePointer?, _ count: Int, _ outID: UnsafeMutablePointer<UInt64>?
) -> Int32 {
    command(handle, outID) { router throws(NavRouterError) in try router.userDismissed(count) }
}

@_cdecl("navrouter_router_refresh") @implementation
public func navrouter_router_refresh(_ handle: OpaquePointer?, _ outID: UnsafeMutablePointer<UInt64>?) -> Int32 {
    command(handle, outID) { router throws(NavRouterError) in try router.refresh() }
}

@_cdecl("navrouter_router_resume_flow") @implementation
public func navrouter_router_resume_flow(
    _ handle: OpaquePointer?, _ flow: UInt64, _ decision: Int32, _ argument: UnsafePointer<CChar>?,
    _ outID: UnsafeMutablePointer<UInt64>?
) -> Int32 {
    command(handle, outID) { router throws(NavRouterError) in
        let argument = try optionalCString(argument, "argument")
        let flow = FlowToken(flow)
        switch decision {
        case NAVROUTER_DECISION_PROCEED:
            return try router.resumeFlow(flow, decision: .proceed)
        case NAVROUTER_DECISION_CANCEL:
            return try router.resumeFlow(flow, decision: .cancel(reason: argument ?? "cancelled"))
        case NAVROUTER_DECISION_REDIRECT:
            guard let url = argument else {
                throw NavRouterError(.invalidArgument, "a redirect needs the URL as argument")
            }
            return try router.resumeFlow(flow, decision: .redirect(url: url))
        default:
            throw NavRouterError(
                .invalidArgument, "decision \(decision) cannot resume a flow (proceed, cancel or redirect)")
        }
    }
}

@_cdecl("navrouter_router_complete_login") @implementation
public func navrouter_router_complete_login(
    _ handle: OpaquePointer?, _ flow: UInt64, _ success: Bool, _ outID: UnsafeMutablePointer<UInt64>?
) -> Int32 {
    command(handle, outID) { router throws(NavRouterError) in
        try router.completeLogin(FlowToken(flow), success: success)
    }
}
