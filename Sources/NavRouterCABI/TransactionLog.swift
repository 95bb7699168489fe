// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation
// The exports below are C functions: named and documented in include/navrouter.h, in its section of the same
// name. The transaction log and its replay.

import CNavRouter
import NavRouterCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

@_cdecl("navrouter_router_transaction_log") @implementation
public func navrouter_router_transaction_log(
    _ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    out?.pointee = nil
    return cCall { () throws(NavRouterError) in
        let out = try required(out, "out_jsonl")
        store(try router(handle).transactionLogLines, into: out)
    }
}

@_cdecl("navrouter_router_clear_transaction_log") @implementation
public func navrouter_router_clear_transaction_log(_ handle: OpaquePointer?) -> Int32 {
    cCall { () throws(NavRouterError) in try router(handle).clearTransactionLog() }
}

@_cdecl("navrouter_router_replay") @implementation
public func navrouter_router_replay(
    _ handle: OpaquePointer?, _ jsonl: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    out?.pointee = nil
    return cCall { () throws(NavRouterError) in
        let out = try required(out, "out_report_json")
        let report = try router(handle).replay(try cString(jsonl, "jsonl"))
        store(report.jsonValue.jsonText, into: out)
    }
}
