/// Routes made of literals only, by their whole path: one hash and one compare resolve such a URL without
/// walking the trie. The answer is the trie's own: a literal beats every other kind of segment at every depth,
/// so a route whose literals spell the whole path is always the most specific match.
///
/// Only URLs whose segments have no `%` escape and no non-ASCII byte take this path (others are decoded and
/// Unicode-folded by the trie); uppercase ASCII is folded word by word unless the registry is case-sensitive.
final class StaticRouteMap: @unchecked Sendable {
    /// Slots: the key's hash in the high 32 bits and an index into `entries` in the low 32 (`empty` when free).
    private let slots: UnsafeMutableBufferPointer<UInt64>
    private let mask: Int
    /// One per static route: its index and its key (the folded path, segments joined by '/') in `keys`.
    private struct Entry {
        var route: Int32
        var keyStart: UInt32
        var keyLength: UInt32
    }
    private let entries: [Entry]
    private let keys: UnsafeMutableBufferPointer<UInt8>
    private static let empty = UInt64.max
    /// A cheap first test, before hashing: bit `keyLength % 64` of word `min(segmentCount, 63)` is set when some
    /// static route has that segment count and key length. Most dynamic URLs fail it and skip the hash.
    private let shapes: UnsafeMutableBufferPointer<UInt64>

    /// Whether no route is static (the map is then never consulted).
    let isEmpty: Bool

    /// Collects the static routes (their literals folded as the trie folds them).
    init(_ routes: [Route], fold: (String) -> String) {
        var keyBytes: [UInt8] = []
        shapes = .allocate(capacity: 64)
        shapes.initialize(repeating: 0)
        var statics: [Entry] = []
        for (index, route) in routes.enumerated() {
            let segments = route.pattern.segments
            guard !segments.isEmpty, segments.allSatisfy({ if case .literal = $0 { true } else { false } }) else {
                continue
            }
            // The folded literals joined by '/'.
            let keyStart = keyBytes.count
            for segment in segments {
                guard case .literal(let text) = segment else { continue }
                if keyBytes.count > keyStart { keyBytes.append(UInt8(ascii: "/")) }
                keyBytes.append(contentsOf: fold(text).utf8)
            }
            let keyLength = keyBytes.count - keyStart
            statics.append(Entry(route: Int32(index), keyStart: UInt32(keyStart), keyLength: UInt32(keyLength)))
            shapes[min(segments.count, 63)] |= 1 << UInt64(keyLength & 63)
        }
        var size = 16
        while size < statics.count * 2 { size <<= 1 }
        keys = .allocate(capacity: max(1, keyBytes.count))
        _ = keys.initialize(from: keyBytes)
        entries = statics
        slots = .allocate(capacity: size)
        slots.initialize(repeating: Self.empty)
        mask = size - 1
        isEmpty = statics.isEmpty
        for (position, entry) in statics.enumerated() {
            let hash = Self.hash(
                UnsafePointer(keys.baseAddress!), start: Int(entry.keyStart), count: Int(entry.keyLength),
                length: keyBytes.count, fold: false)
            var slot = Int(hash) & mask
            while slots[slot] != Self.empty { slot = (slot + 1) & mask }
            slots[slot] = UInt64(hash) << 32 | UInt64(position)
        }
    }

    deinit {
        shapes.deallocate()
        slots.deallocate()
        keys.deallocate()
    }

    /// Bytes held (for footprint reports).
    var footprintBytes: Int { shapes.count * 8 + slots.count * 8 + keys.count + entries.count * MemoryLayout<Entry>.stride }

    /// The static route whose path is exactly the segments', or -1 (then the trie decides). `count` ≥ 1.
    @inline(__always)
    func find(_ url: UnsafePointer<UInt8>, length: Int, _ segments: UnsafePointer<SegmentSlice>, count: Int, caseSensitive: Bool) -> Int {
        let start = Int(segments[0].start)
        let keyLength = Int(segments[count - 1].end) - start
        if shapes[min(count, 63)] & (1 << UInt64(keyLength & 63)) == 0 { return -1 }
        var flags: UInt8 = 0
        for index in 0..<count { flags |= segments[index].flags }
        if flags & (SegmentSlice.percent | SegmentSlice.nonASCII) != 0 { return -1 }
        let fold = !caseSensitive && flags & SegmentSlice.uppercase != 0
        let hash = Self.hash(url, start: start, count: keyLength, length: length, fold: fold)
        var slot = Int(hash) & mask
        while true {
            let entry = slots[slot]
            if entry == Self.empty { return -1 }
            if UInt32(truncatingIfNeeded: entry >> 32) == hash {
                let found = entries[Int(UInt32(truncatingIfNeeded: entry))]
                if Int(found.keyLength) == keyLength
                    && CompiledTrie.equal(keys.baseAddress! + Int(found.keyStart), url + start, keyLength, fold: fold)
                {
                    return Int(found.route)
                }
            }
            slot = (slot + 1) & mask
        }
    }

    /// A hash of `count` bytes at `start` of a buffer of `length` bytes, 8 bytes at a time (never reading
    /// outside the buffer); `fold`: ASCII bytes hashed as if lowercased.
    @inline(__always)
    static func hash(_ base: UnsafePointer<UInt8>, start: Int, count: Int, length: Int, fold: Bool) -> UInt32 {
        var state = UInt64(truncatingIfNeeded: count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        let raw = UnsafeRawPointer(base)
        while offset + 8 <= count {
            var word = raw.loadUnaligned(fromByteOffset: start + offset, as: UInt64.self)
            if fold { word = CompiledTrie.foldASCIIWord(word) }
            state = (state ^ word) &* 0xFF51_AFD7_ED55_8CCD
            state ^= state >> 29
            offset += 8
        }
        if offset < count {
            // The last 1–7 bytes, read as one key word (zero-padded) the way the trie reads short labels.
            let rest = CompiledTrie.key(base, start: start + offset, count: count - offset, length: length, fold: fold).head
            state = (state ^ rest) &* 0xFF51_AFD7_ED55_8CCD
            state ^= state >> 29
        }
        return UInt32(truncatingIfNeeded: state >> 32)
    }
}
