/// One segment of a route pattern.
public enum PatternSegment: Equatable, Sendable {
    /// A literal, as written in the pattern (matched case-insensitively unless the registry is case-sensitive).
    case literal(String)
    /// A parameter that takes exactly one segment: `:id`, `<id>`, `<int:id>`, `<uuid:id>`,
    /// `<bool:on>`, `<double:x>`, `<enum(new|top):sort>`.
    case parameter(name: String, type: ParameterType)
    /// A catch-all that takes one or more remaining segments: `*rest` or `<path:rest>`; only last.
    case catchAll(name: String)

    /// The parameter's name, for parameters and catch-alls.
    public var parameterName: String? {
        switch self {
        case .literal: return nil
        case .parameter(let name, _), .catchAll(let name): return name
        }
    }
}
