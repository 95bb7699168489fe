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

// The "Registry" section of navrouter.h. Each function converts its arguments, calls the core, maps errors.

private func registry(_ handle: OpaquePointer?) throws(NavRouterError) -> RouteRegistry {
    try RegistryHandle.registry(handle)
}

@_cdecl("navrouter_registry_new") @implementation
public func navrouter_registry_new(_ out: UnsafeMutablePointer<OpaquePointer?>?, _ flags: UInt32) -> Int32 {
    out?.pointee = nil
    precondition(RangeLayout.matchesSegmentSlice, "navrouter_range and SegmentSlice differ in layout")
    return cCall { () throws(NavRouterError) in
        let out = try required(out, "out")
        guard flags & ~NAVROUTER_REGISTRY_CASE_SENSITIVE == 0 else {
            throw NavRouterError(.invalidArgument, "unknown registry flags 0x\(String(flags, radix: 16))")
        }
        let options = RegistryOptions(caseSensitive: flags & NAVROUTER_REGISTRY_CASE_SENSITIVE != 0)
        out.pointee = Handles.make(RegistryHandle(try RouteRegistry(options: options)), .registry)
    }
}

@_cdecl("navrouter_registry_free") @implementation
public func navrouter_registry_free(_ registry: OpaquePointer?) {
    ThreadState.existing?.pointee.lookupTable.forget(registry)
    Handles.free(registry, .registry)
}

@_cdecl("navrouter_registry_set_web_domains") @implementation
public func navrouter_registry_set_web_domains(
    _ handle: OpaquePointer?, _ domains: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int
) -> Int32 {
    cCall { () throws(NavRouterError) in
        let domains = Set(try cStringArray(domains, count, "domains").map { $0.lowercased() })
        try registry(handle).updatePolicy { $0.webDomains = domains }
    }
}

@_cdecl("navrouter_registry_set_schemes") @implementation
public func navrouter_registry_set_schemes(
    _ handle: OpaquePointer?, _ schemes: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int
) -> Int32 {
    cCall { () throws(NavRouterError) in
        let schemes = Set(try cStringArray(schemes, count, "schemes").map { $0.lowercased() })
        try registry(handle).updatePolicy { $0.schemes = schemes }
    }
}

@_cdecl("navrouter_registry_set_limits") @implementation
public func navrouter_registry_set_limits(_ handle: OpaquePointer?, _ maxURLLength: Int, _ maxSegments: Int) -> Int32 {
    cCall { () throws(NavRouterError) in
        try registry(handle).updatePolicy {
            $0.maxURLLength = maxURLLength
            $0.maxSegments = maxSegments
        }
    }
}

@_cdecl("navrouter_registry_add_route") @implementation
public func navrouter_registry_add_route(
    _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ pattern: UnsafePointer<CChar>?, _ flags: UInt32
) -> Int32 {
    cCall { () throws(NavRouterError) in
        try registry(handle).register(try cRoute(name, pattern, flags))
    }
}

@_cdecl("navrouter_registry_add_routes") @implementation
public func navrouter_registry_add_routes(
    _ handle: OpaquePointer?, _ specs: UnsafePointer<navrouter_route_spec>?, _ count: Int
) -> Int32 {
    cCall { () throws(NavRouterError) in
        let registry = try registry(handle)
        guard count >= 0, count == 0 || specs != nil else {
            throw NavRouterError(.invalidArgument, "routes is NULL with a count, or the count is negative")
        }
        var routes: [Route] = []
        routes.reserveCapacity(count)
        for index in 0..<count {
            let spec = specs![index]
            do throws(NavRouterError) {
                routes.append(try cRoute(spec.name, spec.pattern, spec.flags))
            } catch {
                throw NavRouterError(error.code, "routes[\(index)]: \(error.message)")
            }
        }
        try registry.register(routes)
    }
}

