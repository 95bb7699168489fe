extension RouteTable {
    /// The paths of a route by every one of its patterns (its own first, then its aliases), filled in with the given
    /// path parameters and percent-encoded as a link carries them (no leading `/`), as `buildURL` fills them. A pattern
    /// that needs a parameter not given, or of another type, has no path here. What a guard's pattern scope is tested
    /// against: a route reached by any of its patterns is the same route to every guard.
    /// - Returns: the paths; empty when no route has that name.
    func patternPaths(ofRoute name: String, parameters: [String: String]) -> [String] {
        guard let route = route(named: name) else { return [] }
        return ([route.pattern] + route.aliases).compactMap { pattern in
            let segments = try? Self.pathSegments(of: route, by: pattern, parameters) { text, _ in
                URLSyntax.encodePathSegment(text)
            }
            return segments?.joined(separator: "/")
        }
    }
}

extension RouteTable {
    /// What a guard's pattern scope is tested against for a destination: the link's own path, and the route's path by
    /// each of its patterns (so that an alias reaches no route its guards would not see).
    func guardPaths(of match: RouteMatch) -> [String] {
        [match.path] + patternPaths(ofRoute: match.routeName, parameters: match.pathParameters)
    }

    /// What a guard's pattern scope is tested against for an entry: its route's path by each pattern, from the entry's
    /// URL when that still opens the entry's route, else from its parameters; and the URL's path, when it resolves.
    func guardPaths(of entry: NavigationEntry) -> [String] {
        guard let match = try? resolve(entry.url) else {
            return patternPaths(ofRoute: entry.route, parameters: entry.parameters)
        }
        if match.routeName == entry.route { return guardPaths(of: match) }
        return [match.path] + patternPaths(ofRoute: entry.route, parameters: entry.parameters)
    }
}

extension RouteTable {
    /// The path parameters a URL gives a route by one of its patterns (its own or an alias), whether or not that route
    /// is the one the URL resolves to now (a more specific route added later wins the resolve); nil when no pattern of
    /// the route matches the URL, or the URL does not scan. What a restore checks an entry against: the router's own
    /// snapshot restores after routes were added over its entries.
    func pathParameters(of url: String, byRoute name: String) -> [String: String]? {
        var segments: [String] = []
        do {
            try withScannedURL(url) { bytes, _, slices throws(NavRouterError) in
                for slice in slices { segments.append(try Self.decode(slice, in: bytes)) }
            }
        } catch {
            return nil
        }
        for route in routes where route.name == name {
            if let parameters = parameters(of: route.pattern, segments) { return parameters }
        }
        return nil
    }

    /// The parameters of a pattern that matches the decoded segments, else nil (literals compared as the trie does).
    private func parameters(of pattern: RoutePattern, _ segments: [String]) -> [String: String]? {
        var parameters: [String: String] = [:]
        for (index, segment) in pattern.segments.enumerated() {
            guard index < segments.count else { return nil }
            let value = segments[index]
            switch segment {
            case .literal(let literal):
                let (folded, label) = caseSensitive ? (value, literal) : (value.caseFolded, literal.caseFolded)
                guard folded.utf8.elementsEqual(label.utf8) else { return nil }
            case .parameter(let parameter, let type):
                guard type.accepts(value) else { return nil }
                parameters[parameter] = value
            case .catchAll(let parameter):
                parameters[parameter] = segments[index...].joined(separator: "/")
                return parameters
            }
        }
        return segments.count == pattern.segments.count ? parameters : nil
    }
}

extension RouteTable {
    /// Whether the table can still read an entry as it was made: its route is registered and its URL opens it, or
    /// is still one of its route's URLs (a newer, more specific route may win it now). False once the route is gone
    /// or the URL policy refuses the link (an unlisted web domain, lower limits).
    func stillReads(_ entry: NavigationEntry) -> Bool {
        guard route(named: entry.route) != nil else { return false }
        guard let match = try? resolve(entry.url) else { return false }
        return match.routeName == entry.route || pathParameters(of: entry.url, byRoute: entry.route) != nil
    }
}
