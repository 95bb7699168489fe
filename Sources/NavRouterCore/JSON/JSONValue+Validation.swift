extension JSONValue {
    /// Why this value cannot be written as JSON text and read back the same (`parse(_:)` refuses what is written),
    /// or nil when it can: nesting deeper than `maxDepth`, NUL in a string or a key, a NaN or an infinity.
    /// Looks no deeper than `maxDepth` levels.
    var unwritableReason: String? { unwritableReason(levelsLeft: Self.maxDepth) }

    private func unwritableReason(levelsLeft: Int) -> String? {
        switch self {
        case .null, .bool, .integer:
            return nil
        case .real(let number):
            return number.isFinite ? nil : "NaN and infinite numbers are not JSON"
        case .string(let text):
            return text.utf8.contains(0) ? Self.nulInString : nil
        case .array(let elements):
            guard levelsLeft > 0 else { return Self.tooDeep() }
            for element in elements {
                if let reason = element.unwritableReason(levelsLeft: levelsLeft - 1) { return reason }
            }
            return nil
        case .object(let members):
            guard levelsLeft > 0 else { return Self.tooDeep() }
            for (key, member) in members {
                if key.utf8.contains(0) { return Self.nulInString }
                if let reason = member.unwritableReason(levelsLeft: levelsLeft - 1) { return reason }
            }
            return nil
        }
    }

    /// The reason given for a NUL character in a string or key.
    private static let nulInString = "NUL (\\u0000) is not allowed in JSON strings"

    /// Refuses a value built in Swift that the library could not write and read back (see `unwritableReason`), as
    /// `parse(_:)` refuses such text: it must not enter the state, a link or a route.
    /// - Throws: `.invalidJSON` "WHAT: REASON" ("props: JSON nested deeper than 512 arrays and objects").
    static func checkWritable(_ value: JSONValue?, _ what: @autoclosure () -> String) throws(NavRouterError) {
        guard let reason = value?.unwritableReason else { return }
        throw NavRouterError(.invalidJSON, "\(what()): \(reason)")
    }

    /// `checkWritable(_:_:)` for an object's members (props, metadata, saved state); the object counts one level.
    static func checkWritable(_ members: [String: JSONValue]?, _ what: @autoclosure () -> String) throws(NavRouterError)
    {
        guard let members else { return }
        try checkWritable(.object(members), what())
    }
}
