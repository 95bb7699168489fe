/// A route declared as a Swift type, as the seed libraries declare theirs (`struct HomeRoute: Route`): how it is
/// registered, and its parameters as typed stored properties, so that the compiler checks every navigation to it.
///
///     struct ProductRoute: TypedRoute {
///         static let routeName = "product"
///         static let pattern = "shop/product/<int:id>"
///         var id: Int64
///         var parameters: [String: String] { ["id": String(id)] }
///         init(id: Int64) { self.id = id }
///         init?(parameters: [String: String]) {
///             guard let id = parameters["id"].flatMap(Int64.init) else { return nil }
///             self.init(id: id)
///         }
///     }
///
///     try registry.register(ProductRoute.self)
///     try router.push(ProductRoute(id: 7))
///     router.state.topEntry?.route(as: ProductRoute.self)   // ProductRoute(id: 7)
///
/// A typed route also works with a registry loaded from a manifest: it then names a route of the manifest, and a
/// command refuses it when that registry has no route of its name and pattern.
public protocol TypedRoute: Sendable {
    /// The route's name in the registry.
    static var routeName: String { get }
    /// The route's pattern (`shop/product/<int:id>`).
    static var pattern: String { get }
    /// How the route is shown (default: pushed).
    static var presentation: Presentation { get }
    /// The route whose screen comes before this one in a back stack (default: none).
    static var parent: String? { get }
    /// Only an authenticated user may open it (default: false).
    static var requiresAuth: Bool { get }
    /// An external link may open it (default: false).
    static var external: Bool { get }
    /// More patterns that open the same route (default: none).
    static var aliases: [String] { get }
    /// The typed query parameters it declares (default: none; see `QueryParameter`).
    static var queryParameters: [QueryParameter] { get }
    /// The values of its URL's parameters, path and query, as text: what `buildURL` fills in.
    var parameters: [String: String] { get }
    /// The route read back from a URL's parameters (path and query merged); nil when they do not fit its types.
    init?(parameters: [String: String])
}

extension TypedRoute {
    /// Pushed.
    public static var presentation: Presentation { .push }
    /// None.
    public static var parent: String? { nil }
    /// False.
    public static var requiresAuth: Bool { false }
    /// False.
    public static var external: Bool { false }
    /// None.
    public static var aliases: [String] { [] }
    /// None.
    public static var queryParameters: [QueryParameter] { [] }

    /// The route as a registry holds it.
    /// - Throws: `.invalidPattern` for a pattern that does not parse, `.invalidArgument` for a bad query
    ///   declaration, as `Route.init` does.
    public static func route() throws(NavRouterError) -> Route {
        try Route(
            name: routeName, pattern: pattern, presentation: presentation, requiresAuth: requiresAuth,
            external: external, parent: parent, aliases: aliases, queryParameters: queryParameters)
    }

    /// The route a match opened, when it is this one and its parameters fit.
    public init?(match: RouteMatch) {
        guard match.routeName == Self.routeName else { return nil }
        self.init(parameters: match.parameters)
    }

    /// The route an entry shows, when it is this one and its parameters fit.
    public init?(entry: NavigationEntry) {
        guard entry.route == Self.routeName else { return nil }
        self.init(parameters: entry.parameters)
    }

    /// Its deep link on `registry` (`RouteRegistry.buildURL(route:parameters:props:scheme:)`).
    /// - Throws: `.notFound` when the registry has no route of this name, `.conflict` when its route of this name has
    ///   another pattern (a typed route of another registry); then `buildURL`'s errors.
    public func url(in registry: RouteRegistry, scheme: String? = nil) throws(NavRouterError) -> String {
        try Self.checkRegistered(in: registry)
        return try registry.buildURL(route: Self.routeName, parameters: parameters, scheme: scheme)
    }

    /// Refuses a registry whose route of this name is not this type's.
    static func checkRegistered(in registry: RouteRegistry) throws(NavRouterError) {
        try registry.checkRoute(named: routeName, pattern: pattern, declaredBy: "\(Self.self)")
    }
}

extension RouteRegistry {
    /// Checks that this registry holds a route of this name with this pattern, however each is spelt (`/a/:id` and
    /// `a/<id>` are one pattern; literals compare as the matcher compares them): what a route declared in a host's
    /// code (a `TypedRoute`, a binding's typed route) expects of the registry it is given to.
    /// - Parameters:
    ///   - name: the route's name.
    ///   - pattern: the pattern the declaration gives it.
    ///   - owner: the declaration's name, for the messages (`ProductRoute`).
    /// - Throws: `.notFound` when no route has the name, `.conflict` when its pattern is another (a typed route of
    ///   another registry).
    public func checkRoute(named name: String, pattern: String, declaredBy owner: String) throws(NavRouterError) {
        guard let registered = table.route(named: name) else {
            throw NavRouterError(.notFound, "route '\(name)' of \(owner) is not registered (register it first)")
        }
        guard Self.samePattern(pattern, registered.pattern, caseSensitive: caseSensitive) else {
            throw NavRouterError(
                .conflict,
                "route '\(name)' has the pattern '\(registered.pattern.text)' in this registry, and \(owner) has "
                    + "'\(pattern)': a typed route of another registry?")
        }
    }

    /// Whether a pattern's text is the registered pattern, segment by segment.
    private static func samePattern(_ text: String, _ registered: RoutePattern, caseSensitive: Bool) -> Bool {
        guard let declared = try? RoutePattern(text), declared.segments.count == registered.segments.count else {
            return false
        }
        for (left, right) in zip(declared.segments, registered.segments) {
            if case .literal(let one) = left, case .literal(let other) = right, !caseSensitive {
                if one.caseFolded != other.caseFolded { return false }
            } else if left != right {
                return false
            }
        }
        return true
    }
}

extension RouteRegistry {
    /// Registers a route declared as a type (see `TypedRoute`).
    /// - Throws: `register(_:)`'s errors (`.conflict` for a name or pattern taken, a missing parent, …).
    public func register<Declared: TypedRoute>(_ type: Declared.Type) throws(NavRouterError) {
        try register(try type.route())
    }
}

extension NavigationEntry {
    /// The typed route this entry shows, or nil when it shows another route (or its parameters do not fit).
    public func route<Declared: TypedRoute>(as type: Declared.Type) -> Declared? { Declared(entry: self) }
}