/// A route from `navrouter_registry_add_route`'s arguments.
private func cRoute(_ name: UnsafePointer<CChar>?, _ pattern: UnsafePointer<CChar>?, _ flags: UInt32)
    throws(NavRouterError) -> Route
{
    let known = NAVROUTER_ROUTE_PRESENTATION_MASK | NAVROUTER_ROUTE_REQUIRES_AUTH | NAVROUTER_ROUTE_EXTERNAL
    guard flags & ~known == 0 else {
        throw NavRouterError(.invalidArgument, "unknown route flags 0x\(String(flags & ~known, radix: 16))")
    }
    let presentation: Presentation
    switch flags & NAVROUTER_ROUTE_PRESENTATION_MASK {
    case NAVROUTER_ROUTE_PUSH: presentation = .push
    case NAVROUTER_ROUTE_MODAL_SHEET: presentation = .modal(.sheet)
    case NAVROUTER_ROUTE_MODAL_FULLSCREEN: presentation = .modal(.fullScreen)
    case NAVROUTER_ROUTE_ROOT: presentation = .root
    default:
        throw NavRouterError(.invalidArgument, "unknown presentation \(flags & NAVROUTER_ROUTE_PRESENTATION_MASK)")
    }
    return try Route(
        name: try cString(name, "name"), pattern: try cString(pattern, "pattern"), presentation: presentation,
        requiresAuth: flags & NAVROUTER_ROUTE_REQUIRES_AUTH != 0, external: flags & NAVROUTER_ROUTE_EXTERNAL != 0)
}

@_cdecl("navrouter_registry_load_manifest") @implementation
public func navrouter_registry_load_manifest(
    _ handle: OpaquePointer?, _ json: UnsafePointer<CChar>?, _ outCount: UnsafeMutablePointer<Int>?
) -> Int32 {
    outCount?.pointee = 0
    return cCall { () throws(NavRouterError) in
        let loaded = try registry(handle).loadManifest(try cString(json, "json"))
        outCount?.pointee = loaded.count
    }
}

@_cdecl("navrouter_registry_check_manifest") @implementation
public func navrouter_registry_check_manifest(
    _ handle: OpaquePointer?, _ json: UnsafePointer<CChar>?,
    _ outReport: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    outReport?.pointee = nil
    return cCall { () throws(NavRouterError) in
        let out = try required(outReport, "out_report_json")
        store(try registry(handle).checkManifest(try cString(json, "json")).jsonValue.jsonText, into: out)
    }
}

@_cdecl("navrouter_registry_check_route") @implementation
public func navrouter_registry_check_route(
    _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?, _ pattern: UnsafePointer<CChar>?,
    _ declaredBy: UnsafePointer<CChar>?
) -> Int32 {
    cCall { () throws(NavRouterError) in
        try registry(handle).checkRoute(
            named: try cString(name, "name"), pattern: try cString(pattern, "pattern"),
            declaredBy: try optionalCString(declaredBy, "declared_by") ?? "the declaration")
    }
}

@_cdecl("navrouter_registry_remove_route") @implementation
public func navrouter_registry_remove_route(_ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?) -> Int32 {
    cCall { () throws(NavRouterError) in try registry(handle).unregister(named: try cString(name, "name")) }
}

@_cdecl("navrouter_registry_remove_module") @implementation
public func navrouter_registry_remove_module(
    _ handle: OpaquePointer?, _ module: UnsafePointer<CChar>?, _ outRemoved: UnsafeMutablePointer<Int>?
) -> Int32 {
    outRemoved?.pointee = 0
    return cCall { () throws(NavRouterError) in
        let removed = try registry(handle).unregisterModule(try cString(module, "module"))
        outRemoved?.pointee = removed
    }
}

@_cdecl("navrouter_registry_route_count") @implementation
public func navrouter_registry_route_count(_ handle: OpaquePointer?, _ outCount: UnsafeMutablePointer<Int>?) -> Int32 {
    outCount?.pointee = 0
    return cCall { () throws(NavRouterError) in
        let out = try required(outCount, "out_count")
        out.pointee = try registry(handle).routes.count  // aliases are not routes of their own
    }
}

@_cdecl("navrouter_registry_route_json") @implementation
public func navrouter_registry_route_json(
    _ handle: OpaquePointer?, _ name: UnsafePointer<CChar>?,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    outJSON?.pointee = nil
    return cCall { () throws(NavRouterError) in
        let out = try required(outJSON, "out_json")
        let name = try cString(name, "name")
        guard let route = try registry(handle).route(named: name) else {
            throw NavRouterError(.notFound, "no route is named '\(name)'")
        }
        store(route.jsonValue.jsonText, into: out)
    }
}

