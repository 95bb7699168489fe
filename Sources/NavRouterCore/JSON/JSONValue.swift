/// A JSON value as the core keeps it: props, metadata, manifests and snapshots.
///
/// Parsing goes through Jansson (see `JSONValue+Jansson.swift`), writing straight from the value
/// (`JSONValue+Text.swift`); this type only holds the value.
public enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer that fits in 64 bits.
    case integer(Int64)
    /// Any other number.
    case real(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object; keys are unique. Written with sorted keys, so equal objects give equal text.
    case object([String: JSONValue])

    /// The members, when this is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// The string, when this is a string.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// An object's members as strings (route parameters), or an error naming `path.key` of the first member that
    /// is not a string.
    public static func stringMembers(
        _ object: [String: JSONValue], path: String
    ) throws(NavRouterError) -> [String: String] {
        var strings: [String: String] = [:]
        for (key, value) in object {
            guard let text = value.stringValue else {
                throw NavRouterError(.invalidJSON, "\(path).\(key): must be a string, not \(value.typeName)")
            }
            strings[key] = text
        }
        return strings
    }

    /// The Boolean, when this is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    /// The JSON type's name, for messages ("object", "array", "string", …).
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .integer: return "integer"
        case .real: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}

extension JSONValue {
    /// An object of strings: parameters as JSON.
    public static func object(strings: [String: String]) -> JSONValue { .object(strings.mapValues(JSONValue.string)) }
}
