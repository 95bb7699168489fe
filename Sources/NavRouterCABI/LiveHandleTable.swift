/// The addresses of the live handles and their kinds: open addressing with linear probing and a multiplicative
/// hash. Every exported call checks its handle here, so this is on the hot path of a look-up; the standard
/// `Dictionary` hashes with SipHash, which cost more than the rest of a `navrouter_registry_lookup` call.
struct LiveHandleTable {
    private var keys: [UInt]  // 0: a free slot (handles are never NULL)
    private var kinds: [HandleKind]
    private var count = 0

    init() {
        keys = Array(repeating: 0, count: 64)
        kinds = Array(repeating: .registry, count: 64)
    }

    private var mask: Int { keys.count - 1 }

    /// The slot where a probe for `key` starts.
    private func home(_ key: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The slot holding `key`, or nil.
    private func find(_ key: UInt) -> Int? {
        var slot = home(key)
        while true {
            let found = keys[slot]
            if found == key { return slot }
            if found == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    /// The kind of a live handle, or nil.
    func kind(of key: UInt) -> HandleKind? {
        find(key).map { kinds[$0] }
    }

    /// Records a live handle.
    mutating func insert(_ key: UInt, _ kind: HandleKind) {
        precondition(key != 0)
        if (count + 1) * 2 > keys.count { grow() }
        var slot = home(key)
        while keys[slot] != 0 && keys[slot] != key { slot = (slot + 1) & mask }
        if keys[slot] == 0 { count += 1 }
        keys[slot] = key
        kinds[slot] = kind
    }

    /// Forgets a handle (shifting later entries of its probe run back, so no tombstones are needed).
    mutating func remove(_ key: UInt) {
        guard var hole = find(key) else { return }
        count -= 1
        var next = hole
        while true {
            next = (next + 1) & mask
            let moving = keys[next]
            if moving == 0 { break }
            let start = home(moving)
            // `moving` may fill the hole only if its probe run passes the hole: start is not in (hole, next].
            let between = hole < next ? (start > hole && start <= next) : (start > hole || start <= next)
            if !between {
                keys[hole] = moving
                kinds[hole] = kinds[next]
                hole = next
            }
        }
        keys[hole] = 0
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldKinds = kinds
        keys = Array(repeating: 0, count: oldKeys.count * 2)
        kinds = Array(repeating: .registry, count: oldKeys.count * 2)
        count = 0
        for index in oldKeys.indices where oldKeys[index] != 0 { insert(oldKeys[index], oldKinds[index]) }
    }
}
