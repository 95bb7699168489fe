extension RouteTable {
    /// The paths of a route by every one of its patterns (its own first, then its aliases), filled in with the given
    /// path parameters and percent-encoded as a link carries them (no leading `/`). A pattern that needs a parameter
    /// not given, or of another type, has no path here. What a guard's pattern scope is tested against: a route
    /// reached by any of its patterns is the same route to every guard.
    /// - Returns: the paths; empty when no route has that name.
    func patternPaths(ofRoute name: String, parameters: [String: String]) -> [String] {
        guard let route = route(named: name) else { return [] }
        return ([route.pattern] + route.aliases).compactMap { Self.path(of: $0, parameters) }
    }

    /// A pattern's path filled in with `parameters`, or nil when one is missing, empty, a dot segment or of the
    /// wrong type.
    private static func path(of pattern: RoutePattern, _ parameters: [String: String]) -> String? {
        var segments: [String] = []
        for segment in pattern.segments {
            switch segment {
            case .literal(let text):
                segments.append(URLSyntax.encodePathSegment(text))
            case .parameter(let name, let type):
                guard let value = parameters[name], type.accepts(value), value != ".", value != ".." else { return nil }
                segments.append(URLSyntax.encodePathSegment(value))
            case .catchAll(let name):
                guard let value = parameters[name] else { return nil }
                for piece in value.split(separator: "/", omittingEmptySubsequences: false) {
                    if piece.isEmpty || piece == "." || piece == ".." { return nil }
                    segments.append(URLSyntax.encodePathSegment(String(piece)))
                }
            }
        }
        return segments.joined(separator: "/")
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
