import Synchronization

/// Options fixed when a registry is created.
public struct RegistryOptions: Equatable, Sendable {
    /// Literals match case-sensitively (default: case-insensitively; parameter values always keep their case).
    public var caseSensitive: Bool
    /// Domains, schemes and limits applied to every URL (can be changed later with `setPolicy(_:)`).
    public var policy: URLPolicy

    /// Creates options.
    public init(caseSensitive: Bool = false, policy: URLPolicy = URLPolicy()) {
        self.caseSensitive = caseSensitive
        self.policy = policy
    }
}

/// The routes of an app: register, unregister, look up, and resolve deep links. Thread-safe.
///
/// Registration is transactional: a route or a batch (a manifest) that fails leaves the registry as it was.
/// Resolving works on the current `table`, an immutable compiled snapshot made once after each change, so
/// resolves never block each other and never see half a registration. Several routers may share one registry.
public final class RouteRegistry: Sendable {
    private struct State {
        var routes: [Route] = []
        var names = RouteNameIndex()
        /// The mutable trie, for conflict checks and the next table. Dropped once a table is compiled (the
        /// table holds the routes in a far smaller form) and rebuilt from `routes` at the next registration.
        var builder: RouteTrieBuilder
        var builderIsCurrent = true
        var policy: URLPolicy
        var generation: UInt64 = 0
        var table: RouteTable?
    }

    private let state: Mutex<State>
    /// `State.generation`, published for lock-free reads (stored under the lock after each change).
    @usableFromInline let publishedGeneration = Atomic<UInt64>(0)
    /// Whether literals match case-sensitively.
    public let caseSensitive: Bool
    /// Interceptors, authentication and guard options shared by every router on this registry.
    public let guards = GuardCenter()

    /// Creates an empty registry.
    /// - Parameter options: case sensitivity and the URL policy.
    /// - Throws: `.invalidArgument` for a bad policy.
    public init(options: RegistryOptions = RegistryOptions()) throws(NavRouterError) {
        try options.policy.validate()
        caseSensitive = options.caseSensitive
        state = Mutex(State(builder: RouteTrieBuilder(caseSensitive: options.caseSensitive), policy: options.policy))
        guards.checkRoutes { [weak self] name in
            self?.route(named: name) != nil
        } names: { [weak self] in
            self?.table.routeNames ?? []
        }
    }

    /// The current compiled snapshot; compiled on first use after a change.
    public var table: RouteTable {
        state.withLock { state in
            if let table = state.table { return table }
            if !state.builderIsCurrent { Self.rebuild(&state, keeping: state.routes) }  // e.g. after a policy change
            let table = RouteTable(
                routes: state.routes, names: state.names, builder: state.builder, policy: state.policy,
                generation: state.generation)
            state.table = table
            state.builder = RouteTrieBuilder(caseSensitive: state.builder.caseSensitive)
            state.builderIsCurrent = false
            return table
        }
    }

    /// A counter that grows with every change (routes or policy).
    /// Read without taking the registry's lock (a host may poll it to see whether its cached table is current).
    /// Inlinable: the C ABI's look-up reads it on every call.
    @inlinable public var generation: UInt64 { publishedGeneration.load(ordering: .acquiring) }

    /// The capacities of the routes array and of the trie builder's node and edge arrays (for tests: they must
    /// grow geometrically when routes come one at a time).
    var storageCapacities: (routes: Int, nodes: Int, edges: Int) {
        state.withLock { ($0.routes.capacity, $0.builder.nodes.capacity, $0.builder.edges.capacity) }
    }

    /// The routes, in registration order (without the copies a compiled table keeps for aliases).
    public var routes: [Route] {
        state.withLock { state in
            state.routes.contains(where: \.isAlias) ? state.routes.filter { !$0.isAlias } : state.routes
        }
    }

    /// The route of that name, if any.
    public func route(named name: String) -> Route? {
        state.withLock { state in state.names.position(of: name, in: state.routes).map { state.routes[$0] } }
    }

    /// The current URL policy.
    public var policy: URLPolicy { state.withLock { $0.policy } }

    /// Replaces the URL policy (web domains, schemes, limits).
    /// - Throws: `.invalidArgument` for a bad policy; the old one stays.
    public func setPolicy(_ policy: URLPolicy) throws(NavRouterError) {
        try updatePolicy { $0 = policy }
    }

