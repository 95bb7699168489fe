/// Routes made of literals only, by their whole path: one hash and one compare resolve such a URL without
/// walking the trie. The answer is the trie's own: a literal beats every other kind of segment at every depth,
/// so a route whose literals spell the whole path is always the most specific match.
///
/// Only URLs whose segments have no `%` escape and no non-ASCII byte take this path (others are decoded and
/// Unicode-folded by the trie); uppercase ASCII is folded word by word unless the registry is case-sensitive.
/// Only tables of up to `maxStaticRoutes` static routes have a map: for larger ones the trie is quicker.
///
/// Safety: the buffers are the map's own, allocated and initialized in `init`, deallocated in `deinit`, and never
/// written in between, so sharing a map between threads reads immutable memory (`@unchecked Sendable`); their
/// element types are trivial. Look-ups read them without bounds checks: `slot` is masked by `mask` (the slot
/// count less one), a filter bit is below the filter's bit count (`filterBit`), and a key lies inside `keys`.
final class StaticRouteMap: @unchecked Sendable {
    /// A static route in its slot: its index, its key (the folded path, segments joined by '/') in `keys`, and
    /// the key's first and last 8 bytes, so that a path of up to 16 bytes is compared with two word compares
    /// in the slot itself (one load from the hash to the answer).
    private struct Slot {
        var head: UInt64 = 0
        var tail: UInt64 = 0
        var route: Int32 = -1  // -1: a free slot
        var keyStart: UInt32 = 0
        var keyLength: UInt32 = .max  // equals no key's length in a free slot
    }
    /// Open addressing with linear probing, at most half full.
    private let slots: UnsafeMutableBufferPointer<Slot>
    private let mask: Int
    private let keys: UnsafeMutableBufferPointer<UInt8>
    /// A cheap first test, before hashing: bit `keyLength % 64` of word `min(segmentCount, 63)` is set when some
    /// static route has that segment count and key length. Most dynamic URLs fail it and skip the hash.
    private let shapes: UnsafeMutableBufferPointer<UInt64>

    /// A one-hash Bloom filter of the keys' hashes (16 bits per static route): a dynamic URL that passes the
    /// shape test (many do in a large table) is turned away here, in a few kilobytes, before its probe would
    /// touch the slot table.
    private let filter: UnsafeMutableBufferPointer<UInt64>
    private let filterShift: UInt32

    /// Whether the map holds no route — no route is static, or more than `maxStaticRoutes` are: it is then
    /// never consulted, and the trie answers every URL.
    let isEmpty: Bool

    /// Past this many static routes the map is not made. Its slot table (32 bytes a slot, at most half full) is
    /// probed at a random place per look-up; once it outgrows the fast caches a probe misses them, and costs more
    /// than the trie's walk, whose upper levels stay cached from look-up to look-up. Measured on the benchmark
    /// machine: the map makes look-ups faster at ~330 static routes and slower at ~3,200 (synthetic tables of 1k
    /// and 10k routes), and at 100k routes (32k static) a look-up takes 107 ns with it and 79 without.
    static let maxStaticRoutes = 2048

    /// Collects the static routes (their literals folded as the trie folds them), unless there are more than
    /// `maxStaticRoutes`.
    init(_ routes: [Route], builder: RouteTrieBuilder) {
        var keyBytes: [UInt8] = []
        // Safety: each buffer is initialized whole right after its allocation (see the type's comment).
        shapes = .allocate(capacity: 64)
        shapes.initialize(repeating: 0)
        var statics: [Slot] = []
        var staticIndexes = routes.indices.filter { routes[$0].pattern.isStatic }
        if staticIndexes.count > Self.maxStaticRoutes { staticIndexes = [] }
        for index in staticIndexes {
            let pattern = routes[index].pattern
            // The folded literals joined by '/'.
            let keyStart = keyBytes.count
            for part in pattern.parts {
                if keyBytes.count > keyStart { keyBytes.append(UInt8(ascii: "/")) }
                pattern.withBytes(of: part) { literal in
                    RouteTrieBuilder.withFolded(literal, caseSensitive: builder.caseSensitive) {
                        keyBytes.append(contentsOf: $0)
                    }
                }
            }
            let keyLength = keyBytes.count - keyStart
            statics.append(Slot(route: Int32(index), keyStart: UInt32(keyStart), keyLength: UInt32(keyLength)))
            shapes[min(pattern.segmentCount, 63)] |= 1 << UInt64(keyLength & 63)
        }
        var size = 16
        while size < statics.count * 2 { size <<= 1 }
        // Safety: `keys` is the map's own (see the class): allocated and filled whole here, freed in deinit.
        keys = .allocate(capacity: max(1, keyBytes.count))
        _ = keys.initialize(from: keyBytes)
        var filterBits = 64
        var shift: UInt32 = 26
        while filterBits < statics.count * 16 && shift > 6 {
            filterBits <<= 1
            shift -= 1
        }
        // Safety: as above; the keys are read at offsets `statics` recorded while `keyBytes` was filled.
        filter = .allocate(capacity: filterBits / 64)
        filter.initialize(repeating: 0)
        filterShift = shift
        // Safety: as above: `size` slots, all initialized, masked by `mask` on every read.
        slots = .allocate(capacity: size)
        slots.initialize(repeating: Slot())
        mask = size - 1
        isEmpty = statics.isEmpty
        for var entry in statics {
            // Safety: `keys` was allocated with room for one byte at least; each entry's key lies inside it.
            let key = LiteralKey(
                UnsafePointer(keys.baseAddress!), start: Int(entry.keyStart), count: Int(entry.keyLength),
                length: keyBytes.count, fold: false)
            entry.head = key.head
            entry.tail = key.tail
            let bit = Self.filterBit(key.hash, shift: filterShift)
            filter[bit >> 6] |= 1 << UInt64(bit & 63)
            var slot = Int(key.hash) & mask
            while slots[slot].route >= 0 { slot = (slot + 1) & mask }
            slots[slot] = entry
        }
    }

