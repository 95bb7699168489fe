extension Route {
    /// The route as a JSON object, with the field names of manifests plus `module` and `parameters` (the
    /// pattern's parameter names): what hosts read back through the C ABI and the bindings.
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = [
            "name": .string(name),
            "pattern": .string(pattern.text),
            "presentation": .string(presentation.name),
            "requires_auth": .bool(requiresAuth),
            "external": .bool(external),
            "required_parameters": .array(requiredParameters.map(JSONValue.string)),
            "parameters": .array(pattern.parameterNames.map(JSONValue.string)),
            "metadata": metadata.map(JSONValue.object) ?? .null,
            "parent": parent.map(JSONValue.string) ?? .null,
            "module": module.map(JSONValue.string) ?? .null,
            "aliases": .array(aliases.map { .string($0.text) }),
            "query": .object(Dictionary(uniqueKeysWithValues: queryParameters.map { ($0.name, $0.jsonValue) })),
            "parameter_types": .object(
                Dictionary(
                    uniqueKeysWithValues: pattern.segments.compactMap { segment -> (String, JSONValue)? in
                        switch segment {
                        case .parameter(let name, let type): return (name, .string(type.name))
                        case .catchAll(let name): return (name, .string("path"))
                        case .literal: return nil
                        }
                    })),
        ]
        if case .modal(let style) = presentation { object["style"] = .string(style.rawValue) }
        return .object(object)
    }
}

extension RouteMatch {
    /// The merged parameters as a JSON object of strings.
    public var parametersJSON: String {
        MatchJSON.parametersText(path: pathParameters, queryItems: resolved.queryItems)
    }

    /// The path parameters as a JSON object of strings.
    public var pathParametersJSON: String { JSONValue.object(strings: pathParameters).jsonText }

    /// Every query item, in order, as a JSON array of `[name, value]` pairs.
    public var queryItemsJSON: String { MatchJSON.queryItemsValue(queryItems).jsonText }

    /// The whole match as one JSON object: `route`, `url`, `parameters`, `path_parameters`, `query` (pairs),
    /// `remainder`, `fragment` and `props` (null when absent) — everything a binding needs in one call.
    public var jsonValue: JSONValue {
        MatchJSON.matchValue(
            route: routeName, url: url, path: pathParameters, resolved: resolved, remainder: remainder)
    }

    /// `jsonValue` as text.
    public var jsonText: String { jsonValue.jsonText }
}
