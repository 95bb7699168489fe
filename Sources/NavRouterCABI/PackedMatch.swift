// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation
// The exports below are C functions: named and documented in include/navrouter.h.

import CNavRouter
import NavRouterCore

// navrouter_registry_resolve_packed: a whole match written into the caller's buffer in one call (see
// navrouter.h). Converts a core `RouteMatch`; no routing here.

/// A match in its packed order (see `navrouter_packed_match` in navrouter.h): the head, and the strings visited in
/// order (rather than collected into an array) while they are sized and written.
private struct PackedMatch {
    let match: RouteMatch
    var head = navrouter_packed_match()

    init(_ match: RouteMatch, routeIndex: Int) {
        self.match = match
        head.route_index = UInt32(routeIndex)
        head.path_parameter_count = UInt32(match.pathParameters.count)
        head.query_item_count = UInt32(match.queryItems.count)
        if !match.queryItems.isEmpty { head.merged_parameter_count = UInt32(match.parameters.count) }
        if match.remainder != nil { head.flags |= NAVROUTER_PACKED_REMAINDER }
        if match.fragment != nil { head.flags |= NAVROUTER_PACKED_FRAGMENT }
        if match.props != nil { head.flags |= NAVROUTER_PACKED_PROPS }
        head.string_count =
            1 + 2 * (head.path_parameter_count + head.query_item_count + head.merged_parameter_count)
            + UInt32(head.flags.nonzeroBitCount)
    }

    /// Calls `body` with each string, in the packed order.
    func forEachString(_ body: (String) -> Void) {
        body(match.route.name)
        for (name, value) in match.pathParameters {  // in the dictionary's order: no hashing
            body(name)
            body(value)
        }
        for item in match.queryItems {
            body(item.name)
            body(item.value)
        }
        if !match.queryItems.isEmpty {
            for (name, value) in match.parameters.sorted(by: { $0.key < $1.key }) {
                body(name)
                body(value)
            }
        }
        if let remainder = match.remainder { body(remainder) }
        if let fragment = match.fragment { body(fragment) }
        if let props = match.propsJSON { body(props) }
    }

    /// Writes the packed form into `buffer` as far as it fits, in one pass over the strings, and returns the
    /// size it takes (the head, then each string and its NUL); the buffer is complete when that is ≤ `capacity`.
    /// No string contains a NUL: the core refuses `%00` and control characters in URLs and route names, and JSON
    /// text escapes them.
    func write(to buffer: UnsafeMutableRawPointer?, capacity: Int) -> Int {
        var size = MemoryLayout<navrouter_packed_match>.stride
        if let buffer, size <= capacity { buffer.storeBytes(of: head, as: navrouter_packed_match.self) }
        // Safety: the host's buffer holds `capacity` writable bytes (the header's contract); every write below is
        // checked against `capacity` first, and bytes are written as bytes.
        let text = buffer.map { $0.assumingMemoryBound(to: UInt8.self) }
        forEachString { string in
            var string = string
            string.withUTF8 { bytes in
                if let text, size + bytes.count + 1 <= capacity {
                    if let base = bytes.baseAddress { (text + size).update(from: base, count: bytes.count) }
                    text[size + bytes.count] = 0
                }
                size += bytes.count + 1
            }
        }
        return size
    }
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
        let (index, match) = try table.resolveWithIndex(String(decoding: bytes, as: UTF8.self))
        let size = PackedMatch(match, routeIndex: index).write(to: buffer, capacity: capacity)
        outSize.pointee = size
        if size > capacity {
            throw NavRouterError(.limitExceeded, "the buffer holds \(capacity) bytes; the packed match needs \(size)")
        }
    }
}
