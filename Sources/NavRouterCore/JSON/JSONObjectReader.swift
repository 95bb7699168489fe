/// Reads one JSON object of a document with a fixed schema (a manifest, a snapshot): unknown fields are refused,
/// and every error names the field by its path in the document (`tabs[0].stack[2].id`, `modules[1].routes[0]`),
/// so that a user can find it.
struct JSONObjectReader {
    /// The object's members.
    let members: [String: JSONValue]
    /// Where the object is in the document (empty for the root).
    let path: String

    /// Checks that `value` is an object with no field outside `known`.
    /// - Parameter what: how the object is called in an error about its type (default: its path).
    /// - Throws: `.invalidJSON` naming the path.
    init(_ value: JSONValue, at path: String, known: [String], what: String? = nil) throws(NavRouterError) {
        guard let members = value.objectValue else {
            throw NavRouterError(
                .invalidJSON, "\(what ?? Self.describe(path)) must be an object, not \(value.typeName)")
        }
        if let unknown = members.keys.sorted().first(where: { !known.contains($0) }) {
            throw NavRouterError(
                .invalidJSON,
                "\(Self.join(path, unknown)): unknown field ("
                    + (NameSuggestion.nearest(unknown, among: known).map { "did you mean '\($0)'? " } ?? "")
                    + "expected \(known.sorted().joined(separator: ", ")))")
        }
        self.members = members
        self.path = path
    }

    /// The path of a field of this object.
    func path(of key: String) -> String { Self.join(path, key) }

    /// The path of an element of this object's array field.
    func path(of key: String, index: Int) -> String { "\(Self.join(path, key))[\(index)]" }

    /// A field, present or not.
    func optional(_ key: String) -> JSONValue? { members[key] }

    private func required(_ key: String) throws(NavRouterError) -> JSONValue {
        guard let value = members[key] else { throw NavRouterError(.invalidJSON, "\(path(of: key)): missing") }
        return value
    }

    private func wrong(_ key: String, _ expected: String, _ value: JSONValue) -> NavRouterError {
        NavRouterError(.invalidJSON, "\(path(of: key)): must be \(expected), not \(value.typeName)")
    }

    /// A required string field.
    func string(_ key: String) throws(NavRouterError) -> String {
        let value = try required(key)
        guard let text = value.stringValue else { throw wrong(key, "a string", value) }
        return text
    }

    /// A string field that may be absent (`nil`) or, with `nullable`, null.
    func optionalString(_ key: String, nullable: Bool = false) throws(NavRouterError) -> String? {
        guard let value = members[key], !(nullable && value == .null) else { return nil }
        guard let text = value.stringValue else { throw wrong(key, nullable ? "a string or null" : "a string", value) }
        return text
    }

    /// A required integer field.
    func integer(_ key: String) throws(NavRouterError) -> Int64 {
        let value = try required(key)
        guard case .integer(let number) = value else { throw wrong(key, "an integer", value) }
        return number
    }

    /// An integer field that may be null (it must be present).
    func nullableInteger(_ key: String) throws(NavRouterError) -> Int64? {
        let value = try required(key)
        if value == .null { return nil }
        guard case .integer(let number) = value else { throw wrong(key, "an integer or null", value) }
        return number
    }

    /// A Boolean field; `absent` when it is missing (nil: it is required).
    func bool(_ key: String, absent: Bool? = nil) throws(NavRouterError) -> Bool {
        guard let value = members[key] else {
            if let absent { return absent }
            throw NavRouterError(.invalidJSON, "\(path(of: key)): missing")
        }
        guard let flag = value.boolValue else { throw wrong(key, "true or false", value) }
        return flag
    }

    /// A required array field.
    func array(_ key: String) throws(NavRouterError) -> [JSONValue] {
        let value = try required(key)
        guard let list = value.arrayValue else { throw wrong(key, "an array", value) }
        return list
    }

    /// An array field of strings, empty when absent.
    func strings(_ key: String, nonEmpty: Bool = false) throws(NavRouterError) -> [String] {
        guard let value = members[key] else { return [] }
        guard let list = value.arrayValue else { throw wrong(key, "an array of strings", value) }
        var strings: [String] = []
        for (index, item) in list.enumerated() {
            guard let text = item.stringValue, !(nonEmpty && text.isEmpty) else {
                throw NavRouterError(
                    .invalidJSON,
                    "\(path(of: key, index: index)): must be a \(nonEmpty ? "non-empty " : "")string, not "
                        + (item.stringValue != nil ? "empty" : item.typeName))
            }
            strings.append(text)
        }
        return strings
    }

    /// A required object field.
    func object(_ key: String) throws(NavRouterError) -> [String: JSONValue] {
        let value = try required(key)
        guard let object = value.objectValue else { throw wrong(key, "an object", value) }
        return object
    }

    /// An object field that may be absent (`nil`) or, with `nullable`, null.
    func optionalObject(_ key: String, nullable: Bool = false) throws(NavRouterError) -> [String: JSONValue]? {
        guard let value = members[key], !(nullable && value == .null) else { return nil }
        guard let object = value.objectValue else {
            throw wrong(key, nullable ? "an object or null" : "an object", value)
        }
        return object
    }

    /// The elements of an array field as objects, each checked against `known`.
    func objects(_ key: String, known: [String]) throws(NavRouterError) -> [JSONObjectReader] {
        var readers: [JSONObjectReader] = []
        for (index, value) in try array(key).enumerated() {
            readers.append(try JSONObjectReader(value, at: path(of: key, index: index), known: known))
        }
        return readers
    }

    private static func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    private static func describe(_ path: String) -> String { path.isEmpty ? "the document" : path }
}
