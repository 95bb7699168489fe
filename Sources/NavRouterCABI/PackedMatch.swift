// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation
// The exports below are C functions: named and documented in include/navrouter.h.

import CNavRouter
import NavRouterCore

// navrouter_registry_resolve_packed: a whole match written into the caller's buffer in one call (see
// navrouter.h). Writes what the core's resolve found; no routing here.

/// Writes a resolved URL in its packed form (see `navrouter_packed_match` in navrouter.h) as far as it fits, and
/// returns the size it takes (the head, then each string and its NUL); the buffer is complete when that is ≤
/// `capacity`. The strings are `ResolvedURL.writeStrings` without the URL, with the merged parameters.
private func writePacked(
    _ resolved: ResolvedURL, table: RouteTable, url: UnsafeBufferPointer<UInt8>, to buffer: UnsafeMutableRawPointer?,
    capacity: Int
) -> Int {
    let headSize = MemoryLayout<navrouter_packed_match>.stride
    // Safety: the host's buffer holds `capacity` writable bytes (the header's contract); the strings are written
    // after the head and checked against the room left there; the head is written only when it fits.
    let text = capacity > headSize ? buffer.map { ($0 + headSize).assumingMemoryBound(to: UInt8.self) } : nil
    // The defaults spelled out: each default argument is a call across modules.
    let written = resolved.writeStrings(
        table: table, url: url, includingURL: false, includingMerged: true, into: text,
        capacity: max(0, capacity - headSize), offsets: nil, offsetBase: 0)
    if let buffer, headSize <= capacity {
        let shape = resolved.shape
        var head = navrouter_packed_match()
        // Each below 2^31: routes below RouteRegistry.maxRoutes, counts below the URL's length (at most 2^30 bytes).
        head.route_index = UInt32(truncatingIfNeeded: shape.routeIndex)
        head.path_parameter_count = UInt32(truncatingIfNeeded: shape.parameterCount)
        head.query_item_count = UInt32(truncatingIfNeeded: shape.queryItemCount)
        head.string_count = UInt32(truncatingIfNeeded: written.count)
        head.merged_parameter_count = UInt32(truncatingIfNeeded: written.mergedCount)
        if shape.hasCatchAll { head.flags |= NAVROUTER_PACKED_REMAINDER }
        if shape.hasFragment { head.flags |= NAVROUTER_PACKED_FRAGMENT }
        if shape.hasProps { head.flags |= NAVROUTER_PACKED_PROPS }
        buffer.storeBytes(of: head, as: navrouter_packed_match.self)
    }
    return headSize + written.size
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
        let bytes = urlBytes(url, length: length)
        let table = try thread.pointee.lookupTable.table(for: handle)
        let segments = thread.pointee.segments(thread.pointee.lookupTable.maxSegments)
        // Safety: the thread's cached table holds a reference for the whole call (nothing here re-enters the C ABI),
        // so the table is borrowed without one of its own.
        let size = try table._withUnsafeGuaranteedRef { table in
            Result { () throws(NavRouterError) in
                let resolved = try table.resolve(bytes: bytes, validatingUTF8: true, segments: segments)
                return writePacked(resolved, table: table, url: bytes, to: buffer, capacity: capacity)
            }
        }.get()
        outSize.pointee = size
        if size > capacity {
            throw NavRouterError(.limitExceeded, "the buffer holds \(capacity) bytes; the packed match needs \(size)")
        }
    }
}
