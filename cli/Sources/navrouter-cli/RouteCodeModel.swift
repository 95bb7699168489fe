import NavRouterCore

/// What the typed-route generators write for each route of a manifest, read from the core's own `Route` values (the
/// manifest is read by the core, as the router reads it): the type's name, and the parameters that become its typed
/// stored properties (the path's, then the required query parameters).
struct RouteCodeModel {
    /// A parameter of the route's URL.
    struct Field {
        enum Kind: Equatable {
            /// `<int:id>`: a 64-bit integer.
            case int
            /// `<double:x>`: a finite double.
            case double
            /// `<bool:on>`: true or false.
            case bool
            /// `<enum(new|top):sort>`: one of the values (a generated enumeration).
            case enumeration([String])
            /// `:slug`, `<uuid:ref>`, a catch-all (`*topic`) or an untyped query parameter: text.
            case text

            init(_ type: ParameterType) {
                switch type {
                case .int: self = .int
                case .double: self = .double
                case .bool: self = .bool
                case .enumeration(let values): self = .enumeration(values)
                case .string, .uuid: self = .text
                }
            }
        }

        let name: String
        let kind: Kind
        /// A declared query parameter that a link may leave out without a default: the field is optional.
        var isOptional = false
        /// A declared query parameter's default, as text.
        var defaultValue: String?
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
                case .parameter(let name, let type): fields.append(Field(name: name, kind: Field.Kind(type)))
                case .catchAll(let name): fields.append(Field(name: name, kind: .text))
                }
            }
            let inPath = Set(fields.map(\.name))
            let declared = Set(route.queryParameters.map(\.name))
            for name in route.requiredParameters where !inPath.contains(name) && !declared.contains(name) {
                fields.append(Field(name: name, kind: .text))
            }
            for query in route.queryParameters {
                let required = query.isRequired || route.requiredParameters.contains(query.name)
                fields.append(
                    Field(
                        name: query.name, kind: Field.Kind(query.type),
                        isOptional: !required && query.defaultValue == nil, defaultValue: query.defaultValue))
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
