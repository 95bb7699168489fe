import NavRouterCore

/// The addresses of the live handles and their kinds: an `IndexTable` over entries kept here (freed entries are
/// reused), hashed by a multiplication of the address. Every exported call but the cached look-ups checks its
/// handle here; the standard `Dictionary` hashes with SipHash, which cost more than the rest of a short call.
struct LiveHandleTable {
    private var keys: [UInt] = []
    private var kinds: [HandleKind] = []
    /// Entries of `keys`/`kinds` freed by `remove`, for reuse.
    private var free: [Int32] = []
    private var table = IndexTable(capacity: 64)

    private static func hash(_ key: UInt) -> Int {
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> 32)
    }

    /// The kind of a live handle, or nil.
    func kind(of key: UInt) -> HandleKind? {
        table.find(hash: Self.hash(key)) { keys[Int($0)] == key }.map { kinds[Int($0)] }
    }

    /// Records a live handle.
    mutating func insert(_ key: UInt, _ kind: HandleKind) {
        precondition(key != 0)
        switch table.probe(hash: Self.hash(key), { keys[Int($0)] == key }) {
        case .found(let index, _):
            kinds[Int(index)] = kind
        case .free(let slot):
            let index: Int32
            if let reused = free.popLast() {
                index = reused
                keys[Int(index)] = key
                kinds[Int(index)] = kind
            } else {
                index = Int32(keys.count)
                keys.append(key)
                kinds.append(kind)
            }
            let keys = self.keys  // not `self`: a captured copy would make the table copy
            table.insert(index, at: slot) { Self.hash(keys[Int($0)]) }
        }
    }

    /// Forgets a handle.
    mutating func remove(_ key: UInt) {
        guard case .found(let index, let slot) = table.probe(hash: Self.hash(key), { keys[Int($0)] == key }) else {
            return
        }
        do {
            let keys = self.keys  // not `self` (see `IndexTable`); the scope ends before `keys` is written
            table.remove(slot: slot) { Self.hash(keys[Int($0)]) }
        }
        keys[Int(index)] = 0
        free.append(index)
    }
}
