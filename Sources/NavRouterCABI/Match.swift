// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation
// The exports below are C functions: named and documented in include/navrouter.h.

import CNavRouter
import NavRouterCore

/// `body` on the block behind a match handle, or `nil` (borrowed getters return NULL rather than a status). The
/// thread's last match is checked without the handle table's lock and read without a reference count (see
/// `ThreadState.lastMatch`).
@inline(__always)
private func withBlock<Result>(_ handle: OpaquePointer?, _ body: (MatchBlock) -> Result?) -> Result? {
    ThreadState.current.pointee.lastMatch.withBlock(for: handle, body)
}

@_cdecl("navrouter_match_route") @implementation
public func navrouter_match_route(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    withBlock(match) { $0.route }
}

@_cdecl("navrouter_match_url") @implementation
public func navrouter_match_url(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    withBlock(match) { $0.url }
}

@_cdecl("navrouter_match_param") @implementation
public func navrouter_match_param(_ match: OpaquePointer?, _ name: UnsafePointer<CChar>?) -> UnsafePointer<CChar>? {
    guard let name else { return nil }
    return withBlock(match) { $0.parameter(name) }
}

@_cdecl("navrouter_match_remainder") @implementation
public func navrouter_match_remainder(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    withBlock(match) { $0.remainder }
}

@_cdecl("navrouter_match_fragment") @implementation
public func navrouter_match_fragment(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    withBlock(match) { $0.fragment }
}

@_cdecl("navrouter_match_props") @implementation
public func navrouter_match_props(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    withBlock(match) { $0.props }
}

@_cdecl("navrouter_match_params_json") @implementation
public func navrouter_match_params_json(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    withBlock(match) { block in block.cString("params") { block.parametersJSON } }
}

@_cdecl("navrouter_match_path_params_json") @implementation
public func navrouter_match_path_params_json(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    withBlock(match) { block in block.cString("path") { block.pathParametersJSON } }
}

@_cdecl("navrouter_match_query_json") @implementation
public func navrouter_match_query_json(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    withBlock(match) { block in block.cString("query") { block.queryItemsJSON } }
}

@_cdecl("navrouter_match_json") @implementation
public func navrouter_match_json(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    withBlock(match) { block in block.cString("match") { block.jsonText } }
}

@_cdecl("navrouter_match_free") @implementation
public func navrouter_match_free(_ match: OpaquePointer?) {
    // The thread's entry gives its reference to the free (one atomic operation for both when it held the match).
    let thread = ThreadState.current
    let cached = thread.pointee.lastMatch.take(match)
    Handles.freeMatch(match, releasingAlso: cached, in: thread.pointee.liveHandles)
}
