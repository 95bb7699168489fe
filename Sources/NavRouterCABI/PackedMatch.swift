// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation
// The exports below are C functions: named and documented in include/navrouter.h.

import CNavRouter
import NavRouterCore

// navrouter_registry_resolve_packed: a whole match written into the caller's buffer in one call (see
// navrouter.h). Writes what the core's resolve found; no routing here.

/// Writes a resolved URL in its packed form (see `navrouter_packed_match` in navrouter.h) as far as it fits, and
/// returns the size it takes (the head, then each string and its NUL); the buffer is complete when that is ≤
/// `capacity`. The strings are `MatchStrings` without the URL, with the merged parameters.
private func writePacked(
    _ strings: MatchStrings, routeIndex: Int, to buffer: UnsafeMutableRawPointer?, capacity: Int
) -> Int {
    let resolved = strings.resolved
    var head = navrouter_packed_match()
    head.route_index = UInt32(routeIndex)
    head.path_parameter_count = UInt32(resolved.parameterCount)
    head.query_item_count = UInt32(resolved.queryItems.count)
    head.string_count = UInt32(strings.count(includingURL: false, includingMerged: true))
    head.merged_parameter_count =
        (head.string_count - 1 - 2 * (head.path_parameter_count + head.query_item_count)
            - (resolved.hasCatchAll ? 1 : 0) - (resolved.fragment != nil ? 1 : 0) - (resolved.props != nil ? 1 : 0))
        / 2
    if resolved.hasCatchAll { head.flags |= NAVROUTER_PACKED_REMAINDER }
    if resolved.fragment != nil { head.flags |= NAVROUTER_PACKED_FRAGMENT }
    if resolved.props != nil { head.flags |= NAVROUTER_PACKED_PROPS }
    var size = MemoryLayout<navrouter_packed_match>.stride
    if let buffer, size <= capacity { buffer.storeBytes(of: head, as: navrouter_packed_match.self) }
    // Safety: the host's buffer holds `capacity` writable bytes (the header's contract); every write below is
    // checked against `capacity` first, and bytes are written as bytes.
    let text = buffer.map { $0.assumingMemoryBound(to: UInt8.self) }
    strings.forEach(includingURL: false, includingMerged: true) { bytes in
        if let text, size + bytes.count + 1 <= capacity {
            if let base = bytes.baseAddress { (text + size).update(from: base, count: bytes.count) }
            text[size + bytes.count] = 0
        }
        size += bytes.count + 1
    }
    return size
}

@_cdecl("navrouter_registry_resolve_packed") @implementation
public func navrouter_registry_resolve_packed(
    _ handle: OpaquePointer?, _ url: UnsafePointer<CChar>?, _ length: Int, _ buffer: UnsafeMutableRawPointer?,
    _ capacity: Int, _ outSize: UnsafeMutablePointer<Int>?
) -> Int32 {
    outSize?.pointee = 0
    let thread = ThreadState.current
    return cCall(thread) { () throws(NavRouterError) in
        let outSize = try required(outSize, "out_size")
        guard let url else { throw NavRouterError(.invalidArgument, "url is NULL") }
        guard length >= 0, capacity >= 0, capacity == 0 || buffer != nil else {
            throw NavRouterError(.invalidArgument, "a negative length or capacity, or a NULL buffer with a capacity")
        }
        guard capacity == 0 || UInt(bitPattern: buffer) % UInt(MemoryLayout<navrouter_packed_match>.alignment) == 0
        else {
            throw NavRouterError(.invalidArgument, "the buffer is not aligned for navrouter_packed_match")
        }
        let bytes = try utf8URL(url, length: length)
        let table = try thread.pointee.lookupTable.table(for: handle).takeUnretainedValue()
        let resolved = try table.resolve(bytes: bytes, validatingUTF8: false)
        let strings = MatchStrings(table: table, resolved: resolved, url: bytes)
        let size = writePacked(strings, routeIndex: resolved.routeIndex, to: buffer, capacity: capacity)
        outSize.pointee = size
        if size > capacity {
            throw NavRouterError(.limitExceeded, "the buffer holds \(capacity) bytes; the packed match needs \(size)")
        }
    }
}
