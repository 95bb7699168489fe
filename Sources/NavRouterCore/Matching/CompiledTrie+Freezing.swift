extension CompiledTrie {
    /// A builder's trie frozen into the compiled trie's arrays, in five passes:
    ///
    /// 1. `groupEdges`: the builder's edges grouped by parent, each group in label byte order.
    /// 2. `numberNodes`: each builder node's code — kept nodes numbered in builder order (the root is 0), leaves
    ///    (a route and nothing below, never the root) coded by their route (`ChildCode.leaf`).
    /// 3. `freezeNodes`: a `Node` per kept node, its side children in an `Extras` record (its `bool`, `double` and
    ///    enumeration children in `rareChildren`).
    /// 4. `freezeEdges`: the edges in group order with their labels copied back to back and keyed (`LiteralKey`);
    ///    each parent's `literalStart` and edge count set.
    /// 5. `hashSlots`: hash slots for the nodes with more than `linearScanLimit` literal children.
    ///
    /// Invariants after freezing: a node's edges are `edges[literalStart ..< literalStart + count]` (scanned nodes)
    /// or reachable from `slots[literalStart ... literalStart + mask]` (hashed nodes); every child code is a node
    /// index, `none` or a leaf; every label range lies inside `labels`; a hashed node's slots are at most half
    /// full (the root's a quarter), so a probe always meets a free slot.
    struct Frozen {
        var nodes: [Node] = []
        var extras: [Extras] = []
        var edges: [Edge] = []
        var labels: [UInt8] = []
        var slots: [UInt64] = []
        var rareChildren: [RareChild] = []
        var enumerations: [[[UInt8]]] = []

        init(_ builder: RouteTrieBuilder, linearScanLimit: Int, emptySlot: UInt64) {
            let (grouped, starts) = Self.groupEdges(builder)
            let codes = Self.numberNodes(builder, edgeStarts: starts)
            freezeNodes(builder, codes: codes)
            freezeEdges(grouped, builder.labelBytes, codes: codes)
            hashSlots(linearScanLimit: linearScanLimit, emptySlot: emptySlot)
        }

        /// Pass 1: the builder's edges grouped by parent (a counting sort by node), each group in label byte order
        /// (a fixed layout; no Unicode collation); and where each node's group starts (`starts[node + 1] -
        /// starts[node]` is its edge count).
        static func groupEdges(_ builder: RouteTrieBuilder) -> (edges: [RouteTrieBuilder.Edge], starts: [Int]) {
            var starts = [Int](repeating: 0, count: builder.nodes.count + 1)
            for edge in builder.edges { starts[Int(edge.parent) + 1] += 1 }
            for node in builder.nodes.indices { starts[node + 1] += starts[node] }
            var next = starts
            var grouped = builder.edges
            for edge in builder.edges {
                grouped[next[Int(edge.parent)]] = edge
                next[Int(edge.parent)] += 1
            }
            let labels = builder.labelBytes
            func label(_ edge: RouteTrieBuilder.Edge) -> ArraySlice<UInt8> {
                labels[Int(edge.labelStart)..<Int(edge.labelStart + edge.labelCount)]
            }
            for node in builder.nodes.indices where starts[node + 1] - starts[node] > 1 {
                grouped[starts[node]..<starts[node + 1]].sort { label($0).lexicographicallyPrecedes(label($1)) }
            }
            return (grouped, starts)
        }

        /// Pass 2: each builder node's code.
        static func numberNodes(_ builder: RouteTrieBuilder, edgeStarts starts: [Int]) -> [Int32] {
            var codes = [Int32](repeating: ChildCode.none, count: builder.nodes.count)
            var kept: Int32 = 0
            for (index, node) in builder.nodes.enumerated() {
                let hasRare = builder.rareChildren[Int32(index)] != nil
                if isLeaf(node, at: index, edgeCount: starts[index + 1] - starts[index], hasRareChildren: hasRare) {
                    codes[index] = ChildCode.leaf(node.route)
                } else {
                    codes[index] = kept
                    kept += 1
                }
            }
            return codes
        }

        /// Whether a builder's node has an `int`, `uuid` or rare child or a catch-all route (and so a side record).
        static func needsExtras(_ node: RouteTrieBuilder.Node, hasRareChildren: Bool) -> Bool {
            node.intChild >= 0 || node.uuidChild >= 0 || node.catchAllRoute >= 0 || hasRareChildren
        }

        /// Whether a builder's node is a leaf: a route and nothing else (never the root, which every walk starts at).
        static func isLeaf(
            _ node: RouteTrieBuilder.Node, at index: Int, edgeCount: Int, hasRareChildren: Bool
        ) -> Bool {
            index != 0 && edgeCount == 0 && node.paramChild < 0
                && !needsExtras(node, hasRareChildren: hasRareChildren) && node.route >= 0
        }

        /// Pass 3: the kept nodes, in code order (which is builder order), without their literal children yet.
        mutating func freezeNodes(_ builder: RouteTrieBuilder, codes: [Int32]) {
            func code(_ child: Int32) -> Int32 { child < 0 ? ChildCode.none : codes[Int(child)] }
            for (index, node) in builder.nodes.enumerated() where codes[index] >= 0 {
                var next = code(node.paramChild)
                var shape: UInt32 = 0
                let rare = builder.rareChildren[Int32(index)] ?? []
                if Self.needsExtras(node, hasRareChildren: !rare.isEmpty) {
                    let rareStart = Int32(rareChildren.count)
                    freezeRareChildren(rare, code: code)
                    extras.append(
                        Extras(
                            intChild: code(node.intChild), uuidChild: code(node.uuidChild), paramChild: next,
                            catchAllRoute: node.catchAllRoute, rareStart: rareStart,
                            rareCount: Int32(rareChildren.count) - rareStart))
                    next = Int32(extras.count - 1)
                    shape = Node.extrasFlag
                }
                nodes.append(Node(literalStart: 0, shape: shape, next: next, route: node.route))
            }
        }

        /// A node's `bool`, `double` and enumeration children in the order the walk tries them: enumerations (in
        /// the order they were added), `bool`, then `double` (`RareChild.triedBeforeInt` says which go before `int`).
        private mutating func freezeRareChildren(
            _ rare: [(type: ParameterType, child: Int32)], code: (Int32) -> Int32
        ) {
            for (type, child) in rare {
                guard case .enumeration(let values) = type else { continue }
                enumerations.append(values.map { Array($0.utf8) })
                rareChildren.append(
                    RareChild(
                        kind: .enumeration, enumeration: Int32(enumerations.count - 1),
                        child: code(child)))
            }
            for kind in [RareChild.Kind.bool, .double] {
                for (type, child) in rare where type == (kind == .bool ? .bool : .double) {
                    rareChildren.append(RareChild(kind: kind, enumeration: -1, child: code(child)))
                }
            }
        }

        /// Pass 4: the edges in group order, their labels, keys and children; each parent's first edge and count.
        mutating func freezeEdges(_ grouped: [RouteTrieBuilder.Edge], _ builderLabels: [UInt8], codes: [Int32]) {
            edges.reserveCapacity(grouped.count)
            labels.reserveCapacity(builderLabels.count)
            for (index, entry) in grouped.enumerated() {
                let start = labels.count
                labels.append(
                    contentsOf: builderLabels[Int(entry.labelStart)..<Int(entry.labelStart + entry.labelCount)])
                // Safety: an edge exists, so the labels were reserved room (a non-nil base); the key reads inside
                // `labels[0..<labels.count]`, which holds the label just copied.
                let key = labels.withUnsafeBufferPointer {
                    LiteralKey(
                        // Safety: see above: a non-nil base; the key reads inside the labels just copied.
                        $0.baseAddress!, start: start, count: Int(entry.labelCount), length: $0.count, fold: false)
                }
                let child = entry.child < 0 ? ChildCode.none : codes[Int(entry.child)]
                edges.append(
                    Edge(
                        head: key.head, labelStart: UInt32(start), labelCount: UInt32(entry.labelCount),
                        hash: key.hash,
                        child: child))
                let parent = Int(codes[Int(entry.parent)])  // a parent is never a leaf
                if nodes[parent].shape & Node.literalMask == 0 { nodes[parent].literalStart = UInt32(index) }
                nodes[parent].shape += 1
            }
        }

        /// Pass 5: hash slots (open addressing) for the nodes with many children, at most 1/2 full; the root's at
        /// most 1/4 (every look-up probes it, and one table of it costs little): a probe there seldom meets another
        /// key. A slot holds the edge's hash in its high 32 bits and the edge's index in its low 32.
        mutating func hashSlots(linearScanLimit: Int, emptySlot: UInt64) {
            for index in nodes.indices where nodes[index].shape & Node.literalMask > linearScanLimit {
                let count = Int(nodes[index].shape & Node.literalMask)
                var size = 8
                while size < count * (index == 0 ? 4 : 2) { size <<= 1 }
                let start = slots.count
                slots.append(contentsOf: repeatElement(emptySlot, count: size))
                let first = Int(nodes[index].literalStart)
                for edgeIndex in first..<first + count {
                    var slot = Int(edges[edgeIndex].hash) & (size - 1)
                    while slots[start + slot] != emptySlot { slot = (slot + 1) & (size - 1) }
                    slots[start + slot] = UInt64(edges[edgeIndex].hash) << 32 | UInt64(edgeIndex)
                }
                nodes[index].literalStart = UInt32(start)
                nodes[index].shape = nodes[index].shape & Node.extrasFlag | Node.hashedFlag | UInt32(size - 1)
            }
        }
    }
}
