// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation
// The exports below are C functions: named and documented in include/navrouter.h, in its section of the same
// name. Plans of navigations, and pending flows past their deadline.

import CNavRouter
import NavRouterCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

@_cdecl("navrouter_router_plan") @implementation
public func navrouter_router_plan(
    _ handle: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ options: UnsafePointer<navrouter_nav_options>?,
    _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    out?.pointee = nil
    return cCall { () throws(NavRouterError) in
        let out = try required(out, "out_json")
        let plan = try router(handle).plan(try cURL(url, "url"), options: try navigationOptions(options))
        store(plan.jsonValue.jsonText, into: out)
    }
}

@_cdecl("navrouter_router_expire_flows") @implementation
public func navrouter_router_expire_flows(_ handle: OpaquePointer?) -> Int32 {
    cCall { () throws(NavRouterError) in try router(handle).expireFlows() }
}