@_cdecl("navrouter_registry_routes_json") @implementation
public func navrouter_registry_routes_json(
    _ handle: OpaquePointer?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    outJSON?.pointee = nil
    return cCall { () throws(NavRouterError) in
        let out = try required(outJSON, "out_json")
        store(JSONValue.array(try registry(handle).routes.map(\.jsonValue)).jsonText, into: out)
    }
}

@_cdecl("navrouter_registry_resolve") @implementation
public func navrouter_registry_resolve(
    _ handle: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ out: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    out?.pointee = nil
    let thread = ThreadState.current
    return cCall(thread) { () throws(NavRouterError) in
        let out = try required(out, "out")
        guard let url else { throw NavRouterError(.invalidArgument, "url is NULL") }
        let bytes = urlBytes(url, length: strlen(url))
        // The thread's cached table (no lock while the registry is unchanged), as navrouter_registry_lookup.
        let table = try thread.pointee.lookupTable.table(for: handle)
        let segments = thread.pointee.segments(thread.pointee.lookupTable.maxSegments)  // the table's, known now
        // Safety: the thread's entry holds the table for the call (as in navrouter_registry_lookup); the block takes
        // its own reference.
        let block = try table._withUnsafeGuaranteedRef { table in
            Result { () throws(NavRouterError) in
                let resolved = try table.resolve(bytes: bytes, validatingUTF8: true, segments: segments)
                // Two references: the handle's, and the thread's entry's (its getters then take no lock).
                return MatchBlock.make(
                    table: table, resolved: resolved, url: bytes, references: 2, thread: thread)
            }
        }.get()
        let match = Handles.insert(block, in: thread.pointee.liveHandles)
        thread.pointee.lastMatch.adopt(block, handle: match)
        out.pointee = match
    }
}

@_cdecl("navrouter_registry_lookup") @implementation @inline(__always)
public func navrouter_registry_lookup(
    _ handle: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ length: Int,
    _ outRouteIndex: UnsafeMutablePointer<UInt32>?,
    _ segments: UnsafeMutablePointer<navrouter_range>?, _ capacity: Int, _ outSegmentCount: UnsafeMutablePointer<Int>?
) -> Int32 {
    let thread = ThreadState.current
    let status = cCall(thread) { () throws(NavRouterError) in
        let outRoute = try required(outRouteIndex, "out_route_index")
        guard let url else { throw NavRouterError(.invalidArgument, "url is NULL") }
        guard length >= 0, capacity >= 0 else {
            throw NavRouterError(.invalidArgument, "a negative length or capacity")
        }
        // Not checked for UTF-8 here: the core's look-up checks what its scan has not seen.
        // Safety: the header asks for `length` readable bytes at `url`, read during the call only.
        let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(url).assumingMemoryBound(to: UInt8.self), count: length)
        let table = try thread.pointee.lookupTable.table(for: handle)
        let limit = min(capacity, thread.pointee.lookupTable.maxSegments)
        // Safety: a navrouter_range has a SegmentSlice's layout (`RangeLayout`, checked when the registry was made):
        // the core writes the caller's ranges, at most `limit` <= `capacity` of them.
        let (route, count) = try table._withUnsafeGuaranteedRef { table in
            Result { () throws(NavRouterError) in
                guard let segments else {
                    if capacity != 0 { throw NavRouterError(.invalidArgument, "segments is NULL with a capacity") }
                    return try table.lookup(
                        validatingUTF8: bytes, segments: UnsafeMutableBufferPointer(start: nil, count: 0))
                }
                // Safety: see above (`RangeLayout`): at most `limit` <= `capacity` ranges, written during the call.
                return try segments.withMemoryRebound(to: SegmentSlice.self, capacity: limit) {
                    (slices) throws(NavRouterError) in
                    try table.lookup(
                        validatingUTF8: bytes, segments: UnsafeMutableBufferPointer(start: slices, count: limit))
                }
            }
        }.get()
        outRoute.pointee = UInt32(truncatingIfNeeded: route)  // below RouteRegistry.maxRoutes
        outSegmentCount?.pointee = count
    }
    if status != 0 {  // the outputs are set on success only; zeroed on a failure
        outRouteIndex?.pointee = 0
        outSegmentCount?.pointee = 0
    }
    return status
}