    deinit {
        // Safety: allocated in `init`, deallocated once, here.
        shapes.deallocate()
        filter.deallocate()
        slots.deallocate()
        keys.deallocate()
    }

    /// Bytes held (for footprint reports).
    var footprintBytes: Int {
        shapes.count * 8 + filter.count * 8 + slots.count * MemoryLayout<Slot>.stride + keys.count
    }

    /// The filter bit of a key's hash: its top bits after a multiplication (independent of the low bits that
    /// pick the slot).
    @inline(__always)
    private static func filterBit(_ hash: UInt32, shift: UInt32) -> Int {
        Int((hash &* 0x9E37_79B1) >> shift)
    }

    /// The static route whose path is exactly the segments', or -1 (then the trie decides). `count` ≥ 1;
    /// `flags`: the OR of the segments' flags.
    ///
    /// Written for few data-dependent branches (a mispredicted branch costs more than the whole compare): the
    /// key is the path's first and last 8 bytes and its length (`LiteralKey`), so a path of up to 16 bytes
    /// is hashed and compared without a loop; only the bytes between those words of a longer path are compared
    /// one word at a time.
    @inline(__always)
    func find(
        _ url: UnsafePointer<UInt8>, length: Int, _ segments: UnsafePointer<SegmentSlice>, count: Int,
        pathFlags flags: UInt8,
        caseSensitive: Bool
    ) -> Int {
        let start = Int(segments[0].start)
        let keyLength = Int(segments[count &- 1].end) &- start
        if shapes[min(count, 63)] & (1 &<< UInt64(keyLength & 63)) == 0 { return -1 }
        if flags & (SegmentSlice.percent | SegmentSlice.nonASCII) != 0 { return -1 }
        return probe(
            url, length: length, start: start, keyLength: keyLength, pathFlags: flags, caseSensitive: caseSensitive)
    }

    /// `find` past the shape test: the filter, then the slots. Out of line, so that the look-up of a URL that
    /// fails the shape test (most dynamic ones) carries none of it.
    @inline(never)
    private func probe(
        _ url: UnsafePointer<UInt8>, length: Int, start: Int, keyLength: Int, pathFlags flags: UInt8,
        caseSensitive: Bool
    ) -> Int {
        let fold = !caseSensitive && flags & SegmentSlice.uppercase != 0
        let key = LiteralKey(url, start: start, count: keyLength, length: length, fold: fold)
        let bit = Self.filterBit(key.hash, shift: filterShift)
        if filter[bit >> 6] & (1 << UInt64(bit & 63)) == 0 { return -1 }
        // Safety: the slot is masked; a slot's key is inside `keys` (see the type's comment). A free slot's key
        // length equals no length, so its key is never read.
        let slotBase = slots.baseAddress.unsafelyUnwrapped
        var slot = Int(key.hash) & mask
        while true {
            let found = slotBase + slot
            if Int(found.pointee.keyLength) == keyLength && found.pointee.head == key.head
                && found.pointee.tail == key.tail
                && (keyLength <= 16
                    || LiteralKey.middleEqual(
                        // Safety: a slot whose length matched holds a key of `keyLength` bytes inside `keys`; the URL
                        // has them at `start`.
                        keys.baseAddress.unsafelyUnwrapped + Int(found.pointee.keyStart), url + start, keyLength,
                        fold: fold))
            {
                return Int(found.pointee.route)
            }
            if found.pointee.route < 0 { return -1 }
            slot = (slot &+ 1) & mask
        }
    }
}
