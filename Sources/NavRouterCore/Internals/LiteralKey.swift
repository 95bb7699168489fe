/// A literal's (or a URL segment's) comparison key, read a word at a time: its first 8 bytes zero-padded, its last
/// 8 bytes when it is longer than 8, and a hash of both and the length.
///
/// One key stands for the literal in every table of the matcher (the compiled trie's edges and hash slots, the
/// static-route map, the builder's edge table, the parameter-name table): two literals with different keys differ;
/// two with equal keys are equal when they are at most 16 bytes long, and otherwise once `middleEqual` says so.
///
/// Safety: every read here is an unaligned 8-byte load from raw memory. Each function states the bytes it may read;
/// the callers pass buffers that hold them (a URL and its length, a label arena, a name's bytes).
struct LiteralKey: Equatable {
    /// The first 8 bytes, zero-padded (folded when the key was made folding).
    var head: UInt64
    /// The last 8 bytes when the literal is longer than 8 bytes, else 0.
    var tail: UInt64
    /// A hash of `head`, `tail` and the length.
    var hash: UInt32

    /// The key of the `count` bytes at `start` of a buffer of `length` bytes: word loads only, so it costs a handful
    /// of instructions whatever the length. `fold`: the bytes are ASCII and are keyed as if lowercased. Labels that
    /// differ only between their first and last 8 bytes share a hash; a slot's label is always compared.
    ///
    /// Safety: reads only inside `base[0..<length]`, given `0 <= start`, `start + count <= length`. A key longer
    /// than 8 bytes loads `start..<start+8` and `start+count-8..<start+count`, both inside the key. A shorter one
    /// loads the 8 bytes at `start` only when `start + 8 <= length`, else the 8 bytes ending at the key's end when
    /// `start + count >= 8`, else byte by byte (a buffer shorter than 8 bytes).
    @inline(__always)
    init(_ base: UnsafePointer<UInt8>, start: Int, count: Int, length: Int, fold: Bool) {
        let raw = UnsafeRawPointer(base)
        var head: UInt64 = 0
        var tail: UInt64 = 0
        if count > 8 {
            // Safety: `count > 8`: both words lie inside the key.
            head = raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)
            tail = raw.loadUnaligned(fromByteOffset: start &+ count &- 8, as: UInt64.self)
            if fold {
                head = Self.foldASCIIWord(head)
                tail = Self.foldASCIIWord(tail)
            }
            // The tail's term only for keys longer than 8 bytes (it is zero for the others, whose tail is 0).
            let tailMixed = tail &* 0x9E37_79B9_7F4A_7C15
            let mixed = (head ^ (tailMixed << 29 | tailMixed >> 35) ^ UInt64(count)) &* 0xFF51_AFD7_ED55_8CCD
            self.init(head: head, tail: tail, hash: UInt32(truncatingIfNeeded: mixed >> 32))
            return
        }
        if count == 8 {
            // Safety: `count == 8`: the word is the key.
            head = raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)
        } else if count > 0 {
            let unused = UInt64(truncatingIfNeeded: 64 &- 8 &* count)  // bits past the key: 8 to 56
            if start &+ 8 <= length {
                // Safety: `start + 8 <= length`: the 8 bytes at `start` lie inside the buffer.
                head = raw.loadUnaligned(fromByteOffset: start, as: UInt64.self) & (UInt64.max >> unused)
            } else if start &+ count >= 8 {
                // Safety: `start + count >= 8`: the 8 bytes ending at the key's end start at or after 0.
                head = raw.loadUnaligned(fromByteOffset: start &+ count &- 8, as: UInt64.self) >> unused
            } else {
                for offset in 0..<count { head |= UInt64(base[start + offset]) << UInt64(8 * offset) }
            }
        }
        if fold { head = Self.foldASCIIWord(head) }
        let mixed = (head ^ UInt64(count)) &* 0xFF51_AFD7_ED55_8CCD
        self.init(head: head, tail: tail, hash: UInt32(truncatingIfNeeded: mixed >> 32))
    }

    /// The key of a whole buffer (never empty).
    init(of bytes: UnsafeBufferPointer<UInt8>, fold: Bool = false) {
        // Safety: a non-empty buffer has a base address; the key reads inside the buffer (see the initializer).
        self.init(bytes.baseAddress!, start: 0, count: bytes.count, length: bytes.count, fold: fold)
    }

    init(head: UInt64, tail: UInt64, hash: UInt32) {
        self.head = head
        self.tail = tail
        self.hash = hash
    }

    /// Whether `count` (> 16) bytes equal a (folded) label whose first and last 8 bytes are already known to equal
    /// theirs (`head`, `tail`): compares the bytes between them a word at a time. A word may reach into the last 8
    /// bytes (equal already), so no byte loop is needed. `fold`: `bytes` are ASCII compared as if lowercased.
    ///
    /// Safety: reads `label[8..<count]` and `bytes[8..<count]` only (the last word starts before `count - 8` and
    /// ends before `count`); both buffers hold `count` bytes.
    @inline(__always)
    static func middleEqual(_ label: UnsafePointer<UInt8>, _ bytes: UnsafePointer<UInt8>, _ count: Int, fold: Bool)
        -> Bool
    {
        var offset = 8
        let end = count &- 8
        if fold {
            while offset < end {
                // Safety: both buffers hold `count` bytes; the word at `offset < count - 8` ends before `count`.
                let word = foldASCIIWord(UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt64.self))
                if UnsafeRawPointer(label + offset).loadUnaligned(as: UInt64.self) != word { return false }
                offset &+= 8
            }
            return true
        }
        while offset < end {  // the same loop without folding (one test less a word)
            // Safety: both buffers hold `count` bytes; the word at `offset < count - 8` ends before `count`.
            if UnsafeRawPointer(label + offset).loadUnaligned(as: UInt64.self)
                != UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt64.self)
            {
                return false
            }
            offset &+= 8
        }
        return true
    }

    /// Lowercases the ASCII letters of 8 bytes at once (bytes ≥ 0x80 and non-letters are unchanged).
    @inline(__always)
    static func foldASCIIWord(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let heptets = word & (0x7F &* ones)
        let atLeastA = heptets &+ (0x80 - 0x41) &* ones  // high bit set where byte >= 'A'
        let aboveZ = heptets &+ (0x80 - 0x5B) &* ones  // high bit set where byte > 'Z'
        let upper = atLeastA & ~aboveZ & ~word & (0x80 &* ones)
        return word | (upper >> 2)
    }
}
