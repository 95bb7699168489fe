/// Encodes any `Encodable` value as a `JSONValue` (no Foundation, no text in between), so that props can be a
/// host's own `Codable` types: `try JSONValueEncoder().encode(product)`, or `NavigationOptions.setProps(product)`.
///
/// Integers become `.integer` (an unsigned value above `Int64.max` is an error), floating-point numbers `.real`
/// (non-finite ones are an error: JSON has no NaN or infinity), `nil` becomes `.null`, and keyed containers
/// objects.
public struct JSONValueEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// The value as JSON.
    /// - Throws: `.invalidJSON` naming the coding path of a value JSON cannot hold.
    public func encode<Value: Encodable>(_ value: Value) throws(NavRouterError) -> JSONValue {
        let root = EncodingNode()
        do {
            try value.encode(to: ValueEncoder(node: root, codingPath: []))
        } catch let error as NavRouterError {
            throw error
        } catch {
            throw NavRouterError(.invalidJSON, "cannot encode \(Value.self) as JSON: \(error)")
        }
        return root.value
    }
}

/// A value being encoded: containers write into it while the encoding runs; `value` reads the result.
private final class EncodingNode {
    enum Content {
        case value(JSONValue)
        case object([String: EncodingNode])
        case array([EncodingNode])
    }

    var content: Content = .value(.null)

    var value: JSONValue {
        switch content {
        case .value(let value): return value
        case .object(let members): return .object(members.mapValues(\.value))
        case .array(let elements): return .array(elements.map(\.value))
        }
    }

    /// Makes this node an object (keeping members already there) and returns it.
    func makeObject() {
        if case .object = content { return }
        content = .object([:])
    }

    /// Makes this node an array (keeping elements already there).
    func makeArray() {
        if case .array = content { return }
        content = .array([])
    }

    func set(_ child: EncodingNode, forKey key: String) {
        makeObject()
        if case .object(var members) = content {
            content = .value(.null)  // no second reference while the dictionary changes
            members[key] = child
            content = .object(members)
        }
    }

    func append(_ child: EncodingNode) {
        makeArray()
        if case .array(var elements) = content {
            content = .value(.null)
            elements.append(child)
            content = .array(elements)
        }
    }

    var count: Int {
        if case .array(let elements) = content { return elements.count }
        return 0
    }
}

/// Encodes one leaf value, or a nested `Encodable` into a new node.
private func encodeNode<Value: Encodable>(_ value: Value, at path: [any CodingKey]) throws -> EncodingNode {
    let node = EncodingNode()
    switch value {
    case let value as Bool: node.content = .value(.bool(value))
    case let value as String: node.content = .value(.string(value))
    case let value as Double: node.content = .value(try real(value, at: path))
    case let value as Float: node.content = .value(try real(Double(value), at: path))
    case let value as any BinaryInteger: node.content = .value(try integer(value, at: path))
    case let value as JSONValue: node.content = .value(value)
    default: try value.encode(to: ValueEncoder(node: node, codingPath: path))
    }
    return node
}

private func real(_ value: Double, at path: [any CodingKey]) throws -> JSONValue {
    guard value.isFinite else {
        throw NavRouterError(.invalidJSON, "\(codingPathText(path)): \(value) is not a JSON number")
    }
    return .real(value)
}

private func integer(_ value: some BinaryInteger, at path: [any CodingKey]) throws -> JSONValue {
    guard let exact = Int64(exactly: value) else {
        throw NavRouterError(.invalidJSON, "\(codingPathText(path)): \(value) does not fit in 64 signed bits")
    }
    return .integer(exact)
}

private struct ValueEncoder: Encoder {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        node.makeObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        node.makeArray()
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(node: node, codingPath: codingPath)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { node.set(EncodingNode(), forKey: key.stringValue) }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        node.set(try encodeNode(value, at: codingPath + [key]), forKey: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = EncodingNode()
        child.makeObject()
        node.set(child, forKey: key.stringValue)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = EncodingNode()
        child.makeArray()
        node.set(child, forKey: key.stringValue)
        return UnkeyedContainer(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let child = EncodingNode()
        node.set(child, forKey: "super")
        return ValueEncoder(node: child, codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let child = EncodingNode()
        node.set(child, forKey: key.stringValue)
        return ValueEncoder(node: child, codingPath: codingPath + [key])
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]
    var count: Int { node.count }

    mutating func encodeNil() throws { node.append(EncodingNode()) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        node.append(try encodeNode(value, at: codingPath + [CodingIndexKey(count)]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = EncodingNode()
        child.makeObject()
        let path = codingPath + [CodingIndexKey(count)]
        node.append(child)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = EncodingNode()
        child.makeArray()
        let path = codingPath + [CodingIndexKey(count)]
        node.append(child)
        return UnkeyedContainer(node: child, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let child = EncodingNode()
        let path = codingPath + [CodingIndexKey(count)]
        node.append(child)
        return ValueEncoder(node: child, codingPath: path)
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.content = .value(.null) }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        node.content = try encodeNode(value, at: codingPath).content
    }
}
