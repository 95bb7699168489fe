// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation
// The exports below are C functions: named and documented in include/navrouter.h, in its section of the same
// name. The router's options as JSON.

import CNavRouter
import NavRouterCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

@_cdecl("navrouter_router_set_options_json") @implementation
public func navrouter_router_set_options_json(_ handle: OpaquePointer?, _ json: UnsafePointer<CChar>?) -> Int32 {
    cCall { () throws(NavRouterError) in
        let router = try router(handle)
        router.setOptions(try RouterOptions(json: try JSONValue.parse(try cString(json, "json"))))
    }
}

@_cdecl("navrouter_router_options_json") @implementation
public func navrouter_router_options_json(
    _ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    out?.pointee = nil
    return cCall { () throws(NavRouterError) in
        let out = try required(out, "out_json")
        store(try router(handle).options.jsonValue.jsonText, into: out)
    }
}
