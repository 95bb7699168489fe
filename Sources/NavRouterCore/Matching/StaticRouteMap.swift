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
    /// One per static route: its index, its key (the folded path, segments joined by '/') in `keys`, and the
    /// key's first and last 8 bytes, so that a path of up to 16 bytes is compared with two word compares.
    private struct Entry {
        var head: UInt64
        var tail: UInt64
        var route: Int32
        var keyStart: UInt32
        var keyLength: UInt32
    }
    private let entries: UnsafeMutableBufferPointer<Entry>
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
            statics.append(Entry(head: 0, tail: 0, route: Int32(index), keyStart: UInt32(keyStart), keyLength: UInt32(keyLength)))
            shapes[min(segments.count, 63)] |= 1 << UInt64(keyLength & 63)
        }
        var size = 16
        while size < statics.count * 2 { size <<= 1 }
        keys = .allocate(capacity: max(1, keyBytes.count))
        _ = keys.initialize(from: keyBytes)
        entries = .allocate(capacity: max(1, statics.count))
        slots = .allocate(capacity: size)
        slots.initialize(repeating: Self.empty)
        mask = size - 1
        isEmpty = statics.isEmpty
        for (position, var entry) in statics.enumerated() {
            let key = CompiledTrie.key(
                UnsafePointer(keys.baseAddress!), start: Int(entry.keyStart), count: Int(entry.keyLength),
                length: keyBytes.count, fold: false)
            entry.head = key.head
            entry.tail = key.tail
            (entries.baseAddress! + position).initialize(to: entry)
            var slot = Int(key.hash) & mask
            while slots[slot] != Self.empty { slot = (slot + 1) & mask }
            slots[slot] = UInt64(key.hash) << 32 | UInt64(position)
        }
    }

    deinit {
        shapes.deallocate()
        slots.deallocate()
        keys.deallocate()
        entries.deallocate()
    }

    /// Bytes held (for footprint reports).
    var footprintBytes: Int { shapes.count * 8 + slots.count * 8 + keys.count + entries.count * MemoryLayout<Entry>.stride }

    /// The static route whose path is exactly the segments', or -1 (then the trie decides). `count` ≥ 1;
    /// `flags`: the OR of the segments' flags.
    ///
    /// Written for few data-dependent branches (a mispredicted branch costs more than the whole compare): the
    /// key is the path's first and last 8 bytes and its length (`CompiledTrie.key`), so a path of up to 16 bytes
    /// is hashed and compared without a loop; only the bytes between those words of a longer path are compared
    /// one word at a time.
    @inline(__always)
    func find(
        _ url: UnsafePointer<UInt8>, length: Int, _ segments: UnsafePointer<SegmentSlice>, count: Int, pathFlags flags: UInt8,
        caseSensitive: Bool
    ) -> Int {
        let start = Int(segments[0].start)
        let keyLength = Int(segments[count &- 1].end) &- start
        if shapes[min(count, 63)] & (1 << UInt64(keyLength & 63)) == 0 { return -1 }
        if flags & (SegmentSlice.percent | SegmentSlice.nonASCII) != 0 { return -1 }
        let fold = !caseSensitive && flags & SegmentSlice.uppercase != 0
        let key = CompiledTrie.key(url, start: start, count: keyLength, length: length, fold: fold)
        var slot = Int(key.hash) & mask
        while true {
            let slotEntry = slots[slot]
            if slotEntry == Self.empty { return -1 }
            if UInt32(truncatingIfNeeded: slotEntry >> 32) == key.hash {
                let found = entries.baseAddress.unsafelyUnwrapped + Int(UInt32(truncatingIfNeeded: slotEntry))
                if Int(found.pointee.keyLength) == keyLength && found.pointee.head == key.head
                    && found.pointee.tail == key.tail
                    && (keyLength <= 16
                        || CompiledTrie.middleEqual(
                            keys.baseAddress.unsafelyUnwrapped + Int(found.pointee.keyStart), url + start, keyLength,
                            fold: fold))
                {
                    return Int(found.pointee.route)
                }
            }
            slot = (slot &+ 1) & mask
        }
    }
}
