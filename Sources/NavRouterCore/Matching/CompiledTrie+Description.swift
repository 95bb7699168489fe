extension CompiledTrie {
    /// The trie as an indented tree, one line per child: a literal as its (folded) label, typed parameters as
    /// `:enum(a|b)`, `:bool`, `:int`, `:uuid`, `:double` and `:param`, a catch-all as `*`; `→ NAME` where a route
    /// ends. Children appear in the order the walk tries them (literals in byte order, then the typed parameters in
    /// that order, `:param`, `*`), so the first route a URL can reach down the tree is the one that wins.
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
        let rare = rareChildren[Int(extra.rareStart)..<Int(extra.rareStart + extra.rareCount)]
        func describeRare(_ child: RareChild) {
            switch child.kind {
            case .bool: describe(":bool", child.child)
            case .double: describe(":double", child.child)
            case .enumeration:
                let values = enumerations[Int(child.enumeration)].map { String(decoding: $0, as: UTF8.self) }
                describe(":enum(\(values.joined(separator: "|")))", child.child)
            }
        }
        for child in rare where child.kind.triedBeforeInt { describeRare(child) }
        if extra.intChild != ChildCode.none { describe(":int", extra.intChild) }
        if extra.uuidChild != ChildCode.none { describe(":uuid", extra.uuidChild) }
        for child in rare where !child.kind.triedBeforeInt { describeRare(child) }
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
