// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation
// The exports below are C functions: named and documented in include/navrouter.h, in its section of the same
// name. Snapshots and restore: the state as versioned JSON, and restores with options (tolerant, migrated, with
// a link).

import CNavRouter
import NavRouterCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

@_cdecl("navrouter_router_snapshot") @implementation
public func navrouter_router_snapshot(
    _ handle: OpaquePointer?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    outJSON?.pointee = nil
    return cCall { () throws(NavRouterError) in
        let out = try required(outJSON, "out_json")
        store(try router(handle).snapshot(), into: out)
    }
}

@_cdecl("navrouter_router_restore") @implementation
public func navrouter_router_restore(
    _ handle: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ outID: UnsafeMutablePointer<UInt64>?
) -> Int32 {
    command(handle, outID) { router throws(NavRouterError) in try router.restore(try cString(json, "json")) }
}

@_cdecl("navrouter_router_restore_ex") @implementation
public func navrouter_router_restore_ex(
    _ handle: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ flags: UInt32, _ migrate: navrouter_migrate_fn?,
    _ userData: UnsafeMutableRawPointer?, _ link: UnsafePointer<CChar>?,
    _ linkOptions: UnsafePointer<navrouter_nav_options>?, _ outID: UnsafeMutablePointer<UInt64>?
) -> Int32 {
    restore(handle, json, flags, migrate, userData, link, linkOptions, outID)
}

@_cdecl("navrouter_router_restore_with") @implementation
public func navrouter_router_restore_with(
    _ handle: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ options: UnsafePointer<navrouter_restore_options>?,
    _ outID: UnsafeMutablePointer<UInt64>?
) -> Int32 {
    guard let options else { return restore(handle, json, 0, nil, nil, nil, nil, outID) }
    // Safety: the caller's structure, read during the call; its version says how much of it there is (only 1).
    let given = options.pointee
    guard given.version == NAVROUTER_RESTORE_OPTIONS_VERSION else {
        return cCall { () throws(NavRouterError) in
            throw NavRouterError(
                .invalidArgument,
                "navrouter_restore_options version \(given.version) is not one this library reads (1)")
        }
    }
    return restore(
        handle, json, given.flags, given.migrate, given.user_data, given.link, given.link_options, outID)
}

/// A restore with options, as both entry points give them.
private func restore(
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
