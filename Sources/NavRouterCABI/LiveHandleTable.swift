/// The addresses of the live handles and their kinds: one open-addressing table of words, each a handle's address
/// with its kind in the two low bits (a Swift object's address is 16-byte aligned), found by linear probing from a
/// multiplicative hash of the address and removed by shifting the entries after it back (no tombstones, so a table
/// that sees millions of handles come and go stays as short as its live handles). Every exported call but the
/// cached look-ups checks its handle here, under `Handles`' lock: an insert and a remove cost a few dozen
/// instructions, where the standard `Dictionary` (SipHash) cost more than the rest of a short call.
///
/// Safety: `slots` holds `mask + 1` words, allocated here and freed in `deinit` only; every index is masked into
/// it. Used under one lock (`Handles.live`), so never by two threads at once.
final class LiveHandleTable: @unchecked Sendable {
    private var slots: UnsafeMutablePointer<UInt>
    private var mask: Int
    private var count = 0
    private static let initialCapacity = 64

    init() {
        // Safety: the table's own words, zeroed before use, freed in deinit only (see the type).
        slots = .allocate(capacity: Self.initialCapacity)
        slots.initialize(repeating: 0, count: Self.initialCapacity)
        mask = Self.initialCapacity - 1
    }

    deinit {
        // Safety: allocated in `init` or `grow`, freed once, here.
        slots.deallocate()
    }

    @inline(__always)
    private func home(_ key: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    private static func code(_ kind: HandleKind) -> UInt {
        switch kind {
        case .registry: return 1
        case .match: return 2
        case .router: return 3
        }
    }

    private static func kind(code: UInt) -> HandleKind {
        switch code {
        case 1: return .registry
        case 2: return .match
        default: return .router
        }
    }

    /// The slot holding `key`, or nil.
    @inline(__always)
    private func slot(of key: UInt) -> Int? {
        var index = home(key)
        while true {
            let word = slots[index]
            if word == 0 { return nil }
            if word & ~3 == key { return index }
            index = (index + 1) & mask
        }
    }

    /// The kind of a live handle, or nil.
    func kind(of key: UInt) -> HandleKind? {
        guard key & 3 == 0, let index = slot(of: key) else { return nil }
        return Self.kind(code: slots[index] & 3)
    }

    /// Records a live handle: a new address, not live in the table (`Handles` retains the object, or holds the match
    /// block, behind it until it is removed, so no other live handle can have its address). One probe, for a free
    /// slot: the check that the address is not there already (debug builds only) cost a second.
    func insert(_ key: UInt, _ kind: HandleKind) {
        precondition(key != 0 && key & 3 == 0, "a handle is a non-NULL, aligned object address")
        assert(slot(of: key) == nil, "a live handle's address was handed out again")
        if (count + 1) * 2 > mask + 1 { grow() }
        var index = home(key)
        while slots[index] != 0 { index = (index + 1) & mask }
        slots[index] = key | Self.code(kind)
        count += 1
    }

    /// Forgets a handle if it is live with `kind` (one probe for the check and the removal): empties its slot and
    /// moves each later entry of its probe run back into the gap, when its home lies at or before the gap
    /// (cyclically), so that every entry stays reachable from its home. True if it was removed.
    func remove(_ key: UInt, ifKind kind: HandleKind) -> Bool {
        guard key & 3 == 0, var gap = slot(of: key), slots[gap] & 3 == Self.code(kind) else { return false }
        count -= 1
        var index = gap
        while true {
            index = (index + 1) & mask
            let word = slots[index]
            if word == 0 { break }
            let wanted = home(word & ~3)
            // The entry at `index` may fill the gap unless its home lies cyclically in (gap, index].
            let homeAfterGap = gap <= index ? (gap < wanted && wanted <= index) : (gap < wanted || wanted <= index)
            if homeAfterGap { continue }
            slots[gap] = word
            gap = index
        }
        slots[gap] = 0
        return true
    }

    /// Doubles the table and places every entry again.
    ///
    /// Safety: the new slots are allocated and zeroed before any is written; the old ones are read within their
    /// `oldCapacity` and freed once, after the last read (nothing else holds them: the table is used under a lock).
    private func grow() {
        let old = slots
        let oldCapacity = mask + 1
        let capacity = oldCapacity * 2
        // Safety: see the function's documentation: allocated and zeroed before any slot is written.
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        mask = capacity - 1
        for position in 0..<oldCapacity where old[position] != 0 {
            var index = home(old[position] & ~3)
            while slots[index] != 0 { index = (index + 1) & mask }
            slots[index] = old[position]
        }
        // Safety: read for the last time just above; no one else holds the old slots.
        old.deallocate()
    }
}
