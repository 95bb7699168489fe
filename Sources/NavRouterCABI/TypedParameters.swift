// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation
// The exports below are C functions: named and documented in include/navrouter.h ("Typed parameter values").

import CNavRouter
import NavRouterCore

/// Reads a parameter's text from a match or an entry (nil when there is none; throws for a dead handle) and stores
/// its typed value in `out` (`zero` on failure).
private func readTyped<Value>(
    _ out: UnsafeMutablePointer<Value>?, _ name: UnsafePointer<CChar>?, zero: Value, as expectation: String,
    _ parse: (String?) -> Value?, _ text: (String) throws(NavRouterError) -> String?
) -> Int32 {
    out?.pointee = zero
    return cCall { () throws(NavRouterError) in
        guard let out else { throw NavRouterError(.invalidArgument, "out is NULL") }
        let key = try cString(name, "name")
        out.pointee = try TypedParameterValue.require(try text(key), named: key, as: expectation, parse)
    }
}

/// The text of a match's parameter, nil when it has none.
/// - Throws: `.invalidArgument` for a NULL or freed match.
private func matchText(_ match: OpaquePointer?, _ name: String) throws(NavRouterError) -> String? {
    guard navrouter_match_route(match) != nil else {
        throw NavRouterError(.invalidArgument, "the match is NULL or freed")
    }
    return navrouter_match_param(match, name).map { String(cString: $0) }
}

/// The text of an entry's parameter, nil when it has none.
/// - Throws: `.invalidArgument` for a NULL entry.
private func entryText(_ entry: OpaquePointer?, _ name: String) throws(NavRouterError) -> String? {
    guard entry != nil else { throw NavRouterError(.invalidArgument, "the entry is NULL") }
    return navrouter_entry_param(entry, name).map { String(cString: $0) }
}

@_cdecl("navrouter_match_param_int") @implementation
public func navrouter_match_param_int(
    _ match: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Int64>?
) -> Int32 {
    readTyped(out, name, zero: 0, as: ParameterType.int.expectation, TypedParameterValue.integer) {
        key throws(NavRouterError) in
        try matchText(match, key)
    }
}

@_cdecl("navrouter_match_param_double") @implementation
public func navrouter_match_param_double(
    _ match: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Double>?
) -> Int32 {
    readTyped(out, name, zero: 0, as: ParameterType.double.expectation, TypedParameterValue.double) {
        key throws(NavRouterError) in try matchText(match, key)
    }
}

@_cdecl("navrouter_match_param_bool") @implementation
public func navrouter_match_param_bool(
    _ match: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Bool>?
) -> Int32 {
    readTyped(out, name, zero: false, as: ParameterType.bool.expectation, TypedParameterValue.bool) {
        key throws(NavRouterError) in try matchText(match, key)
    }
}

@_cdecl("navrouter_entry_param_int") @implementation
public func navrouter_entry_param_int(
    _ entry: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Int64>?
) -> Int32 {
    readTyped(out, name, zero: 0, as: ParameterType.int.expectation, TypedParameterValue.integer) {
        key throws(NavRouterError) in
        try entryText(entry, key)
    }
}

@_cdecl("navrouter_entry_param_double") @implementation
public func navrouter_entry_param_double(
    _ entry: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Double>?
) -> Int32 {
    readTyped(out, name, zero: 0, as: ParameterType.double.expectation, TypedParameterValue.double) {
        key throws(NavRouterError) in try entryText(entry, key)
    }
}

@_cdecl("navrouter_entry_param_bool") @implementation
public func navrouter_entry_param_bool(
    _ entry: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<Bool>?
) -> Int32 {
    readTyped(out, name, zero: false, as: ParameterType.bool.expectation, TypedParameterValue.bool) {
        key throws(NavRouterError) in try entryText(entry, key)
    }
}
