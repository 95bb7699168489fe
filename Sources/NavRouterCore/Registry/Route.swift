/// How a modal layer is shown.
public enum ModalStyle: String, Sendable, CaseIterable {
    /// A sheet over the current screen.
    case sheet
    /// A layer that covers the whole screen (`"fullscreen"` in manifests, JSON and C).
    case fullScreen = "fullscreen"
}

/// How a route's entry is put on screen.
public enum Presentation: Equatable, Sendable {
    /// Pushed onto the current stack (the default).
    case push
    /// Presented in a new modal layer with a style.
    case modal(ModalStyle)
    /// The root of a tab.
    case root

    /// The name used in manifests and the C ABI: `push`, `modal`, `root`.
    public var name: String {
        switch self {
        case .push: return "push"
        case .modal: return "modal"
        case .root: return "root"
        }
    }
}

/// A route: a unique name, a pattern and what the router needs to know to open it.
///
/// A plain value kept compact, since a registry holds one per route inline in an array (64 bytes, no heap
/// object of its own): the name, the pattern (its text and compact parts), one box for the rarely set fields
/// (nil while they are all empty), the presentation and two flags in a byte. Copying one (into a match, an entry
/// or an event) retains its strings and the box; strings of up to 15 bytes are stored in the value and cost no
/// retain.
public struct Route: Equatable, Sendable {
    /// The unique name (non-empty, no control characters).
    public var name: String
    /// The fields most routes leave empty, in a box of their own (nil while all are empty).
    private var rare: RareFields?
    /// The parsed pattern.
    public var pattern: RoutePattern
    /// How the route's entry is shown.
    public var presentation: Presentation
    /// `requiresAuth` and `external`, one bit each.
    private var flags: UInt8

    private static let requiresAuthFlag: UInt8 = 1
    private static let externalFlag: UInt8 = 2
    private static let aliasFlag: UInt8 = 4

    /// `requiredParameters`, `metadata`, `parent`, `module` and `aliases`, immutable (a change makes a new box).
    private final class RareFields: Equatable, Sendable {
        let requiredParameters: [String]
        let metadata: [String: JSONValue]?
        let parent: String?
        let module: String?
        let aliases: [RoutePattern]
        let queryParameters: [QueryParameter]

        init(
            requiredParameters: [String], metadata: [String: JSONValue]?, parent: String?, module: String?,
            aliases: [RoutePattern], queryParameters: [QueryParameter]
        ) {
            self.requiredParameters = requiredParameters
            self.metadata = metadata
            self.parent = parent
            self.module = module
            self.aliases = aliases
            self.queryParameters = queryParameters
        }

        /// A box for these values, or nil when they are all empty.
        static func make(
            requiredParameters: [String], metadata: [String: JSONValue]?, parent: String?, module: String?,
            aliases: [RoutePattern], queryParameters: [QueryParameter]
        ) -> RareFields? {
            if requiredParameters.isEmpty && metadata == nil && parent == nil && module == nil && aliases.isEmpty
                && queryParameters.isEmpty
            {
                return nil
            }
            return RareFields(
                requiredParameters: requiredParameters, metadata: metadata, parent: parent, module: module,
                aliases: aliases, queryParameters: queryParameters)
        }

        static func == (lhs: RareFields, rhs: RareFields) -> Bool {
            lhs === rhs
                || (lhs.requiredParameters == rhs.requiredParameters && lhs.metadata == rhs.metadata
                    && lhs.parent == rhs.parent && lhs.module == rhs.module && lhs.aliases == rhs.aliases
                    && lhs.queryParameters == rhs.queryParameters)
        }
    }

    /// Replaces one of the rare fields (the others are kept). An argument left out (nil) keeps its field; an
    /// optional field is cleared with `.some(nil)`.
    private mutating func changeRare(
        requiredParameters: [String]? = nil, metadata: [String: JSONValue]?? = nil, parent: String?? = nil,
        module: String?? = nil, aliases: [RoutePattern]? = nil
    ) {
        rare = RareFields.make(
            requiredParameters: requiredParameters ?? self.requiredParameters, metadata: metadata ?? self.metadata,
            parent: parent ?? self.parent, module: module ?? self.module,
            aliases: aliases ?? rare?.aliases ?? [], queryParameters: queryParameters)
    }

    private mutating func setFlag(_ flag: UInt8, _ on: Bool) {
        flags = on ? flags | flag : flags & ~flag
    }

