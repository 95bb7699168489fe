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
    /// The resolving table (for the JSON getters: route and parameter names).
    let table: RouteTable
    /// What the core's resolve found.
    let resolved: ResolvedURL
    let parameterCount: Int32
    let queryCount: Int32
}

/// A match behind a `navrouter_match *`: one `malloc` block that holds a head (what the core's resolve found, its
/// table, a reference count) and the C strings the getters hand out, back to back, each NUL-terminated, after
/// their 32-bit offsets from the block's start. The strings are `ResolvedURL.writeStrings` with the URL, without
/// the merged parameters; JSON texts are made on first use and kept by a `CStringOwner` the head points to.
///
/// The handle is the block's address. A Swift object with a separate buffer for the strings (as before) cost two
/// allocations, the runtime's generic release and destroy paths and a lock in the object's `deinit`: a GitHub
/// resolve with every parameter read and the match freed took 3,305 instructions then, 2,383 now (BENCHMARKS.md).
///
/// Safety: the block is allocated and written in `make`, never written afterwards but for the head's atomics, and
/// freed in `release` by the holder of its last reference: the handle (given back by `free`, after the handle left
/// the table of live handles, so no new reference can be taken) and each thread cache (taken under the table's
/// lock while the handle is live, or counted in at `make`). No string holds a NUL: URLs with `%00` and control
/// characters are refused, and JSON text escapes them.
struct MatchBlock: @unchecked Sendable {
    let head: UnsafeMutablePointer<MatchHead>

    /// The block behind a handle (which the caller knows to be a match's, live or held).
    init(address: UnsafeRawPointer) {
        // Safety: see the type's comment: a match handle is the address of a block whose head was bound in `make`.
        head = UnsafeMutablePointer(mutating: address.assumingMemoryBound(to: MatchHead.self))
    }

    private init(head: UnsafeMutablePointer<MatchHead>) { self.head = head }

    /// The block's address (the handle).
    var address: UnsafeMutableRawPointer { UnsafeMutableRawPointer(head) }

    /// Bytes of stack a match's offsets and strings are first written to: most matches fit, and are then copied into
    /// the block in one copy; a larger match is written again, into its block.
    private static let scratchBytes = 1024

    /// Makes a block for a match of `url` resolved in `table`, holding `references` references.
    static func make(
        table: RouteTable, resolved: consuming ResolvedURL, url: UnsafeBufferPointer<UInt8>, references: Int
    ) -> MatchBlock {
        let count = resolved.stringCount(includingURL: true)
        let parameterCount = Int32(truncatingIfNeeded: resolved.parameterCount)
        let queryCount = Int32(truncatingIfNeeded: resolved.queryItemCount)
        let offsetsStart = MemoryLayout<MatchHead>.stride  // a multiple of 8: the offsets are aligned
        let offsetsSize = count * MemoryLayout<Int32>.stride
        let stringsStart = offsetsStart + offsetsSize
        let raw = withUnsafeTemporaryAllocation(byteCount: scratchBytes, alignment: MemoryLayout<Int32>.alignment) {
            scratch in
            // Safety: the scratch holds `scratchBytes` bytes: the offsets first (when they fit), the strings after
            // them, written only within the room `writeStrings` is given. The block is sized for the head, the
            // offsets and the strings `writeStrings` measured; each region is bound to its own type once, and
            // the second write is given the block's exact room for the strings.
            let base = scratch.baseAddress!
            let offsetsFit = offsetsSize <= scratch.count
            let measured = resolved.writeStrings(
                table: table, url: url, includingURL: true, includingMerged: false,
                into: offsetsFit
                    ? (base + offsetsSize).bindMemory(to: UInt8.self, capacity: scratch.count - offsetsSize)
                    : nil,
                capacity: offsetsFit ? scratch.count - offsetsSize : 0,
                offsets: offsetsFit ? base.bindMemory(to: Int32.self, capacity: count) : nil, offsetBase: stringsStart)
            // malloc's alignment (16) covers the head's (8); `allocate(byteCount:alignment:)` went through
            // posix_memalign, ~85 instructions a match more.
            guard let raw = malloc(stringsStart + measured.size) else {
                fatalError("navrouter: out of memory for a match of \(stringsStart + measured.size) bytes")
            }
            if offsetsFit && offsetsSize + measured.size <= scratch.count {
                (raw + offsetsStart).copyMemory(from: base, byteCount: offsetsSize + measured.size)
            } else {
                _ = resolved.writeStrings(
                    table: table, url: url, includingURL: true, includingMerged: false,
                    into: (raw + stringsStart).bindMemory(to: UInt8.self, capacity: measured.size),
                    capacity: measured.size, offsets: (raw + offsetsStart).bindMemory(to: Int32.self, capacity: count),
                    offsetBase: stringsStart)
            }
            return raw
        }
        // Safety: the block is at least the head's size; its offsets and strings, written above, lie after it.
        let head = raw.bindMemory(to: MatchHead.self, capacity: 1)
        head.initialize(
            to: MatchHead(
                references: Atomic(references), table: table, resolved: resolved, parameterCount: parameterCount,
                queryCount: queryCount))
        return MatchBlock(head: head)
    }

    /// A block for a match the core made (an authentication handler's destination), with one reference.
    static func make(_ match: RouteMatch) -> MatchBlock {
        var url = match.url
        return url.withUTF8 { make(table: match.table, resolved: match.resolved, url: $0, references: 1) }
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
        head.deinitialize(count: 1)
        free(head)
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
    var match: RouteMatch {
        RouteMatch(table: head.pointee.table, url: String(cString: url), resolved: head.pointee.resolved)
    }

    /// The C string for `key`, made by `make` the first time and kept until the block is freed.
    func cString(_ key: String, _ make: () -> String?) -> UnsafePointer<CChar>? {
        madeOnce(head.pointee.texts) { CStringOwner() }.cString(key, make)
    }
}
