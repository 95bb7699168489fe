extension CompiledTrie {
    /// The trie as an indented tree, one line per child: a literal as its (folded) label, typed parameters as
    /// `:int`, `:uuid` and `:param`, a catch-all as `*`; `→ NAME` where a route ends. Children appear in the order
    /// the walk tries them (literals in byte order, then `:int`, `:uuid`, `:param`, `*`), so the first route a
    /// URL can reach down the tree is the one that wins.
    /// - Parameter routeName: the name to print for a route index.
    func treeDescription(routeName: (Int32) -> String) -> String {
        var lines = ["/" + (nodes[0].route >= 0 ? "  → \(routeName(nodes[0].route))" : "")]
        describeChildren(of: 0, depth: 1, routeName: routeName, into: &lines)
        return lines.joined(separator: "\n")
    }

    private func describeChildren(of index: Int, depth: Int, routeName: (Int32) -> String, into lines: inout [String]) {
        let node = nodes[index]
        let indent = String(repeating: "  ", count: depth)
        func describe(_ label: String, _ code: Int32) {
            if code < ChildCode.none {
                lines.append("\(indent)\(label)  → \(routeName(ChildCode.route(ofLeaf: code)))")
                return
            }
            let child = nodes[Int(code)]
            lines.append(indent + label + (child.route >= 0 ? "  → \(routeName(child.route))" : ""))
            describeChildren(of: Int(code), depth: depth + 1, routeName: routeName, into: &lines)
        }
        for edgeIndex in literalEdges(of: node) {
            let edge = edges[edgeIndex]
            let label = labels[Int(edge.labelStart)..<Int(edge.labelStart + edge.labelCount)]
            describe(String(decoding: label, as: UTF8.self), edge.child)
        }
        if node.shape & Node.extrasFlag == 0 {
            if node.next != ChildCode.none { describe(":param", node.next) }
            return
        }
        let extra = extras[Int(node.next)]
        if extra.intChild != ChildCode.none { describe(":int", extra.intChild) }
        if extra.uuidChild != ChildCode.none { describe(":uuid", extra.uuidChild) }
        if extra.paramChild != ChildCode.none { describe(":param", extra.paramChild) }
        if extra.catchAllRoute >= 0 { lines.append("\(indent)*  → \(routeName(extra.catchAllRoute))") }
    }

    /// The indexes of a node's literal edges, in label byte order.
    private func literalEdges(of node: Node) -> [Int] {
        let start = Int(node.literalStart)
        let size = Int(node.shape & Node.literalMask)
        if node.shape & Node.hashedFlag == 0 { return Array(start..<start + size) }
        let taken = slots[start...(start + size)].filter { $0 != Self.emptySlot }
        return taken.map { Int(UInt32(truncatingIfNeeded: $0)) }.sorted()
    }
}
