import NavRouterCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The head of a match's block (see `MatchBlock`).
struct MatchHead: ~Copyable {
    /// The handle's reference, plus one for each thread whose `CachedMatch` holds the block.
    let references: Atomic<Int>
    /// Set when the handle is freed, before the handle's reference is given back (other threads' caches read it).
    let freed = Atomic<Bool>(false)
    /// The owner of the JSON texts the getters made, made by the first such getter. Safety: the slot holds one
    /// reference (`madeOnce`), given back in `MatchBlock.release` with the block.
    let texts = Atomic<Unmanaged<CStringOwner>?>(nil)
    /// What the core's resolve found.
    let resolved: ResolvedURL
    let parameterCount: Int32
    let queryCount: Int32
    /// The block is `MatchBlock.reusableBytes` long: when freed, it may become a thread's spare block.
    let reusable: Bool
}

/// A match behind a `navrouter_match *`: one `malloc` block that holds a head (what the core's resolve found, a
/// reference count) and the C strings the getters hand out, back to back, each NUL-terminated, after their 32-bit
/// offsets from the block's start. The strings are `ResolvedURL.writeStrings` with the URL, without the merged
/// parameters; JSON texts are made from them (not from the table, which the block does not keep) on first use and
/// kept by a `CStringOwner` the head points to.
///
/// The handle is the block's address. A Swift object with a separate buffer for the strings (as before) cost two
/// allocations, the runtime's generic release and destroy paths and a lock in the object's `deinit`. A block of
/// `reusableBytes` (most matches) is written in place and, once freed, kept by the thread that freed it for its
/// next resolve: no `malloc` and `free` a match, and no copy from a stack buffer. Keeping the table cost a
/// reference count pair a match (BENCHMARKS.md).
///
/// Safety: the block is allocated (or taken from the thread's spare) and written in `make`, never written afterwards
/// but for the head's atomics, and freed (or kept as a spare, deinitialized) in `release` by the holder of its last
/// reference: the handle (given back by `free`, after the handle left the table of live handles, so no new reference
/// can be taken) and each thread cache (taken under the table's lock while the handle is live, or counted in at
/// `make`). No string holds a NUL: URLs with `%00` and control characters are refused, and JSON text escapes them.
struct MatchBlock: @unchecked Sendable {
    let head: UnsafeMutablePointer<MatchHead>

    /// The block behind a handle (which the caller knows to be a match's, live or held).
    init(address: UnsafeRawPointer) {
        // Safety: see the type's comment: a match handle is the address of a block whose head was bound in `make`.
        head = UnsafeMutablePointer(mutating: address.assumingMemoryBound(to: MatchHead.self))
    }

    /// The block's address (the handle).
    var address: UnsafeMutableRawPointer { UnsafeMutableRawPointer(head) }

    /// Bytes of a thread's reusable block (head included): most matches fit, and are written straight into it; a
    /// larger match gets a block of its own size, written again.
    static let reusableBytes = 1024

    /// Makes a block for a match of `url` resolved in `table`, holding `references` references, in the calling
    /// thread's spare block when there is one (`ThreadState.spareMatchBlock`).
    static func make(
        table: RouteTable, resolved: consuming ResolvedURL, url: UnsafeBufferPointer<UInt8>, references: Int,
        thread: UnsafeMutablePointer<ThreadState>
    ) -> MatchBlock {
        let counts = resolved.stringCounts(includingURL: true)
        let count = counts.strings
        let offsetsStart = MemoryLayout<MatchHead>.stride  // a multiple of 8: the offsets are aligned
        let stringsStart = offsetsStart + count * MemoryLayout<Int32>.stride
        var raw: UnsafeMutableRawPointer
        var size = 0
        if stringsStart < reusableBytes {
            raw = thread.pointee.takeSpareMatchBlock() ?? allocate(reusableBytes)
            size = write(resolved, table, url, into: raw, room: reusableBytes - stringsStart, count: count)
            if size <= reusableBytes - stringsStart {
                return MatchBlock(raw, resolved: resolved, counts: counts, references: references, reusable: true)
            }
            thread.pointee.keepSpareMatchBlock(raw)
        } else {
            size = write(resolved, table, url, into: nil, room: 0, count: count)
        }
        raw = allocate(stringsStart + size)
        _ = write(resolved, table, url, into: raw, room: size, count: count)
        return MatchBlock(raw, resolved: resolved, counts: counts, references: references, reusable: false)
    }

