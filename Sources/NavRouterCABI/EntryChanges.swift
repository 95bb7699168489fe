// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation
// The exports below are C functions: named and documented in include/navrouter.h, in its section of the same
// name. Entries changed in place: new parameters or props, and the host's saved state.

import CNavRouter
import NavRouterCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
