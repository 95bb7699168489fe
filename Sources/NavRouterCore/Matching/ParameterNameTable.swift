/// The path parameters' names of a table's routes, made once when the table is compiled, so that a resolve
/// fills its parameters with strings that already exist instead of cutting each name from the pattern's text.
///
/// Names repeat across routes (`id`, `owner`, …): each distinct name is kept once, and a route's parameters
/// (catch-all included, in pattern order) are 32-bit words: the name's index and the parameter's segment position
/// packed together — about 4 bytes a parameter and 4 a route.
struct ParameterNameTable: Sendable {
    /// Each distinct name once (a name's index here is its number in `nameIndex(route:ordinal:)`).
    private(set) var names: [String]
    /// For each route's parameters in turn, the index of its name in `names` in the low `nameBits` bits, and
    /// (when `positions` is empty) its segment position above them, with `catchAllFlag` for a catch-all.
    private let nameIndexes: [UInt32]
    /// Where route `r`'s indexes start in `nameIndexes` (`starts[r + 1]` is where they end).
    private let starts: [UInt32]
    /// For each route's parameters in turn (as `nameIndexes`), the index of its segment in the path: a parameter's
    /// value is that segment (a catch-all's, that segment and every one after it). `catchAllFlag` marks a catch-all.
    /// Empty when every position fits in `nameIndexes` (more than 2^20 distinct names or a parameter past segment
    /// 2^11 need it).
    private let positions: [UInt32]
    /// The bits of a packed word that hold the name's index (all of them when `positions` is kept).
    private let nameMask: UInt32
    static let catchAllFlag: UInt32 = 1 << 31
    private static let nameBits: UInt32 = 20
    private static let positionLimit: UInt32 = 1 << 11

    init(_ routes: [Route]) {
        var names: [String] = []
        var known = NamesByBytes()  // only while compiling
        var nameIndexes: [UInt32] = []
        var positions: [UInt32] = []
        var starts: [UInt32] = []
        starts.reserveCapacity(routes.count + 1)
        for route in routes {
            starts.append(UInt32(nameIndexes.count))
            let pattern = route.pattern
            let parts = pattern.parts
            for position in 0..<parts.count where parts[position].kind != .literal {
                let part = parts[position]
                positions.append(UInt32(position) | (part.kind == .catchAll ? Self.catchAllFlag : 0))
                nameIndexes.append(
                    pattern.withBytes(of: part) { name in
                        let (index, isNew) = known.index(of: name)
                        if isNew { names.append(String(decoding: name, as: UTF8.self)) }
                        return index
                    })
            }
        }
        starts.append(UInt32(nameIndexes.count))
        self.names = names
        self.starts = starts
        let fits =
            names.count <= 1 << Self.nameBits
            && positions.allSatisfy { $0 & ~Self.catchAllFlag < Self.positionLimit }
        if fits {
            for index in nameIndexes.indices {
                let position = positions[index]
                nameIndexes[index] |= (position & ~Self.catchAllFlag) << Self.nameBits | position & Self.catchAllFlag
            }
            self.positions = []
            self.nameMask = (1 << Self.nameBits) - 1
        } else {
            self.positions = positions
            self.nameMask = ~0
        }
        self.nameIndexes = nameIndexes
    }

    /// The segment index of the `ordinal`-th parameter of route `route`, and whether it is the catch-all: `route` is
    /// one of the table's routes and `ordinal` below its count (the callers' contract, as for `name(route:ordinal:)`).
    @inline(__always)
    func position(route: Int, ordinal: Int) -> (segment: Int, isCatchAll: Bool) {
        // Safety: as in `name(route:ordinal:)`: the word read lies below the next route's start, in `nameIndexes`
        // and, when kept, in `positions` (the same length).
        let position = starts.withUnsafeBufferPointer { starts in
            let index = Int(starts[route]) + ordinal
            if !positions.isEmpty { return positions.withUnsafeBufferPointer { $0[index] } }
            return nameIndexes.withUnsafeBufferPointer { indexes in
                (indexes[index] >> Self.nameBits) & (Self.positionLimit - 1) | indexes[index] & Self.catchAllFlag
            }
        }
        return (Int(position & ~Self.catchAllFlag), position & Self.catchAllFlag != 0)
    }