    /// Changes the URL policy atomically (no concurrent change is lost between reading and writing it). Every router
    /// on the registry then refreshes: an entry whose link the new policy refuses goes, with the entries above it (a
    /// router's state only holds what the registry can still read, and so its snapshot always restores).
    /// - Parameter change: edits a copy of the current policy.
    /// - Throws: `.invalidArgument` for a bad resulting policy; the old one stays.
    public func updatePolicy(_ change: (inout URLPolicy) -> Void) throws(NavRouterError) {
        let changed = try state.withLock { state throws(NavRouterError) -> Bool in
            var policy = state.policy
            change(&policy)
            try policy.validate()
            if policy == state.policy { return false }
            state.policy = policy
            noteChange(&state)
            return true
        }
        if changed { refreshRouters() }
    }

    /// Registers one route.
    /// - Throws: `.conflict` when the name is taken or another route matches exactly the same URLs (the message
    ///   names both routes); `.limitExceeded` past `maxRoutes` routes.
    public func register(_ route: Route) throws(NavRouterError) {
        try register([route])
    }

    /// The most routes a registry holds: 2^28 (the compiled trie keeps indexes and hash-slot masks in fewer than
    /// 32 bits; the routes alone would take 16 GiB).
    public static let maxRoutes = 1 << 28

    /// Checks that `total` routes fit in a registry (`maxRoutes`).
    /// - Throws: `.limitExceeded` when they do not.
    static func checkRouteCount(_ total: Int) throws(NavRouterError) {
        if total > maxRoutes {
            throw NavRouterError(.limitExceeded, "\(total) routes are more than a registry holds (\(maxRoutes))")
        }
    }

    /// Registers routes all-or-nothing: on any conflict none of them is registered.
    /// - Throws: `.conflict` naming the routes involved; `.limitExceeded` past `maxRoutes` routes.
    public func register(_ routes: [Route]) throws(NavRouterError) {
        try state.withLock { state throws(NavRouterError) in
            try Self.checkRouteCount(state.routes.count + routes.reduce(0) { $0 + 1 + $1.aliases.count })
            if !state.builderIsCurrent { Self.rebuild(&state, keeping: state.routes) }
            let before = state.routes.count
            state.routes.reserveGrowing(before + routes.count)
            state.names.reserveCapacity(before + routes.count, in: state.routes)
            state.builder.reserveCapacity(forRoutes: routes.count)
            do throws(NavRouterError) {
                for route in routes { try Self.insert(route, into: &state) }
                try Self.checkParents(of: before..<state.routes.count, in: state)
            } catch {
                Self.rebuild(&state, keeping: Array(state.routes[..<before]))
                throw error
            }
            noteChange(&state)
        }
    }

    /// Registers a manifest's routes, then applies its settings (`loadManifest(_:)`); the fallback route is checked
    /// first, so that a refused manifest registers nothing. (Here rather than beside `loadManifest`: the lock's
    /// inlined code carries a thread-local of its own into each file that inlines it, and the library's static
    /// thread-local block has a budget, see Tests/c/run.sh.)
    func register(_ routes: [Route], applying settings: ManifestSettings) throws(NavRouterError) {
        if settings.fallbackRoute != nil {
            try settings.checkFallback(among: self.routes.map(\.name) + routes.map(\.name))
        }
        try register(routes)
        if settings.webDomains != nil || settings.schemes != nil {
            try updatePolicy { $0 = settings.applied(to: $0) }  // checked when read: not refused here
        }
        if let fallback = settings.fallbackRoute { guards.updateOptions { $0.fallbackRoute = fallback } }
    }

    /// Removes a route; every router on the registry then refreshes (see `Router.refresh()`), so entries of the
    /// route leave their states with events.
    /// - Throws: `.notFound` when no route has that name; `.conflict` when other routes name it as their parent
    ///   (remove them first).
    public func unregister(named name: String) throws(NavRouterError) {
        try state.withLock { state throws(NavRouterError) in
            guard state.names.position(of: name, in: state.routes) != nil else {
                throw NavRouterError(
                    .notFound,
                    "no route is named '\(name)'" + NameSuggestion.didYouMean(name, among: state.routes.map(\.name)))
            }
            let kept = state.routes.filter { $0.name != name }
            try Self.checkNoOrphans(kept, removed: [name])
            Self.rebuild(&state, keeping: kept)
            noteChange(&state)
        }
        refreshRouters()
    }

