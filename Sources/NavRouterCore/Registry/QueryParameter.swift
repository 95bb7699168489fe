/// A query parameter a route declares: its name, its type, and either a default (used when a link leaves it out)
/// or whether a link must carry it. The matcher checks every value a link gives for it (repeats included): a value
/// of another type is an error (`.missingParameter`, `NAVROUTER_EPARAM`) naming the route, the parameter and what it
/// expects; a missing required one too. A missing one with a default is added to the match's query items, after the
/// link's own, so that every host reads it as if the link had carried it.
///
/// In a manifest, a route's `"query"` object: `{"page": "int", "sort": {"type": "enum(new|top)", "default": "new"},
/// "q": {"required": true}}` (a type name alone stands for `{"type": NAME}`; the type is `string` when left out).
public struct QueryParameter: Equatable, Sendable {
    /// The name, as in the link's query (`page` for `?page=2`).
    public let name: String
    /// The type every value must have.
    public let type: ParameterType
    /// The value a link that leaves it out gets; nil for none.
    public let defaultValue: String?
    /// Whether a link must carry it.
    public let isRequired: Bool

    /// Declares a query parameter (checked when a route is made with it: `validate()`).
    /// - Parameters:
    ///   - name: its name (letters, digits, `_` and `-`, as a path parameter's).
    ///   - type: the type of its values (`.string` by default).
    ///   - defaultValue: the value a link without it gets; must have the type.
    ///   - required: whether a link must carry it (then it has no default).
    public init(
        _ name: String, type: ParameterType = .string, default defaultValue: String? = nil, required: Bool = false
    ) {
        self.name = name
        self.type = type
        self.defaultValue = defaultValue
        self.isRequired = required
    }

    /// Checks the declaration (`Route.init` does, for each of its query parameters).
    /// - Throws: `.invalidArgument` for a bad name, a default of another type, or a required parameter with a
    ///   default.
    public func validate() throws(NavRouterError) {
        do {
            _ = try RoutePattern("<\(name)>")
        } catch {
            throw NavRouterError(.invalidArgument, "query parameter '\(name)': \(error.message)")
        }
        if let defaultValue, !type.accepts(defaultValue) {
            throw NavRouterError(
                .invalidArgument,
                "query parameter '\(name)': the default '\(defaultValue)' is not \(type.expectation)")
        }
        if isRequired && defaultValue != nil {
            throw NavRouterError(
                .invalidArgument, "query parameter '\(name)': a required parameter has no default (a link carries it)")
        }
    }

    /// The declaration as a manifest writes it: `{"type", "default", "required"}` (absent ones left out).
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = ["type": .string(type.name)]
        if let defaultValue { object["default"] = .string(defaultValue) }
        if isRequired { object["required"] = .bool(true) }
        return .object(object)
    }

    /// Reads a manifest's declaration (`"int"` or `{"type", "default", "required"}`); `path` names it in errors.
    /// A default may be written as a JSON number or boolean for a numeric or boolean type.
    public init(name: String, json: JSONValue, path: String) throws(NavRouterError) {
        var typeName = "string"
        var defaultValue: String?
        var required = false
        switch json {
        case .string(let text):
            typeName = text
        case .object:
            let fields = try JSONObjectReader(json, at: path, known: ["type", "default", "required"])
            typeName = try fields.optionalString("type") ?? "string"
            required = try fields.bool("required", absent: false)
            switch fields.optional("default") {
            case nil, .null?: break
            case .string(let text)?: defaultValue = text
            case .integer(let number)?: defaultValue = String(number)
            case .real(let number)?: defaultValue = JSONValue.realText(number)
            case .bool(let flag)?: defaultValue = flag ? "true" : "false"
            default:
                throw NavRouterError(.invalidJSON, "\(fields.path(of: "default")): must be a string, number or boolean")
            }
        default:
            throw NavRouterError(.invalidJSON, "\(path): must be a type name or an object {\"type\", \"default\"}")
        }
        let type: ParameterType
        do {
            type = try ParameterType(name: typeName)
        } catch {
            throw NavRouterError(.invalidJSON, "\(path).type: \(error.message)")
        }
        self.init(name, type: type, default: defaultValue, required: required)
        do {
            try validate()
        } catch {
            throw NavRouterError(.invalidJSON, "\(path): \(error.message)")
        }
    }
}
