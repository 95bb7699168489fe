/// The segment trie, frozen into flat arrays for resolving: nodes, literal edges, the literal bytes, and
/// per-node hash slots for nodes with many literal children.
///
/// A resolve walks it depth-first, trying per segment literal > `int` > `uuid` > parameter > catch-all and
/// backtracking on a dead end, so the most specific route wins whatever the registration order. Each node has a
/// fixed depth, so a walk visits every node at most once: the cost is bounded by the path's length and the
/// branching actually present, never by the number of routes. The common case (a segment with no `%`, no
/// uppercase letter and no non-ASCII byte) compares raw bytes and allocates nothing.
///
/// Kept small (a table holds about 1.4 nodes a route): a node is 16 bytes; its rarely present children (`int`,
/// `uuid`) and catch-all route sit in a side record; and a leaf — a node with a route and nothing below it,
/// about half of all nodes — has no node at all: its parent's child field holds the route (`ChildCode`).
final class CompiledTrie: @unchecked Sendable {
    /// A child reference: a node's index (≥ 0), `none` (-1), or a leaf's route `r` coded as `-2 - r`.
    enum ChildCode {
        static let none: Int32 = -1

        /// The code of a leaf that holds route `route`.
        @inline(__always) static func leaf(_ route: Int32) -> Int32 { -2 - route }

        /// The route of a leaf's code (`code < -1`).
        @inline(__always) static func route(ofLeaf code: Int32) -> Int32 { -2 - code }
    }

    struct Node {
        /// The first edge (scanned nodes) or the first hash slot (hashed nodes).
        var literalStart: UInt32
        /// `hashedFlag` and `extrasFlag`, and in the low 30 bits the edge count (scanned) or the slot mask (hashed):
        /// zero when the node has no literal children.
        var shape: UInt32
        /// The parameter child's code, or with `extrasFlag` the index of the node's `Extras`.
        var next: Int32
        /// The route that ends here, or -1.
        var route: Int32

        static let hashedFlag: UInt32 = 1 << 31
        static let extrasFlag: UInt32 = 1 << 30
        static let literalMask: UInt32 = (1 << 30) - 1
    }

    /// A node's rare children: present for the nodes with an `int` or `uuid` child or a catch-all route.
    struct Extras {
        var intChild: Int32
        var uuidChild: Int32
        var paramChild: Int32
        var catchAllRoute: Int32
    }

    struct Edge {
        var head: UInt64  // the label's first 8 bytes, zero-padded: one compare settles most labels
        var labelStart: UInt32
        var labelCount: UInt32
        var hash: UInt32
        var child: Int32
    }

    /// What one resolve walks over: the URL's bytes and its segments.
    struct Input {
        let url: UnsafePointer<UInt8>
        let length: Int
        let segments: UnsafePointer<SegmentSlice>
        let count: Int
        /// What the path holds (`URLLayout.pathFlags`); `match(_:pathFlags:)` sets it.
        var pathFlags: UInt8 = 0
    }

    /// A literal's (or a segment's) comparison key: its first 8 bytes zero-padded, its last 8 bytes when longer
    /// than 8, and a hash of both and the length.
    struct LiteralKey: Equatable {
        var head: UInt64
        var tail: UInt64
        var hash: UInt32
    }

    /// Nodes with more literal children than this get hash slots.
    private static let linearScanLimit = 3

    private let nodes: UnsafeMutableBufferPointer<Node>
    private let extras: UnsafeMutableBufferPointer<Extras>
    private let edges: UnsafeMutableBufferPointer<Edge>
    private let labels: UnsafeMutableBufferPointer<UInt8>
    /// Hash slots: the edge's hash in the high 32 bits and its index in the low 32 (`emptySlot` when free), so a
    /// probe compares hashes without touching the edge.
    private let slots: UnsafeMutableBufferPointer<UInt64>
    private static let emptySlot = UInt64.max
    /// The path flags that make a literal compare fold: `SegmentSlice.uppercase`, or none when case-sensitive
    /// (stored rather than derived per look-up: the first-path loop reads it at every literal level).
    private let foldFlags: UInt8
    /// Whether literals match case-sensitively.
    private var caseSensitive: Bool { foldFlags == 0 }

