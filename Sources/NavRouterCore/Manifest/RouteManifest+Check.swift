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

    /// Routes no sample link reaches, and external routes that require login.
    private static func warnings(_ routes: [Route], in registry: RouteRegistry) -> [String] {
        var warnings: [String] = []
        for route in routes {
            var parameters: [String: String] = [:]
            for segment in route.pattern.segments {
                switch segment {
                case .literal: break
                case .parameter(let name, let type): parameters[name] = type.sampleValue
                case .catchAll(let name): parameters[name] = "x"
                }
            }
            for name in route.requiredParameters where parameters[name] == nil { parameters[name] = "x" }
            do {
                let url = try registry.buildURL(route: route.name, parameters: parameters)
                let winner = try registry.resolve(url).routeName
                if winner != route.name {
                    warnings.append("\(location(of: route)): no link reaches it: '\(url)' opens route '\(winner)'")
                }
            } catch {
                warnings.append("\(location(of: route)): no link reaches it: \(error.message)")
            }
            if route.external && route.requiresAuth {
                warnings.append(
                    "\(location(of: route)): external and requires login: a link from outside asks to log in")
            }
        }
        return warnings
    }

    /// `module 'm', route 'r'` (or `route 'r'`).
    private static func location(of route: Route) -> String {
        route.module.map { "module '\($0)', route '\(route.name)'" } ?? "route '\(route.name)'"
    }
}
