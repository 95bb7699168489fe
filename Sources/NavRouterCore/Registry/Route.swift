/// How a modal layer is shown.
public enum ModalStyle: String, Sendable, CaseIterable {
    /// A sheet over the current screen.
    case sheet
    /// A layer that covers the whole screen.
    case fullscreen
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
public struct Route: Equatable, Sendable {
    /// The unique name (non-empty, no control characters).
    public var name: String
    /// The parsed pattern.
    public var pattern: RoutePattern
    /// How the route's entry is shown.
    public var presentation: Presentation
    /// Only an authenticated user may open it.
    public var requiresAuth: Bool
    /// It may be opened from outside the app (a link marked external).
    public var external: Bool
    /// Parameters a match must carry (from the path or the query); a match without them is an error.
    public var requiredParameters: [String]
    /// Free metadata for the host (a JSON object), read back as it was given.
    public var metadata: [String: JSONValue]?
    /// The parent route's name, for building a back stack under a deep link.
    public var parent: String?
    /// The module that registered the route, if any.
    public var module: String?

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
    /// - Throws: `.invalidPattern` for a bad pattern, `.invalidArgument` for a bad name or parameter name.
    public init(
        name: String, pattern: String, presentation: Presentation = .push, requiresAuth: Bool = false,
        external: Bool = false, requiredParameters: [String] = [], metadata: [String: JSONValue]? = nil,
        parent: String? = nil, module: String? = nil
    ) throws(NavRouterError) {
        try Self.validateName(name, what: "route name")
        for required in requiredParameters where required.isEmpty {
            throw NavRouterError(.invalidArgument, "route '\(name)': a required parameter name is empty")
        }
        if let parent { try Self.validateName(parent, what: "parent route name") }
        self.name = name
        self.pattern = try RoutePattern(pattern)
        self.presentation = presentation
        self.requiresAuth = requiresAuth
        self.external = external
        self.requiredParameters = requiredParameters
        self.metadata = metadata
        self.parent = parent
        self.module = module
    }

    static func validateName(_ name: String, what: String) throws(NavRouterError) {
        if name.isEmpty { throw NavRouterError(.invalidArgument, "the \(what) is empty") }
        if name.utf8.contains(where: URLSyntax.isControl) {
            throw NavRouterError(.invalidArgument, "the \(what) '\(name)' contains a control character")
        }
    }
}
