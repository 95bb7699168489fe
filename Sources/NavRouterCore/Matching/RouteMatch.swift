/// One query item of a deep link, decoded (`+` is a space).
public struct QueryItem: Hashable, Sendable {
    /// The key.
    public var name: String
    /// The value (`""` when the item has no `=`).
    public var value: String

    /// Creates an item.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// What resolving a deep link gives: the route and everything the URL carried.
///
/// Everything was checked when the URL was resolved (escapes, UTF-8, props, required parameters), so reading a
/// match never fails. A path parameter is kept as its byte range in the URL and decoded when it is read
/// (`pathParameter(_:)`, `parameter(_:)`, `pathParameters`): a resolve makes no string and no dictionary for it.
/// The query, fragment and props are decoded during the resolve (they must be, to be checked) and only when the URL
/// has them.
///
/// A match holds the table it was resolved on (for its route and parameter names) and the URL; copying one costs a
/// few reference counts. A match kept after its registry changed keeps that table alive.
public struct RouteMatch: Sendable {
    /// The resolving table.
    let table: RouteTable
    private let routeIndex32: Int32
    /// The URL as given.
    public let url: String
    private let pathStart: Int32
    private let pathEnd: Int32
    /// The route's index in the table.
    var routeIndex: Int { Int(routeIndex32) }
    /// The path's byte offsets in `url`.
    var pathRange: Range<Int> { Int(pathStart)..<Int(pathEnd) }
    /// Each path parameter's bytes in `url`, in pattern order.
    let slices: ParameterSlices
    /// What the query and fragment carried; nil (nothing to count references of) for a URL without either.
    private let extras: Extras?

    /// The decoded query items, fragment and props of a URL that has a query or a fragment.
    private final class Extras: Sendable {
        let queryItems: [QueryItem]
        let fragment: String?
        let props: [String: JSONValue]?

        init(queryItems: [QueryItem], fragment: String?, props: [String: JSONValue]?) {
            self.queryItems = queryItems
            self.fragment = fragment
            self.props = props
        }
    }

    private var storedQueryItems: [QueryItem] { extras?.queryItems ?? [] }
    private var storedFragment: String? { extras?.fragment }
    private var storedProps: [String: JSONValue]? { extras?.props }

    init(
        table: RouteTable, routeIndex: Int, url: String, pathRange: Range<Int>, slices: ParameterSlices,
        queryItems: [QueryItem], fragment: String?, props: [String: JSONValue]?
    ) {
        self.table = table
        self.routeIndex32 = Int32(truncatingIfNeeded: routeIndex)  // below RouteRegistry.maxRoutes
        self.url = url
        self.pathStart = Int32(truncatingIfNeeded: pathRange.lowerBound)  // URLs are far below 2 GiB (URLPolicy)
        self.pathEnd = Int32(truncatingIfNeeded: pathRange.upperBound)
        self.slices = slices
        self.extras =
            queryItems.isEmpty && fragment == nil && props == nil
            ? nil : Extras(queryItems: queryItems, fragment: fragment, props: props)
    }

    /// The route that won. Read in place (`match.route.name` copies the name, not the whole route).
    public var route: Route { table.routes[routeIndex] }

    /// The name of the route that won (`route.name` without copying the route).
    public var routeName: String { table.routes.withUnsafeBufferPointer { $0[routeIndex].name } }

    /// The path as it stood in the URL (still percent-encoded, without scheme, web domain, query or fragment).
    public var path: String { withURLBytes { String(decoding: $0[pathRange], as: UTF8.self) } }

    /// Every query item in order, repeated keys included (the props item excepted).
    public var queryItems: [QueryItem] { storedQueryItems }
    /// The decoded fragment, when the URL has one.
    public var fragment: String? { storedFragment }
    /// Props carried in the URL (the `_props` query item: base64url of a JSON object), if any.
    public var props: [String: JSONValue]? { storedProps }

    /// How many path parameters the route has (a catch-all counts as one).
    public var pathParameterCount: Int { slices.count }

    /// The name of the path parameter at `ordinal` (0-based, in the pattern's order).
    public func pathParameterName(at ordinal: Int) -> String {
        table.parameterNames.name(route: routeIndex, ordinal: ordinal)
    }

