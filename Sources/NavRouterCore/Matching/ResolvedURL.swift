/// What resolving a URL's bytes found, without a string made: the route, the path's and the path parameters' byte
/// ranges, and the decoded query, fragment and props (only when the URL has a query or a fragment).
///
/// Everything in it was checked by the resolve (escapes, UTF-8, props, required parameters): reading it never
/// fails. `RouteMatch` wraps one with its URL and table; the C layer reads one directly from the caller's bytes.
package struct ResolvedURL: Sendable {
    private let routeIndex32: Int32
    private let pathStart: Int32
    private let pathEnd: Int32
    /// The path parameters' byte ranges, in pattern order.
    let slices: ParameterSlices
    /// What the query and fragment carried; nil (nothing to count references of) for a URL without either.
    let extras: Extras?

    /// The decoded query items, fragment and props of a URL that has a query or a fragment.
    final class Extras: Sendable {
        let queryItems: [QueryItem]
        let fragment: String?
        let props: [String: JSONValue]?

        init(queryItems: [QueryItem], fragment: String?, props: [String: JSONValue]?) {
            self.queryItems = queryItems
            self.fragment = fragment
            self.props = props
        }
    }

    /// - Parameter extras: nil when the URL has neither query items, a fragment nor props.
    init(routeIndex: Int, path: Range<Int>, slices: ParameterSlices, extras: Extras?) {
        routeIndex32 = Int32(truncatingIfNeeded: routeIndex)  // below RouteRegistry.maxRoutes
        pathStart = Int32(truncatingIfNeeded: path.lowerBound)  // URLs are at most 2^30 bytes (URLPolicy)
        pathEnd = Int32(truncatingIfNeeded: path.upperBound)
        self.slices = slices
        self.extras = extras
    }

    /// The route's index in the table's routes.
    package var routeIndex: Int { Int(routeIndex32) }
    /// The path's byte offsets in the URL.
    package var path: Range<Int> { Int(pathStart)..<Int(pathEnd) }
    /// Every query item in order (the props item excepted).
    package var queryItems: [QueryItem] { extras?.queryItems ?? [] }
    /// The decoded fragment.
    package var fragment: String? { extras?.fragment }
    /// The props carried in the URL.
    package var props: [String: JSONValue]? { extras?.props }
    /// How many path parameters (a catch-all counts as one).
    package var parameterCount: Int { slices.count }
    /// How many query items (the props item excepted), without making the empty array of a URL without a query.
    package var queryItemCount: Int { extras?.queryItems.count ?? 0 }
    /// Whether the route ends with a catch-all (its value is the last parameter).
    package var hasCatchAll: Bool { slices.hasCatchAll }

    /// What a match holds, in one call (the C layer's packed head: its getters one by one are calls across modules).
    package var shape: Shape {
        Shape(
            routeIndex: routeIndex, parameterCount: parameterCount, queryItemCount: queryItemCount,
            hasCatchAll: hasCatchAll, hasFragment: extras?.fragment != nil, hasProps: extras?.props != nil)
    }

    /// See `shape`.
    package struct Shape {
        /// The route's index in the table's routes.
        package let routeIndex: Int
        /// How many path parameters (a catch-all counts as one).
        package let parameterCount: Int
        /// How many query items (the props item excepted).
        package let queryItemCount: Int
        /// Whether the route ends with a catch-all.
        package let hasCatchAll: Bool
        /// Whether the URL has a fragment.
        package let hasFragment: Bool
        /// Whether the URL carries props.
        package let hasProps: Bool
    }

    /// The byte range of the parameter at `ordinal` in the URL's `bytes`: kept for the first
    /// `ParameterSlices.capacity`, found again by scanning the URL for the others (such routes are rare).
    @inline(__always)
    package func parameterRange(at ordinal: Int, in bytes: UnsafeBufferPointer<UInt8>, table: RouteTable) -> Range<Int>
    {
        let slice =
            ordinal < ParameterSlices.capacity
            ? slices[ordinal] : scannedParameterSlice(at: ordinal, in: bytes, table: table)
        return Int(slice.start)..<Int(slice.end)
    }

    /// A parameter's range past the kept ones, found by scanning the URL again.
    @inline(never)
    private func scannedParameterSlice(at ordinal: Int, in bytes: UnsafeBufferPointer<UInt8>, table: RouteTable)
        -> SegmentSlice
    {
        let (position, isCatchAll) = table.parameterNames.position(route: routeIndex, ordinal: ordinal)
        return withUnsafeTemporaryAllocation(of: SegmentSlice.self, capacity: table.policy.maxSegments) { buffer in
            // The URL scanned before, under the same table: this cannot fail.
            guard
                let (_, count) = try? DeepLinkScanner.scan(
                    bytes, policy: table.policy, into: buffer, classes: table.byteClasses),
                position < count
            else { return SegmentSlice(start: 0, end: 0) }
            return isCatchAll
                ? SegmentSlice(start: buffer[position].start, end: buffer[count - 1].end) : buffer[position]
        }
    }

    /// Runs `body` on the decoded UTF-8 bytes of the parameter at `ordinal`: the URL's own bytes when they need no
    /// decoding (no string is made), else the decoded value's. A catch-all's value is its segments joined by `/`.
    package func withParameterValue<Result>(
        at ordinal: Int, in bytes: UnsafeBufferPointer<UInt8>, table: RouteTable,
        _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        let raw = UnsafeBufferPointer(rebasing: bytes[parameterRange(at: ordinal, in: bytes, table: table)])
        if !slices.pathHasPercent || !raw.contains(UInt8(ascii: "%")) { return body(raw) }
        var decoded = Self.decode(raw)
        return decoded.withUTF8(body)
    }

    /// The decoded value of the parameter at `ordinal`, as a string.
    package func parameterValue(at ordinal: Int, in bytes: UnsafeBufferPointer<UInt8>, table: RouteTable) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[parameterRange(at: ordinal, in: bytes, table: table)])
        if !slices.pathHasPercent || !raw.contains(UInt8(ascii: "%")) { return String(copyingUTF8: raw) }
        return Self.decode(raw)
    }

    /// A path segment's bytes, percent-decoded (the scanner decoded every segment with an escape once already, so
    /// this cannot fail).
    static func decode(_ raw: UnsafeBufferPointer<UInt8>) -> String {
        (try? URLSyntax.percentDecode(raw, plusIsSpace: false, what: "")) ?? String(decoding: raw, as: UTF8.self)
    }
}

