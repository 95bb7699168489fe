// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation
// The exports below are C functions: named and documented in include/navrouter.h.

import CNavRouter
import NavRouterCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// The router's options, entry updates, restore with options, previews, gestures, plans and the transaction log
// (navrouter.h). Each function converts, calls the core, maps errors.

/// A JSON object argument (NULL gives nil).
private func optionalObject(_ json: UnsafePointer<CChar>?, _ name: String) throws(NavRouterError)
    -> [String: JSONValue]?
{
    guard let text = try optionalCString(json, name) else { return nil }
    return try JSONValue.parseObject(text, what: name)
}

@_cdecl("navrouter_router_restore_ex") @implementation
public func navrouter_router_restore_ex(
    _ handle: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ flags: UInt32, _ migrate: navrouter_migrate_fn?,
    _ userData: UnsafeMutableRawPointer?, _ link: UnsafePointer<CChar>?,
    _ linkOptions: UnsafePointer<navrouter_nav_options>?, _ outID: UnsafeMutablePointer<UInt64>?
) -> Int32 {
    command(handle, outID) { router throws(NavRouterError) in
        guard flags & ~NAVROUTER_RESTORE_TOLERANT == 0 else {
            throw NavRouterError(.invalidArgument, "unknown restore flags 0x\(String(flags, radix: 16))")
        }
        var options = RestoreOptions()
        options.tolerant = flags & NAVROUTER_RESTORE_TOLERANT != 0
        options.link = try optionalCString(link, "link")
        if linkOptions != nil { options.linkOptions = try navigationOptions(linkOptions) }
        if let migrate {
            let function = CFunction(migrate)
            let data = UnsafeSendableRaw(userData)
            options.migrate = { snapshot throws(NavRouterError) in
                // Safety: the hook returns a malloc'd string the library owns (the header's contract), freed here.
                guard let rewritten = snapshot.jsonText.withCString({ function.function($0, data.pointer) }) else {
                    throw NavRouterError(.invalidJSON, "the migration hook refused the snapshot")
                }
                defer { free(rewritten) }
                guard let text = String(validatingCString: rewritten) else {
                    throw NavRouterError(.invalidJSON, "the migration hook returned text that is not UTF-8")
                }
                return try JSONValue.parse(text)
            }
        }
        return try router.restore(try cString(json, "json"), options: options)
    }
}

/// The host's user data for a hook called during the call that received it.
/// Safety: the pointer is the host's, handed back to the host's own function during the call that received it.
private struct UnsafeSendableRaw: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer?
    init(_ pointer: UnsafeMutableRawPointer?) { self.pointer = pointer }
}

@_cdecl("navrouter_router_snapshot_ex") @implementation
public func navrouter_router_snapshot_ex(
    _ handle: OpaquePointer?, _ appJSON: UnsafePointer<CChar>?,
    _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    out?.pointee = nil
    return cCall { () throws(NavRouterError) in
        let out = try required(out, "out_json")
        let app = try optionalCString(appJSON, "app_json").map { text throws(NavRouterError) in
            try JSONValue.parse(text)
        }
        store(try router(handle).snapshot(app: app), into: out)
    }
}

@_cdecl("navrouter_router_update_entry") @implementation
public func navrouter_router_update_entry(
    _ handle: OpaquePointer?, _ entry: UInt64, _ parametersJSON: UnsafePointer<CChar>?,
    _ propsJSON: UnsafePointer<CChar>?, _ outID: UnsafeMutablePointer<UInt64>?
) -> Int32 {
    command(handle, outID) { router throws(NavRouterError) in
        let parameters = try optionalObject(parametersJSON, "parameters").map { object throws(NavRouterError) in
            try JSONValue.stringMembers(object, path: "parameters")
        }
        return try router.updateEntry(
            EntryID(entry), parameters: parameters, props: try optionalObject(propsJSON, "props"))
    }
}

@_cdecl("navrouter_router_set_saved_state") @implementation
public func navrouter_router_set_saved_state(
    _ handle: OpaquePointer?, _ entry: UInt64, _ stateJSON: UnsafePointer<CChar>?,
    _ outID: UnsafeMutablePointer<UInt64>?
) -> Int32 {
    command(handle, outID) { router throws(NavRouterError) in
        try router.setSavedState(try optionalObject(stateJSON, "state"), for: EntryID(entry))
    }
}

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

@_cdecl("navrouter_router_can_go_back") @implementation
public func navrouter_router_can_go_back(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> Int32 {
    out?.pointee = false
    return cCall { () throws(NavRouterError) in
        let out = try required(out, "out")
        out.pointee = try router(handle).canGoBack
    }
}

@_cdecl("navrouter_router_can_dismiss") @implementation
public func navrouter_router_can_dismiss(_ handle: OpaquePointer?, _ out: UnsafeMutablePointer<Bool>?) -> Int32 {
    out?.pointee = false
    return cCall { () throws(NavRouterError) in
        let out = try required(out, "out")
        out.pointee = try router(handle).canDismiss
    }
}

@_cdecl("navrouter_router_back_preview") @implementation
public func navrouter_router_back_preview(
    _ handle: OpaquePointer?, _ out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    out?.pointee = nil
    return cCall { () throws(NavRouterError) in
        let out = try required(out, "out_json")
        guard let preview = try router(handle).backPreview() else {
            throw NavRouterError(.notFound, "nothing to go back to")
        }
        store(preview.jsonValue.jsonText, into: out)
    }
}

@_cdecl("navrouter_router_begin_back_gesture") @implementation
public func navrouter_router_begin_back_gesture(
    _ handle: OpaquePointer?, _ outGesture: UnsafeMutablePointer<UInt64>?,
    _ outPreview: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    outGesture?.pointee = 0
    outPreview?.pointee = nil
    return cCall { () throws(NavRouterError) in
        let outGesture = try required(outGesture, "out_gesture")
        let (gesture, preview) = try router(handle).beginBackGesture()
        outGesture.pointee = gesture.rawValue
        if let outPreview { store(preview.jsonValue.jsonText, into: outPreview) }
    }
}

@_cdecl("navrouter_router_commit_back_gesture") @implementation
public func navrouter_router_commit_back_gesture(
    _ handle: OpaquePointer?, _ gesture: UInt64, _ outID: UnsafeMutablePointer<UInt64>?
) -> Int32 {
    command(handle, outID) { router throws(NavRouterError) in try router.commitBackGesture(GestureID(gesture)) }
}

@_cdecl("navrouter_router_cancel_back_gesture") @implementation
public func navrouter_router_cancel_back_gesture(_ handle: OpaquePointer?, _ gesture: UInt64) -> Int32 {
    cCall { () throws(NavRouterError) in try router(handle).cancelBackGesture(GestureID(gesture)) }
}

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
