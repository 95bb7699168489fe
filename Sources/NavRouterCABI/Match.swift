// swift-format-ignore-file: AlwaysUseLowerCamelCase, AllPublicDeclarationsHaveDocumentation
// The exports below are C functions: named and documented in include/navrouter.h.

import CNavRouter
import NavRouterCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A match behind a `navrouter_match *`: what the core's resolve found (`ResolvedURL`) and, in one allocation, the
/// C strings the getters hand out. JSON texts are made on first use (`CStringOwner`).
///
/// The strings (`ResolvedURL.writeStrings` with the URL, without the merged parameters), back to back, each
/// NUL-terminated, after a head of their offsets.
///
/// Safety: the arena is allocated and written in `init`, never written afterwards, and freed in `deinit` only, when
/// the handle is freed and no borrower remains (the header says a match's strings live as long as the match). No
/// string holds a NUL: URLs with `%00` and control characters are refused, and JSON text escapes them.
final class MatchBox: CStringOwner, @unchecked Sendable {
    let table: RouteTable
    let resolved: ResolvedURL
    /// Set when the handle is freed, before the handle's reference is released (read by per-thread caches).
    let freed = Atomic<Bool>(false)
    /// One allocation: `stringCount` 32-bit offsets, then the strings they point to.
    private let arena: UnsafeMutableRawPointer
    private let parameterCount: Int
    private let queryCount: Int

    init(table: RouteTable, resolved: ResolvedURL, url: UnsafeBufferPointer<UInt8>) {
        self.table = table
        self.resolved = resolved
        parameterCount = resolved.parameterCount
        queryCount = resolved.queryItems.count
        arena = Self.makeArena(table: table, resolved: resolved, url: url)
    }

    /// Bytes of stack a match's strings are first written to: most matches fit, and are then copied into an arena
    /// of their exact size in one pass; a larger match is written again, into its arena.
    private static let scratchBytes = 1024

    /// The arena: the strings' offsets, then the strings (see the type's comment).
    private static func makeArena(table: RouteTable, resolved: ResolvedURL, url: UnsafeBufferPointer<UInt8>)
        -> UnsafeMutableRawPointer
    {
        let count = resolved.stringCount(includingURL: true)
        let headSize = count * MemoryLayout<Int32>.stride
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: count) { offsets in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scratchBytes) { scratch in
                let written = resolved.writeStrings(
                    table: table, url: url, includingURL: true, includingMerged: false, into: scratch.baseAddress,
                    capacity: scratch.count, offsets: offsets.baseAddress, offsetBase: headSize)
                // malloc's alignment (16) covers the offsets' (4); `allocate(byteCount:alignment:)` went through
                // posix_memalign, ~85 instructions a match more.
                guard let arena = malloc(headSize + written.size) else {
                    fatalError("navrouter: out of memory for a match of \(headSize + written.size) bytes")
                }
                // Safety: `offsets` holds `count` offsets, `scratch` the strings when they fit; the arena was sized
                // for both; the second write is given the arena's exact room for the strings.
                arena.copyMemory(from: offsets.baseAddress!, byteCount: headSize)
                if written.size <= scratch.count {
                    (arena + headSize).copyMemory(from: scratch.baseAddress!, byteCount: written.size)
                } else {
                    let text = (arena + headSize).bindMemory(to: UInt8.self, capacity: written.size)
                    _ = resolved.writeStrings(
                        table: table, url: url, includingURL: true, includingMerged: false, into: text,
                        capacity: written.size)
                }
                return arena
            }
        }
    }

    /// The box of a match the core made (an authentication handler's destination).
    static func make(_ match: RouteMatch) -> MatchBox {
        var url = match.url
        return url.withUTF8 { MatchBox(table: match.table, resolved: match.resolved, url: $0) }
    }

    deinit {
        // Safety: allocated with malloc in `init`, freed once, here (see the type's comment).
        free(arena)
    }

    /// Safety: `index` is below the string count (the getters compute it from the counts `init` used); the offset
    /// it reads was written by `init` and points at a NUL-terminated string inside the arena.
    private func string(_ index: Int) -> UnsafePointer<CChar> {
        let offset = arena.load(fromByteOffset: index * MemoryLayout<Int32>.stride, as: Int32.self)
        return UnsafePointer((arena + Int(offset)).assumingMemoryBound(to: CChar.self))
    }

    var route: UnsafePointer<CChar> { string(0) }
    var url: UnsafePointer<CChar> { string(1) }
    private var extraStart: Int { 2 + 2 * (parameterCount + queryCount) }
    var remainder: UnsafePointer<CChar>? { resolved.hasCatchAll ? string(extraStart) : nil }
    var fragment: UnsafePointer<CChar>? {
        resolved.fragment == nil ? nil : string(extraStart + (resolved.hasCatchAll ? 1 : 0))
    }
    var props: UnsafePointer<CChar>? {
        resolved.props == nil
            ? nil : string(extraStart + (resolved.hasCatchAll ? 1 : 0) + (resolved.fragment == nil ? 0 : 1))
    }

    /// A parameter by name: the path parameter, or else the last query item with that name (as
    /// `RouteMatch.parameter(_:)`).
    func parameter(_ name: UnsafePointer<CChar>) -> UnsafePointer<CChar>? {
        for ordinal in 0..<parameterCount where strcmp(string(2 + 2 * ordinal), name) == 0 {
            return string(3 + 2 * ordinal)
        }
        if name.pointee == 0 { return nil }  // a nameless query item is no parameter
        for item in stride(from: queryCount - 1, through: 0, by: -1) {
            let index = 2 + 2 * parameterCount + 2 * item
            if strcmp(string(index), name) == 0 { return string(index + 1) }
        }
        return nil
    }

    /// The core's match (for the JSON getters).
    var match: RouteMatch { RouteMatch(table: table, url: String(cString: url), resolved: resolved) }
}