    /// The builder's edges grouped by parent (a node's edges side by side: a counting sort by node), each group
    /// in label byte order (a fixed layout; no Unicode collation); and where each node's group starts
    /// (`starts[node + 1] - starts[node]` is its edge count).
    private static func edgesByParent(_ builder: RouteTrieBuilder) -> (edges: [RouteTrieBuilder.Edge], starts: [Int]) {
        var starts = [Int](repeating: 0, count: builder.nodes.count + 1)
        for edge in builder.edges { starts[Int(edge.parent) + 1] += 1 }
        for node in builder.nodes.indices { starts[node + 1] += starts[node] }
        var next = starts
        var grouped = builder.edges
        for edge in builder.edges {
            grouped[next[Int(edge.parent)]] = edge
            next[Int(edge.parent)] += 1
        }
        builder.labelBytes.withUnsafeBufferPointer { labels in
            func label(_ edge: RouteTrieBuilder.Edge) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: labels[Int(edge.labelStart)..<Int(edge.labelStart + edge.labelCount)])
            }
            for node in builder.nodes.indices where starts[node + 1] - starts[node] > 1 {
                grouped[starts[node]..<starts[node + 1]].sort { label($0).lexicographicallyPrecedes(label($1)) }
            }
        }
        return (grouped, starts)
    }

    /// Whether a builder's node has an `int` or `uuid` child or a catch-all route (and so a side record).
    private static func needsExtras(_ node: RouteTrieBuilder.Node) -> Bool {
        node.intChild >= 0 || node.uuidChild >= 0 || node.catchAllRoute >= 0
    }

    /// Whether a builder's node is a leaf: a route and nothing else (never the root, which every walk starts at).
    private static func isLeaf(_ node: RouteTrieBuilder.Node, at index: Int, edgeCount: Int) -> Bool {
        index != 0 && edgeCount == 0 && node.paramChild < 0 && !needsExtras(node) && node.route >= 0
    }

    /// Freezes a builder's trie.
    init(_ builder: RouteTrieBuilder) {
        foldFlags = builder.caseSensitive ? 0 : SegmentSlice.uppercase
        let (sorted, starts) = Self.edgesByParent(builder)
        // Each builder node's code: kept nodes numbered in builder order, leaves coded by their route.
        var codes = [Int32](repeating: ChildCode.none, count: builder.nodes.count)
        var keptCount = 0
        var extrasCount = 0
        for (index, node) in builder.nodes.enumerated() {
            if Self.isLeaf(node, at: index, edgeCount: starts[index + 1] - starts[index]) {
                codes[index] = ChildCode.leaf(node.route)
            } else {
                codes[index] = Int32(keptCount)
                keptCount += 1
                if Self.needsExtras(node) { extrasCount += 1 }
            }
        }
        func code(_ child: Int32) -> Int32 { child < 0 ? ChildCode.none : codes[Int(child)] }
        nodes = .allocate(capacity: keptCount)
        extras = .allocate(capacity: max(1, extrasCount))
        edges = .allocate(capacity: max(1, sorted.count))
        labels = .allocate(capacity: max(1, builder.labelBytes.count))
        var extrasEnd = 0
        for (index, node) in builder.nodes.enumerated() where codes[index] >= 0 {
            var next = code(node.paramChild)
            var shape: UInt32 = 0
            if Self.needsExtras(node) {
                extras[extrasEnd] = Extras(
                    intChild: code(node.intChild), uuidChild: code(node.uuidChild), paramChild: next,
                    catchAllRoute: node.catchAllRoute)
                next = Int32(extrasEnd)
                extrasEnd += 1
                shape = Node.extrasFlag
            }
            nodes[Int(codes[index])] = Node(literalStart: 0, shape: shape, next: next, route: node.route)
        }
        var labelEnd = 0
        for (index, entry) in sorted.enumerated() {
            let start = labelEnd
            for offset in 0..<Int(entry.labelCount) {
                labels[labelEnd] = builder.labelBytes[Int(entry.labelStart) + offset]
                labelEnd += 1
            }
            edges[index] = Edge(
                head: 0, labelStart: UInt32(start), labelCount: UInt32(labelEnd - start), hash: 0,
                child: code(entry.child))
            let parent = Int(codes[Int(entry.parent)])  // a parent is never a leaf
            if nodes[parent].shape & Node.literalMask == 0 { nodes[parent].literalStart = UInt32(index) }
            nodes[parent].shape += 1
        }
        for index in 0..<sorted.count {
            let key = Self.key(
                UnsafePointer(labels.baseAddress!), start: Int(edges[index].labelStart),
                count: Int(edges[index].labelCount),
                length: labelEnd, fold: false)
            edges[index].head = key.head
            edges[index].hash = key.hash
        }
        // Hash slots (open addressing) for the nodes with many children, at most 1/2 full; the root's at most 1/4
        // (every look-up probes it, and one table of it costs little): a probe there seldom meets another key.
        var slotList: [UInt64] = []
        for index in nodes.indices where nodes[index].shape & Node.literalMask > Self.linearScanLimit {
            let count = Int(nodes[index].shape & Node.literalMask)
            var size = 8
            while size < count * (index == 0 ? 4 : 2) { size <<= 1 }
            let start = slotList.count
            slotList.append(contentsOf: repeatElement(Self.emptySlot, count: size))
            let first = Int(nodes[index].literalStart)
            for edgeIndex in first..<first + count {
                var slot = Int(edges[edgeIndex].hash) & (size - 1)
                while slotList[start + slot] != Self.emptySlot { slot = (slot + 1) & (size - 1) }
                slotList[start + slot] = UInt64(edges[edgeIndex].hash) << 32 | UInt64(edgeIndex)
            }
            nodes[index].literalStart = UInt32(start)
            nodes[index].shape = nodes[index].shape & Node.extrasFlag | Node.hashedFlag | UInt32(size - 1)
        }
        slots = .allocate(capacity: max(1, slotList.count))
        _ = slots.initialize(from: slotList)
    }

    deinit {
        nodes.deallocate()
        extras.deallocate()
        edges.deallocate()
        labels.deallocate()
        slots.deallocate()
    }

    /// The number of nodes, edges and bytes held (for footprint reports).
    var footprintBytes: Int {
        nodes.count * MemoryLayout<Node>.stride + extras.count * MemoryLayout<Extras>.stride
            + edges.count * MemoryLayout<Edge>.stride + labels.count
            + slots.count * MemoryLayout<UInt64>.stride
    }

    /// The index of the route that matches, or -1.
    ///
    /// For a path without `%` escapes and non-ASCII bytes (`pathFlags`, the OR of the segments' flags), first a
    /// loop that follows, at each depth, the first child the walk would try: the walk's first path. When that path
    /// ends at a route, the walk would return that very route (it returns the first route it meets, and it meets
    /// this one first). A dead end, or a path that needs decoding, runs the backtracking walk. (The loop knows no
    /// decoding at all: it compares raw bytes, folded word by word when the path has uppercase letters.)
    @inline(__always)
    func match(_ input: Input, pathFlags: UInt8) -> Int32 {
        var input = input
        input.pathFlags = pathFlags
        if pathFlags & (SegmentSlice.percent | SegmentSlice.nonASCII) == 0 {
            let route = firstPath(input)
            if route >= 0 { return route }
        }
        return walk(0, 0, input)
    }

    /// The backtracking walk alone (what `match` must always agree with).
    func backtrackingMatch(_ input: Input, pathFlags: UInt8) -> Int32 {
        var input = input
        input.pathFlags = pathFlags
        return walk(0, 0, input)
    }

    /// The route at the end of the walk's first path, or -1 at a dead end. Only for segments without `%` escapes
    /// and non-ASCII bytes.
    private func firstPath(_ input: Input) -> Int32 {
        let nodeBase = UnsafePointer(nodes.baseAddress.unsafelyUnwrapped)
        var nodeIndex: Int32 = 0
        // A pointer to the segment at hand, compared with the end (one value fewer to keep than an index and a count).
        var segmentPointer = input.segments
        let segmentsEnd = input.segments + input.count
        while true {
            let node = nodeBase + Int(nodeIndex)
            if segmentPointer == segmentsEnd { return node.pointee.route }
            let shape = node.pointee.shape
            var next = ChildCode.none
            // The segment is read only where it is needed (a node with nothing but a parameter child skips it).
            if shape & Node.literalMask != 0 { next = literalChild(node, segmentPointer.pointee, input, plain: true) }
            if next == ChildCode.none {
                if shape & Node.extrasFlag == 0 {
                    next = node.pointee.next
                    if next == ChildCode.none { return -1 }
                } else {
                    let segment = segmentPointer.pointee
                    let extra = extras.baseAddress.unsafelyUnwrapped + Int(node.pointee.next)
                    let intChild = extra.pointee.intChild
                    let uuidChild = extra.pointee.uuidChild
                    if intChild != ChildCode.none && accepts(.int, segment, input, plain: true) {
                        next = intChild
                    } else if uuidChild != ChildCode.none && accepts(.uuid, segment, input, plain: true) {
                        next = uuidChild
                    } else {
                        next = extra.pointee.paramChild
                        if next == ChildCode.none { return extra.pointee.catchAllRoute }
                    }
                }
            }
            segmentPointer += 1
            if next < 0 { return segmentPointer == segmentsEnd ? ChildCode.route(ofLeaf: next) : -1 }
            nodeIndex = next
        }
    }

    /// The route the walk finds from the node (or leaf) `code` at `depth`, or -1.
    private func walk(_ code: Int32, _ depth: Int, _ input: Input) -> Int32 {
        if code < 0 { return depth == input.count ? ChildCode.route(ofLeaf: code) : -1 }
        let node = UnsafePointer(nodes.baseAddress.unsafelyUnwrapped) + Int(code)
        if depth == input.count { return node.pointee.route }
        let segment = input.segments[depth]
        let shape = node.pointee.shape
        if shape & Node.literalMask != 0 {
            let child = literalChild(node, segment, input, plain: false)
            if child != ChildCode.none {
                let route = walk(child, depth + 1, input)
                if route >= 0 { return route }
            }
        }
        if shape & Node.extrasFlag == 0 {
            let paramChild = node.pointee.next
            return paramChild == ChildCode.none ? -1 : walk(paramChild, depth + 1, input)
        }
        let extra = extras[Int(node.pointee.next)]
        if extra.intChild != ChildCode.none && accepts(.int, segment, input, plain: false) {
            let route = walk(extra.intChild, depth + 1, input)
            if route >= 0 { return route }
        }
        if extra.uuidChild != ChildCode.none && accepts(.uuid, segment, input, plain: false) {
            let route = walk(extra.uuidChild, depth + 1, input)
            if route >= 0 { return route }
        }
        if extra.paramChild != ChildCode.none {
            let route = walk(extra.paramChild, depth + 1, input)
            if route >= 0 { return route }
        }
        return extra.catchAllRoute
    }

    /// Whether the segment (decoded) has the type. `plain`: the caller knows the path has no `%` escape.
    @inline(__always)
    private func accepts(_ type: ParameterType, _ segment: SegmentSlice, _ input: Input, plain: Bool) -> Bool {
        let bytes = UnsafeBufferPointer(start: input.url + Int(segment.start), count: segment.count)
        if plain || input.pathFlags & SegmentSlice.percent == 0 || !bytes.contains(UInt8(ascii: "%")) {
            return type.accepts(bytes)
        }
        guard let decoded = try? URLSyntax.percentDecode(bytes, plusIsSpace: false, what: "") else { return false }
        return type.accepts(decoded)
    }

    /// The code of the literal child whose label equals the segment (folded unless case-sensitive), or `none`.
    /// `plain`: the caller knows the path has no `%` escape and no non-ASCII byte (no decoding code is made).
    @inline(__always)
    private func literalChild(
        _ node: UnsafePointer<Node>, _ segment: SegmentSlice, _ input: Input, plain: Bool
    ) -> Int32 {
        // The path's flags stand for each of its segments' unless the path has escapes or non-ASCII bytes; then the
        // segment's own are worked out (a rare path, which decodes anyway).
        var flags = input.pathFlags
        if !plain && flags & (SegmentSlice.percent | SegmentSlice.nonASCII) != 0 {
            flags = segment.flags(in: input.url)
        }
        if plain || flags & (SegmentSlice.percent | SegmentSlice.nonASCII) == 0 {
            // ASCII: compare raw bytes, folding uppercase letters word by word when the path has any (folding
            // a segment without any changes nothing).
            let fold = flags & foldFlags != 0
            let start = Int(segment.start)
            let count = segment.count
            let key = Self.key(input.url, start: start, count: count, length: input.length, fold: fold)
            return find(key, input.url + start, count, in: node, fold: fold)
        }
        // Rare: decode the escapes and fold with Unicode's lowercase mapping, as the labels were folded.
        let raw = UnsafeBufferPointer(start: input.url + Int(segment.start), count: segment.count)
        var text = String(decoding: raw, as: UTF8.self)
        if flags & SegmentSlice.percent != 0 {
            guard let decoded = try? URLSyntax.percentDecode(raw, plusIsSpace: false, what: "") else {
                return ChildCode.none
            }
            text = decoded
        }
        if !caseSensitive { text = text.lowercased() }
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return ChildCode.none }
            let key = Self.key(base, start: 0, count: bytes.count, length: bytes.count, fold: false)
            return find(key, base, bytes.count, in: node, fold: false)
        }
    }

    @inline(__always)
    private func find(
        _ key: LiteralKey, _ bytes: UnsafePointer<UInt8>, _ count: Int, in node: UnsafePointer<Node>, fold: Bool
    ) -> Int32 {
        let edgeBase = edges.baseAddress.unsafelyUnwrapped
        let labelBase = UnsafePointer(labels.baseAddress.unsafelyUnwrapped)
        @inline(__always) func same(_ edge: Edge) -> Bool {
            guard Int(edge.labelCount) == count, edge.head == key.head else { return false }
            if count <= 8 { return true }
            let label = labelBase + Int(edge.labelStart)
            guard UnsafeRawPointer(label + count - 8).loadUnaligned(as: UInt64.self) == key.tail else { return false }
            return count <= 16 || Self.middleEqual(label, bytes, count, fold: fold)
        }
        let shape = node.pointee.shape
        if shape & Node.hashedFlag == 0 {
            var index = Int(node.pointee.literalStart)
            let end = index + Int(shape & Node.literalMask)
            while index < end {
                if same(edgeBase[index]) { return edgeBase[index].child }
                index += 1
            }
            return ChildCode.none
        }
        let slotMask = shape & Node.literalMask
        let slotBase = slots.baseAddress.unsafelyUnwrapped + Int(node.pointee.literalStart)
        var slot = Int(key.hash & slotMask)
        while true {
            let entry = slotBase[slot]
            if entry == Self.emptySlot { return ChildCode.none }
            if UInt32(truncatingIfNeeded: entry >> 32) == key.hash {
                let edge = edgeBase[Int(UInt32(truncatingIfNeeded: entry))]
                if same(edge) { return edge.child }
            }
            slot = (slot + 1) & Int(slotMask)
        }
    }

    /// Whether a key of more than 16 bytes equals a (folded) label whose first and last 8 bytes are already
    /// known to equal the key's (`LiteralKey.head`, `.tail`): compares the bytes between them a word at a time.
    /// A word may reach into the last 8 bytes (equal already, and inside both buffers), so no byte loop is
    /// needed. `fold`: the bytes are ASCII compared as if lowercased.
    @inline(__always)
    static func middleEqual(_ label: UnsafePointer<UInt8>, _ bytes: UnsafePointer<UInt8>, _ count: Int, fold: Bool)
        -> Bool
    {
        var offset = 8
        let end = count &- 8
        if fold {
            while offset < end {
                let word = foldASCIIWord(UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt64.self))
                if UnsafeRawPointer(label + offset).loadUnaligned(as: UInt64.self) != word { return false }
                offset &+= 8
            }
            return true
        }
        while offset < end {  // the same loop without folding (one test less a word)
            if UnsafeRawPointer(label + offset).loadUnaligned(as: UInt64.self)
                != UnsafeRawPointer(bytes + offset).loadUnaligned(as: UInt64.self)
            {
                return false
            }
            offset &+= 8
        }
        return true
    }

    /// The key of `count` bytes at `start` of a buffer of `length` bytes: word loads only (never reading outside
    /// the buffer), so it costs a handful of instructions whatever the length. `fold`: the bytes are ASCII and are
    /// keyed as if lowercased. Labels that differ only between their first and last 8 bytes share a hash; a
    /// slot's label is always compared.
    @inline(__always)
    static func key(_ base: UnsafePointer<UInt8>, start: Int, count: Int, length: Int, fold: Bool) -> LiteralKey {
        let raw = UnsafeRawPointer(base)
        var head: UInt64 = 0
        var tail: UInt64 = 0
        if count > 8 {
            head = raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)
            tail = raw.loadUnaligned(fromByteOffset: start &+ count &- 8, as: UInt64.self)
            if fold {
                head = foldASCIIWord(head)
                tail = foldASCIIWord(tail)
            }
            // The tail's term only for keys longer than 8 bytes (it is zero for the others, whose tail is 0).
            let tailMixed = tail &* 0x9E37_79B9_7F4A_7C15
            let mixed = (head ^ (tailMixed << 29 | tailMixed >> 35) ^ UInt64(count)) &* 0xFF51_AFD7_ED55_8CCD
            return LiteralKey(head: head, tail: tail, hash: UInt32(truncatingIfNeeded: mixed >> 32))
        }
        if count == 8 {
            head = raw.loadUnaligned(fromByteOffset: start, as: UInt64.self)
        } else if count > 0 {
            let unused = UInt64(truncatingIfNeeded: 64 &- 8 &* count)  // bits past the key: 8 to 56
            if start &+ 8 <= length {
                head = raw.loadUnaligned(fromByteOffset: start, as: UInt64.self) & (UInt64.max >> unused)
            } else if start &+ count >= 8 {
                head = raw.loadUnaligned(fromByteOffset: start &+ count &- 8, as: UInt64.self) >> unused
            } else {
                for offset in 0..<count { head |= UInt64(base[start + offset]) << UInt64(8 * offset) }
            }
        }
        if fold { head = foldASCIIWord(head) }
        let mixed = (head ^ UInt64(count)) &* 0xFF51_AFD7_ED55_8CCD
        return LiteralKey(head: head, tail: tail, hash: UInt32(truncatingIfNeeded: mixed >> 32))
    }

    /// Lowercases the ASCII letters of 8 ASCII bytes at once (bytes ≥ 0x80 and non-letters are unchanged).
    @inline(__always)
    static func foldASCIIWord(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let heptets = word & (0x7F &* ones)
        let atLeastA = heptets &+ (0x80 - 0x41) &* ones  // high bit set where byte >= 'A'
        let aboveZ = heptets &+ (0x80 - 0x5B) &* ones  // high bit set where byte > 'Z'
        let upper = atLeastA & ~aboveZ & ~word & (0x80 &* ones)
        return word | (upper >> 2)
    }
}
