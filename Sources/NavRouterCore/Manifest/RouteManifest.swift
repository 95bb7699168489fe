/// Routes described in JSON: one module `{"module": "shop", "routes": [...]}`, a list of modules, or
/// `{"modules": [...]}`.
///
/// A route object has `name` and `pattern` (required), `presentation` (`push`, `modal`, `root`), `style`
/// (`sheet`, `fullscreen`; with `modal`), `requires_auth`, `external` (Booleans), `required_parameters`
/// (strings), `metadata` (an object), `parent` (a route name) and `aliases` (more patterns that open the route). Every
/// field is checked, unknown fields are
/// errors, and an error names the module, the route and the field. The document's top level may also carry the app's
/// URL policy and fallback route (`web_domains`, `schemes`, `fallback_route`: see `ManifestSettings`).
public enum RouteManifest {
    /// Parses a manifest into routes (each carrying its module's name).
    /// - Parameter text: the manifest's JSON text.
    /// - Returns: the routes, in order.
    /// - Throws: `.invalidJSON` for bad JSON or a bad field, `.invalidPattern` for a bad pattern,
    ///   `.invalidArgument` for a bad name. Each message names the module and route, and the field by its path in
    ///   the document: `manifest: module 'shop', route 'product': routes[2].style: must be a string, not integer`.
    public static func parse(_ text: String) throws(NavRouterError) -> [Route] {
        try parseWithSettings(text).routes
    }

    /// The routes and the settings (URL policy, fallback route) of a manifest (see `ManifestSettings`).
    /// - Throws: as `parse(_:)`; `.invalidArgument` for a web domain or scheme the URL policy refuses.
    public static func parseWithSettings(
        _ text: String
    ) throws(NavRouterError) -> (routes: [Route], settings: ManifestSettings) {
        var errors: [LocatedError]? = nil
        let parsed = try parse(text, collecting: &errors)
        if let error = parsed.settingsErrors.first { throw error.error }
        return (parsed.routes.map(\.route), parsed.settings)
    }

    /// Parses every route it can, for tools that list all problems at once (`navrouter check`): the routes that
    /// parse, and one error per route that does not (its message names module, route and field). A document whose
    /// structure is wrong (not JSON, no module) still throws.
    public static func parseEach(_ text: String) throws(NavRouterError) -> (routes: [Route], errors: [NavRouterError]) {
        let (routes, errors, _) = try parseLocated(text)
        return (routes.map(\.route), errors.map(\.error))
    }

    /// A route and the path of its object in the document (`modules[1].routes[0]`).
    struct LocatedRoute {
        let route: Route
        let path: String
    }

    /// A route's error, the path of the route's object in the document, and the field of it the error is about
    /// (`refusedField(of:)`), if the route's own checks found one.
    struct LocatedError {
        let error: NavRouterError
        let path: String
        var field: String? = nil
    }

    /// `parseEach`, with where in the document each route and each error is.
    /// The settings come too; the errors in them come first in `errors` (located at the setting's path).
    static func parseLocated(
        _ text: String
    ) throws(NavRouterError) -> (routes: [LocatedRoute], errors: [LocatedError], settings: ManifestSettings) {
        var errors: [LocatedError]? = []
        let parsed = try parse(text, collecting: &errors)
        return (parsed.routes, parsed.settingsErrors + (errors ?? []), parsed.settings)
    }

