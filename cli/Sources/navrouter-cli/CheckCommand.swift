import ArgumentParser
import NavRouterCore

/// `navrouter check MANIFEST`: every problem of a manifest, one line each.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a manifest: one line per finding (file, module, route, what).",
        discussion: """
            Errors (exit status 1): invalid JSON or fields, invalid patterns, conflicts, dangling parents and parent \
            cycles. Warnings (exit status 0 unless --strict): routes no link reaches (their sample URL resolves to \
            another route), and external routes that require login (a link from outside starts a login first).
            """
    )

    @OptionGroup var options: ManifestOptions

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    func run() throws {
        try reportingErrors {
            let file = options.manifest
            let text = try options.text()
            let parsed: (routes: [Route], errors: [NavRouterError])
            do throws(NavRouterError) {
                parsed = try RouteManifest.parseEach(text)
            } catch {
                throw ToolError.failure("\(file): error: \(error.message)")
            }
            let routes = parsed.routes
            let registry = try options.emptyRegistry()
            var errors = parsed.errors.map(\.message) + ManifestCheck.registrationErrors(routes, into: registry)
            var warnings: [String] = []
            if errors.isEmpty { warnings = ManifestCheck.warnings(routes, in: registry) }
            errors = errors.map { "\(file): error: \($0)" }
            warnings = warnings.map { "\(file): warning: \($0)" }
            for line in errors + warnings { print(line) }
            let failed = !errors.isEmpty || (strict && !warnings.isEmpty)
            print("\(routes.count + parsed.errors.count) routes, \(errors.count) errors, \(warnings.count) warnings")
            if failed { throw ExitCode(1) }
        }
    }
}

/// What `check` finds.
enum ManifestCheck {
    /// Registers the routes one at a time, parents first, and says what each refused route's error is. A route
    /// whose parent is missing or refused, or that sits on a parent cycle, is an error of its own.
    static func registrationErrors(_ routes: [Route], into registry: RouteRegistry) -> [String] {
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
                    errors.append("\(location(of: route)): \(error.message)")
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
    static func warnings(_ routes: [Route], in registry: RouteRegistry) -> [String] {
        var warnings: [String] = []
        for route in routes {
            var parameters: [String: String] = [:]
            for segment in route.pattern.segments {
                switch segment {
                case .literal: break
                case .parameter(let name, .int): parameters[name] = "1"
                case .parameter(let name, .uuid): parameters[name] = "00000000-0000-4000-8000-000000000000"
                case .parameter(let name, .string), .catchAll(let name): parameters[name] = "x"
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