    /// Only an authenticated user may open it.
    public var requiresAuth: Bool {
        get { flags & Self.requiresAuthFlag != 0 }
        set { setFlag(Self.requiresAuthFlag, newValue) }
    }
    /// It may be opened from outside the app (a link marked external).
    public var external: Bool {
        get { flags & Self.externalFlag != 0 }
        set { setFlag(Self.externalFlag, newValue) }
    }
    /// Parameters a match must carry (from the path or the query); a match without them is an error.
    public var requiredParameters: [String] {
        get { rare?.requiredParameters ?? [] }
        set { changeRare(requiredParameters: newValue) }
    }
    /// Free metadata for the host (a JSON object), read back as it was given.
    public var metadata: [String: JSONValue]? {
        get { rare?.metadata }
        set { changeRare(metadata: .some(newValue)) }
    }
    /// The parent route's name, for building a back stack under a deep link.
    public var parent: String? {
        get { rare?.parent }
        set { changeRare(parent: .some(newValue)) }
    }
    /// The module that registered the route, if any.
    public var module: String? {
        get { rare?.module }
        set { changeRare(module: .some(newValue)) }
    }
    /// More patterns that open this route (old links kept working after a route moved). Each must be as distinct
    /// from every other route's patterns as a route's own pattern.
    public var aliases: [RoutePattern] {
        get { rare?.aliases ?? [] }
        set { changeRare(aliases: newValue) }
    }
    /// The query parameters the route declares: typed, with defaults or required (see `QueryParameter`). Set when
    /// the route is made (`init`), so that its checks hold for every value of it.
    public var queryParameters: [QueryParameter] { rare?.queryParameters ?? [] }
    /// Whether this value is one of a route's aliases as a compiled table keeps it (`RouteTable.routes` holds one
    /// such copy per alias, with the alias as its pattern and the route's name; a registry's `routes` never does).
    public var isAlias: Bool {
        get { flags & Self.aliasFlag != 0 }
        set { setFlag(Self.aliasFlag, newValue) }
    }

    /// Creates a route.
    /// - Parameters:
    ///   - name: the unique name.
    ///   - pattern: the pattern text, e.g. `shop/product/<int:id>`.
    ///   - presentation: how its entry is shown (`.push` by default).
    ///   - requiresAuth: only an authenticated user may open it.
    ///   - external: it may be opened by an external link.
    ///   - requiredParameters: names a match must carry.
    ///   - metadata: a JSON object for the host.
    ///   - parent: the parent route's name.
    ///   - module: the module that registers it.
    ///   - aliases: more patterns that open the route (see `aliases`).
    ///   - queryParameters: the typed query parameters it declares (see `QueryParameter`).
    /// - Throws: `.invalidPattern` for a bad pattern, `.invalidArgument` for a bad name or parameter name, a query
    ///   parameter declared twice or named as a path parameter,
    ///   `.invalidJSON` for metadata JSON cannot carry (nested deeper than `JSONValue.maxDepth`, NUL, NaN).
    public init(
        name: String, pattern: String, presentation: Presentation = .push, requiresAuth: Bool = false,
        external: Bool = false, requiredParameters: [String] = [], metadata: [String: JSONValue]? = nil,
        parent: String? = nil, module: String? = nil, aliases: [String] = [], queryParameters: [QueryParameter] = []
    ) throws(NavRouterError) {
        try Self.validateName(name, what: "route name")
        for required in requiredParameters {
            if required.isEmpty {
                throw NavRouterError(.invalidArgument, "route '\(name)': a required parameter name is empty")
            }
            do {
                try Self.validateName(required, what: "required parameter name")
            } catch {
                throw NavRouterError(error.code, "route '\(name)': \(error.message)")
            }
        }
        if let parent { try Self.validateName(parent, what: "parent route name") }
        try JSONValue.checkWritable(metadata, "route '\(name)': metadata")
        self.name = name
        self.pattern = try RoutePattern(pattern)
        self.presentation = presentation
        self.flags = (requiresAuth ? Self.requiresAuthFlag : 0) | (external ? Self.externalFlag : 0)
        var parsedAliases: [RoutePattern] = []
        for alias in aliases {
            do {
                parsedAliases.append(try RoutePattern(alias))
            } catch {
                throw NavRouterError(error.code, "route '\(name)', alias '\(alias)': \(error.message)")
            }
        }
        let pathNames = Set(self.pattern.parameterNames)
        var declared = Set<String>()
        for query in queryParameters {
            do {
                try query.validate()
            } catch {
                throw NavRouterError(error.code, "route '\(name)': \(error.message)")
            }
            if pathNames.contains(query.name) {
                throw NavRouterError(
                    .invalidArgument,
                    "route '\(name)': query parameter '\(query.name)' is a path parameter of '\(pattern)' too")
            }
            if !declared.insert(query.name).inserted {
                throw NavRouterError(
                    .invalidArgument, "route '\(name)': query parameter '\(query.name)' is declared twice")
            }
        }
        self.rare = RareFields.make(
            requiredParameters: requiredParameters, metadata: metadata, parent: parent, module: module,
            aliases: parsedAliases, queryParameters: queryParameters)
    }

    /// The copy of this route that a compiled table keeps for one of its aliases.
    func aliasCopy(_ alias: RoutePattern) -> Route {
        var copy = self
        copy.pattern = alias
        copy.isAlias = true
        return copy
    }

    static func validateName(_ name: String, what: String) throws(NavRouterError) {
        if name.isEmpty { throw NavRouterError(.invalidArgument, "the \(what) is empty") }
        var contiguous = name
        if contiguous.withUTF8({ $0.contains(where: URLSyntax.isControl) }) {
            throw NavRouterError(.invalidArgument, "the \(what) '\(name)' contains a control character")
        }
    }
}