/// `body` on the box behind a match handle, or `nil` (borrowed getters return NULL rather than a status). The
/// thread's last match is checked without the handle table's lock and read without a reference count (see
/// `ThreadState.lastMatch`).
@inline(__always)
private func withBox<Result>(_ handle: OpaquePointer?, _ body: (MatchBox) -> Result?) -> Result? {
    ThreadState.current.pointee.lastMatch.withBox(for: handle, body)
}

@_cdecl("navrouter_match_route") @implementation
public func navrouter_match_route(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    withBox(match) { $0.route }
}

@_cdecl("navrouter_match_url") @implementation
public func navrouter_match_url(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    withBox(match) { $0.url }
}

@_cdecl("navrouter_match_param") @implementation
public func navrouter_match_param(_ match: OpaquePointer?, _ name: UnsafePointer<CChar>?) -> UnsafePointer<CChar>? {
    guard let name else { return nil }
    return withBox(match) { $0.parameter(name) }
}

@_cdecl("navrouter_match_remainder") @implementation
public func navrouter_match_remainder(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    withBox(match) { $0.remainder }
}

@_cdecl("navrouter_match_fragment") @implementation
public func navrouter_match_fragment(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    withBox(match) { $0.fragment }
}

@_cdecl("navrouter_match_props") @implementation
public func navrouter_match_props(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    withBox(match) { $0.props }
}

@_cdecl("navrouter_match_params_json") @implementation
public func navrouter_match_params_json(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    withBox(match) { box in box.cString("params") { box.match.parametersJSON } }
}

@_cdecl("navrouter_match_path_params_json") @implementation
public func navrouter_match_path_params_json(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    withBox(match) { box in box.cString("path") { box.match.pathParametersJSON } }
}

@_cdecl("navrouter_match_query_json") @implementation
public func navrouter_match_query_json(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    withBox(match) { box in box.cString("query") { box.match.queryItemsJSON } }
}

@_cdecl("navrouter_match_json") @implementation
public func navrouter_match_json(_ match: OpaquePointer?) -> UnsafePointer<CChar>? {
    withBox(match) { box in box.cString("match") { box.match.jsonText } }
}

@_cdecl("navrouter_match_free") @implementation
public func navrouter_match_free(_ match: OpaquePointer?) {
    ThreadState.current.pointee.lastMatch.forget(match)
    Handles.free(match, .match)
}
