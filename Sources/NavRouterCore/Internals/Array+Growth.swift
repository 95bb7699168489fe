extension Array {
    /// Makes room for at least `minimumCapacity` elements, growing geometrically (at least doubling) when it has to
    /// grow: unlike `reserveCapacity`, which allocates exactly what is asked, calls that ask for one more element
    /// each time cost amortized constant time, not a copy of the whole array.
    mutating func reserveGrowing(_ minimumCapacity: Int) {
        if capacity < minimumCapacity { reserveCapacity(Swift.max(minimumCapacity, capacity * 2)) }
    }
}
