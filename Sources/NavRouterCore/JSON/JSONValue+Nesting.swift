extension JSONValue {
    /// Whether this value nests at most `limit` arrays and objects (it looks no deeper than that, so a value built
    /// in Swift however deep is checked without deep recursion).
    public func nests(atMost limit: Int) -> Bool {
        switch self {
        case .array(let elements): return limit > 0 && elements.allSatisfy { $0.nests(atMost: limit - 1) }
        case .object(let members): return limit > 0 && members.values.allSatisfy { $0.nests(atMost: limit - 1) }
        default: return true
        }
    }

    /// Refuses a value that nests deeper than `maxDepth`, as `parse(_:)` refuses such text: a value built in Swift
    /// must not enter the state, a link or a route when the library could not read it back.
    /// - Throws: `.invalidJSON` "WHAT: JSON nested deeper than 512 arrays and objects".
    static func checkNesting(_ value: JSONValue?, _ what: @autoclosure () -> String) throws(NavRouterError) {
        guard let value, !value.nests(atMost: maxDepth) else { return }
        throw NavRouterError(.invalidJSON, "\(what()): \(tooDeep())")
    }

    /// `checkNesting(_:_:)` for an object's members (props, metadata, saved state); the object counts one level.
    static func checkNesting(_ members: [String: JSONValue]?, _ what: @autoclosure () -> String) throws(NavRouterError)
    {
        guard let members else { return }
        try checkNesting(.object(members), what())
    }
}
