/// Reading a parameter's text as the typed value the matcher checked it to be: shared by `RouteMatch`,
/// `NavigationEntry` and the C layer's getters, so that every language reads `7`, `2.5` and `true` alike.
package enum TypedParameterValue {
    /// The text as an `Int64` (`-?[0-9]+` in range), else nil.
    package static func integer(_ text: String?) -> Int64? {
        guard var text else { return nil }
        return text.withUTF8 { ParameterType.parseInt64($0) }
    }

    /// The text as a finite `Double` (an int is one too), else nil.
    package static func double(_ text: String?) -> Double? {
        text.flatMap(ParameterType.parseDouble)
    }

    /// A parameter's value read as a type, for getters that return a status (the C layer's).
    /// - Parameters:
    ///   - text: the parameter's text, nil when there is no such parameter.
    ///   - name: its name, for the messages.
    ///   - expectation: what the type is (`an int`).
    ///   - parse: `integer`, `double` or `bool`.
    /// - Throws: `.notFound` when there is no such parameter, `.missingParameter` when its text is not of the type.
    package static func require<Value>(
        _ text: String?, named name: String, as expectation: String, _ parse: (String?) -> Value?
    ) throws(NavRouterError) -> Value {
        guard let text else { throw NavRouterError(.notFound, "there is no parameter '\(name)'") }
        guard let value = parse(text) else {
            throw NavRouterError(.missingParameter, "parameter '\(name)' is '\(text)', not \(expectation)")
        }
        return value
    }

    /// `true` or `false` as a `Bool`, else nil.
    package static func bool(_ text: String?) -> Bool? {
        switch text {
        case "true"?: return true
        case "false"?: return false
        default: return nil
        }
    }
}

extension RouteMatch {
    /// A merged parameter as a finite `Double` (an `<int:…>` or `<double:…>` value, or any text of that form).
    public func double(_ name: String) -> Double? { TypedParameterValue.double(parameter(name)) }

    /// A merged parameter as a `Bool` (`true` or `false`, as a `<bool:…>` parameter takes).
    public func bool(_ name: String) -> Bool? { TypedParameterValue.bool(parameter(name)) }

    /// The merged parameters as JSON values of their declared types: a number for `int` and `double`, a boolean for
    /// `bool`, a string for the others and for query items the route does not declare. (The matcher checked every
    /// declared value, so each converts.)
    public var typedParameters: [String: JSONValue] {
        var types: [String: ParameterType] = [:]
        for segment in route.pattern.segments {
            if case .parameter(let name, let type) = segment { types[name] = type }
        }
        for declared in route.queryParameters where types[declared.name] == nil {
            types[declared.name] = declared.type
        }
        return parameters.reduce(into: [:]) { typed, item in
            typed[item.key] = types[item.key]?.jsonValue(item.value) ?? .string(item.value)
        }
    }
}

extension NavigationEntry {
    /// A parameter as an `Int64`, when it is one (an `<int:…>` parameter always is).
    public func integer(_ name: String) -> Int64? { TypedParameterValue.integer(parameterSource.value(name)) }

    /// A parameter as a finite `Double`, when it is one.
    public func double(_ name: String) -> Double? { TypedParameterValue.double(parameterSource.value(name)) }

    /// A parameter as a `Bool`, when it is `true` or `false`.
    public func bool(_ name: String) -> Bool? { TypedParameterValue.bool(parameterSource.value(name)) }
}
