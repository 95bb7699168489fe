/// The type a parameter's value must have: in a pattern `<TYPE:name>`, in a route's declared query parameters its
/// `type` field. The matcher checks it, so a value of the wrong type never reaches a host: a path segment of
/// another type does not match the segment (another route may), a query value of another type is an error.
public enum ParameterType: Hashable, Sendable {
    /// Any non-empty value (the default).
    case string
    /// A signed 64-bit decimal integer: `-?[0-9]+` within `Int64`'s range.
    case int
    /// A UUID in its 8-4-4-4-12 hexadecimal form, either case.
    case uuid
    /// `true` or `false`, exactly so.
    case bool
    /// A finite decimal number: `-?[0-9]+(.[0-9]+)?([eE][+-]?[0-9]+)?` (an int is one too).
    case double
    /// One of a fixed list of values, compared exactly (`<enum(new|top|hot):sort>`); the values are non-empty,
    /// distinct, and made of letters, digits, `-`, `_`, `.` and `~`.
    case enumeration([String])

    /// The types without values, as their names (`enumeration` is written `enum(a|b)`).
    public static let simpleTypes: [ParameterType] = [.string, .int, .uuid, .bool, .double]

    /// The type as written in a pattern or manifest: `string`, `int`, `uuid`, `bool`, `double`, `enum(a|b)`.
    public var name: String {
        switch self {
        case .string: return "string"
        case .int: return "int"
        case .uuid: return "uuid"
        case .bool: return "bool"
        case .double: return "double"
        case .enumeration(let values): return "enum(" + values.joined(separator: "|") + ")"
        }
    }

    /// The type of a name as `name` writes it.
    /// - Throws: `.invalidPattern` naming the types there are (with a did-you-mean), or what is wrong with an
    ///   enumeration's values.
    public init(name: String) throws(NavRouterError) {
        if let simple = Self.simpleTypes.first(where: { $0.name == name }) {
            self = simple
            return
        }
        if name.hasPrefix("enum(") && name.hasSuffix(")") && name.utf8.count >= 6 {
            let inner = name.dropFirst(5).dropLast()
            self = .enumeration(try Self.enumerationValues(String(inner)))
            return
        }
        let known = Self.simpleTypes.map(\.name) + ["enum"]
        let hint = NameSuggestion.didYouMean(name, among: known + ["path"])
        throw NavRouterError(
            .invalidPattern,
            "unknown parameter type '\(name)' (expected string, int, uuid, bool, double, enum(a|b|…) or path)\(hint)")
    }

    /// The values of `enum(…)`, checked.
    private static func enumerationValues(_ text: String) throws(NavRouterError) -> [String] {
        let values = text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        var seen = Set<String>()
        for value in values {
            if value.isEmpty {
                throw NavRouterError(.invalidPattern, "enum(\(text)): a value is empty")
            }
            guard value.utf8.allSatisfy(isEnumerationByte) else {
                throw NavRouterError(
                    .invalidPattern,
                    "enum(\(text)): the value '\(value)' may hold only letters, digits, '-', '_', '.' and '~'")
            }
            if !seen.insert(value).inserted {
                throw NavRouterError(.invalidPattern, "enum(\(text)): the value '\(value)' is listed twice")
            }
        }
        return values
    }

    /// The bytes an enumeration's value may hold: URL-unreserved ASCII, so a value is the same text in a URL.
    private static func isEnumerationByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// What a value of this type is, for messages: `an int`, `a bool (true or false)`, `one of new, top`.
    public var expectation: String {
        switch self {
        case .string: return "a non-empty string"
        case .int: return "an int"
        case .uuid: return "a uuid"
        case .bool: return "a bool (true or false)"
        case .double: return "a double"
        case .enumeration(let values): return "one of " + values.joined(separator: ", ")
        }
    }

    /// A few values of this type, different from one another, for sample links (`check` tries each before it says
    /// no link reaches a route): `x`, `1`, a uuid, `true` / `false`, `1.5`, every value of an enumeration.
    public var sampleValues: [String] {
        switch self {
        case .string: return ["x", "navrouter-check", "navrouter-check-2"]
        case .int: return ["1", "2", "-3"]
        case .uuid: return ["00000000-0000-4000-8000-000000000000", "00000000-0000-4000-8000-000000000001"]
        case .bool: return ["true", "false"]
        case .double: return ["1.5", "2.5"]
        case .enumeration(let values): return values
        }
    }

    /// The value as JSON of its type: a number for `int` and `double`, a boolean for `bool`, else a string; nil when
    /// the text is not of the type.
    public func jsonValue(_ text: String) -> JSONValue? {
        guard accepts(text) else { return nil }
        switch self {
        case .int:
            var copy = text
            return copy.withUTF8 { Self.parseInt64($0) }.map { .integer($0) }
        case .double:
            return Self.parseDouble(text).map { .real($0) }
        case .bool:
            return .bool(text == "true")
        case .string, .uuid, .enumeration:
            return .string(text)
        }
    }
}
