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
    package let table: RouteTable
    /// The URL as given.
    public let url: String
    /// What the resolve found in the URL's bytes.
    package let resolved: ResolvedURL

    package init(table: RouteTable, url: String, resolved: ResolvedURL) {
        self.table = table
        self.url = url
        self.resolved = resolved
    }

    var routeIndex: Int { resolved.routeIndex }

    /// The route that won. A copy of the table's (`routeName` reads the name alone).
    public var route: Route { table.routes[routeIndex] }

    /// The name of the route that won (`route.name` without copying the route).
    public var routeName: String { table.routes.withUnsafeBufferPointer { $0[routeIndex].name } }

    /// The path as it stood in the URL (still percent-encoded, without scheme, web domain, query or fragment).
    public var path: String { withURLBytes { String(decoding: $0[resolved.path], as: UTF8.self) } }

    /// Every query item in order, repeated keys included (the props item excepted).
    public var queryItems: [QueryItem] { resolved.queryItems }
    /// The decoded fragment, when the URL has one.
    public var fragment: String? { resolved.fragment }
    /// Props carried in the URL (the `_props` query item: base64url of a JSON object), if any.
    public var props: [String: JSONValue]? { resolved.props }

    /// How many path parameters the route has (a catch-all counts as one).
    public var pathParameterCount: Int { resolved.parameterCount }

    /// The name of the path parameter at `ordinal` (0-based, in the pattern's order); `""` when the route has no
    /// parameter there (`ordinal` outside `0..<pathParameterCount`).
    public func pathParameterName(at ordinal: Int) -> String {
        guard isParameter(ordinal) else { return "" }
        return table.parameterNames.name(route: routeIndex, ordinal: ordinal)
    }

    /// The decoded value of the path parameter at `ordinal` (0-based, in the pattern's order); `""` when the route
    /// has no parameter there. A catch-all's value is its segments, decoded, joined by `/`.
    public func pathParameterValue(at ordinal: Int) -> String {
        guard isParameter(ordinal) else { return "" }
        return value(at: ordinal)
    }

    /// Whether the route has a path parameter at `ordinal` (an ordinal past them would read another route's names).
    @inline(__always)
    private func isParameter(_ ordinal: Int) -> Bool {
        UInt(bitPattern: ordinal) < UInt(resolved.parameterCount)
    }

    /// `pathParameterValue(at:)` of an ordinal known to be in range.
    private func value(at ordinal: Int) -> String {
        // The URL's UTF-8 read in place through `withCString`: through `withUTF8`, a copy of the URL was retained and
        // released around the value's making (an opaque call), ~50 instructions a value.
        // Safety: as in `RouteTable.resolve(_:)`: the string's whole UTF-8 then a NUL, its first `utf8.count` bytes
        // read during the call only, as `UInt8` (the size and alignment of `CChar`). Written out here, not through a
        // helper shared with the resolve: through one, this closure was not inlined (+320 instructions a URL).
        let count = url.utf8.count
        return url.withCString { text in
            // Safety: see above: `count` bytes of the C string, read as `UInt8` during the call.
            text.withMemoryRebound(to: UInt8.self, capacity: count) {
                resolved.parameterValue(at: ordinal, in: UnsafeBufferPointer(start: $0, count: count), table: table)
            }
        }
    }

    /// The decoded value of the path parameter named `name`, if the route has one.
    public func pathParameter(_ name: String) -> String? {
        for ordinal in 0..<resolved.parameterCount
        where table.parameterNames.name(route: routeIndex, ordinal: ordinal) == name {
            return value(at: ordinal)
        }
        return nil
    }

    /// A parameter by name: the path parameter, or else the last query item with that name.
    public func parameter(_ name: String) -> String? {
        if let value = pathParameter(name) { return value }
        return resolved.queryItems.last(where: { $0.name == name && !name.isEmpty })?.value
    }

    /// The path parameters by name (values keep their case). A catch-all's value is its segments joined by `/`.
    /// Made on each read: `pathParameter(_:)` reads one without making a dictionary.
    public var pathParameters: [String: String] {
        let count = resolved.parameterCount
        if count == 0 { return [:] }
        // The usual case, one parameter: a literal is specialized, while `init(minimumCapacity:)` and
        // `reserveCapacity(_:)` are called generically (the latter cost ~700 instructions more a push).
        if count == 1 {
            return withURLBytes { [pathParameterName(at: 0): resolved.parameterValue(at: 0, in: $0, table: table)] }
        }
        var parameters = [String: String](minimumCapacity: count)
        withURLBytes { bytes in
            for ordinal in 0..<count {
                parameters[pathParameterName(at: ordinal)] = resolved.parameterValue(
                    at: ordinal, in: bytes, table: table)
            }
        }
        return parameters
    }

    /// The catch-all's segments, decoded, when the route ends with one.
    public var remainderSegments: [String]? {
        guard resolved.hasCatchAll else { return nil }
        return withURLBytes { bytes in
            let range = resolved.parameterRange(at: resolved.parameterCount - 1, in: bytes, table: table)
            return bytes[range].split(separator: UInt8(ascii: "/")).map {
                ResolvedURL.decode(UnsafeBufferPointer(rebasing: $0))
            }
        }
    }

    /// The catch-all's part of the path as it stood in the URL (still percent-encoded).
    public var remainder: String? {
        guard resolved.hasCatchAll else { return nil }
        return withURLBytes { bytes in
            let range = resolved.parameterRange(at: resolved.parameterCount - 1, in: bytes, table: table)
            return String(decoding: bytes[range], as: UTF8.self)
        }
    }

    /// The query parameters by name; for a repeated key the last value wins (`queryItems` has them all). An item
    /// without a name (`?=v`) is no parameter (it stays in `queryItems`).
    public var queryParameters: [String: String] { MatchJSON.queryParameters(resolved.queryItems) }

    /// Query and path parameters merged; a path parameter wins over a query item of the same name.
    public var parameters: [String: String] { MatchJSON.merged(path: pathParameters, queryItems: resolved.queryItems) }

    /// Every value given for a query key, in order.
    public func queryValues(_ name: String) -> [String] {
        resolved.queryItems.filter { $0.name == name }.map(\.value)
    }

    /// A merged parameter as a 64-bit integer, when it is one.
    public func integer(_ name: String) -> Int64? { TypedParameterValue.integer(parameter(name)) }

    /// The props as compact JSON text (sorted keys), if any.
    public var propsJSON: String? { resolved.props.map { JSONValue.object($0).jsonText } }

    /// Runs `body` on the URL's UTF-8 bytes (a native string's own storage: nothing is copied).
    private func withURLBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var url = url
        return url.withUTF8(body)
    }
}

extension RouteMatch: Equatable {
    /// Equal when the routes are equal (wherever they are kept), and so are the URL, the path and everything decoded
    /// from it.
    public static func == (lhs: RouteMatch, rhs: RouteMatch) -> Bool {
        lhs.route == rhs.route && lhs.url == rhs.url && lhs.resolved.path == rhs.resolved.path
            && lhs.pathParameters == rhs.pathParameters && lhs.queryItems == rhs.queryItems
            && lhs.fragment == rhs.fragment && lhs.props == rhs.props && lhs.remainder == rhs.remainder
    }
}
