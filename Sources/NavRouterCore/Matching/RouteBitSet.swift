/// One bit per route of a table, set for the routes a predicate held for when the table was compiled: a resolve
/// reads a route's rare property (`requiredParameters`) from it without copying the route's fields, which costs a
/// reference count per field.
struct RouteBitSet: Sendable {
    private let words: [UInt64]
    /// Whether any bit is set.
    let isEmpty: Bool

    init(_ routes: [Route], where predicate: (Route) -> Bool) {
        var words = [UInt64](repeating: 0, count: (routes.count + 63) / 64)
        var any = false
        for (index, route) in routes.enumerated() where predicate(route) {
            words[index / 64] |= 1 << UInt64(index % 64)
            any = true
        }
        self.words = words
        isEmpty = !any
    }

    /// Whether route `route`'s bit is set.
    @inline(__always)
    func contains(_ route: Int) -> Bool {
        !isEmpty && words[route / 64] & (1 << UInt64(route % 64)) != 0
    }
}
