/// Decodes any `Decodable` value from a `JSONValue` (no Foundation, no text in between), so that a host reads props
/// as its own types: `try JSONValueDecoder().decode(Product.self, from: value)`, or `entry.props(as: Product.self)`.
///
/// An integer decodes as any integer type it fits and as a floating-point number; a whole real number (`2.0`) as an
/// integer; a missing key as `nil` for an optional. Errors name the coding path (`items[2].price`).
public struct JSONValueDecoder: Sendable {
    /// Creates a decoder.
    public init() {}

    /// The value of a type from JSON.
    /// - Throws: `.invalidJSON` naming the coding path and what was expected.
    public func decode<Value: Decodable>(_ type: Value.Type, from value: JSONValue) throws(NavRouterError) -> Value {
        do {
            return try decodeValue(type, from: value, at: [])
        } catch let error as NavRouterError {
            throw error
        } catch {
            throw NavRouterError(.invalidJSON, "cannot decode \(Value.self) from JSON: \(error)")
        }
    }
}

extension JSONValue: Codable {
    /// Encodes the value as it is (for a `JSONValue` inside a host's `Codable` type).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .real(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let elements): try container.encode(elements)
        case .object(let members): try container.encode(members)
        }
    }

    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        if let reader = decoder as? ValueDecoder {
            self = reader.value
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .real(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}

private func mismatch(_ expected: String, _ value: JSONValue, at path: [any CodingKey]) -> NavRouterError {
    NavRouterError(.invalidJSON, "\(codingPathText(path)): expected \(expected), not \(value.typeName)")
}

/// Decodes a leaf or a nested `Decodable`.
private func decodeValue<Value: Decodable>(
    _ type: Value.Type, from value: JSONValue, at path: [any CodingKey]
) throws -> Value {
    if let value = value as? Value { return value }  // a JSONValue wanted as such
    return try Value(from: ValueDecoder(value: value, codingPath: path))
}

private struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw mismatch("an object", value, at: codingPath) }
        return KeyedDecodingContainer(KeyedContainer<Key>(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw mismatch("an array", value, at: codingPath) }
        return UnkeyedContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(value: value, codingPath: codingPath)
    }
}

/// Reads one leaf of a type from a value, or throws naming the path.
private struct Leaf {
    let value: JSONValue
    let path: [any CodingKey]

    func bool() throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch("true or false", value, at: path) }
        return flag
    }

    func string() throws -> String {
        guard case .string(let text) = value else { throw mismatch("a string", value, at: path) }
        return text
    }

    func double() throws -> Double {
        switch value {
        case .integer(let number): return Double(number)
        case .real(let number): return number
        default: throw mismatch("a number", value, at: path)
        }
    }

    func integer<Number: FixedWidthInteger>(_ type: Number.Type) throws -> Number {
        let exact: Number?
        switch value {
        case .integer(let number): exact = Number(exactly: number)
        case .real(let number): exact = Number(exactly: number)
        default: throw mismatch("an integer", value, at: path)
        }
        guard let exact else {
            throw NavRouterError(
                .invalidJSON, "\(codingPathText(path)): \(value.jsonText) does not fit in \(Number.self)")
        }
        return exact
    }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        let leaf: Any
        switch type {
        case is Bool.Type: leaf = try bool()
        case is String.Type: leaf = try string()
        case is Double.Type: leaf = try double()
        case is Float.Type: leaf = Float(try double())
        case is Int.Type: leaf = try integer(Int.self)
        case is Int8.Type: leaf = try integer(Int8.self)
        case is Int16.Type: leaf = try integer(Int16.self)
        case is Int32.Type: leaf = try integer(Int32.self)
        case is Int64.Type: leaf = try integer(Int64.self)
        case is UInt.Type: leaf = try integer(UInt.self)
        case is UInt8.Type: leaf = try integer(UInt8.self)
        case is UInt16.Type: leaf = try integer(UInt16.self)
        case is UInt32.Type: leaf = try integer(UInt32.self)
        case is UInt64.Type: leaf = try integer(UInt64.self)
        default: return try decodeValue(type, from: value, at: path)
        }
        guard let typed = leaf as? Value else { throw mismatch("\(Value.self)", value, at: path) }
        return typed
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    private func member(_ key: Key) throws -> JSONValue {
        guard let value = members[key.stringValue] else {
            throw NavRouterError(.invalidJSON, "\(codingPathText(codingPath + [key])): missing")
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { (members[key.stringValue] ?? .null) == .null }

    func decode<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try Leaf(value: try member(key), path: codingPath + [key]).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try ValueDecoder(value: try member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: try member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: members["super"] ?? .null, codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> (JSONValue, [any CodingKey]) {
        let path = codingPath + [CodingIndexKey(currentIndex)]
        guard !isAtEnd else { throw NavRouterError(.invalidJSON, "\(codingPathText(path)): past the array's end") }
        defer { currentIndex += 1 }
        return (elements[currentIndex], path)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        let (value, path) = try next()
        return try Leaf(value: value, path: path).decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, path) = try next()
        return try ValueDecoder(value: value, codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, path) = try next()
        return try ValueDecoder(value: value, codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, path) = try next()
        return ValueDecoder(value: value, codingPath: path)
    }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }

    func decode<Value: Decodable>(_ type: Value.Type) throws -> Value {
        try Leaf(value: value, path: codingPath).decode(type)
    }
}
