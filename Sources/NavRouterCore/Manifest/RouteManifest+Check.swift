/// What `RouteManifest.check(_:options:)` finds in a manifest: every error and warning, each with where it is.
public struct ManifestReport: Equatable, Sendable {
    /// How many routes the manifest describes (those that parse and those that do not).
    public let routeCount: Int
    /// Every finding, errors first, in the order of the document within each kind.
    public let findings: [ManifestFinding]

    /// One line per error: invalid JSON or fields, invalid patterns, conflicts, dangling parents, parent cycles;
    /// each names its module and route (`module 'm', route 'r': ...`).
    public var errors: [String] { findings.filter { $0.severity == .error }.map(\.message) }
    /// One line per warning (given only when there is no error): routes no link reaches (their sample URL opens
    /// another route), external routes that require login.
    public var warnings: [String] { findings.filter { $0.severity == .warning }.map(\.message) }

    /// The report as JSON: `{"routes": N, "errors": [...], "warnings": [...], "findings": [...]}`, the findings as
    /// `ManifestFinding.jsonValue` gives them.
    public var jsonValue: JSONValue {
        .object([
            "routes": .integer(Int64(routeCount)), "errors": .array(errors.map(JSONValue.string)),
            "warnings": .array(warnings.map(JSONValue.string)), "findings": .array(findings.map(\.jsonValue)),
        ])
    }
}

/// One problem of a manifest, and where it is in the manifest's text.
public struct ManifestFinding: Equatable, Sendable {
    /// How bad a finding is.
    public enum Severity: String, Sendable {
        /// The manifest does not load.
        case error
        /// The manifest loads, but probably not as meant (`navrouter check --strict` fails on it).
        case warning
    }

    /// How bad it is.
    public let severity: Severity
    /// What is wrong, naming the module and the route.
    public let message: String
    /// The path of the value it is about in the document (`routes[2].presentaton`, `modules[0].routes[1].parent`):
    /// the field when the finding is about one, else the route's object.
    public let path: String
    /// The line of that value (of its key, for a field), from 1; nil when the text has no value at `path`.
    public let line: Int?
    /// Its column, from 1, in Unicode scalars.
    public let column: Int?

    /// `{"severity", "message", "path", "line", "column"}` (line and column null when unknown).
    public var jsonValue: JSONValue {
        .object([
            "severity": .string(severity.rawValue), "message": .string(message), "path": .string(path),
            "line": line.map { .integer(Int64($0)) } ?? .null, "column": column.map { .integer(Int64($0)) } ?? .null,
        ])
    }

    /// `LINE:COLUMN: severity: message` (or `severity: message` when the place is unknown): after a file name and a
    /// colon, the form compilers use, which editors and CI annotate.
    public var located: String {
        guard let line, let column else { return "\(severity.rawValue): \(message)" }
        return "\(line):\(column): \(severity.rawValue): \(message)"
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
        let (located, parseErrors, settings) = try parseLocated(text)
        var options = options
        options.policy = settings.applied(to: options.policy)  // links are sampled under the manifest's own policy
        let registry = try RouteRegistry(options: options)
        var problems =
            parseErrors.map { RouteFinding(path: $0.path, message: $0.error.message, field: $0.field) }
            + registrationErrors(located, into: registry)
        do {
            try settings.checkFallback(among: located.map(\.route.name))
        } catch {
            problems.append(RouteFinding(path: "fallback_route", message: "manifest: \(error.message)", field: nil))
        }
        let positions = JSONSourcePositions(text)
        var findings = problems.map { finding(.error, $0, in: positions) }
        if findings.isEmpty {
            findings = warnings(located, in: registry).map { finding(.warning, $0, in: positions) }
        }
        return ManifestReport(routeCount: located.count + parseErrors.count, findings: findings)
    }

    /// A finding placed at the field it is about: the field a reader's error names by its path, else the field the
    /// finding says it is about, else the route's object.
    private static func finding(
        _ severity: ManifestFinding.Severity, _ found: RouteFinding, in positions: JSONSourcePositions
    ) -> ManifestFinding {
        var path = found.path
        if let named = positions.path(namedIn: found.message, under: found.path) {
            path = named  // a reader's error starts with the path of the value it is about
        } else if let field = found.field, positions.position(of: "\(found.path).\(field)") != nil {
            path = "\(found.path).\(field)"
        }
        let position = positions.position(of: path)
        return ManifestFinding(
            severity: severity, message: found.message, path: path, line: position?.line, column: position?.column)
    }

