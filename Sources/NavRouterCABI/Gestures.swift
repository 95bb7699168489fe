// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation
// The exports below are C functions: named and documented in include/navrouter.h, in its section of the same
// name. Back: whether it is possible, its preview, and interactive back gestures.

import CNavRouter
import NavRouterCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

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
