extension RouteTable {
    /// Resolves a deep link to its route and decodes everything it carries.
    ///
    /// - Parameter url: an absolute (`myapp://shop/product/42`, `https://shop.example.com/product/42`) or
    ///   relative (`/shop/product/42`, `shop/product/42`) deep link.
    /// - Returns: the match: route, path and query parameters, catch-all remainder, fragment, props.
    /// - Throws: `.invalidArgument` (empty URL), `.limitExceeded`, `.denied` (scheme or web domain),
    ///   `.malformedURL`, `.notFound`, `.invalidJSON` (bad props), `.missingParameter` (a required parameter
    ///   is missing).
    public func resolve(_ url: String) throws(NavRouterError) -> RouteMatch {
        try resolveWithIndex(url).match
    }

    /// `resolve(_:)`, also giving the route's index in `routes` (for hosts that keep per-route arrays).
    public func resolveWithIndex(_ url: String) throws(NavRouterError) -> (routeIndex: Int, match: RouteMatch) {
        try withScannedURL(url) { bytes, layout, segments throws(NavRouterError) in
            let index = matchIndex(bytes, segments, pathFlags: layout.pathFlags)
            if index < 0 { throw notFound(url) }
            return (index, try makeMatch(index, url: url, bytes: bytes, layout: layout, segments: segments))
        }
    }

    func makeMatch(
        _ routeIndex: Int, url: String, bytes: UnsafeBufferPointer<UInt8>, layout: URLLayout,
        segments: UnsafeBufferPointer<SegmentSlice>
    ) throws(NavRouterError) -> RouteMatch {
        let parameterCount = parameterNames.count(route: routeIndex)
        // Sized once (no rehash while filling); no storage at all for a route without parameters.
        var pathParameters: [String: String] = parameterCount > 0 ? Dictionary(minimumCapacity: parameterCount) : [:]
        var remainderSegments: [String]?
        var remainder: String?
        if parameterCount > 0 {
            let parts = routes[routeIndex].pattern.parts
            var ordinal = 0  // among the parameters
            for position in 0..<parts.count {
                switch parts[position].kind {
                case .literal:
                    continue
                case .parameter, .intParameter, .uuidParameter:
                    pathParameters[parameterNames.name(route: routeIndex, ordinal: ordinal)] =
                        try Self.decode(segments[position], in: bytes)
                    ordinal += 1
                case .catchAll:
                    var values: [String] = []
                    for rest in position..<segments.count { values.append(try Self.decode(segments[rest], in: bytes)) }
                    pathParameters[parameterNames.name(route: routeIndex, ordinal: ordinal)] = values.joined(
                        separator: "/")
                    remainderSegments = values
                    let raw = bytes[Int(segments[position].start)..<Int(segments[segments.count - 1].end)]
                    remainder = String(decoding: raw, as: UTF8.self)
                }
            }
        }
        var queryItems: [QueryItem] = []
        var props: [String: JSONValue]?
        if let query = layout.query {
            for item in try Self.parseQuery(UnsafeBufferPointer(rebasing: bytes[query])) {
                guard item.name == Self.propsQueryKey else {
                    queryItems.append(item)
                    continue
                }
                if props != nil { throw NavRouterError(.invalidJSON, "the URL carries props twice") }
                props = try Self.decodeProps(item.value)
            }
        }
        var fragment: String?
        if let range = layout.fragment {
            fragment = try URLSyntax.percentDecode(
                UnsafeBufferPointer(rebasing: bytes[range]), plusIsSpace: false, what: "the fragment")
        }
        let match = RouteMatch(
            routes: routes, routeIndex: routeIndex, url: url, pathRange: layout.path, pathParameters: pathParameters,
            queryItems: queryItems, remainderSegments: remainderSegments, remainder: remainder, fragment: fragment,
            props: props)
        let required = routes[routeIndex].requiredParameters
        if !required.isEmpty {
            let present = match.parameters
            let missing = required.filter { present[$0] == nil }
            if !missing.isEmpty {
                throw NavRouterError(
                    .missingParameter,
                    "route '\(routes[routeIndex].name)' requires the parameter\(missing.count > 1 ? "s" : "") \(missing.map { "'\($0)'" }.joined(separator: ", "))"
                )
            }
        }
        return match
    }

    /// A segment's value, percent-decoded once (the scanner has validated its escapes).
    static func decode(_ segment: SegmentSlice, in bytes: UnsafeBufferPointer<UInt8>) throws(NavRouterError) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[Int(segment.start)..<Int(segment.end)])
        if !raw.contains(UInt8(ascii: "%")) { return String(decoding: raw, as: UTF8.self) }
        return try URLSyntax.percentDecode(raw, plusIsSpace: false, what: "a path segment")
    }

    /// Splits a query on `&` and `=` and decodes each key and value (`+` is a space); empty items are skipped.
    static func parseQuery(_ query: UnsafeBufferPointer<UInt8>) throws(NavRouterError) -> [QueryItem] {
        var items: [QueryItem] = []
        var start = 0
        while start <= query.count {
            var end = start
            while end < query.count && query[end] != UInt8(ascii: "&") { end += 1 }
            if end > start {
                var equals = start
                while equals < end && query[equals] != UInt8(ascii: "=") { equals += 1 }
                let name = try URLSyntax.percentDecode(
                    UnsafeBufferPointer(rebasing: query[start..<equals]), plusIsSpace: true, what: "a query key")
                let value =
                    equals < end
                    ? try URLSyntax.percentDecode(
                        UnsafeBufferPointer(rebasing: query[(equals + 1)..<end]), plusIsSpace: true,
                        what: "the value of query item '\(name)'") : ""
                items.append(QueryItem(name: name, value: value))
            }
            start = end + 1
        }
        return items
    }

    /// Decodes the props query item: base64url of a JSON object.
    static func decodeProps(_ encoded: String) throws(NavRouterError) -> [String: JSONValue] {
        guard let bytes = Base64URL.decode(encoded), let text = String(validating: bytes, as: UTF8.self) else {
            throw NavRouterError(.invalidJSON, "the props item '\(propsQueryKey)' is not base64url of UTF-8 text")
        }
        return try JSONValue.parseObject(text, what: "props")
    }
}
