/// The library's hash table: open addressing with linear probing over the 32-bit indexes of entries its owner keeps
/// (routes, names in an arena, trie edges, handles), so that a table holds 4 bytes a slot and never a copy of a key.
///
/// The owner hashes the key it looks for and says whether the entry at an index is that key; the table finds the
/// slot. Slot counts are powers of two; the table grows (rehashing through the owner's hash of each entry) when it
/// is fuller than its load limit. Removal shifts later entries of the probe run back, so there are no tombstones.
/// The closures given to `insert`, `reserve` and `remove` must not capture the table's owner (a struct holding
/// the table): the captured copy would share the slots, and the table would copy them on every insertion.
/// Used by `RouteNameIndex`, the parameter-name table, the trie builder's edges and the C layer's live handles; the
/// two tables the look-up itself probes (`CompiledTrie`'s per-node slots and `StaticRouteMap`) keep their packed
/// slots, which carry part of the key so that a hit needs no second load, but probe the same way.
package struct IndexTable: Sendable {
    /// An index into the owner's entries, or -1 for a free slot.
    private var slots: [Int32]
    /// How many entries are in the table.
    package private(set) var count = 0
    /// The table grows past `count * loadDenominator > slots.count * loadNumerator`.
    private let loadNumerator: Int
    private let loadDenominator: Int

    /// Where a probe ended.
    package enum Probe {
        /// The entry at `index` is the key (in `slot`).
        case found(index: Int32, slot: Int)
        /// No entry is the key; it would go into `slot`.
        case free(slot: Int)
    }

    /// Creates an empty table.
    /// - Parameters:
    ///   - capacity: the slots to start with (rounded up to a power of two, at least 8).
    ///   - maxLoad: the fullest the table gets before it grows, as a fraction (default 1/2).
    package init(capacity: Int = 8, maxLoad: (numerator: Int, denominator: Int) = (1, 2)) {
        var size = 8
        while size < capacity { size <<= 1 }
        slots = [Int32](repeating: -1, count: size)
        loadNumerator = maxLoad.numerator
        loadDenominator = maxLoad.denominator
    }

    /// The home slot of a hash (its low bits).
    @inline(__always)
    private func home(_ hash: Int) -> Int { hash & (slots.count - 1) }

    /// Finds the entry `isMatch` accepts among those that share the probe run of `hash`, or the free slot where
    /// such an entry would go.
    @inline(__always)
    package func probe(hash: Int, _ isMatch: (Int32) -> Bool) -> Probe {
        let mask = slots.count - 1
        var slot = hash & mask
        while true {
            let index = slots[slot]
            if index < 0 { return .free(slot: slot) }
            if isMatch(index) { return .found(index: index, slot: slot) }
            slot = (slot + 1) & mask
        }
    }

    /// The index of the entry `isMatch` accepts, if any.
    @inline(__always)
    package func find(hash: Int, _ isMatch: (Int32) -> Bool) -> Int32? {
        if case .found(let index, _) = probe(hash: hash, isMatch) { return index }
        return nil
    }

    /// Records `index` in the free `slot` a probe gave (with no change in between), growing when too full.
    /// - Parameter hashOf: the hash of the entry at an index (for rehashing).
    package mutating func insert(_ index: Int32, at slot: Int, hashOf: (Int32) -> Int) {
        slots[slot] = index
        count += 1
        if count * loadDenominator > slots.count * loadNumerator { rehash(slots.count * 2, hashOf) }
    }

    /// Makes room for `total` entries without growing on the way (a bulk insertion).
    package mutating func reserve(_ total: Int, hashOf: (Int32) -> Int) {
        var size = slots.count
        while total * loadDenominator > size * loadNumerator { size <<= 1 }
        if size > slots.count { rehash(size, hashOf) }
    }

    /// Removes the entry in `slot` (as a probe found it), shifting later entries of its probe run back.
    package mutating func remove(slot: Int, hashOf: (Int32) -> Int) {
        let mask = slots.count - 1
        var hole = slot
        var next = slot
        count -= 1
        while true {
            next = (next + 1) & mask
            let moving = slots[next]
            if moving < 0 { break }
            let start = home(hashOf(moving))
            // `moving` may fill the hole only if its probe run passes the hole: its start is not in (hole, next].
            let between = hole < next ? (start > hole && start <= next) : (start > hole || start <= next)
            if !between {
                slots[hole] = moving
                hole = next
            }
        }
        slots[hole] = -1
    }

    /// Every index in the table, in slot order.
    package var indexes: [Int32] { slots.filter { $0 >= 0 } }

    private mutating func rehash(_ size: Int, _ hashOf: (Int32) -> Int) {
        let indexed = slots.filter { $0 >= 0 }
        slots = [Int32](repeating: -1, count: size)
        let mask = size - 1
        for index in indexed {
            var slot = hashOf(index) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = index
        }
    }

    /// Bytes held (for footprint reports).
    package var footprintBytes: Int { slots.count * 4 }
}
