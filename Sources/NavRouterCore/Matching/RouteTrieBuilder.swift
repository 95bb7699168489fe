#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The segment trie while routes are registered: cheap to insert into, detects conflicts, and compiles into
/// the flat `CompiledTrie` that resolves.
///
/// A node has literal children (one per folded literal), at most one `int`, `uuid` and untyped parameter child,
/// and, kept aside since they are rare, at most one `bool` and `double` child and one per set of enumeration values
/// (`rareChildren`) (parameter names live in the routes, so `u/:id/a` and `u/:name/b` share a node), and two
/// terminal slots: the route that ends here and the route whose catch-all starts here. Two routes that need the
/// same slot match exactly the same URLs: a conflict.
struct RouteTrieBuilder {
    struct Node {
        var intChild: Int32 = -1
        var uuidChild: Int32 = -1
        var paramChild: Int32 = -1
        var catchAllRoute: Int32 = -1
        var route: Int32 = -1
    }

    /// A literal edge: its parent, its folded label (a range of `labelBytes`) and its child.
    struct Edge {
        var parent: Int32
        var child: Int32
        var labelStart: Int32
        var labelCount: Int32
    }

    private(set) var nodes: [Node] = [Node()]
    /// Every literal edge, in insertion order.
    private(set) var edges: [Edge] = []
    /// The edges' folded labels, back to back.
    private(set) var labelBytes: [UInt8] = []
    /// The `bool`, `double` and enumeration children by parent: each child's type (an enumeration's values as
    /// declared by the first pattern that made it) and its node. Two enumerations with the same values in any order
    /// are one child (they match the same segments).
    private(set) var rareChildren: [Int32: [(type: ParameterType, child: Int32)]] = [:]
    /// The edges by (parent, label), at most half full. (A `Dictionary` keyed by parent and label `String` spent
    /// most of a registration in SipHash.)
    private var edgeTable = IndexTable(capacity: 16)
    let caseSensitive: Bool

    init(caseSensitive: Bool) {
        self.caseSensitive = caseSensitive
    }

    /// Makes room for about `count` more routes' nodes and edges (a bulk registration).
    mutating func reserveCapacity(forRoutes count: Int) {
        nodes.reserveGrowing(nodes.count + count)
        edges.reserveGrowing(edges.count + count)
        let (edges, labels) = (self.edges, labelBytes)  // not `self`: a captured copy would make the table copy
        edgeTable.reserve(edges.count + count) { Self.edgeHash($0, edges, labels) }
    }

    /// The child of `parent` under the folded label, or, when there is none (or `create`: the parent is new), a
    /// new node put there.
    /// - Returns: the child and whether it was made now.
    private mutating func literalChild(
        of parent: Int32, label bytes: UnsafeBufferPointer<UInt8>, create: Bool
    ) -> (child: Int32, created: Bool) {
        let probe = edgeTable.probe(hash: Self.hash(bytes, parent: parent)) { index in
            let edge = edges[Int(index)]
            return !create && edge.parent == parent && labelEquals(edge, bytes)
        }
        switch probe {
        case .found(let index, _):
            return (edges[Int(index)].child, false)
        case .free(let slot):
            let child = newNode()
            edges.append(
                Edge(
                    parent: parent, child: child, labelStart: Int32(labelBytes.count), labelCount: Int32(bytes.count)))
            labelBytes.append(contentsOf: bytes)
            let (edges, labels) = (self.edges, labelBytes)  // not `self`: a captured copy would make the table copy
            edgeTable.insert(Int32(edges.count - 1), at: slot) { Self.edgeHash($0, edges, labels) }
            return (child, true)
        }
    }

    /// Whether an edge's label is these bytes.
    private func labelEquals(_ edge: Edge, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Int(edge.labelCount) == bytes.count else { return false }
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
        // Safety: the label holds `bytes.count` > 0 bytes inside `labelBytes`, which is then not empty (a non-nil
        // base address).
        return labelBytes.withUnsafeBufferPointer {
            memcmp($0.baseAddress! + Int(edge.labelStart), base, bytes.count) == 0
        }
    }

    /// Where an edge's label lies in `labelBytes`.
    private func labelRange(_ edge: Edge) -> Range<Int> {
        Int(edge.labelStart)..<Int(edge.labelStart + edge.labelCount)
    }

