/// The segment trie, frozen into flat arrays for resolving: nodes, literal edges, the literal bytes, and
/// per-node hash slots for nodes with many literal children.
///
/// A resolve walks it depth-first, trying per segment literal > enumeration > `bool` > `int` > `uuid` > `double` >
/// parameter > catch-all and
/// backtracking on a dead end, so the most specific route wins whatever the registration order. Each node has a
/// fixed depth, so a walk visits every node at most once: the cost is bounded by the path's length and the
/// branching actually present, never by the number of routes. The common case (a segment with no `%`, no
/// uppercase letter and no non-ASCII byte) compares raw bytes and allocates nothing.
///
/// Kept small (a table holds about 1.4 nodes a route): a node is 16 bytes; its rarely present children (`int`,
/// `uuid`) and catch-all route sit in a side record; and a leaf — a node with a route and nothing below it,
/// about half of all nodes — has no node at all: its parent's child field holds the route (`ChildCode`).
///
/// Safety: the arrays are buffers of the trie's own (see `buffer(copying:)`), written only while `init` freezes the
/// builder and read-only afterwards, so sharing a trie between threads is sound (`@unchecked Sendable`). The walk
/// reads them without bounds checks: every index it follows was written by the freezing passes, whose invariants
/// (`Frozen`) keep each one inside its buffer; segment offsets come from the scanner and lie inside the URL.
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

    /// A node's side children: present for the nodes with a typed child or a catch-all route.
    struct Extras {
        var intChild: Int32
        var uuidChild: Int32
        var paramChild: Int32
        var catchAllRoute: Int32
        /// The node's `bool`, `double` and enumeration children: `rareChildren[rareStart ..< rareStart + rareCount]`,
        /// in the order the walk tries them.
        var rareStart: Int32
        var rareCount: Int32
    }

    /// A `bool`, `double` or enumeration child.
    struct RareChild {
        enum Kind: UInt8 {
            case enumeration, bool, double

            /// Whether the walk tries this kind before `int` (enumerations and `bool`: the narrower types first).
            var triedBeforeInt: Bool { self != .double }
        }
        var kind: Kind
        /// The index of an enumeration's values in `enumerations` (-1 for the others).
        var enumeration: Int32
        var child: Int32
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

    /// Nodes with more literal children than this get hash slots.
    private static let linearScanLimit = 3

    let nodes: UnsafeMutableBufferPointer<Node>
    let extras: UnsafeMutableBufferPointer<Extras>
    let edges: UnsafeMutableBufferPointer<Edge>
    let labels: UnsafeMutableBufferPointer<UInt8>
    /// Hash slots: the edge's hash in the high 32 bits and its index in the low 32 (`emptySlot` when free), so a
    /// probe compares hashes without touching the edge.
    let slots: UnsafeMutableBufferPointer<UInt64>
    /// The `bool`, `double` and enumeration children (`Extras.rareStart`); few tables have any.
    let rareChildren: [RareChild]
    /// Each enumeration's values as UTF-8, indexed by `RareChild.enumeration`.
    let enumerations: [[[UInt8]]]
    static let emptySlot = UInt64.max
    /// The path flags that make a literal compare fold: `SegmentSlice.uppercase`, or none when case-sensitive
    /// (stored rather than derived per look-up: the first-path loop reads it at every literal level).
    private let foldFlags: UInt8
    /// Whether literals match case-sensitively.
    private var caseSensitive: Bool { foldFlags == 0 }

    /// Freezes a builder's trie (the passes are in `CompiledTrie+Freezing.swift`).
    init(_ builder: RouteTrieBuilder) {
        foldFlags = builder.caseSensitive ? 0 : SegmentSlice.uppercase
        let frozen = Frozen(builder, linearScanLimit: Self.linearScanLimit, emptySlot: Self.emptySlot)
        nodes = Self.buffer(copying: frozen.nodes)
        extras = Self.buffer(copying: frozen.extras)
        edges = Self.buffer(copying: frozen.edges)
        labels = Self.buffer(copying: frozen.labels)
        slots = Self.buffer(copying: frozen.slots)
        rareChildren = frozen.rareChildren
        enumerations = frozen.enumerations
    }

    /// A buffer of its own holding the array's elements (room for at least one, so that its base address is never
    /// nil; its count is the array's).
    ///
    /// Safety: the buffers are allocated here and deallocated in `deinit` only; their element types are trivial
    /// (no deinitialization needed); nothing writes them after `init`, so sharing the trie between threads reads
    /// immutable memory (`@unchecked Sendable`).
    private static func buffer<Element>(copying array: [Element]) -> UnsafeMutableBufferPointer<Element> {
        // Safety: see the function's documentation: the trie's own buffer, freed in deinit.
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(1, array.count))
        _ = buffer.initialize(from: array)
        return UnsafeMutableBufferPointer(start: buffer.baseAddress, count: array.count)
    }

    deinit {
        // Safety: allocated by `buffer(copying:)`, freed once, here; the elements are trivial.
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
            + slots.count * MemoryLayout<UInt64>.stride + rareChildren.count * MemoryLayout<RareChild>.stride
            + enumerations.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } }
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

    /// The route at the end of the walk's first path, or -1 at a dead end. Only for segments without `%` escapes
    /// and non-ASCII bytes.
    private func firstPath(_ input: Input) -> Int32 {
        // Safety: the buffers' base addresses are never nil (`buffer(copying:)`); indexes per the type's comment.
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
                    // Safety: a node with `extrasFlag` holds its side record's index in `next` (`Frozen`).
                    let extra = extras.baseAddress.unsafelyUnwrapped + Int(node.pointee.next)
                    // A node with `bool`, `double` or enumeration children (rare): the backtracking walk decides.
                    if extra.pointee.rareCount != 0 { return -1 }
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
    func walk(_ code: Int32, _ depth: Int, _ input: Input) -> Int32 {
        if code < 0 { return depth == input.count ? ChildCode.route(ofLeaf: code) : -1 }
        // Safety: `code` is a node index here (a leaf's code is negative); see the type's comment.
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
        if extra.rareCount != 0 {
            let route = walkRare(extra, beforeInt: true, segment, depth, input)
            if route >= 0 { return route }
        }
        if extra.intChild != ChildCode.none && accepts(.int, segment, input, plain: false) {
            let route = walk(extra.intChild, depth + 1, input)
            if route >= 0 { return route }
        }
        if extra.uuidChild != ChildCode.none && accepts(.uuid, segment, input, plain: false) {
            let route = walk(extra.uuidChild, depth + 1, input)
            if route >= 0 { return route }
        }
        if extra.rareCount != 0 {
            let route = walkRare(extra, beforeInt: false, segment, depth, input)
            if route >= 0 { return route }
        }
        if extra.paramChild != ChildCode.none {
            let route = walk(extra.paramChild, depth + 1, input)
            if route >= 0 { return route }
        }
        return extra.catchAllRoute
    }

    /// The route the walk finds through a node's rare children tried before `int` (or after `uuid`), or -1.
    @inline(never)
    private func walkRare(_ extra: Extras, beforeInt: Bool, _ segment: SegmentSlice, _ depth: Int, _ input: Input)
        -> Int32
    {
        for rare in rareChildren[Int(extra.rareStart)..<Int(extra.rareStart + extra.rareCount)]
        where rare.kind.triedBeforeInt == beforeInt {
            let fits: Bool
            switch rare.kind {
            case .bool: fits = accepts(.bool, segment, input, plain: false)
            case .double: fits = accepts(.double, segment, input, plain: false)
            case .enumeration:
                let values = enumerations[Int(rare.enumeration)]
                fits = withDecoded(segment, input) { bytes in values.contains { $0.elementsEqual(bytes) } }
            }
            if fits {
                let route = walk(rare.child, depth + 1, input)
                if route >= 0 { return route }
            }
        }
        return -1
    }

    /// `body` on the segment's decoded bytes (false when they do not decode).
    private func withDecoded(_ segment: SegmentSlice, _ input: Input, _ body: (UnsafeBufferPointer<UInt8>) -> Bool)
        -> Bool
    {
        let bytes = UnsafeBufferPointer(start: input.url + Int(segment.start), count: segment.count)
        if input.pathFlags & SegmentSlice.percent == 0 || !bytes.contains(UInt8(ascii: "%")) { return body(bytes) }
        guard var decoded = try? URLSyntax.percentDecode(bytes, plusIsSpace: false, what: "") else { return false }
        return decoded.withUTF8(body)
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
            let key = LiteralKey(input.url, start: start, count: count, length: input.length, fold: fold)
            return find(key, input.url + start, count, in: node, fold: fold)
        }
        // Rare: decode the escapes and fold the case as the labels were folded.
        let raw = UnsafeBufferPointer(start: input.url + Int(segment.start), count: segment.count)
        return decodedLiteralChild(node, raw)
    }

    /// `literalChild` for a segment with escapes or non-ASCII bytes. It is decoded into temporary memory (on the
    /// stack for a segment of ordinary length) and its ASCII letters folded there, so that a look-up allocates
    /// nothing; only a non-ASCII letter that case folding changes (`É`, `Σ`, `ß`) takes a folded `String`.
    @inline(never)
    private func decodedLiteralChild(_ node: UnsafePointer<Node>, _ raw: UnsafeBufferPointer<UInt8>) -> Int32 {
        func child(labelled label: UnsafeBufferPointer<UInt8>) -> Int32 {
            guard let base = label.baseAddress else { return ChildCode.none }
            return find(
                LiteralKey(base, start: 0, count: label.count, length: label.count, fold: false), base,
                label.count, in: node, fold: false)
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { buffer in
            // A bad escape, %00 or invalid UTF-8 decodes to no label (the scan refuses them first in a resolve).
            guard let decoded = try? URLSyntax.percentDecode(raw, into: buffer, plusIsSpace: false, what: "") else {
                return ChildCode.none
            }
            if caseSensitive { return child(labelled: decoded) }
            if Self.foldsBeyondASCII(decoded) {
                var folded = String(decoding: decoded, as: UTF8.self).caseFolded
                return folded.withUTF8 { child(labelled: $0) }
            }
            for offset in decoded.indices where URLSyntax.isASCIIUppercase(buffer[offset]) { buffer[offset] |= 0x20 }
            return child(labelled: decoded)
        }
    }

    /// Whether decoded UTF-8 holds a non-ASCII scalar that case folding changes (`É`, `ς`, `ß`): only then does its
    /// folded form (`String.caseFolded`) differ from its bytes with ASCII letters lowered.
    private static func foldsBeyondASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            let properties = scalar.properties
            if scalar.value >= 0x80 && (properties.changesWhenCaseFolded || properties.changesWhenLowercased) {
                return true
            }
        }
        return false
    }

    @inline(__always)
    private func find(
        _ key: LiteralKey, _ bytes: UnsafePointer<UInt8>, _ count: Int, in node: UnsafePointer<Node>, fold: Bool
    ) -> Int32 {
        // Safety: a node's edges and slots lie inside their buffers (`Frozen`'s invariants); a label holds
        // `labelCount` bytes and the key's `count` bytes, so the tail's load (`count > 8`) reads inside both.
        let edgeBase = edges.baseAddress.unsafelyUnwrapped
        let labelBase = UnsafePointer(labels.baseAddress.unsafelyUnwrapped)
        @inline(__always) func same(_ edge: Edge) -> Bool {
            guard Int(edge.labelCount) == count, edge.head == key.head else { return false }
            if count <= 8 { return true }
            let label = labelBase + Int(edge.labelStart)
            // Safety: see above: `count > 8` bytes in both the label and the key.
            guard UnsafeRawPointer(label + count - 8).loadUnaligned(as: UInt64.self) == key.tail else { return false }
            return count <= 16 || LiteralKey.middleEqual(label, bytes, count, fold: fold)
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
        // Safety: see above: a hashed node's slots lie inside `slots` (`Frozen`).
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
}