    /// With `errors` nil, the first route error throws; else route errors are collected there. An error in the
    /// settings is returned (located at the setting's path), and that setting left out.
    private static func parse(
        _ text: String, collecting errors: inout [LocatedError]?
    ) throws(NavRouterError) -> (routes: [LocatedRoute], settings: ManifestSettings, settingsErrors: [LocatedError]) {
        let root: JSONValue
        do {
            root = try JSONValue.parseDocument(text)
        } catch {
            throw NavRouterError(.invalidJSON, "manifest: \(error.message)")
        }
        let modules: [(value: JSONValue, path: String)]
        switch root {
        case .array(let list):
            modules = list.enumerated().map { ($1, "[\($0)]") }
        case .object(let members) where members["modules"] != nil:
            let known = ["modules"] + ManifestSettings.fields
            guard members.keys.allSatisfy(known.contains), let list = members["modules"]?.arrayValue else {
                throw NavRouterError(
                    .invalidJSON,
                    "manifest: expected {\"modules\": [...]} with nothing else but "
                        + ManifestSettings.fields.joined(separator: ", "))
            }
            modules = list.enumerated().map { ($1, "modules[\($0)]") }
        case .object:
            modules = [(root, "")]
        default:
            throw NavRouterError(
                .invalidJSON, "manifest: expected a module object or a list of modules, not \(root.typeName)")
        }
        var settings = ManifestSettings()
        var settingsErrors: [LocatedError] = []
        // The top level's own fields are checked by the module's reader (or above): read only the settings here.
        if let members = root.objectValue,
            let document = try? JSONObjectReader(root, at: "", known: Array(members.keys))
        {
            let read = ManifestSettings.read(document)
            settings = read.settings
            settingsErrors = read.errors.map { error in
                // Each message begins with the path of what it is about (`web_domains[1]: ...`).
                let path = String(error.message.prefix { $0 != ":" })
                return LocatedError(error: NavRouterError(error.code, "manifest: \(error.message)"), path: path)
            }
        }
        var routes: [LocatedRoute] = []
        for (index, module) in modules.enumerated() {
            routes += try parseModule(module.value, path: module.path, index: index, collecting: &errors)
        }
        return (routes, settings, settingsErrors)
    }

    private static func parseModule(
        _ value: JSONValue, path: String, index: Int, collecting errors: inout [LocatedError]?
    ) throws(NavRouterError) -> [LocatedRoute] {
        let place = "module \(value.objectValue?["module"]?.stringValue.map { "'\($0)'" } ?? "#\(index + 1)")"
        let module: JSONObjectReader
        let name: String?
        do throws(NavRouterError) {
            // The document's own module (path "") may carry the manifest's settings beside its routes.
            let known = ["module", "routes"] + (path.isEmpty ? ManifestSettings.fields : [])
            module = try JSONObjectReader(value, at: path, known: known, what: "the module")
            name = try module.optionalString("module")
            if name?.isEmpty == true { throw NavRouterError(.invalidJSON, "\(module.path(of: "module")): empty") }
        } catch {
            throw NavRouterError(error.code, "manifest: \(place): \(error.message)")
        }
        var routes: [LocatedRoute] = []
        for (position, entry) in try routeValues(module, place).enumerated() {
            let routeName = entry.objectValue?["name"]?.stringValue
            let routeWords = routeName.map { "route '\($0)'" } ?? "route #\(position + 1)"
            let routePath = module.path(of: "routes", index: position)
            do {
                routes.append(
                    LocatedRoute(route: try parseRoute(entry, path: routePath, module: name), path: routePath))
            } catch {
                let located = NavRouterError(
                    error.code, "manifest: \(place), " + Self.naming(routeWords, once: error.message))
                guard errors != nil else { throw located }
                errors?.append(LocatedError(error: located, path: routePath, field: refusedField(of: entry)))
            }
        }
        return routes
    }

    private static func routeValues(_ module: JSONObjectReader, _ place: String) throws(NavRouterError) -> [JSONValue] {
        do {
            return try module.array("routes")
        } catch {
            throw NavRouterError(error.code, "manifest: \(place): \(error.message)")
        }
    }

    private static let routeFields = [
        "name", "pattern", "presentation", "style", "requires_auth", "external", "required_parameters", "metadata",
        "parent", "aliases", "query",
    ]

    /// `route 'r': message`, or the message alone when it begins with the route's words already (`route 'r': ...`,
    /// `route 'r', alias 'a': ...`, `route 'r' (alias 'a') conflicts ...`): a message names its route once.
    static func naming(_ routeWords: String, once message: String) -> String {
        guard message.hasPrefix(routeWords) else { return "\(routeWords): \(message)" }
        let next = message.dropFirst(routeWords.count).first
        return next == ":" || next == " " || next == "," ? message : "\(routeWords): \(message)"
    }

