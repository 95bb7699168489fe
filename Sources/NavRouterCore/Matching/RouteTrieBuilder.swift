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

    struct EdgeKey: Hashable {
        var parent: Int32
        var label: String
    }

    private(set) var nodes: [Node] = [Node()]
    private(set) var literalEdges: [EdgeKey: Int32] = [:]
    let caseSensitive: Bool

    init(caseSensitive: Bool) {
        self.caseSensitive = caseSensitive
    }

    /// Makes room for about `count` more routes' nodes and edges (a bulk registration).
    mutating func reserveCapacity(forRoutes count: Int) {
        nodes.reserveCapacity(nodes.count + count)
        literalEdges.reserveCapacity(literalEdges.count + count)
    }

    /// A literal as the trie stores and compares it.
    func fold(_ literal: String) -> String {
        if caseSensitive { return literal }
        // Most literals are lowercase ASCII already: keep them as they are (no new string).
        if literal.utf8.allSatisfy({ $0 < 0x80 && !($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }) { return literal }
        return literal.lowercased()
    }

    /// Inserts a route's pattern, unless a route with exactly its shape is registered already: then nothing
    /// changes and that route's index is returned (registering this one would conflict). One walk, one hash per
    /// literal: nodes are created only past the first missing edge, where no conflict can be any more.
    mutating func insert(_ pattern: RoutePattern, route: Int32) -> Int32? {
        var node: Int32 = 0
        var creating = false
        for segment in pattern.segments {
            switch segment {
            case .literal(let text):
                let key = EdgeKey(parent: node, label: fold(text))
                if !creating, let child = literalEdges[key] {
                    node = child
                } else {
                    creating = true
                    let child = newNode()
                    literalEdges[key] = child
                    node = child
                }
            case .parameter(_, let type):
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
            case .catchAll:
                let occupant = nodes[Int(node)].catchAllRoute
                if occupant >= 0 { return occupant }
                nodes[Int(node)].catchAllRoute = route
                return nil
            }
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