    /// The field of a route a registry refused that the refusal is about, found from what the registry holds and
    /// accepts (never from the message's words): `requires_auth` for a protected tab, `name` for a name taken,
    /// `parent` for a missing parent or a chain the registry refuses, and for a conflict `pattern`, or the alias
    /// (`aliases[1]`) that conflicts, found by trying the route with each of its patterns alone (each try taken back).
    private static func refusedField(
        _ route: Route, _ error: NavRouterError, in registry: RouteRegistry
    ) -> String? {
        if route.presentation == .root && route.requiresAuth { return "requires_auth" }
        if registry.table.route(named: route.name) != nil { return "name" }
        switch error.code {
        case .invalidArgument where route.parent != nil: return "parent"
        case .conflict where !route.aliases.isEmpty:
            func accepted(_ aliases: [RoutePattern]) -> Bool {
                var trial = route
                trial.aliases = aliases
                guard (try? registry.register(trial)) != nil else { return false }
                try? registry.unregister(named: route.name)
                return true
            }
            if !accepted([]) { return "pattern" }
            return route.aliases.indices.first { !accepted([route.aliases[$0]]) }.map { "aliases[\($0)]" } ?? "aliases"
        case .conflict: return "pattern"
        default: return nil
        }
    }

    /// Registers the routes one at a time, parents first, and says what each refused route's error is. A route
    /// whose parent is missing or refused, or that sits on a parent cycle, is an error of its own.
    private static func registrationErrors(
        _ routes: [LocatedRoute], into registry: RouteRegistry
    ) -> [RouteFinding] {
        let names = Set(routes.map(\.route.name))
        var errors: [RouteFinding] = []
        var registered: Set<String> = []
        var failed: Set<String> = []
        var remaining = routes
        while !remaining.isEmpty {
            var progressed = false
            var next: [LocatedRoute] = []
            for located in remaining {
                let route = located.route
                if let parent = route.parent, names.contains(parent), !registered.contains(parent) {
                    if failed.contains(parent) {
                        errors.append(RouteFinding(located, "parent route '\(parent)' was refused", field: "parent"))
                        failed.insert(route.name)
                        progressed = true
                    } else {
                        next.append(located)  // waits for its parent
                    }
                    continue
                }
                progressed = true
                do {
                    try registry.register(route)
                    registered.insert(route.name)
                } catch {
                    errors.append(
                        RouteFinding(located, error.message, field: refusedField(route, error, in: registry)))
                    failed.insert(route.name)
                }
            }
            if !progressed {  // what is left waits on itself: parent cycles
                for located in next {
                    let parent = located.route.parent ?? ""
                    errors.append(
                        RouteFinding(located, "its parent routes form a cycle at '\(parent)'", field: "parent"))
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
    private static func warnings(_ routes: [LocatedRoute], in registry: RouteRegistry) -> [RouteFinding] {
        var warnings: [RouteFinding] = []
        for located in routes {
            let route = located.route
            var allowed: Set<String> = []
            for case .string(let name) in route.metadata?["check_allow"]?.arrayValue ?? [] {
                if allowableWarnings.contains(name) {
                    allowed.insert(name)
                } else {
                    warnings.append(
                        RouteFinding(
                            located,
                            "check_allow lists '\(name)', which is no warning (expected "
                                + allowableWarnings.joined(separator: " or ") + ")"
                                + NameSuggestion.didYouMean(name, among: allowableWarnings),
                            field: "metadata.check_allow"))
                }
            }
            if !allowed.contains("unreachable"), let problem = unreachable(route, in: registry) {
                warnings.append(RouteFinding(located, "no link reaches it: \(problem)", field: "pattern"))
            }
            if route.external && route.requiresAuth && !allowed.contains("external_login") {
                warnings.append(
                    RouteFinding(
                        located,
                        "external and requires login: a link from outside asks to log in "
                            + "(expected? list \"external_login\" in the route's metadata \"check_allow\")",
                        field: "external"))
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

    /// A finding about one route: where the route's object is, and what it says (beginning with the route's
    /// location, `module 'm', route 'r'`).
    private struct RouteFinding {
        /// The path of the route's object in the document.
        let path: String
        let message: String
        /// The field of the route it is about (`parent`, `aliases[1]`, `metadata.check_allow`), if one.
        let field: String?

        init(path: String, message: String, field: String?) {
            self.path = path
            self.message = message
            self.field = field
        }

        /// A finding about a route: `module 'm', route 'r': what`, the route named once (a registry's message may
        /// name it already).
        init(_ located: LocatedRoute, _ what: String, field: String?) {
            let route = located.route
            path = located.path
            message =
                (route.module.map { "module '\($0)', " } ?? "")
                + RouteManifest.naming("route '\(route.name)'", once: what)
            self.field = field
        }
    }
}