    /// The decoded value of the path parameter at `ordinal` (0-based, in the pattern's order). A catch-all's value
    /// is its segments, decoded, joined by `/`.
    public func pathParameterValue(at ordinal: Int) -> String {
        return withURLBytes { Self.decoded(slice(at: ordinal, in: $0), in: $0, percent: slices.pathHasPercent) }
    }

    /// The byte range of the parameter at `ordinal`: kept for the first `ParameterSlices.capacity`, found again by
    /// scanning the URL for the others (routes with that many parameters are rare).
    private func slice(at ordinal: Int, in bytes: UnsafeBufferPointer<UInt8>) -> SegmentSlice {
        if ordinal < ParameterSlices.capacity { return slices[ordinal] }
        let (position, isCatchAll) = table.parameterNames.position(route: routeIndex, ordinal: ordinal)
        return withUnsafeTemporaryAllocation(of: SegmentSlice.self, capacity: table.policy.maxSegments) { buffer in
            // The URL scanned before, under the same table: this cannot fail.
            guard
                let (_, count) = try? DeepLinkScanner.scan(
                    bytes, policy: table.policy, into: buffer,
                    classes: table.byteClasses), position < count
            else { return SegmentSlice(start: 0, end: 0) }
            return isCatchAll
                ? SegmentSlice(start: buffer[position].start, end: buffer[count - 1].end) : buffer[position]
        }
    }

    /// The decoded value of the path parameter named `name`, if the route has one.
    public func pathParameter(_ name: String) -> String? {
        for ordinal in 0..<slices.count where pathParameterName(at: ordinal) == name {
            return pathParameterValue(at: ordinal)
        }
        return nil
    }

    /// A parameter by name: the path parameter, or else the last query item with that name.
    public func parameter(_ name: String) -> String? {
        if let value = pathParameter(name) { return value }
        return storedQueryItems.last(where: { $0.name == name && !name.isEmpty })?.value
    }

    /// The path parameters by name (values keep their case). A catch-all's value is its segments joined by `/`.
    /// Made on each read: `pathParameter(_:)` reads one without making a dictionary.
    public var pathParameters: [String: String] {
        if slices.count == 0 { return [:] }
        var parameters = [String: String](minimumCapacity: slices.count)
        withURLBytes { bytes in
            for ordinal in 0..<slices.count {
                parameters[pathParameterName(at: ordinal)] = Self.decoded(
                    slice(at: ordinal, in: bytes), in: bytes, percent: slices.pathHasPercent)
            }
        }
        return parameters
    }

    /// The catch-all's segments, decoded, when the route ends with one.
    public var remainderSegments: [String]? {
        guard slices.hasCatchAll else { return nil }
        return withURLBytes { bytes in
            let slice = slice(at: slices.count - 1, in: bytes)
            return bytes[Int(slice.start)..<Int(slice.end)].split(separator: UInt8(ascii: "/")).map {
                Self.decoded($0, percent: slices.pathHasPercent)
            }
        }
    }

    /// The catch-all's part of the path as it stood in the URL (still percent-encoded).
    public var remainder: String? {
        guard slices.hasCatchAll else { return nil }
        return withURLBytes { bytes in
            let slice = slice(at: slices.count - 1, in: bytes)
            return String(decoding: bytes[Int(slice.start)..<Int(slice.end)], as: UTF8.self)
        }
    }

    /// The query parameters by name; for a repeated key the last value wins (`queryItems` has them all). An item
    /// without a name (`?=v`) is no parameter (it stays in `queryItems`).
    public var queryParameters: [String: String] {
        var parameters: [String: String] = [:]
        for item in storedQueryItems where !item.name.isEmpty { parameters[item.name] = item.value }
        return parameters
    }

    /// Query and path parameters merged; a path parameter wins over a query item of the same name.
    public var parameters: [String: String] {
        if storedQueryItems.isEmpty { return pathParameters }  // the usual case: nothing to merge
        return queryParameters.merging(pathParameters) { _, path in path }
    }

    /// Every value given for a query key, in order.
    public func queryValues(_ name: String) -> [String] {
        storedQueryItems.filter { $0.name == name }.map(\.value)
    }

