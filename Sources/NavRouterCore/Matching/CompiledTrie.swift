/// The segment trie, frozen into flat arrays for resolving: nodes, literal edges, the literal bytes, and
/// per-node hash slots for nodes with many literal children.
///
/// A resolve walks it depth-first, trying per segment literal > `int` > `uuid` > parameter > catch-all and
/// backtracking on a dead end, so the most specific route wins whatever the registration order. Each node has a
/// fixed depth, so a walk visits every node at most once: the cost is bounded by the path's length and the
/// branching actually present, never by the number of routes. The common case (a segment with no `%`, no
/// uppercase letter and no non-ASCII byte) compares raw bytes and allocates nothing.
final class CompiledTrie: @unchecked Sendable {
    struct Node {
        var edgeStart: UInt32
        var edgeCount: UInt32
        var slotStart: UInt32
        var slotMask: UInt32  // 0: no hash slots, scan the edges
        var intChild: Int32
        var uuidChild: Int32
        var paramChild: Int32
        var catchAllRoute: Int32
        var route: Int32
    }

    struct Edge {
        var labelStart: UInt32
        var labelCount: UInt32
        var hash: UInt32
        var child: Int32
    }

    /// What one resolve walks over: the URL's bytes and its segments.
    struct Input {
        let url: UnsafePointer<UInt8>
        let segments: UnsafePointer<SegmentSlice>
        let count: Int
    }

    /// Nodes with more literal children than this get hash slots.
    private static let linearScanLimit = 8

    private let nodes: UnsafeMutableBufferPointer<Node>
    private let edges: UnsafeMutableBufferPointer<Edge>
    private let labels: UnsafeMutableBufferPointer<UInt8>
    private let slots: UnsafeMutableBufferPointer<Int32>
    let caseSensitive: Bool

    /// Freezes a builder's trie.
    init(_ builder: RouteTrieBuilder) {
        caseSensitive = builder.caseSensitive
        let sorted = builder.literalEdges.sorted {
            $0.key.parent != $1.key.parent ? $0.key.parent < $1.key.parent : $0.key.label < $1.key.label
        }
        nodes = .allocate(capacity: builder.nodes.count)
        edges = .allocate(capacity: max(1, sorted.count))
        labels = .allocate(capacity: max(1, sorted.reduce(0) { $0 + $1.key.label.utf8.count }))
        for (index, node) in builder.nodes.enumerated() {
            nodes[index] = Node(
                edgeStart: 0, edgeCount: 0, slotStart: 0, slotMask: 0, intChild: node.intChild,
                uuidChild: node.uuidChild, paramChild: node.paramChild, catchAllRoute: node.catchAllRoute,
                route: node.route)
        }
        var labelEnd = 0
        for (index, entry) in sorted.enumerated() {
            let start = labelEnd
            for byte in entry.key.label.utf8 {
                labels[labelEnd] = byte
                labelEnd += 1
            }
            let hash = Self.hash(UnsafePointer(labels.baseAddress! + start), labelEnd - start, fold: false)
            edges[index] = Edge(labelStart: UInt32(start), labelCount: UInt32(labelEnd - start), hash: hash, child: entry.value)
            let parent = Int(entry.key.parent)
            if nodes[parent].edgeCount == 0 { nodes[parent].edgeStart = UInt32(index) }
            nodes[parent].edgeCount += 1
        }
        // Hash slots (open addressing, load ≤ 1/2) for the nodes with many children.
        var slotList: [Int32] = []
        for index in nodes.indices where nodes[index].edgeCount > Self.linearScanLimit {
            var size = 16
            while size < Int(nodes[index].edgeCount) * 2 { size <<= 1 }
            let start = slotList.count
            slotList.append(contentsOf: repeatElement(-1, count: size))
            let first = Int(nodes[index].edgeStart)
            for edgeIndex in first..<first + Int(nodes[index].edgeCount) {
                var slot = Int(edges[edgeIndex].hash) & (size - 1)
                while slotList[start + slot] >= 0 { slot = (slot + 1) & (size - 1) }
                slotList[start + slot] = Int32(edgeIndex)
            }
            nodes[index].slotStart = UInt32(start)
            nodes[index].slotMask = UInt32(size - 1)
        }
        slots = .allocate(capacity: max(1, slotList.count))
        _ = slots.initialize(from: slotList)
    }

    deinit {
        nodes.deallocate()
        edges.deallocate()
        labels.deallocate()
        slots.deallocate()
    }

    /// The number of nodes, edges and bytes held (for footprint reports).
    var footprintBytes: Int {
        nodes.count * MemoryLayout<Node>.stride + edges.count * MemoryLayout<Edge>.stride + labels.count
            + slots.count * 4
    }

    /// The index of the route that matches, or -1.
    @inline(__always)
    func match(_ input: Input) -> Int32 {
        walk(0, 0, input)
    }

