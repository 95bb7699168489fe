// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation
// The exports below are C functions: named and documented in include/navrouter.h, in its section of the same
// name. Reading the state: as JSON with each entry's view, and an entry's view.

import CNavRouter
import NavRouterCore

@_cdecl("navrouter_router_state_json") @implementation
public func navrouter_router_state_json(
    _ handle: OpaquePointer?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    outJSON?.pointee = nil
    return cCall { () throws(NavRouterError) in
        let out = try required(outJSON, "out_json")
        store(NavigationSnapshot.jsonValue(try router(handle).state, views: true).jsonText, into: out)
    }
}

@_cdecl("navrouter_router_state_text") @implementation
public func navrouter_router_state_text(
    _ handle: OpaquePointer?, _ outText: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    outText?.pointee = nil
    return cCall { () throws(NavRouterError) in
        let out = try required(outText, "out_text")
        store(try router(handle).state.textRows().joined(separator: "\n"), into: out)
    }
}

@_cdecl("navrouter_router_entry_view") @implementation
public func navrouter_router_entry_view(
    _ handle: OpaquePointer?, _ entry: UInt64, _ outView: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> Int32 {
    outView?.pointee = nil
    return cCall { () throws(NavRouterError) in
        let out = try required(outView, "out_view")
        guard let found = try router(handle).state.find(EntryID(entry)) else {
            throw NavRouterError(.notFound, "entry \(entry) is not in the state")
        }
        out.pointee = viewPointer(found.entry.view)
    }
}