    /// The field of a route's object that a route's own checks refuse, found by checking its fields one at a time
    /// with the checks `Route.init` makes, in its order (never from an error's words): `name`,
    /// `required_parameters[i]`, `parent`, `metadata`, `pattern`, `aliases[i]`, `query.NAME` (a path parameter's name
    /// too). Nil when no field is refused alone: a reader's error names its field in its own message.
    static func refusedField(of value: JSONValue) -> String? {
        guard let object = value.objectValue else { return nil }
        func refuses(_ check: () throws(NavRouterError) -> Void) -> Bool {
            do throws(NavRouterError) {
                try check()
                return false
            } catch {
                return true
            }
        }
        if let name = object["name"]?.stringValue,
            refuses({ () throws(NavRouterError) in
                try Route.validateName(name, what: "route name")
            })
        {
            return "name"
        }
        for case (let index, .string(let required)) in (object["required_parameters"]?.arrayValue ?? []).enumerated()
        where refuses({ () throws(NavRouterError) in try Route.validateName(required, what: "name") }) {
            return "required_parameters[\(index)]"
        }
        if let parent = object["parent"]?.stringValue,
            refuses({ () throws(NavRouterError) in
                try Route.validateName(parent, what: "parent route name")
            })
        {
            return "parent"
        }
        if let metadata = object["metadata"]?.objectValue,
            refuses({ () throws(NavRouterError) in
                try JSONValue.checkWritable(metadata, "metadata")
            })
        {
            return "metadata"
        }
        guard let text = object["pattern"]?.stringValue else { return nil }
        guard let pattern = try? RoutePattern(text) else { return "pattern" }
        for case (let index, .string(let alias)) in (object["aliases"]?.arrayValue ?? []).enumerated()
        where (try? RoutePattern(alias)) == nil {
            return "aliases[\(index)]"
        }
        let pathNames = Set(pattern.parameterNames)
        return (object["query"]?.objectValue ?? [:]).keys.sorted().first { pathNames.contains($0) }.map {
            "query.\($0)"
        }
    }

    private static func parseRoute(_ value: JSONValue, path: String, module: String?) throws(NavRouterError) -> Route {
        let fields = try JSONObjectReader(value, at: path, known: routeFields)
        let presentationName = try fields.optionalString("presentation") ?? "push"
        let styleName = try fields.optionalString("style")
        let presentation: Presentation
        switch presentationName {
        case "push": presentation = .push
        case "root": presentation = .root
        case "modal":
            guard let style = ModalStyle(rawValue: styleName ?? "sheet") else {
                throw NavRouterError(
                    .invalidJSON, "\(fields.path(of: "style")): must be sheet or fullscreen, not '\(styleName ?? "")'")
            }
            presentation = .modal(style)
        default:
            throw NavRouterError(
                .invalidJSON,
                "\(fields.path(of: "presentation")): must be push, modal or root, not '\(presentationName)'")
        }
        if styleName != nil, presentationName != "modal" {
            throw NavRouterError(.invalidJSON, "\(fields.path(of: "style")): applies only to presentation 'modal'")
        }
        var queryParameters: [QueryParameter] = []
        for (name, declaration) in (try fields.optionalObject("query") ?? [:]).sorted(by: { $0.key < $1.key }) {
            queryParameters.append(
                try QueryParameter(name: name, json: declaration, path: "\(fields.path(of: "query")).\(name)"))
        }
        return try Route(
            name: try fields.string("name"), pattern: try fields.string("pattern"), presentation: presentation,
            requiresAuth: try fields.bool("requires_auth", absent: false),
            external: try fields.bool("external", absent: false),
            requiredParameters: try fields.strings("required_parameters", nonEmpty: true),
            metadata: try fields.optionalObject("metadata"), parent: try fields.optionalString("parent"),
            module: module, aliases: try fields.strings("aliases", nonEmpty: true), queryParameters: queryParameters)
    }
}

extension RouteRegistry {
    /// Loads a JSON manifest all-or-nothing: every route is registered, or none.
    /// - Returns: the routes registered.
    /// - Throws: the manifest's errors (see `RouteManifest.parse(_:)`) and `.conflict`.
    /// Its settings (`ManifestSettings`: web domains, schemes, fallback route) are applied after its routes are
    /// registered; they are checked first, so a manifest with a refused setting registers nothing.
    @discardableResult
    public func loadManifest(_ text: String) throws(NavRouterError) -> [Route] {
        let (routes, settings) = try RouteManifest.parseWithSettings(text)
        try register(routes, applying: settings)
        return routes
    }
}
