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

// The "Library" section of navrouter.h: versions, errors, memory.

@_cdecl("navrouter_version") @implementation
public func navrouter_version() -> UInt32 {
    UInt32(NAVROUTER_VERSION_MAJOR * 10000 + NAVROUTER_VERSION_MINOR * 100 + NAVROUTER_VERSION_PATCH)
}

// Safety: (the static strings of this file) made once by their global's initializer, never written nor freed.
nonisolated(unsafe) private let versionString = UnsafePointer(
    strdup("\(NAVROUTER_VERSION_MAJOR).\(NAVROUTER_VERSION_MINOR).\(NAVROUTER_VERSION_PATCH)")!)

@_cdecl("navrouter_version_string") @implementation
public func navrouter_version_string() -> UnsafePointer<CChar>? {
    versionString
}

@_cdecl("navrouter_abi_version") @implementation
public func navrouter_abi_version() -> UInt32 {
    UInt32(NAVROUTER_ABI_VERSION)
}

@_cdecl("navrouter_last_error") @implementation
public func navrouter_last_error() -> UnsafePointer<CChar>? {
    LastError.current
}

// Safety: as `versionString`.
nonisolated(unsafe) private let statusNames: [Int32: UnsafePointer<CChar>] = {
    var names: [Int32: UnsafePointer<CChar>] = [
        NAVROUTER_OK: UnsafePointer(strdup("NAVROUTER_OK")!),
        NAVROUTER_QUEUED: UnsafePointer(strdup("NAVROUTER_QUEUED")!),
        NAVROUTER_PENDING: UnsafePointer(strdup("NAVROUTER_PENDING")!),
        NAVROUTER_HANDLED: UnsafePointer(strdup("NAVROUTER_HANDLED")!),
    ]
    for code in NavRouterError.Code.allCases {
        names[code.rawValue] = UnsafePointer(strdup("NAVROUTER_" + code.cName)!)
    }
    return names
}()
// Safety: allocated once, never freed nor written: reading it from any thread is sound.
nonisolated(unsafe) private let unknownStatus = UnsafePointer(strdup("NAVROUTER_UNKNOWN")!)

@_cdecl("navrouter_status_name") @implementation
public func navrouter_status_name(_ status: Int32) -> UnsafePointer<CChar>? {
    statusNames[status] ?? unknownStatus
}

@_cdecl("navrouter_string_free") @implementation
public func navrouter_string_free(_ string: UnsafeMutablePointer<CChar>?) {
    free(string)
}