    /// After routes were removed, every router on the registry refreshes: entries of removed routes go (with
    /// events), so that no state holds a route the registry no longer has.
    private func refreshRouters() {
        for router in guards.routers { router.enforceGuards() }
    }

    /// Removes every route and interceptor of a module; routers refresh as after `unregister(named:)`.
    /// - Returns: how many routes were removed.
    /// - Throws: `.conflict` when a route of another module names one of them as its parent (nothing is removed).
    @discardableResult
    public func unregisterModule(_ module: String) throws(NavRouterError) -> Int {
        let removed = try state.withLock { state throws(NavRouterError) -> Int in
            let kept = state.routes.filter { $0.module != module }
            let removed = state.routes.count - kept.count
            if removed > 0 {
                try Self.checkNoOrphans(
                    kept, removed: Set(state.routes.lazy.filter { $0.module == module }.map(\.name)))
                Self.rebuild(&state, keeping: kept)
                noteChange(&state)
            }
            return removed
        }
        guards.removeInterceptors(ofModule: module)
        if removed > 0 { refreshRouters() }
        return removed
    }

    /// The longest parent chain: a route may have up to 256 ancestors (a back stack of 257 entries).
    public static let maxParentDepth = 256

    /// Checks the parents of the routes at `indexes` (just inserted): each exists, and the chain above it has no
    /// cycle and at most `maxParentDepth` routes.
    /// - Throws: `.invalidArgument` naming the route and what is wrong.
    private static func checkParents(of indexes: Range<Int>, in state: State) throws(NavRouterError) {
        var checkedDepth: [Int: Int] = [:]  // route index → its chain's depth, for routes already walked
        for index in indexes {
            guard state.routes[index].parent != nil else { continue }
            var chain: [Int] = [index]
            var depth = 0
            var current = index
            while let parent = state.routes[current].parent {
                let name = state.routes[index].name
                guard let position = state.names.position(of: parent, in: state.routes) else {
                    throw NavRouterError(
                        .invalidArgument,
                        "route '\(state.routes[current].name)': its parent '\(parent)' is not registered"
                            + NameSuggestion.didYouMean(parent, among: state.routes.map(\.name)))
                }
                if position == current {
                    throw NavRouterError(.invalidArgument, "route '\(parent)' is its own parent")
                }
                if chain.contains(position) {
                    let names = (chain + [position]).map { state.routes[$0].name }.joined(separator: " → ")
                    throw NavRouterError(.invalidArgument, "route '\(name)': its parents form a cycle (\(names))")
                }
                if let known = checkedDepth[position] {
                    depth += 1 + known
                } else {
                    depth += 1
                    chain.append(position)
                }
                if depth > maxParentDepth {
                    throw NavRouterError(
                        .invalidArgument, "route '\(name)': its parent chain is more than \(maxParentDepth) routes deep"
                    )
                }
                if checkedDepth[position] != nil { break }
                current = position
            }
            for (offset, walked) in chain.enumerated() where checkedDepth[walked] == nil {
                checkedDepth[walked] = depth - offset
            }
        }
    }

    /// Checks that no kept route names a removed one as its parent.
    /// - Throws: `.conflict` naming the parent and its children.
    private static func checkNoOrphans(_ kept: [Route], removed: Set<String>) throws(NavRouterError) {
        var children: [String: [String]] = [:]
        for route in kept {
            if let parent = route.parent, removed.contains(parent) { children[parent, default: []].append(route.name) }
        }
        guard let (parent, names) = children.min(by: { $0.key < $1.key }) else { return }
        throw NavRouterError(
            .conflict,
            "route '\(parent)' is the parent of \(names.map { "'\($0)'" }.joined(separator: ", ")): remove them first")
    }

    /// Records a change under the lock: a new generation, and the table is compiled again on next use.
    private func noteChange(_ state: inout State) {
        state.generation += 1
        state.table = nil
        publishedGeneration.store(state.generation, ordering: .releasing)
    }

