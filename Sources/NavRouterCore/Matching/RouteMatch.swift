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
public struct RouteMatch: Equatable, Sendable {
    /// The route that won.
    public let route: Route
    /// The URL as given.
    public let url: String
    /// The path as it stood in the URL (still percent-encoded, without scheme, web domain, query or fragment).
    public let path: String
    /// The path parameters by name (values keep their case). A catch-all's value is its segments joined by `/`.
    public let pathParameters: [String: String]
    /// Every query item in order, repeated keys included (the props item excepted).
    public let queryItems: [QueryItem]
    /// The catch-all's segments, decoded, when the route ends with one.
    public let remainderSegments: [String]?
    /// The catch-all's part of the path as it stood in the URL (still percent-encoded).
    public let remainder: String?
    /// The decoded fragment, when the URL has one.
    public let fragment: String?
    /// Props carried in the URL (the `_props` query item: base64url of a JSON object), if any.
    public let props: [String: JSONValue]?

    /// The query parameters by name; for a repeated key the last value wins (`queryItems` has them all).
    public var queryParameters: [String: String] {
        var parameters: [String: String] = [:]
        for item in queryItems { parameters[item.name] = item.value }
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

    init(
        route: Route, url: String, path: String, pathParameters: [String: String], queryItems: [QueryItem],
        remainderSegments: [String]?, remainder: String?, fragment: String?, props: [String: JSONValue]?
    ) {
        self.route = route
        self.url = url
        self.path = path
        self.pathParameters = pathParameters
        self.queryItems = queryItems
        self.remainderSegments = remainderSegments
        self.remainder = remainder
        self.fragment = fragment
        self.props = props
    }
}