@_cdecl("navrouter_registry_route_name") @implementation
public func navrouter_registry_route_name(
    _ handle: OpaquePointer?, _ index: UInt32, _ outName: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    outName?.pointee = nil
    return cCall { () throws(NavRouterError) in
        let out = try required(outName, "out_name")
        let routes = try registry(handle).table.routes
        guard Int(index) < routes.count else {
            throw NavRouterError(.notFound, "no route has index \(index) (there are \(routes.count))")
        }
        store(routes[Int(index)].name, into: out)
    }
}

@_cdecl("navrouter_registry_explain") @implementation
public func navrouter_registry_explain(
    _ handle: OpaquePointer?, _ url: UnsafePointer<CChar>?,
    _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    outJSON?.pointee = nil
    return cCall { () throws(NavRouterError) in
        let out = try required(outJSON, "out_json")
        store(try registry(handle).explain(try cURL(url, "url")).jsonText, into: out)
    }
}

@_cdecl("navrouter_registry_build_url") @implementation
public func navrouter_registry_build_url(
    _ handle: OpaquePointer?, _ route: UnsafePointer<CChar>?, _ paramsJSON: UnsafePointer<CChar>?,
    _ propsJSON: UnsafePointer<CChar>?, _ scheme: UnsafePointer<CChar>?,
    _ outURL: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    buildLink(handle, outURL) { registry throws(NavRouterError) in
        try registry.buildURL(
            route: try cString(route, "route"), parameters: try stringParameters(paramsJSON),
            props: try optionalProps(propsJSON), scheme: try optionalCString(scheme, "scheme"))
    }
}

@_cdecl("navrouter_registry_build_universal_link") @implementation
public func navrouter_registry_build_universal_link(
    _ handle: OpaquePointer?, _ route: UnsafePointer<CChar>?, _ paramsJSON: UnsafePointer<CChar>?,
    _ propsJSON: UnsafePointer<CChar>?, _ domain: UnsafePointer<CChar>?,
    _ outURL: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    buildLink(handle, outURL) { registry throws(NavRouterError) in
        try registry.universalLink(
            route: try cString(route, "route"), parameters: try stringParameters(paramsJSON),
            props: try optionalProps(propsJSON), domain: try optionalCString(domain, "domain"))
    }
}

@_cdecl("navrouter_registry_build_url_for_path") @implementation
public func navrouter_registry_build_url_for_path(
    _ handle: OpaquePointer?, _ path: UnsafePointer<CChar>?, _ propsJSON: UnsafePointer<CChar>?,
    _ scheme: UnsafePointer<CChar>?, _ outURL: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    buildLink(handle, outURL) { registry throws(NavRouterError) in
        try registry.buildURL(
            path: try cString(path, "path"), props: try optionalProps(propsJSON),
            scheme: try optionalCString(scheme, "scheme"))
    }
}

/// Builds a link on the registry behind `handle` and hands it out through `outURL` (NULL first, and on failure).
private func buildLink(
    _ handle: OpaquePointer?, _ outURL: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?,
    _ build: (RouteRegistry) throws(NavRouterError) -> String
) -> Int32 {
    outURL?.pointee = nil
    return cCall { () throws(NavRouterError) in
        let out = try required(outURL, "out_url")
        store(try build(try registry(handle)), into: out)
    }
}

/// A `params_json` argument: a JSON object of string values, or NULL for none.
private func stringParameters(_ paramsJSON: UnsafePointer<CChar>?) throws(NavRouterError) -> [String: String] {
    var parameters: [String: String] = [:]
    guard let text = try optionalCString(paramsJSON, "params_json") else { return parameters }
    for (key, value) in try JSONValue.parseObject(text, what: "params") {
        guard let string = value.stringValue else {
            throw NavRouterError(.invalidJSON, "params: the value of '\(key)' must be a string, not \(value.typeName)")
        }
        parameters[key] = string
    }
    return parameters
}

/// A `props_json` argument: a JSON object, or NULL for none.
private func optionalProps(_ propsJSON: UnsafePointer<CChar>?) throws(NavRouterError) -> [String: JSONValue]? {
    try optionalCString(propsJSON, "props_json").map { (text) throws(NavRouterError) in
        try JSONValue.parseObject(text, what: "props")
    }
}