    private func walk(_ nodeIndex: Int32, _ depth: Int, _ input: Input) -> Int32 {
        let node = nodes.baseAddress.unsafelyUnwrapped[Int(nodeIndex)]
        if depth == input.count { return node.route }
        let segment = input.segments[depth]
        if node.edgeCount > 0 {
            let child = literalChild(node, segment, input.url)
            if child >= 0 {
                let route = walk(child, depth + 1, input)
                if route >= 0 { return route }
            }
        }
        if node.intChild >= 0 || node.uuidChild >= 0 {
            if node.intChild >= 0 && accepts(.int, segment, input.url) {
                let route = walk(node.intChild, depth + 1, input)
                if route >= 0 { return route }
            }
            if node.uuidChild >= 0 && accepts(.uuid, segment, input.url) {
                let route = walk(node.uuidChild, depth + 1, input)
                if route >= 0 { return route }
            }
        }
        if node.paramChild >= 0 {
            let route = walk(node.paramChild, depth + 1, input)
            if route >= 0 { return route }
        }
        return node.catchAllRoute
    }

    private func accepts(_ type: ParameterType, _ segment: SegmentSlice, _ url: UnsafePointer<UInt8>) -> Bool {
        let bytes = UnsafeBufferPointer(start: url + Int(segment.start), count: segment.count)
        if segment.flags & SegmentSlice.percent == 0 { return type.accepts(bytes) }
        guard let decoded = try? URLSyntax.percentDecode(bytes, plusIsSpace: false, what: "") else { return false }
        return type.accepts(decoded)
    }

    /// The literal child whose label equals the segment (folded unless case-sensitive), or -1.
    @inline(__always)
    private func literalChild(_ node: Node, _ segment: SegmentSlice, _ url: UnsafePointer<UInt8>) -> Int32 {
        let slowFlags = SegmentSlice.percent | SegmentSlice.nonASCII | (caseSensitive ? 0 : SegmentSlice.uppercase)
        if segment.flags & slowFlags == 0 {
            return find(url + Int(segment.start), segment.count, in: node, fold: false)
        }
        if segment.flags & (SegmentSlice.percent | SegmentSlice.nonASCII) == 0 {
            return find(url + Int(segment.start), segment.count, in: node, fold: true)  // ASCII with uppercase
        }
        // Rare: decode the escapes and fold with Unicode's lowercase mapping, as the labels were folded.
        let raw = UnsafeBufferPointer(start: url + Int(segment.start), count: segment.count)
        var text = String(decoding: raw, as: UTF8.self)
        if segment.flags & SegmentSlice.percent != 0 {
            guard let decoded = try? URLSyntax.percentDecode(raw, plusIsSpace: false, what: "") else { return -1 }
            text = decoded
        }
        if !caseSensitive { text = text.lowercased() }
        return text.withUTF8 { find($0.baseAddress!, $0.count, in: node, fold: false) }
    }

    @inline(__always)
    private func find(_ bytes: UnsafePointer<UInt8>, _ count: Int, in node: Node, fold: Bool) -> Int32 {
        let edgeBase = edges.baseAddress.unsafelyUnwrapped
        let labelBase = UnsafePointer(labels.baseAddress.unsafelyUnwrapped)
        if node.slotMask == 0 {
            var index = Int(node.edgeStart)
            let end = index + Int(node.edgeCount)
            while index < end {
                let edge = edgeBase[index]
                if Int(edge.labelCount) == count && Self.equal(labelBase + Int(edge.labelStart), bytes, count, fold: fold) {
                    return edge.child
                }
                index += 1
            }
            return -1
        }
        let hash = Self.hash(bytes, count, fold: fold)
        let slotBase = slots.baseAddress.unsafelyUnwrapped + Int(node.slotStart)
        var slot = Int(hash & node.slotMask)
        while true {
            let edgeIndex = slotBase[slot]
            if edgeIndex < 0 { return -1 }
            let edge = edgeBase[Int(edgeIndex)]
            if edge.hash == hash && Int(edge.labelCount) == count
                && Self.equal(labelBase + Int(edge.labelStart), bytes, count, fold: fold)
            {
                return edge.child
            }
            slot = (slot + 1) & Int(node.slotMask)
        }
    }

    @inline(__always)
    private static func foldASCII(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    @inline(__always)
    private static func equal(_ label: UnsafePointer<UInt8>, _ bytes: UnsafePointer<UInt8>, _ count: Int, fold: Bool) -> Bool {
        var index = 0
        if fold {
            while index < count {
                if label[index] != foldASCII(bytes[index]) { return false }
                index += 1
            }
            return true
        }
        while index + 8 <= count {
            if UnsafeRawPointer(label + index).loadUnaligned(as: UInt64.self)
                != UnsafeRawPointer(bytes + index).loadUnaligned(as: UInt64.self)
            {
                return false
            }
            index += 8
        }
        while index < count {
            if label[index] != bytes[index] { return false }
            index += 1
        }
        return true
    }

    /// FNV-1a (32 bits) of the bytes, ASCII-folded when `fold`.
    @inline(__always)
    static func hash(_ bytes: UnsafePointer<UInt8>, _ count: Int, fold: Bool) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for index in 0..<count {
            hash = (hash ^ UInt32(fold ? foldASCII(bytes[index]) : bytes[index])) &* 16_777_619
        }
        return hash
    }
}