    /// The name of the `ordinal`-th parameter (0-based, among the pattern's parameters) of route `route`: `route` is
    /// one of the table's routes and `ordinal` below its count (the callers' contract, which `RouteMatch` checks).
    @inline(__always)
    func name(route: Int, ordinal: Int) -> String {
        // Safety: every route has a start, and its parameters' words lie below the next route's start; each word's
        // name index is one of `names` (made so in `init`). Read without the arrays' bounds checks (three a read).
        starts.withUnsafeBufferPointer { starts in
            nameIndexes.withUnsafeBufferPointer { indexes in
                names.withUnsafeBufferPointer { names in
                    names[Int(indexes[Int(starts[route]) + ordinal] & nameMask)]
                }
            }
        }
    }

    /// The index in `names` of the `ordinal`-th parameter's name of route `route`: `route` is one of the table's
    /// routes and `ordinal` below its count (the callers' contract, as for `name(route:ordinal:)`).
    @inline(__always)
    func nameIndex(route: Int, ordinal: Int) -> Int {
        // Safety: as in `name(route:ordinal:)`: the word read lies below the next route's start.
        starts.withUnsafeBufferPointer { starts in
            nameIndexes.withUnsafeBufferPointer { indexes in Int(indexes[Int(starts[route]) + ordinal] & nameMask) }
        }
    }

    /// Runs `body` on the UTF-8 bytes of the `ordinal`-th parameter's name of route `route`, read in place.
    @inline(__always)
    func withName<Result>(route: Int, ordinal: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let index = Int(nameIndexes[Int(starts[route]) + ordinal] & nameMask)
        return names.withUnsafeBufferPointer { names in
            if let result = names[index].utf8.withContiguousStorageIfAvailable(body) { return result }
            var copy = names[index]
            return copy.withUTF8(body)
        }
    }

    /// How many parameters (catch-all included) route `route` has (one of the table's routes).
    @inline(__always)
    func count(route: Int) -> Int {
        // Safety: `starts` holds a start for every route and one past the last.
        starts.withUnsafeBufferPointer { Int($0[route + 1] &- $0[route]) }
    }

    /// How many distinct names the table keeps.
    var distinctNameCount: Int { names.count }

    /// Bytes held (for footprint reports; each distinct name counted at its string's size).
    var footprintBytes: Int {
        names.count * MemoryLayout<String>.stride + nameIndexes.count * 4 + positions.count * 4 + starts.count * 4
    }
}

/// The distinct parameter names seen so far, found by their UTF-8 bytes: a name seen before costs no `String` and
/// no SipHash (a `[String: UInt32]` did both for every parameter of every route). An `IndexTable` over the names'
/// indexes by the compiled trie's literal hash (`LiteralKey`); the bytes are kept in one arena and compared
/// on a hit.
private struct NamesByBytes {
    private var arena: [UInt8] = []
    /// Name `i`'s bytes in `arena`.
    private var ranges: [Range<Int>] = []
    private var table = IndexTable(capacity: 16)

    /// The index of the name with these bytes; a new name gets the next index (`isNew`).
    mutating func index(of name: UnsafeBufferPointer<UInt8>) -> (index: UInt32, isNew: Bool) {
        switch table.probe(hash: Self.hash(name), { arena[ranges[Int($0)]].elementsEqual(name) }) {
        case .found(let index, _):
            return (UInt32(index), false)
        case .free(let slot):
            let index = ranges.count
            ranges.append(arena.count..<(arena.count + name.count))
            arena.append(contentsOf: name)
            let (arena, ranges) = (self.arena, self.ranges)  // not `self`: a captured copy would make the table copy
            table.insert(Int32(index), at: slot) { stored in
                arena.withUnsafeBufferPointer { Self.hash(UnsafeBufferPointer(rebasing: $0[ranges[Int(stored)]])) }
            }
            return (UInt32(index), true)
        }
    }

    /// A name's hash: the compiled trie's literal hash of its bytes (names are never empty).
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        Int(LiteralKey(of: bytes).hash)
    }
}
