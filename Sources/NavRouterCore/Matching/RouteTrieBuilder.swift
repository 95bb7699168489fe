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
/// A node has literal children (one per folded literal), at most one `int`, one `uuid` and one untyped
/// parameter child (parameter names live in the routes, so `u/:id/a` and `u/:name/b` share a node), and two
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
    /// Open addressing over `edges` by (parent, label): an edge index, or -1 when free; load at most 1/2.
    /// (A `Dictionary` keyed by parent and label `String` spent most of a registration in SipHash.)
    private var slots = [Int32](repeating: -1, count: 16)
    let caseSensitive: Bool

    init(caseSensitive: Bool) {
        self.caseSensitive = caseSensitive
    }

    /// Makes room for about `count` more routes' nodes and edges (a bulk registration).
    mutating func reserveCapacity(forRoutes count: Int) {
        nodes.reserveGrowing(nodes.count + count)
        edges.reserveGrowing(edges.count + count)
        var size = slots.count
        while size < (edges.count + count) * 2 { size <<= 1 }
        if size > slots.count { rehash(size) }
    }

    /// The child of `parent` under the folded label, or, when there is none (or `create`: the parent is new), a
    /// new node put there.
    /// - Returns: the child and whether it was made now.
    private mutating func literalChild(
        of parent: Int32, label bytes: UnsafeBufferPointer<UInt8>, create: Bool
    ) -> (child: Int32, created: Bool) {
        var slot = Self.home(bytes, parent: parent, mask: slots.count - 1)
        while slots[slot] >= 0 {
            let edge = edges[Int(slots[slot])]
            if !create && edge.parent == parent && labelEquals(edge, bytes) {
                return (edge.child, false)
            }
            slot = (slot + 1) & (slots.count - 1)
        }
        let child = newNode()
        slots[slot] = Int32(edges.count)
        edges.append(
            Edge(parent: parent, child: child, labelStart: Int32(labelBytes.count), labelCount: Int32(bytes.count)))
        labelBytes.append(contentsOf: bytes)
        if edges.count * 2 > slots.count { rehash(slots.count * 2) }
        return (child, true)
    }

    /// Whether an edge's label is these bytes.
    private func labelEquals(_ edge: Edge, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard Int(edge.labelCount) == bytes.count, let base = bytes.baseAddress else { return false }
        return labelBytes.withUnsafeBufferPointer {
            memcmp($0.baseAddress! + Int(edge.labelStart), base, bytes.count) == 0
        }
    }

    /// Where an edge's label lies in `labelBytes`.
    private func labelRange(_ edge: Edge) -> Range<Int> {
        Int(edge.labelStart)..<Int(edge.labelStart + edge.labelCount)
    }

    /// The slot where the probe for (parent, label) starts: the compiled trie's literal hash, mixed with the parent.
    private static func home(_ label: UnsafeBufferPointer<UInt8>, parent: Int32, mask: Int) -> Int {
        guard let base = label.baseAddress else { return 0 }
        let key = CompiledTrie.key(base, start: 0, count: label.count, length: label.count, fold: false)
        let mixed = (UInt64(key.hash) ^ UInt64(UInt32(bitPattern: parent)) << 32) &* 0xFF51_AFD7_ED55_8CCD
        return Int(truncatingIfNeeded: mixed ^ (mixed >> 31)) & mask
    }

    private mutating func rehash(_ size: Int) {
        slots = [Int32](repeating: -1, count: size)
        for (index, edge) in edges.enumerated() {
            var slot = labelBytes[labelRange(edge)].withUnsafeBufferPointer {
                Self.home($0, parent: edge.parent, mask: size - 1)
            }
            while slots[slot] >= 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(index)
        }
    }

    /// Runs `body` on a literal's bytes as the trie stores and compares them: folded to lowercase unless the
    /// trie is case-sensitive (most literals are lowercase ASCII already: their bytes are used as they are).
    func withFolded<Result>(_ literal: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
        -> Result
    {
        if caseSensitive
            || literal.allSatisfy({ $0 < 0x80 && !URLSyntax.isASCIIUppercase($0) })
        {
            return body(literal)
        }
        var folded = String(decoding: literal, as: UTF8.self).lowercased()
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
                    withFolded(literal) { label in literalChild(of: node, label: label, create: creating) }
                }
                if created { creating = true }
                node = child
                continue
            case .catchAll:
                let occupant = nodes[Int(node)].catchAllRoute
                if occupant >= 0 { return occupant }
                nodes[Int(node)].catchAllRoute = route
                return nil
            case .parameter, .intParameter, .uuidParameter:
                break
            }
            let type = part.parameterType!  // the three parameter kinds have one
            var child = creating ? -1 : parameterChild(of: node, type: type)
            if child < 0 {
                creating = true
                child = newNode()
                switch type {
                case .string: nodes[Int(node)].paramChild = child
                case .int: nodes[Int(node)].intChild = child
                case .uuid: nodes[Int(node)].uuidChild = child
                }
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
        }
    }

    private mutating func newNode() -> Int32 {
        nodes.append(Node())
        return Int32(nodes.count - 1)
    }
}