    /// Checks a route against the registry and appends it (`consuming`: the route is moved into the routes, not
    /// copied again with a retain of each of its strings).
    private static func insert(_ route: consuming Route, into state: inout State) throws(NavRouterError) {
        if route.presentation == .root && route.requiresAuth {
            throw NavRouterError(
                .invalidArgument,
                "root route '\(route.name)' cannot require authentication: a tab is never emptied by logging out")
        }
        let index = state.routes.count
        // One hash of the name: its free slot is filled once the route is in.
        let slot: Int
        switch state.names.place(of: route.name, in: state.routes) {
        case .taken(let existing):
            throw NavRouterError(
                .conflict,
                "a route named '\(route.name)' is already registered (pattern '\(state.routes[existing].pattern)')")
        case .free(let free):
            slot = free
        }
        if let occupant = state.builder.insert(route.pattern, route: Int32(index)) {
            let other = state.routes[Int(occupant)]
            throw NavRouterError(
                .conflict,
                "route '\(route.name)' ('\(route.pattern)') conflicts with route '\(other.name)' "
                    + "('\(other.pattern)'): they match exactly the same URLs"
            )
        }
        let aliases = route.aliases
        state.routes.append(route)
        state.names.fill(slot, in: state.routes)
        for alias in aliases {
            let copy = state.routes[index].aliasCopy(alias)
            if let occupant = state.builder.insert(alias, route: Int32(state.routes.count)) {
                let other = state.routes[Int(occupant)]
                throw NavRouterError(
                    .conflict,
                    "route '\(copy.name)' (alias '\(alias)') conflicts with route '\(other.name)' "
                        + "('\(other.pattern)'): they match exactly the same URLs"
                )
            }
            state.routes.append(copy)
        }
    }

    private static func rebuild(_ state: inout State, keeping routes: [Route]) {
        state.routes = []
        state.names = RouteNameIndex()
        state.builder = RouteTrieBuilder(caseSensitive: state.builder.caseSensitive)
        state.builderIsCurrent = true
        for route in routes where !route.isAlias {
            // These routes were registered together before, so they cannot conflict. (Each brings its aliases.)
            try? insert(route, into: &state)
        }
    }
}

extension RouteRegistry {
    /// Resolves a deep link on the current table (see `RouteTable.resolve(_:)`).
    public func resolve(_ url: String) throws(NavRouterError) -> RouteMatch { try table.resolve(url) }

    /// Explains a deep link on the current table (see `RouteTable.explain(_:)`).
    public func explain(_ url: String) -> Explanation { table.explain(url) }

    /// Builds a deep link on the current table (see `RouteTable.buildURL(route:parameters:props:scheme:)`).
    public func buildURL(
        route name: String, parameters: [String: String] = [:], props: [String: JSONValue]? = nil, scheme: String? = nil
    ) throws(NavRouterError) -> String {
        try table.buildURL(route: name, parameters: parameters, props: props, scheme: scheme)
    }

    /// Builds a deep link carrying the host's own `Encodable` props (encoded by `JSONValueEncoder`; they must encode
    /// as a JSON object). See `RouteTable.buildURL(route:parameters:props:scheme:)`.
    /// - Throws: `.invalidJSON` when the props do not encode as an object; then `buildURL`'s errors.
    public func buildURL(
        route name: String, parameters: [String: String] = [:], props: some Encodable, scheme: String? = nil
    ) throws(NavRouterError) -> String {
        try table.buildURL(route: name, parameters: parameters, props: try Self.propsObject(props), scheme: scheme)
    }

    /// Builds a universal link on one of the app's web domains (see
    /// `RouteTable.universalLink(route:parameters:props:domain:)`).
    public func universalLink(
        route name: String, parameters: [String: String] = [:], props: [String: JSONValue]? = nil,
        domain: String? = nil
    ) throws(NavRouterError) -> String {
        try table.universalLink(route: name, parameters: parameters, props: props, domain: domain)
    }

    /// Builds a deep link from a path (see `RouteTable.buildURL(path:props:scheme:)`).
    public func buildURL(path: String, props: [String: JSONValue]? = nil, scheme: String? = nil)
        throws(NavRouterError) -> String
    {
        try table.buildURL(path: path, props: props, scheme: scheme)
    }

    private static func propsObject<Props: Encodable>(_ props: Props) throws(NavRouterError) -> [String: JSONValue] {
        guard case .object(let members) = try JSONValueEncoder().encode(props) else {
            throw NavRouterError(.invalidJSON, "props must encode as a JSON object, and \(Props.self) does not")
        }
        return members
    }
}