    /// Writes a match's `count` offsets and its strings into the block at `raw` (measures them only, when nil), with
    /// `room` bytes for the strings; returns the strings' size (all were written when it is at most `room`).
    ///
    /// Safety: a block holds the head, then `count` offsets, then at least `room` bytes. `writeStrings` writes an
    /// offset for every string, and strings only within the room it is given. Each region is bound to its type
    /// before it is written (a reused block's memory was bound to the same trivial types, maybe at other places).
    @inline(__always)
    private static func write(
        _ resolved: borrowing ResolvedURL, _ table: RouteTable, _ url: UnsafeBufferPointer<UInt8>,
        into raw: UnsafeMutableRawPointer?, room: Int, count: Int
    ) -> Int {
        let offsetsStart = MemoryLayout<MatchHead>.stride
        let stringsStart = offsetsStart + count * MemoryLayout<Int32>.stride
        return resolved.writeStrings(
            table: table, url: url, includingURL: true, includingMerged: false,
            // Safety: `raw` holds the head, `count` offsets and `room` bytes of strings (the size `make` computed),
            // untyped until here.
            into: raw.map { ($0 + stringsStart).bindMemory(to: UInt8.self, capacity: room) }, capacity: room,
            offsets: raw.map { ($0 + offsetsStart).bindMemory(to: Int32.self, capacity: count) },
            offsetBase: stringsStart
        ).size
    }

    /// Initializes the head of a block whose offsets and strings are written.
    private init(
        _ raw: UnsafeMutableRawPointer, resolved: consuming ResolvedURL, counts: ResolvedURL.StringCounts,
        references: Int, reusable: Bool
    ) {
        // Safety: the block is at least the head's size; its offsets and strings, written above, lie after it.
        head = raw.bindMemory(to: MatchHead.self, capacity: 1)
        let parameterCount = Int32(truncatingIfNeeded: counts.parameters)
        let queryCount = Int32(truncatingIfNeeded: counts.queryItems)
        // Safety: `head` was bound just above to uninitialized memory of the head's size.
        head.initialize(
            to: MatchHead(
                references: Atomic(references), resolved: resolved, parameterCount: parameterCount,
                queryCount: queryCount, reusable: reusable))
    }

    /// `malloc` (its alignment, 16, covers the head's, 8; `allocate(byteCount:alignment:)` went through
    /// posix_memalign, ~85 instructions a match more).
    private static func allocate(_ bytes: Int) -> UnsafeMutableRawPointer {
        guard let raw = malloc(bytes) else { fatalError("navrouter: out of memory for a match of \(bytes) bytes") }
        return raw
    }

    /// A block for a match the core made (an authentication handler's destination), with one reference.
    static func make(_ match: RouteMatch, thread: UnsafeMutablePointer<ThreadState>) -> MatchBlock {
        var url = match.url
        return url.withUTF8 {
            make(table: match.table, resolved: match.resolved, url: $0, references: 1, thread: thread)
        }
    }

    /// Takes a reference (for a thread cache; under the handle table's lock while the handle is live).
    func retain() {
        head.pointee.references.add(1, ordering: .relaxed)
    }

    /// Gives back `count` references; the last one frees the block.
    func release(_ count: Int = 1) {
        guard head.pointee.references.subtract(count, ordering: .acquiringAndReleasing).newValue == 0 else { return }
        // Safety: no reference is left, so nothing can read the block: its texts' owner is released once, and the
        // head (bound in `make`) deinitialized and the block freed once.
        head.pointee.texts.load(ordering: .acquiring)?.release()
        let reusable = head.pointee.reusable
        // Safety: see above: the head was bound and initialized in `init`; no reference is left.
        head.deinitialize(count: 1)
        // The releasing thread keeps the block for its next resolve (a thread ending has no state: `existing`).
        if reusable, let thread = ThreadState.existing {
            thread.pointee.keepSpareMatchBlock(UnsafeMutableRawPointer(head))
        } else {
            free(head)
        }
    }