    /// The hash of (parent, label): the compiled trie's literal hash, mixed with the parent.
    private static func hash(_ label: UnsafeBufferPointer<UInt8>, parent: Int32) -> Int {
        guard let base = label.baseAddress else { return 0 }
        let key = LiteralKey(base, start: 0, count: label.count, length: label.count, fold: false)
        let mixed = (UInt64(key.hash) ^ UInt64(UInt32(bitPattern: parent)) << 32) &* 0xFF51_AFD7_ED55_8CCD
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 31))
    }

    /// The hash of the edge at an index (for the table's growth).
    private static func edgeHash(_ index: Int32, _ edges: [Edge], _ labels: [UInt8]) -> Int {
        let edge = edges[Int(index)]
        let range = Int(edge.labelStart)..<Int(edge.labelStart + edge.labelCount)
        return labels[range].withUnsafeBufferPointer { hash($0, parent: edge.parent) }
    }

    /// Runs `body` on a literal's bytes as the trie stores and compares them: folded to lowercase unless the
    /// trie is case-sensitive (most literals are lowercase ASCII already: their bytes are used as they are).
    /// Static, so that a mutating `body` (an insertion) does not make the caller copy the builder to call it: the
    /// copy would share the builder's arrays, and every append in `body` would copy them whole.
    static func withFolded<Result>(
        _ literal: UnsafeBufferPointer<UInt8>, caseSensitive: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        if caseSensitive
            || literal.allSatisfy({ $0 < 0x80 && !URLSyntax.isASCIIUppercase($0) })
        {
            return body(literal)
        }
        var folded = String(decoding: literal, as: UTF8.self).caseFolded
        return folded.withUTF8(body)
    }

    /// Inserts a route's pattern, unless a route with exactly its shape is registered already: then nothing
    /// changes and that route's index is returned (registering this one would conflict). One walk, one hash per
    /// literal: nodes are created only past the first missing edge, where no conflict can be any more.
    mutating func insert(_ pattern: RoutePattern, route: Int32) -> Int32? {
        var node: Int32 = 0
        var creating = false
        for part in pattern.parts {
            switch part.kind {
            case .literal:
                let (child, created) = pattern.withBytes(of: part) { literal in
                    Self.withFolded(literal, caseSensitive: caseSensitive) { label in
                        literalChild(of: node, label: label, create: creating)
                    }
                }
                if created { creating = true }
                node = child
                continue
            case .catchAll:
                let occupant = nodes[Int(node)].catchAllRoute
                if occupant >= 0 { return occupant }
                nodes[Int(node)].catchAllRoute = route
                return nil
            default:
                break
            }
            let type = pattern.parameterType(of: part)!  // the parameter kinds have one
            var child = creating ? -1 : parameterChild(of: node, type: type)
            if child < 0 {
                creating = true
                child = newNode()
                setParameterChild(of: node, type: type, to: child)
            }
            node = child
        }
        let occupant = nodes[Int(node)].route
        if occupant >= 0 { return occupant }
        nodes[Int(node)].route = route
        return nil
    }

    private func parameterChild(of node: Int32, type: ParameterType) -> Int32 {
        switch type {
        case .string: return nodes[Int(node)].paramChild
        case .int: return nodes[Int(node)].intChild
        case .uuid: return nodes[Int(node)].uuidChild
        case .bool, .double, .enumeration:
            return rareChildren[node]?.first { Self.sameSegments($0.type, type) }?.child ?? -1
        }
    }

    private mutating func setParameterChild(of node: Int32, type: ParameterType, to child: Int32) {
        switch type {
        case .string: nodes[Int(node)].paramChild = child
        case .int: nodes[Int(node)].intChild = child
        case .uuid: nodes[Int(node)].uuidChild = child
        case .bool, .double, .enumeration: rareChildren[node, default: []].append((type, child))
        }
    }

    /// Whether two types accept the same segments (enumerations: the same values in any order).
    private static func sameSegments(_ one: ParameterType, _ other: ParameterType) -> Bool {
        if case .enumeration(let left) = one, case .enumeration(let right) = other { return Set(left) == Set(right) }
        return one == other
    }

    private mutating func newNode() -> Int32 {
        nodes.append(Node())
        return Int32(nodes.count - 1)
    }
}
