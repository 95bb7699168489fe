/// One query item of a deep link, decoded (`+` is a space).
public struct QueryItem: Equatable, Sendable {
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

/// What resolving a deep link gives: the route and everything the URL carried, decoded exactly once.
///
/// A value type over one shared, immutable storage object: copying a match (to the guards, into a navigation
/// transaction) costs one reference count, not one per field. The route is not copied into the match: the match
/// shares the routes array of the table it was resolved on (one reference count) and reads its route from there
/// when asked; a match kept after its registry changed keeps that array (not the rest of the table) alive.
public struct RouteMatch: Equatable, Sendable {
    private struct MatchValues: Equatable, Sendable {
        /// The resolving table's routes (shared with the table, not copied).
        let routes: [Route]
        let routeIndex: Int
        let url: String
        /// The path's byte offsets in `url` (the path is made only when asked for).
        let pathRange: Range<Int>
        let pathParameters: [String: String]
        let queryItems: [QueryItem]
        let remainderSegments: [String]?
        let remainder: String?
        let fragment: String?
        let props: [String: JSONValue]?

        /// Equal when the routes are equal (wherever they are kept) and every other field is.
        static func == (lhs: MatchValues, rhs: MatchValues) -> Bool {
            lhs.routes[lhs.routeIndex] == rhs.routes[rhs.routeIndex] && lhs.url == rhs.url
                && lhs.pathRange == rhs.pathRange && lhs.pathParameters == rhs.pathParameters
                && lhs.queryItems == rhs.queryItems && lhs.remainderSegments == rhs.remainderSegments
                && lhs.remainder == rhs.remainder && lhs.fragment == rhs.fragment && lhs.props == rhs.props
        }
    }

    private final class Storage: CopyOnWriteStorage {
        var value: MatchValues
        init(_ value: MatchValues) { self.value = value }
    }

    private let values: CopyOnWrite<Storage>

    /// The route that won. Read in place (`match.route.name` copies the name, not the whole route).
    public var route: Route {
        _read { yield values.value.routes[values.value.routeIndex] }
    }
    /// The URL as given.
    public var url: String { values.value.url }
    /// The path as it stood in the URL (still percent-encoded, without scheme, web domain, query or fragment).
    public var path: String {
        let utf8 = url.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: values.value.pathRange.lowerBound)
        let end = utf8.index(start, offsetBy: values.value.pathRange.count)
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }
    /// The path parameters by name (values keep their case). A catch-all's value is its segments joined by `/`.
    public var pathParameters: [String: String] { values.value.pathParameters }
    /// Every query item in order, repeated keys included (the props item excepted).
    public var queryItems: [QueryItem] { values.value.queryItems }
    /// The catch-all's segments, decoded, when the route ends with one.
    public var remainderSegments: [String]? { values.value.remainderSegments }
    /// The catch-all's part of the path as it stood in the URL (still percent-encoded).
    public var remainder: String? { values.value.remainder }
    /// The decoded fragment, when the URL has one.
    public var fragment: String? { values.value.fragment }
    /// Props carried in the URL (the `_props` query item: base64url of a JSON object), if any.
    public var props: [String: JSONValue]? { values.value.props }

    /// The query parameters by name; for a repeated key the last value wins (`queryItems` has them all). An item
    /// without a name (`?=v`) is no parameter (it stays in `queryItems`).
    public var queryParameters: [String: String] {
        var parameters: [String: String] = [:]
        for item in queryItems where !item.name.isEmpty { parameters[item.name] = item.value }
        return parameters
    }

    /// Query and path parameters merged; a path parameter wins over a query item of the same name.
    public var parameters: [String: String] {
        if queryItems.isEmpty { return pathParameters }  // the usual case: nothing to merge
        return queryParameters.merging(pathParameters) { _, path in path }
    }

    /// Every value given for a query key, in order.
    public func queryValues(_ name: String) -> [String] {
        queryItems.filter { $0.name == name }.map(\.value)
    }

    /// A merged parameter as a 64-bit integer, when it is one.
    public func integer(_ name: String) -> Int64? {
        guard let value = parameters[name] else { return nil }
        var copy = value
        return copy.withUTF8 { ParameterType.parseInt64($0) }
    }

    /// The props as compact JSON text (sorted keys), if any.
    public var propsJSON: String? { props.map { JSONValue.object($0).jsonText } }

    /// - Parameters:
    ///   - routes: the resolving table's routes; `routeIndex`: the route's index in them.
    init(
        routes: [Route], routeIndex: Int, url: String, pathRange: Range<Int>, pathParameters: [String: String],
        queryItems: [QueryItem], remainderSegments: [String]?, remainder: String?, fragment: String?,
        props: [String: JSONValue]?
    ) {
        values = CopyOnWrite(
            MatchValues(
                routes: routes, routeIndex: routeIndex, url: url, pathRange: pathRange, pathParameters: pathParameters,
                queryItems: queryItems, remainderSegments: remainderSegments, remainder: remainder, fragment: fragment,
                props: props))
    }
}