    /// Whether the handle was freed (the block then lives on only for the caches that hold it).
    var isFreed: Bool { head.pointee.freed.load(ordering: .acquiring) }

    /// Marks the handle freed (before its reference is given back).
    func markFreed() { head.pointee.freed.store(true, ordering: .releasing) }

    /// Safety: `index` is below the string count (the getters compute it from the counts `make` used); the offset
    /// it reads was written by `make` and points at a NUL-terminated string inside the block.
    private func string(_ index: Int) -> UnsafePointer<CChar> {
        let base = UnsafeRawPointer(head)
        let offset = base.load(fromByteOffset: MemoryLayout<MatchHead>.stride + index * 4, as: Int32.self)
        // Safety: see the function: the offset was written by `make` and points at a NUL-terminated string in the
        // block.
        return (base + Int(offset)).assumingMemoryBound(to: CChar.self)
    }

    private var parameterCount: Int { Int(head.pointee.parameterCount) }
    private var queryCount: Int { Int(head.pointee.queryCount) }
    private var hasCatchAll: Bool { head.pointee.resolved.hasCatchAll }
    private var hasFragment: Bool { head.pointee.resolved.fragment != nil }

    var route: UnsafePointer<CChar> { string(0) }
    var url: UnsafePointer<CChar> { string(1) }
    private var extraStart: Int { 2 + 2 * (parameterCount + queryCount) }
    var remainder: UnsafePointer<CChar>? { hasCatchAll ? string(extraStart) : nil }
    var fragment: UnsafePointer<CChar>? { hasFragment ? string(extraStart + (hasCatchAll ? 1 : 0)) : nil }
    var props: UnsafePointer<CChar>? {
        head.pointee.resolved.props == nil
            ? nil : string(extraStart + (hasCatchAll ? 1 : 0) + (hasFragment ? 1 : 0))
    }

    /// A parameter by name: the path parameter, or else the last query item with that name (as
    /// `RouteMatch.parameter(_:)`).
    func parameter(_ name: UnsafePointer<CChar>) -> UnsafePointer<CChar>? {
        // The first bytes compared inline: most names that differ differ there, without a call to `strcmp`.
        for ordinal in 0..<parameterCount {
            let candidate = string(2 + 2 * ordinal)
            if candidate.pointee == name.pointee && strcmp(candidate, name) == 0 { return string(3 + 2 * ordinal) }
        }
        if name.pointee == 0 { return nil }  // a nameless query item is no parameter
        for item in stride(from: queryCount - 1, through: 0, by: -1) {
            let index = 2 + 2 * parameterCount + 2 * item
            if strcmp(string(index), name) == 0 { return string(index + 1) }
        }
        return nil
    }

    /// The path parameters by name, read back from the block's strings.
    private var pathParameters: [String: String] {
        var parameters: [String: String] = [:]
        for ordinal in 0..<parameterCount {
            parameters[String(cString: string(2 + 2 * ordinal))] = String(cString: string(3 + 2 * ordinal))
        }
        return parameters
    }

    /// The merged parameters as JSON text (`RouteMatch.parametersJSON`).
    var parametersJSON: String {
        MatchJSON.parametersText(path: pathParameters, queryItems: head.pointee.resolved.queryItems)
    }

    /// The path parameters as JSON text (`RouteMatch.pathParametersJSON`).
    var pathParametersJSON: String { JSONValue.object(strings: pathParameters).jsonText }

    /// The query items as JSON text (`RouteMatch.queryItemsJSON`).
    var queryItemsJSON: String { MatchJSON.queryItemsValue(head.pointee.resolved.queryItems).jsonText }

    /// The whole match as JSON text (`RouteMatch.jsonText`).
    var jsonText: String {
        MatchJSON.matchValue(
            route: String(cString: route), url: String(cString: url), path: pathParameters,
            resolved: head.pointee.resolved, remainder: remainder.map { String(cString: $0) }
        ).jsonText
    }

    /// The C string for `key`, made by `make` the first time and kept until the block is freed.
    func cString(_ key: String, _ make: () -> String?) -> UnsafePointer<CChar>? {
        madeOnce(head.pointee.texts) { CStringOwner() }.cString(key, make)
    }
}
