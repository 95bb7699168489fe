/// Each route's position in a routes array by its name: open addressing over 32-bit positions, at most 3/4 full.
/// The names stay in the routes (a probe compares the route's own name), so the index holds 4–11 bytes a
/// route where a `[String: Int]` held about 40.
struct RouteNameIndex: Sendable {
    /// A position in the routes, or -1 for a free slot; the count is a power of two.
    private var slots = [Int32](repeating: -1, count: 8)
    /// How many routes are indexed.
    private(set) var count = 0

    /// Where a name is, for `claim` and `fill`.
    enum Place {
        /// No route has the name; it would go into this slot.
        case free(slot: Int)
        /// The route at this position has the name.
        case taken(position: Int)
    }

    /// Where the route named `name` is, or the free slot where it would go.
    func place(of name: String, in routes: [Route]) -> Place {
        let mask = slots.count - 1
        var slot = name.hashValue & mask
        while true {
            let position = slots[slot]
            if position < 0 { return .free(slot: slot) }
            if routes[Int(position)].name == name { return .taken(position: Int(position)) }
            slot = (slot + 1) & mask
        }
    }

    /// The position of the route named `name`, if any.
    func position(of name: String, in routes: [Route]) -> Int? {
        if case .taken(let position) = place(of: name, in: routes) { return position }
        return nil
    }

    /// Records the last route of `routes` in `slot`, the free slot `place(of:in:)` gave for its name (with no
    /// change of the index in between).
    mutating func fill(_ slot: Int, in routes: [Route]) {
        slots[slot] = Int32(routes.count - 1)
        count += 1
        if count * 4 > slots.count * 3 { rehash(slots.count * 2, routes) }
    }

    /// Makes room for `total` routes without growing on the way (a bulk registration).
    mutating func reserveCapacity(_ total: Int, in routes: [Route]) {
        var size = slots.count
        while total * 4 > size * 3 { size <<= 1 }
        if size > slots.count { rehash(size, routes) }
    }

    private mutating func rehash(_ size: Int, _ routes: [Route]) {
        let indexed = slots.filter { $0 >= 0 }
        slots = [Int32](repeating: -1, count: size)
        for position in indexed {
            var slot = routes[Int(position)].name.hashValue & (size - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = position
        }
    }
}
