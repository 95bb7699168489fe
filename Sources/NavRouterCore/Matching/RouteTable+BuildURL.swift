extension RouteTable {
    /// Builds a deep link to a route from its parameters (reverse routing), optionally carrying JSON props.
    ///
    /// Path parameters are percent-encoded into their segments (`/` included, so a value never spans segments);
    /// a catch-all's value is split on `/`. Parameters that are not in the path become query items, sorted by
    /// name. Props travel base64url-encoded in the `_props` query item. The URL is resolved once before it is
    /// returned: resolving it gives back this route, these parameters and these props.
    /// - Parameters:
    ///   - name: the route's name.
    ///   - parameters: values by name (path parameters, then any extra query parameters).
    ///   - props: a JSON object to carry, or `nil`.
    ///   - scheme: a scheme to put in front (`myapp` gives `myapp://shop/…`), or `nil` for a relative `/shop/…`.
    ///     The first segment then stands where URLs have their host: a `:` or `@` in it is escaped (`%3A`, `%40`),
    ///     so that other parsers do not read a port or user information there.
    /// - Returns: the URL.
    /// - Throws: `.notFound` (no such route), `.missingParameter` (a path or required parameter is missing, or a
    ///   typed one has the wrong type), `.invalidArgument` (an empty, dot or NUL-bearing value, a bad scheme),
    ///   `.conflict` (a value equals a literal of a more specific route, so the URL would open that route),
    ///   `.invalidJSON` (props JSON cannot carry: nested deeper than `JSONValue.maxDepth`, NUL, NaN).
    public func buildURL(
        route name: String, parameters: [String: String] = [:], props: [String: JSONValue]? = nil, scheme: String? = nil
    ) throws(NavRouterError) -> String {
        if let scheme {
            guard URLSyntax.isScheme(scheme.utf8) else {
                throw NavRouterError(.invalidArgument, "'\(scheme)' is not a valid scheme")
            }
            return try buildURL(route: name, parameters: parameters, props: props, start: .scheme(scheme))
        }
        return try buildURL(route: name, parameters: parameters, props: props, start: .relative)
    }

    /// Builds a universal link to a route: `https://DOMAIN/…`, on one of the web domains of the table's URL policy,
    /// which the app (and this router) reads as its own deep link. As `buildURL(route:parameters:props:scheme:)`
    /// otherwise.
    /// - Parameters:
    ///   - name: the route's name.
    ///   - parameters: values by name, as `buildURL` takes them.
    ///   - props: a JSON object to carry, or `nil`.
    ///   - domain: one of the policy's web domains (any case), or `nil` when it lists exactly one.
    /// - Throws: `buildURL`'s errors; `.invalidArgument` when the policy lists no web domain, or several and none is
    ///   named, or `domain` is not one of them.
    public func universalLink(
        route name: String, parameters: [String: String] = [:], props: [String: JSONValue]? = nil,
        domain: String? = nil
    ) throws(NavRouterError) -> String {
        let listed = policy.webDomains.sorted()
        guard !listed.isEmpty else {
            throw NavRouterError(
                .invalidArgument, "no web domain is listed for the app: a universal link needs one (set the URL policy)"
            )
        }
        let host: String
        if let domain {
            guard policy.webDomains.contains(domain.lowercased()) else {
                throw NavRouterError(
                    .invalidArgument,
                    "'\(domain)' is not one of the app's web domains (\(listed.joined(separator: ", ")))")
            }
            host = domain.lowercased()
        } else {
            guard listed.count == 1 else {
                throw NavRouterError(
                    .invalidArgument,
                    "the app has \(listed.count) web domains (\(listed.joined(separator: ", "))): name the one to use")
            }
            host = listed[0]
        }
        return try buildURL(route: name, parameters: parameters, props: props, start: .web(host))
    }

    /// Builds a deep link from a path rather than a route's name (CoreLayer's `createURL(host:path:props:)`): the
    /// path (and any query it has) is resolved to its route and parameters, and the link is built from them, so it is
    /// the route's canonical URL, carrying `props` (or, when `nil`, the props the path carried).
    /// - Parameters:
    ///   - path: a path as a link carries it (`shop/product/7`, `/shop/product/7?ref=mail`), percent-encoded.
    ///   - props: a JSON object to carry, or `nil`.
    ///   - scheme: as in `buildURL(route:parameters:props:scheme:)`.
    /// - Throws: the path's resolve errors (`.notFound` when no route takes it), then `buildURL`'s.
    public func buildURL(path: String, props: [String: JSONValue]? = nil, scheme: String? = nil)
        throws(NavRouterError) -> String
    {
        let match = try resolve(path.hasPrefix("/") ? path : "/" + path)
        var parameters = match.pathParameters  // a query item named as a path parameter cannot be carried as well
        for (name, value) in match.parameters where parameters[name] == nil { parameters[name] = value }
        return try buildURL(route: match.routeName, parameters: parameters, props: props ?? match.props, scheme: scheme)
    }

    /// Where a built URL starts: `/…`, `SCHEME://…` (the first segment stands where URLs have their host), or
    /// `https://DOMAIN/…`.
    private enum Start {
        case relative
        case scheme(String)
        case web(String)
    }

    private func buildURL(route name: String, parameters: [String: String], props: [String: JSONValue]?, start: Start)
        throws(NavRouterError) -> String
    {
        guard let route = route(named: name) else {
            throw NavRouterError(
                .notFound, "no route is named '\(name)'" + NameSuggestion.didYouMean(name, among: routeNames))
        }
        try JSONValue.checkWritable(props, "props")
        // With a scheme, the first segment stands where RFC 3986 puts the authority: a ':' or '@' there would read as
        // a port or user information to every other parser (`myapp://ann@home` is host "home"), so both are escaped.
        let firstIsHost = if case .scheme = start { true } else { false }
        let path = try Self.pathSegments(of: route, parameters) { text, isFirst in
            firstIsHost && isFirst ? URLSyntax.encodeHostSegment(text) : URLSyntax.encodePathSegment(text)
        }
        let inPath = Set(route.pattern.parameterNames)
        for required in route.requiredParameters where parameters[required] == nil {
            throw NavRouterError(.missingParameter, "route '\(name)' requires the parameter '\(required)'")
        }
        for declared in route.queryParameters {
            if let value = parameters[declared.name] {
                guard declared.type.accepts(value) else {
                    throw NavRouterError(
                        .missingParameter,
                        "route '\(name)': query parameter '\(declared.name)' must be \(declared.type.expectation), "
                            + "not '\(value)'")
                }
            } else if declared.isRequired {
                throw NavRouterError(
                    .missingParameter,
                    "route '\(name)' requires the query parameter '\(declared.name)' (\(declared.type.expectation))")
            }
        }
        var query: [String] = []
        for (key, value) in parameters.sorted(by: { $0.key < $1.key }) where !inPath.contains(key) {
            if let problem = Self.queryParameterProblem(key, value) {
                throw NavRouterError(.invalidArgument, "route '\(name)': \(problem)")
            }
            query.append(URLSyntax.encodeQueryComponent(key) + "=" + URLSyntax.encodeQueryComponent(value))
        }
        if let props {
            query.append(Self.propsQueryKey + "=" + Base64URL.encode(JSONValue.object(props).jsonText.utf8))
        }
        var url: String
        switch start {
        case .relative: url = "/" + path.joined(separator: "/")
        case .scheme(let scheme): url = scheme + "://" + path.joined(separator: "/")
        case .web(let domain): url = "https://" + domain + "/" + path.joined(separator: "/")
        }
        if !query.isEmpty { url += "?" + query.joined(separator: "&") }
        try verifyRoundTrip(url, route: route)
        return url
    }

    /// A route's path segments filled in with `parameters`, each encoded by `encode` (given whether it is the first).
    /// What `buildURL` writes, and the paths a guard's pattern scope is tested against.
    /// - Throws: `.missingParameter` (a path parameter is missing or of the wrong type), `.invalidArgument` (an
    ///   empty, dot or NUL-bearing value, or a catch-all with an empty or dot segment).
    static func pathSegments(
        of route: Route, by pattern: RoutePattern? = nil, _ parameters: [String: String],
        encode: (_ text: String, _ isFirst: Bool) -> String
    ) throws(NavRouterError) -> [String] {
        var path: [String] = []
        for segment in (pattern ?? route.pattern).segments {
            switch segment {
            case .literal(let text):
                path.append(encode(text, path.isEmpty))
            case .parameter(let parameter, let type):
                let value = try pathValue(parameters, parameter, route: route)
                guard type.accepts(value) else {
                    throw NavRouterError(
                        .missingParameter,
                        "route '\(route.name)': parameter '\(parameter)' must be \(type.expectation), not '\(value)'"
                    )
                }
                path.append(encode(value, path.isEmpty))
            case .catchAll(let parameter):
                let value = try pathValue(parameters, parameter, route: route)
                for piece in value.split(separator: "/", omittingEmptySubsequences: false) {
                    if piece.isEmpty || piece == "." || piece == ".." {
                        throw NavRouterError(
                            .invalidArgument,
                            "route '\(route.name)': catch-all '\(parameter)' = '\(value)' has an empty or dot segment")
                    }
                    path.append(encode(String(piece), path.isEmpty))
                }
            }
        }
        return path
    }

    private static func pathValue(_ parameters: [String: String], _ name: String, route: Route) throws(NavRouterError)
        -> String
    {
        guard let value = parameters[name] else {
            throw NavRouterError(.missingParameter, "route '\(route.name)' needs the path parameter '\(name)'")
        }
        if value.isEmpty || value == "." || value == ".." || value.contains("\0") {
            throw NavRouterError(
                .invalidArgument,
                "route '\(route.name)': path parameter '\(name)' cannot be '\(value)' (empty, dot or NUL)")
        }
        return value
    }

    /// The built URL must open the route it was built for: a value may equal a more specific route's literal.
    private func verifyRoundTrip(_ url: String, route: Route) throws(NavRouterError) {
        let winner: Route
        do {
            winner = try withScannedURL(url) { bytes, layout, segments throws(NavRouterError) in
                let index = matchIndex(bytes, segments, pathFlags: layout.pathFlags)
                if index < 0 { throw notFound(url) }
                return routes[index]
            }
        } catch {
            throw NavRouterError(
                error.code, "the URL built for route '\(route.name)' does not resolve: \(error.message)")
        }
        if winner.name != route.name {
            throw NavRouterError(
                .conflict,
                "the URL '\(url)' built for route '\(route.name)' would open the more specific route "
                    + "'\(winner.name)' (\(winner.pattern))"
            )
        }
    }

    /// What is wrong with a query parameter a link cannot carry, or nil: no name, the props' own key, a NUL (which
    /// no URL can hold) in the name or the value.
    private static func queryParameterProblem(_ key: String, _ value: String) -> String? {
        if key.isEmpty { return "a query parameter needs a name" }
        if key == propsQueryKey { return "'\(key)' cannot be a query parameter: it carries the props" }
        if key.contains("\0") {
            let shown = key.split(separator: "\0", omittingEmptySubsequences: false).joined(separator: "\\u0000")
            return "query parameter name '\(shown)' contains NUL"
        }
        if value.contains("\0") { return "the value of query parameter '\(key)' contains NUL" }
        return nil
    }
}
