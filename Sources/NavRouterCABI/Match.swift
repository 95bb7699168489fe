// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation
// The exports below are C functions: named and documented in include/navrouter.h.

import CNavRouter
import Glibc
import NavRouterCore

/// A match behind a `navrouter_match *`: the core's `RouteMatch` and the C strings handed out from it, owned by
/// the box and freed with it. JSON texts are made on first use (`CStringOwner`).
///
/// Safety: the strings are allocated in `init`, never written afterwards, and freed in `deinit` only, when the
/// handle is freed and no borrower remains (the header says a match's strings live as long as the match).
final class MatchBox: CStringOwner, @unchecked Sendable {
    let match: RouteMatch
    nonisolated(unsafe) let route: UnsafeMutablePointer<CChar>
    nonisolated(unsafe) let url: UnsafeMutablePointer<CChar>
    nonisolated(unsafe) let parameters: [String: UnsafeMutablePointer<CChar>]
    nonisolated(unsafe) let remainder: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) let fragment: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) let props: UnsafeMutablePointer<CChar>?

    init(_ match: RouteMatch) {
        self.match = match
        route = ownedCString(match.route.name)
        url = ownedCString(match.url)
        parameters = match.parameters.mapValues(ownedCString)
        remainder = match.remainder.map(ownedCString)
        fragment = match.fragment.map(ownedCString)
        props = match.propsJSON.map(ownedCString)
    }

    deinit {
        free(route)
        free(url)
        for pointer in parameters.values { free(pointer) }
        free(remainder)
        free(fragment)
        free(props)
    }
}

/// The box behind a match handle, or `nil` (borrowed getters return NULL rather than a status).
private func box(_ handle: OpaquePointer?) -> MatchBox? {
    try? Handles.object(handle, .match, as: MatchBox.self)
}

@_cdecl("navrouter_match_route") @implementation
public func navrouter_match_route(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    box(match).map { UnsafePointer($0.route) }
}

@_cdecl("navrouter_match_url") @implementation
public func navrouter_match_url(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    box(match).map { UnsafePointer($0.url) }
}

@_cdecl("navrouter_match_param") @implementation
public func navrouter_match_param(_ match: OpaquePointer?, _ name: UnsafePointer<CChar>?) -> UnsafePointer<CChar>? {
    guard let box = box(match), let name, let key = String(validatingCString: name) else { return nil }
    return box.parameters[key].map { UnsafePointer($0) }
}

@_cdecl("navrouter_match_remainder") @implementation
public func navrouter_match_remainder(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    box(match)?.remainder.map { UnsafePointer($0) }
}

@_cdecl("navrouter_match_fragment") @implementation
public func navrouter_match_fragment(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    box(match)?.fragment.map { UnsafePointer($0) }
}

@_cdecl("navrouter_match_props") @implementation
public func navrouter_match_props(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    box(match)?.props.map { UnsafePointer($0) }
}

@_cdecl("navrouter_match_params_json") @implementation
public func navrouter_match_params_json(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    box(match).flatMap { box in box.cString("params") { box.match.parametersJSON } }
}

@_cdecl("navrouter_match_path_params_json") @implementation
public func navrouter_match_path_params_json(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    box(match).flatMap { box in box.cString("path") { box.match.pathParametersJSON } }
}

@_cdecl("navrouter_match_query_json") @implementation
public func navrouter_match_query_json(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    box(match).flatMap { box in box.cString("query") { box.match.queryItemsJSON } }
}

@_cdecl("navrouter_match_json") @implementation
public func navrouter_match_json(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    box(match).flatMap { box in box.cString("match") { box.match.jsonText } }
}

@_cdecl("navrouter_match_free") @implementation
public func navrouter_match_free(_ match: OpaquePointer?) {
    Handles.free(match, .match)
}
