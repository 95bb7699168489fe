import NavRouterCore

/// What the typed-route generators write for each route of a manifest, read from the core's own `Route` values (the
/// manifest is read by the core, as the router reads it): the type's name, and the parameters that become its typed
/// stored properties (the path's, then the required query parameters).
struct RouteCodeModel {
    /// A parameter of the route's URL.
    struct Field {
        enum Kind {
            /// `<int:id>`: a 64-bit integer.
            case int
            /// `:slug`, `<uuid:ref>`, a catch-all (`*topic`) or a required query parameter: text.
            case text
        }

        let name: String
        let kind: Kind
    }

    let route: Route
    /// `product` → `ProductRoute`, `oauth-callback` → `OauthCallbackRoute`.
    let typeName: String
    let fields: [Field]

    /// The models of a manifest's routes (aliases are their route's patterns, not routes of their own).
    /// - Throws: `ToolError.usage` when two routes would have the same type name.
    static func models(_ routes: [Route]) throws -> [RouteCodeModel] {
        var models: [RouteCodeModel] = []
        var taken: [String: String] = [:]
        for route in routes where !route.isAlias {
            let typeName = upperCamel(route.name) + "Route"
            if let other = taken[typeName] {
                throw ToolError.failure(
                    "navrouter gen: routes '\(other)' and '\(route.name)' would both be the type \(typeName)")
            }
            taken[typeName] = route.name
            var fields: [Field] = []
            for segment in route.pattern.segments {
                switch segment {
                case .literal: continue
                case .parameter(let name, let type): fields.append(Field(name: name, kind: type == .int ? .int : .text))
                case .catchAll(let name): fields.append(Field(name: name, kind: .text))
                }
            }
            let inPath = Set(fields.map(\.name))
            for name in route.requiredParameters where !inPath.contains(name) {
                fields.append(Field(name: name, kind: .text))
            }
            models.append(RouteCodeModel(route: route, typeName: typeName, fields: fields))
        }
        return models
    }

    /// `oauth-callback` → `OauthCallback`: letters and digits kept, a capital after each separator.
    static func upperCamel(_ name: String) -> String {
        var result = ""
        var capitalize = true
        for character in name {
            guard character.isLetter || character.isNumber else {
                capitalize = true
                continue
            }
            result += capitalize ? character.uppercased() : String(character)
            capitalize = false
        }
        if let first = result.first, first.isNumber { result = "R" + result }
        return result.isEmpty ? "Unnamed" : result
    }

    /// `oauth-callback` → `oauthCallback`.
    static func lowerCamel(_ name: String) -> String {
        let upper = upperCamel(name)
        return upper.prefix(1).lowercased() + upper.dropFirst()
    }

    /// A string literal in Swift or Python source (both read these escapes).
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
