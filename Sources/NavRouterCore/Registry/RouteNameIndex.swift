/// Each route's position in a routes array by its name: an `IndexTable` of positions, at most 3/4 full. The names
/// stay in the routes (a probe compares the route's own name), so the index holds 4–11 bytes a route where a
/// `[String: Int]` held about 40.
struct RouteNameIndex: Sendable {
    private var table = IndexTable(maxLoad: (3, 4))

    /// Where a name is, for `fill`.
    enum Place {
        /// No route has the name; it would go into this slot.
        case free(slot: Int)
        /// The route at this position has the name.
        case taken(position: Int)
    }

    /// Where the route named `name` is, or the free slot where it would go.
    func place(of name: String, in routes: [Route]) -> Place {
        switch table.probe(hash: name.hashValue, { routes[Int($0)].name == name }) {
        case .found(let index, _): return .taken(position: Int(index))
        case .free(let slot): return .free(slot: slot)
        }
    }

    /// The position of the route named `name`, if any.
    func position(of name: String, in routes: [Route]) -> Int? {
        table.find(hash: name.hashValue) { routes[Int($0)].name == name }.map(Int.init)
    }

    /// Records the last route of `routes` in `slot`, the free slot `place(of:in:)` gave for its name (with no
    /// change of the index in between).
    mutating func fill(_ slot: Int, in routes: [Route]) {
        table.insert(Int32(routes.count - 1), at: slot) { routes[Int($0)].name.hashValue }
    }

    /// Makes room for `total` routes without growing on the way (a bulk registration).
    mutating func reserveCapacity(_ total: Int, in routes: [Route]) {
        table.reserve(total) { routes[Int($0)].name.hashValue }
    }
}
