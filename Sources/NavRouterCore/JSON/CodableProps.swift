/// Props as the host's own `Codable` types, through `JSONValueEncoder` and `JSONValueDecoder`.
extension NavigationOptions {
    /// Sets the props from any `Encodable` value that encodes as a JSON object (a struct, a dictionary).
    /// - Throws: `.invalidJSON` when the value does not encode as an object, or names what JSON cannot hold.
    public mutating func setProps<Value: Encodable>(_ value: Value) throws(NavRouterError) {
        guard case .object(let members) = try JSONValueEncoder().encode(value) else {
            throw NavRouterError(.invalidJSON, "props must encode as a JSON object, and \(Value.self) does not")
        }
        props = members
    }
}

extension NavigationEntry {
    /// The entry's props as a `Decodable` type, or `nil` when it has none.
    /// - Throws: `.invalidJSON` naming the path of a field that does not fit.
    public func props<Value: Decodable>(as type: Value.Type) throws(NavRouterError) -> Value? {
        guard let props else { return nil }
        return try JSONValueDecoder().decode(type, from: .object(props))
    }
}

extension RouteMatch {
    /// The props a deep link carried (`_props`) as a `Decodable` type, or `nil` when it carried none.
    /// - Throws: `.invalidJSON` naming the path of a field that does not fit.
    public func props<Value: Decodable>(as type: Value.Type) throws(NavRouterError) -> Value? {
        guard let props else { return nil }
        return try JSONValueDecoder().decode(type, from: .object(props))
    }
}
