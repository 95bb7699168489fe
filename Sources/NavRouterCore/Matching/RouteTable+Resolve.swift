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
        RouteMatch(table: self, url: url, resolved: try resolved(url))
    }

    /// `resolve(_:)`, also giving the route's index in `routes` (for hosts that keep per-route arrays).
    public func resolveWithIndex(_ url: String) throws(NavRouterError) -> (routeIndex: Int, match: RouteMatch) {
        let match = try resolve(url)
        return (match.resolved.routeIndex, match)
    }

    @inline(__always)
    private func resolved(_ url: String) throws(NavRouterError) -> ResolvedURL {
        // The string's UTF-8 read in place through `withCString`: `withUTF8` is mutating and needs a copy of the
        // string, which the compiler retained and released around the resolve (~50 instructions a URL).
        // Safety: `withCString` hands over the string's whole UTF-8 (interior NULs included; a small string's is
        // copied to the stack) followed by a NUL, so its first `utf8.count` bytes are the URL; `CChar` and `UInt8`
        // have the same size and alignment; the bytes are read during the call only.
        let count = url.utf8.count
        let result = url.withCString { text in
            // Safety: see above: `count` bytes of the C string, read as `UInt8` during the call.
            text.withMemoryRebound(to: UInt8.self, capacity: count) { bytes in
                Result { () throws(NavRouterError) in
                    try resolve(bytes: UnsafeBufferPointer(start: bytes, count: count), validatingUTF8: false)
                }
            }
        }
        return try result.get()
    }

    /// Resolves a URL given as UTF-8 bytes, making no string unless the URL has a query or fragment (which are
    /// decoded, and so checked, here). Reading the result never fails.
    /// - Parameter validatingUTF8: check that the bytes are UTF-8 (`.malformedURL` if not, before any other error);
    ///   false for a `String`'s.
    /// - Throws: as `resolve(_:)`.
    @inline(__always)
    package func resolve(bytes: UnsafeBufferPointer<UInt8>, validatingUTF8: Bool) throws(NavRouterError)
        -> ResolvedURL
    {
        try withUnsafeTemporaryAllocation(of: SegmentSlice.self, capacity: policy.maxSegments) {
            (segments) throws(NavRouterError) in
            try resolve(bytes: bytes, validatingUTF8: validatingUTF8, segments: segments)
        }
    }

    /// `resolve(bytes:validatingUTF8:)` scanning into `segments` (the C layer passes a buffer it keeps per thread),
    /// whose first `policy.maxSegments` slots are used: it must hold at least that many (a scan's limit is its
    /// buffer's size).
    @inline(__always)
    package func resolve(
        bytes: UnsafeBufferPointer<UInt8>, validatingUTF8: Bool,
        segments buffer: UnsafeMutableBufferPointer<SegmentSlice>
    ) throws(NavRouterError) -> ResolvedURL {
        if bytes.isEmpty { throw NavRouterError(.invalidArgument, "the URL is empty") }
        let buffer = UnsafeMutableBufferPointer(start: buffer.baseAddress, count: min(buffer.count, policy.maxSegments))
        let layout: URLLayout
        let routeIndex: Int
        let slices: ParameterSlices
        do throws(NavRouterError) {
            let count: Int
            (layout, count) = try DeepLinkScanner.scan(
                bytes, policy: policy, into: buffer, classes: byteClasses, validatingUTF8: validatingUTF8)
            let segments = UnsafeBufferPointer(start: buffer.baseAddress, count: count)
            routeIndex = matchIndex(bytes, segments, pathFlags: layout.pathFlags)
            if routeIndex < 0 { throw notFound(String(decoding: bytes, as: UTF8.self)) }
            slices = parameterSlices(of: routeIndex, segments, pathFlags: layout.pathFlags)
        } catch {
            // The encoding is reported first (the C header's promise), whatever else the scan met before the bad byte
            // (a limit, a scheme): only a failed resolve checks the whole URL again.
            if validatingUTF8 && !UTF8Validation.isValid(bytes) {
                throw NavRouterError(.malformedURL, "the URL is not valid UTF-8")
            }
            throw error
        }
        // The common deep link, a path alone: no string made, nothing more to check.
        let checked = routesWithParameterChecks.contains(routeIndex)
        if layout.query == nil && layout.fragment == nil && !checked {
            return ResolvedURL(routeIndex: routeIndex, path: layout.path, slices: slices, extras: nil)
        }
        var (queryItems, props, fragment): ([QueryItem], [String: JSONValue]?, String?) = ([], nil, nil)
        if layout.query != nil || layout.fragment != nil {
            (queryItems, props, fragment) = try Self.decodeQueryAndFragment(
                bytes, query: layout.query, fragment: layout.fragment)
        }
        if checked {
            try checkQueryParameters(&queryItems, routeIndex: routeIndex)
            try checkRequiredParameters(queryItems, routeIndex: routeIndex)
        }
        var extras: ResolvedURL.Extras?
        if !queryItems.isEmpty || fragment != nil || props != nil {
            extras = ResolvedURL.Extras(queryItems: queryItems, fragment: fragment, props: props)
        }
        return ResolvedURL(routeIndex: routeIndex, path: layout.path, slices: slices, extras: extras)
    }

    /// The byte ranges of route `routeIndex`'s path parameters among the scanned segments.
    @inline(__always)
    private func parameterSlices(
        of routeIndex: Int, _ segments: UnsafeBufferPointer<SegmentSlice>, pathFlags: UInt8
    ) -> ParameterSlices {
        var slices = ParameterSlices()
        let parameterCount = parameterNames.count(route: routeIndex)
        if parameterCount == 0 { return slices }
        slices.pathHasPercent = pathFlags & SegmentSlice.percent != 0
        for ordinal in 0..<parameterCount {
            let (position, isCatchAll) = parameterNames.position(route: routeIndex, ordinal: ordinal)
            let slice =
                isCatchAll
                ? SegmentSlice(start: segments[position].start, end: segments[segments.count - 1].end)
                : segments[position]
            slices.append(slice, isCatchAll: isCatchAll)
        }
        return slices
    }

    /// Checks the query items against the route's declared query parameters (`QueryParameter`): every value of
    /// one has its type, a required one is there; a missing one with a default is appended with it.
    /// - Throws: `.missingParameter` naming the route, the parameter and what it expects.
    private func checkQueryParameters(_ queryItems: inout [QueryItem], routeIndex: Int) throws(NavRouterError) {
        for declared in routes[routeIndex].queryParameters {
            var present = false
            for item in queryItems where item.name == declared.name {
                present = true
                if !declared.type.accepts(item.value) {
                    throw NavRouterError(
                        .missingParameter,
                        "route '\(routes[routeIndex].name)': query parameter '\(declared.name)' must be "
                            + "\(declared.type.expectation), not '\(item.value)'")
                }
            }
            if present { continue }
            if let value = declared.defaultValue {
                queryItems.append(QueryItem(name: declared.name, value: value))
            } else if declared.isRequired {
                throw NavRouterError(
                    .missingParameter,
                    "route '\(routes[routeIndex].name)' requires the query parameter '\(declared.name)' "
                        + "(\(declared.type.expectation))")
            }
        }
    }

    /// Throws `.missingParameter` unless every required parameter of the route is a path parameter or a named
    /// query item.
    private func checkRequiredParameters(_ queryItems: [QueryItem], routeIndex: Int) throws(NavRouterError) {
        let count = parameterNames.count(route: routeIndex)
        let missing = routes[routeIndex].requiredParameters.filter { name in
            !(0..<count).contains { parameterNames.name(route: routeIndex, ordinal: $0) == name }
                && !queryItems.contains { $0.name == name }
        }
        if missing.isEmpty { return }
        throw NavRouterError(
            .missingParameter,
            "route '\(routes[routeIndex].name)' requires the parameter\(missing.count > 1 ? "s" : "") "
                + "\(missing.map { "'\($0)'" }.joined(separator: ", "))"
        )
    }

    /// The query items (without the props item), the props and the fragment, decoded.
    private static func decodeQueryAndFragment(
        _ bytes: UnsafeBufferPointer<UInt8>, query: Range<Int>?, fragment: Range<Int>?
    ) throws(NavRouterError) -> (items: [QueryItem], props: [String: JSONValue]?, fragment: String?) {
        var items: [QueryItem] = []
        var props: [String: JSONValue]?
        if let query {
            for item in try parseQuery(UnsafeBufferPointer(rebasing: bytes[query])) {
                guard item.name == propsQueryKey else {
                    items.append(item)
                    continue
                }
                if props != nil { throw NavRouterError(.invalidJSON, "the URL carries props twice") }
                props = try decodeProps(item.value)
            }
        }
        var decodedFragment: String?
        if let fragment {
            decodedFragment = try URLSyntax.percentDecode(
                UnsafeBufferPointer(rebasing: bytes[fragment]), plusIsSpace: false, what: "the fragment")
        }
        return (items, props, decodedFragment)
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