/// The byte ranges of a resolve's path parameters, in pattern order: the first eight kept in the value itself (a
/// plain value: copying a match copies them without reference counting); the others are found again by scanning
/// the URL.
struct ParameterSlices: Sendable {
    /// How many ranges are kept.
    static let capacity = 8
    // One homogeneous tuple of eight 8-byte ranges (a `SegmentSlice` each, start then end), laid out contiguously,
    // written and read in place through its bytes: zeroed and copied as one block. Sixteen 32-bit fields were zeroed
    // and copied one by one, and a range chosen by a switch; a `SIMD16<Int32>` copied well but, 16-byte aligned,
    // padded every value that holds a match (+1 % instructions a navigation); an array would be counted references.
    private var bounds: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var count32: Int32 = 0
    /// How many parameters the route has (kept or not).
    var count: Int { Int(count32) }
    /// Whether the path has a `%` escape (values then may need decoding).
    var pathHasPercent = false
    /// Whether the last parameter is a catch-all.
    private(set) var hasCatchAll = false

    /// Adds the next parameter's range (kept only while there is room).
    @inline(__always)
    mutating func append(_ slice: SegmentSlice, isCatchAll: Bool) {
        assert(MemoryLayout.size(ofValue: bounds) == Self.capacity * MemoryLayout<SegmentSlice>.stride)
        if count32 < Self.capacity {
            // Safety: `count32` is below `capacity`, so the range's 8 bytes lie inside the tuple's 64 (a `SegmentSlice`
            // is two `Int32`s: 8 bytes, 4-aligned, and the tuple is 8-aligned).
            let offset = Int(count32) * MemoryLayout<SegmentSlice>.stride
            withUnsafeMutableBytes(of: &bounds) { bytes in
                bytes.storeBytes(of: slice, toByteOffset: offset, as: SegmentSlice.self)
            }
        }
        count32 += 1
        if isCatchAll { hasCatchAll = true }
    }

    /// The range of the parameter at `ordinal` (below `capacity`).
    @inline(__always)
    subscript(ordinal: Int) -> SegmentSlice {
        // Safety: masked below `capacity`, the range's 8 bytes lie inside the tuple, at an aligned offset.
        let offset = (ordinal & (Self.capacity - 1)) * MemoryLayout<SegmentSlice>.stride
        return withUnsafeBytes(of: bounds) { $0.load(fromByteOffset: offset, as: SegmentSlice.self) }
    }
}
