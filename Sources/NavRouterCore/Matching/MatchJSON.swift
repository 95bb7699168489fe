/// A match's merged parameters (the rule: a path parameter wins over a query item) and its JSON texts, made from its
/// parts: `RouteMatch` (which reads them from its table and URL) and the C layer's match block (which keeps the
/// match's strings, not its table) make them here, so that both give the same parameters and text for the same match.
package enum MatchJSON {
    /// The query parameters by name: for a repeated key the last value wins; an item without a name (`?=v`) is
    /// no parameter.
    package static func queryParameters(_ items: [QueryItem]) -> [String: String] {
        var parameters: [String: String] = [:]
        for item in items where !item.name.isEmpty { parameters[item.name] = item.value }
        return parameters
    }

    /// Query and path parameters merged; a path parameter wins over a query item of the same name.
    package static func merged(path: [String: String], queryItems: [QueryItem]) -> [String: String] {
        if queryItems.isEmpty { return path }  // the usual case: nothing to merge
        return queryParameters(queryItems).merging(path) { _, path in path }
    }

    /// The merged parameters as a JSON object of strings.
    package static func parametersText(path: [String: String], queryItems: [QueryItem]) -> String {
        JSONValue.object(strings: merged(path: path, queryItems: queryItems)).jsonText
    }

    /// Every query item, in order, as a JSON array of `[name, value]` pairs.
    package static func queryItemsValue(_ items: [QueryItem]) -> JSONValue {
        .array(items.map { .array([.string($0.name), .string($0.value)]) })
    }

    /// The whole match as one JSON object: `route`, `url`, `parameters`, `path_parameters`, `query` (pairs),
    /// `remainder`, `fragment` and `props` (null when absent).
    package static func matchValue(
        route: String, url: String, path: [String: String], resolved: borrowing ResolvedURL, remainder: String?
    ) -> JSONValue {
        .object([
            "route": .string(route),
            "url": .string(url),
            "parameters": .object(strings: merged(path: path, queryItems: resolved.queryItems)),
            "path_parameters": .object(strings: path),
            "query": queryItemsValue(resolved.queryItems),
            "remainder": remainder.map(JSONValue.string) ?? .null,
            "fragment": resolved.fragment.map(JSONValue.string) ?? .null,
            "props": resolved.props.map(JSONValue.object) ?? .null,
        ])
    }
}