    /// A merged parameter as a 64-bit integer, when it is one.
    public func integer(_ name: String) -> Int64? {
        guard var value = parameter(name) else { return nil }
        return value.withUTF8 { ParameterType.parseInt64($0) }
    }

    /// The props as compact JSON text (sorted keys), if any.
    public var propsJSON: String? { storedProps.map { JSONValue.object($0).jsonText } }

    /// Runs `body` on the URL's UTF-8 bytes (a native string's own storage: nothing is copied).
    private func withURLBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var url = url
        return url.withUTF8(body)
    }

    /// A path parameter's value: its bytes, percent-decoded when the path has escapes (checked by the resolve).
    private static func decoded(_ slice: SegmentSlice, in bytes: UnsafeBufferPointer<UInt8>, percent: Bool) -> String {
        decoded(bytes[Int(slice.start)..<Int(slice.end)], percent: percent)
    }

    private static func decoded(_ raw: Slice<UnsafeBufferPointer<UInt8>>, percent: Bool) -> String {
        let bytes = UnsafeBufferPointer(rebasing: raw)
        if !percent || !bytes.contains(UInt8(ascii: "%")) { return String(decoding: bytes, as: UTF8.self) }
        // The scanner decoded every segment with an escape once already: this cannot fail.
        return (try? URLSyntax.percentDecode(bytes, plusIsSpace: false, what: ""))
            ?? String(
                decoding: bytes, as: UTF8.self)
    }
}

extension RouteMatch: Equatable {
    /// Equal when the routes are equal (wherever they are kept), and so are the URL, the path and everything decoded
    /// from it.
    public static func == (lhs: RouteMatch, rhs: RouteMatch) -> Bool {
        lhs.route == rhs.route && lhs.url == rhs.url && lhs.pathRange == rhs.pathRange
            && lhs.pathParameters == rhs.pathParameters && lhs.storedQueryItems == rhs.storedQueryItems
            && lhs.storedFragment == rhs.storedFragment && lhs.storedProps == rhs.storedProps
            && lhs.remainder == rhs.remainder
    }
}

/// The byte ranges of a match's path parameters, in pattern order: the first eight kept in the value itself (a plain
/// value: copying a match copies them without reference counting); a match finds the others again by scanning its
/// URL.
struct ParameterSlices: Sendable {
    /// How many ranges are kept.
    static let capacity = 8
    // Fields, not a tuple or an array: a tuple's copy goes through the runtime's generic tuple functions, and an
    // array would be counted references.
    private var slice0 = SegmentSlice(start: 0, end: 0)
    private var slice1 = SegmentSlice(start: 0, end: 0)
    private var slice2 = SegmentSlice(start: 0, end: 0)
    private var slice3 = SegmentSlice(start: 0, end: 0)
    private var slice4 = SegmentSlice(start: 0, end: 0)
    private var slice5 = SegmentSlice(start: 0, end: 0)
    private var slice6 = SegmentSlice(start: 0, end: 0)
    private var slice7 = SegmentSlice(start: 0, end: 0)
    private var count32: Int32 = 0
    /// How many parameters the route has (kept or not).
    var count: Int { Int(count32) }
    /// Whether the path has a `%` escape (values then may need decoding).
    var pathHasPercent = false
    /// Whether the last parameter is a catch-all.
    private(set) var hasCatchAll = false

    /// Adds the next parameter's range (kept only while there is room).
    mutating func append(_ slice: SegmentSlice, isCatchAll: Bool) {
        switch count {
        case 0: slice0 = slice
        case 1: slice1 = slice
        case 2: slice2 = slice
        case 3: slice3 = slice
        case 4: slice4 = slice
        case 5: slice5 = slice
        case 6: slice6 = slice
        case 7: slice7 = slice
        default: break
        }
        count32 += 1
        if isCatchAll { hasCatchAll = true }
    }

    /// The range of the parameter at `ordinal` (below `capacity`).
    subscript(ordinal: Int) -> SegmentSlice {
        switch ordinal {
        case 0: return slice0
        case 1: return slice1
        case 2: return slice2
        case 3: return slice3
        case 4: return slice4
        case 5: return slice5
        case 6: return slice6
        default: return slice7
        }
    }
}
