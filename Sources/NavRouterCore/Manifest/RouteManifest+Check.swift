/// What checking a manifest found: every error at once (loading stops at the first), and warnings.
public struct ManifestReport: Equatable, Sendable {
    /// How many routes the manifest describes (those that parse and those that do not).
    public let routeCount: Int
    /// One line per error: invalid JSON or fields, invalid patterns, conflicts, dangling parents, parent cycles;
    /// each names its module and route (`module 'm', route 'r': ...`).
    public let errors: [String]
    /// One line per warning (given only when there is no error): routes no link reaches (their sample URL opens
    /// another route), external routes that require login.
    public let warnings: [String]

    /// The report as JSON: `{"routes": N, "errors": [...], "warnings": [...]}`.
    public var jsonValue: JSONValue {
        .object([
            "routes": .integer(Int64(routeCount)), "errors": .array(errors.map(JSONValue.string)),
            "warnings": .array(warnings.map(JSONValue.string)),
        ])
    }
}

extension RouteRegistry {
    /// Checks a manifest as it would load into an empty registry with this registry's options (case sensitivity and
    /// URL policy), listing every problem (see `RouteManifest.check(_:options:)`); this registry is not changed. For
    /// a host's own test suite: its manifest, checked by the router that will read it.
    public func checkManifest(_ text: String) throws(NavRouterError) -> ManifestReport {
        try RouteManifest.check(text, options: RegistryOptions(caseSensitive: caseSensitive, policy: table.policy))
    }
}

extension RouteManifest {
    /// Checks a manifest on an empty registry with these options (as `navrouter check` does), listing every
    /// problem instead of stopping at the first.
    /// - Throws: `.invalidJSON` when the document's structure is wrong (not JSON, no module); `.invalidArgument`
    ///   for bad options.
    public static func check(
        _ text: String, options: RegistryOptions = RegistryOptions()
    ) throws(NavRouterError) -> ManifestReport {
        let (routes, parseErrors) = try parseEach(text)
        let registry = try RouteRegistry(options: options)
        let errors = parseErrors.map(\.message) + registrationErrors(routes, into: registry)
        return ManifestReport(
            routeCount: routes.count + parseErrors.count, errors: errors,
            warnings: errors.isEmpty ? warnings(routes, in: registry) : [])
    }

    /// Registers the routes one at a time, parents first, and says what each refused route's error is. A route
    /// whose parent is missing or refused, or that sits on a parent cycle, is an error of its own.
    private static func registrationErrors(_ routes: [Route], into registry: RouteRegistry) -> [String] {
        let names = Set(routes.map(\.name))
        var errors: [String] = []
        var registered: Set<String> = []
        var failed: Set<String> = []
        var remaining = routes
        while !remaining.isEmpty {
            var progressed = false
            var next: [Route] = []
            for route in remaining {
                if let parent = route.parent, names.contains(parent), !registered.contains(parent) {
                    if failed.contains(parent) {
                        errors.append("\(location(of: route)): parent route '\(parent)' was refused")
                        failed.insert(route.name)
                        progressed = true
                    } else {
                        next.append(route)  // waits for its parent
                    }
                    continue
                }
                progressed = true
                do {
                    try registry.register(route)
                    registered.insert(route.name)
                } catch {
                    // The registry's message may name the route already: the location is said once.
                    let named = "route '\(route.name)': "
                    let message =
                        error.message.hasPrefix(named) ? String(error.message.dropFirst(named.count)) : error.message
                    errors.append("\(location(of: route)): \(message)")
                    failed.insert(route.name)
                }
            }
            if !progressed {  // what is left waits on itself: parent cycles
                for route in next {
                    errors.append("\(location(of: route)): its parent routes form a cycle at '\(route.parent ?? "")'")
                }
                break
            }
            remaining = next
        }
        return errors
    }

    /// The warnings a route may say it expects, in its metadata's `check_allow` list.
    static let allowableWarnings = ["unreachable", "external_login"]

    /// Routes no sample link reaches, and external routes that require login, unless the route's metadata lists the
    /// warning in `check_allow` (a name it does not know is a warning of its own).
    private static func warnings(_ routes: [Route], in registry: RouteRegistry) -> [String] {
        var warnings: [String] = []
        for route in routes {
            var allowed: Set<String> = []
            for case .string(let name) in route.metadata?["check_allow"]?.arrayValue ?? [] {
                if allowableWarnings.contains(name) {
                    allowed.insert(name)
                } else {
                    warnings.append(
                        "\(location(of: route)): check_allow lists '\(name)', which is no warning (expected "
                            + allowableWarnings.joined(separator: " or ") + ")"
                            + NameSuggestion.didYouMean(name, among: allowableWarnings))
                }
            }
            if !allowed.contains("unreachable"), let problem = unreachable(route, in: registry) {
                warnings.append("\(location(of: route)): no link reaches it: \(problem)")
            }
            if route.external && route.requiresAuth && !allowed.contains("external_login") {
                warnings.append(
                    "\(location(of: route)): external and requires login: a link from outside asks to log in "
                        + "(expected? list \"external_login\" in the route's metadata \"check_allow\")")
            }
        }
        return warnings
    }

    /// Why no sample link opens the route, or nil when one does. Each parameter is tried with a few values of its
    /// type (every value of an enumeration), so that one value a more specific route takes (`files/x` beside
    /// `files/*path`) does not make the route look unreachable.
    private static func unreachable(_ route: Route, in registry: RouteRegistry) -> String? {
        var samples: [(name: String, values: [String])] = []
        for segment in route.pattern.segments {
            switch segment {
            case .literal: break
            case .parameter(let name, let type): samples.append((name, type.sampleValues))
            case .catchAll(let name): samples.append((name, ["x", "navrouter-check", "navrouter-check/x"]))
            }
        }
        let inPath = Set(samples.map(\.name))
        for name in route.requiredParameters where !inPath.contains(name) { samples.append((name, ["x"])) }
        let attempts = samples.map(\.values.count).max() ?? 1
        var first: String?
        for attempt in 0..<attempts {
            var parameters: [String: String] = [:]
            for (name, values) in samples { parameters[name] = values[min(attempt, values.count - 1)] }
            do {
                let url = try registry.buildURL(route: route.name, parameters: parameters)
                let winner = try registry.resolve(url).routeName
                if winner == route.name { return nil }
                first = first ?? "'\(url)' opens route '\(winner)'"
            } catch {
                first = first ?? error.message
            }
        }
        return first
    }

    /// `module 'm', route 'r'` (or `route 'r'`).
    private static func location(of route: Route) -> String {
        route.module.map { "module '\($0)', route '\(route.name)'" } ?? "route '\(route.name)'"
    }
}
