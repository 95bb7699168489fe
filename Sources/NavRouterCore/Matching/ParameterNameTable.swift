/// The path parameters' names of a table's routes, made once when the table is compiled, so that a resolve
/// fills its parameters with strings that already exist instead of cutting each name from the pattern's text.
///
/// Names repeat across routes (`id`, `owner`, …): each distinct name is kept once, and a route's parameters
/// (catch-all included, in pattern order) are 32-bit indexes into them — about 4 bytes a parameter and 4 a route.
struct ParameterNameTable: Sendable {
    /// Each distinct name once.
    private let names: [String]
    /// For each route's parameters in turn, the index of its name in `names`.
    private let nameIndexes: [UInt32]
    /// Where route `r`'s indexes start in `nameIndexes` (`starts[r + 1]` is where they end).
    private let starts: [UInt32]

    init(_ routes: [Route]) {
        var names: [String] = []
        var indexByName: [String: UInt32] = [:]  // only while compiling
        var nameIndexes: [UInt32] = []
        var starts: [UInt32] = []
        starts.reserveCapacity(routes.count + 1)
        for route in routes {
            starts.append(UInt32(nameIndexes.count))
            let pattern = route.pattern
            for part in pattern.parts where part.kind != .literal {
                let name = pattern.string(of: part)
                if let index = indexByName[name] {
                    nameIndexes.append(index)
                } else {
                    let index = UInt32(names.count)
                    names.append(name)
                    indexByName[name] = index
                    nameIndexes.append(index)
                }
            }
        }
        starts.append(UInt32(nameIndexes.count))
        self.names = names
        self.nameIndexes = nameIndexes
        self.starts = starts
    }

    /// The name of the `ordinal`-th parameter (0-based, among the pattern's parameters) of route `route`.
    @inline(__always)
    func name(route: Int, ordinal: Int) -> String {
        names[Int(nameIndexes[Int(starts[route]) + ordinal])]
    }

    /// How many parameters (catch-all included) route `route` has.
    @inline(__always)
    func count(route: Int) -> Int {
        Int(starts[route + 1] &- starts[route])
    }

    /// Bytes held (for footprint reports; each distinct name counted at its string's size).
    var footprintBytes: Int {
        names.count * MemoryLayout<String>.stride + nameIndexes.count * 4 + starts.count * 4
    }
}
