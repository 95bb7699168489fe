/// Routes described in JSON: one module `{"module": "shop", "routes": [...]}`, a list of modules, or
/// `{"modules": [...]}`.
///
/// A route object has `name` and `pattern` (required), `presentation` (`push`, `modal`, `root`), `style`
/// (`sheet`, `fullscreen`; with `modal`), `requires_auth`, `external` (Booleans), `required_parameters`
/// (strings), `metadata` (an object) and `parent` (a route name). Every field is checked, unknown fields are
/// errors, and an error names the module, the route and the field.
public enum RouteManifest {
    /// Parses a manifest into routes (each carrying its module's name).
    /// - Parameter text: the manifest's JSON text.
    /// - Returns: the routes, in order.
    /// - Throws: `.invalidJSON` for bad JSON or a bad field, `.invalidPattern` for a bad pattern,
    ///   `.invalidArgument` for a bad name (each message says where).
    public static func parse(_ text: String) throws(NavRouterError) -> [Route] {
        let root: JSONValue
        do {
            root = try JSONValue.parse(text)
        } catch {
            throw NavRouterError(.invalidJSON, "manifest: \(error.message)")
        }
        let modules: [JSONValue]
        switch root {
        case .array(let list):
            modules = list
        case .object(let members) where members["modules"] != nil:
            guard members.count == 1, let list = members["modules"]?.arrayValue else {
                throw NavRouterError(.invalidJSON, "manifest: expected {\"modules\": [...]} with nothing else")
            }
            modules = list
        case .object:
            modules = [root]
        default:
            throw NavRouterError(
                .invalidJSON, "manifest: expected a module object or a list of modules, not \(root.typeName)")
        }
        var routes: [Route] = []
        for (index, module) in modules.enumerated() {
            routes += try parseModule(module, index: index)
        }
        return routes
    }

    private static func parseModule(_ value: JSONValue, index: Int) throws(NavRouterError) -> [Route] {
        guard let members = value.objectValue else {
            throw NavRouterError(.invalidJSON, "manifest: module #\(index + 1) is \(value.typeName), not an object")
        }
        let name = members["module"]?.stringValue
        let place = name.map { "module '\($0)'" } ?? "module #\(index + 1)"
        for key in members.keys where key != "module" && key != "routes" {
            throw NavRouterError(.invalidJSON, "manifest: \(place): unknown field '\(key)' (expected module, routes)")
        }
        if let module = members["module"], name == nil || name!.isEmpty {
            throw NavRouterError(
                .invalidJSON, "manifest: \(place): field 'module' must be a non-empty string, not \(module.typeName)")
        }
        guard let list = members["routes"]?.arrayValue else {
            throw NavRouterError(.invalidJSON, "manifest: \(place): field 'routes' must be an array of routes")
        }
        var routes: [Route] = []
        for (position, entry) in list.enumerated() {
            let routeName = entry.objectValue?["name"]?.stringValue
            let routePlace = "manifest: \(place), route \(routeName.map { "'\($0)'" } ?? "#\(position + 1)")"
            do {
                routes.append(try parseRoute(entry, module: name))
            } catch {
                throw NavRouterError(error.code, "\(routePlace): \(error.message)")
            }
        }
        return routes
    }

    private static let routeFields: Set<String> = [
        "name", "pattern", "presentation", "style", "requires_auth", "external", "required_parameters", "metadata",
        "parent",
    ]

    private static func parseRoute(_ value: JSONValue, module: String?) throws(NavRouterError) -> Route {
        guard let fields = value.objectValue else {
            throw NavRouterError(.invalidJSON, "expected an object, not \(value.typeName)")
        }
        for key in fields.keys.sorted() where !routeFields.contains(key) {
            throw NavRouterError(
                .invalidJSON, "unknown field '\(key)' (expected \(routeFields.sorted().joined(separator: ", ")))")
        }
        func string(_ key: String, required: Bool = false) throws(NavRouterError) -> String? {
            guard let field = fields[key] else {
                if required { throw NavRouterError(.invalidJSON, "field '\(key)' is missing") }
                return nil
            }
            guard let text = field.stringValue else {
                throw NavRouterError(.invalidJSON, "field '\(key)' must be a string, not \(field.typeName)")
            }
            return text
        }
        func flag(_ key: String) throws(NavRouterError) -> Bool {
            guard let field = fields[key] else { return false }
            guard let flag = field.boolValue else {
                throw NavRouterError(.invalidJSON, "field '\(key)' must be true or false, not \(field.typeName)")
            }
            return flag
        }
        let presentationName = try string("presentation") ?? "push"
        let styleName = try string("style")
        let presentation: Presentation
        switch presentationName {
        case "push": presentation = .push
        case "root": presentation = .root
        case "modal":
            guard let style = ModalStyle(rawValue: styleName ?? "sheet") else {
                throw NavRouterError(
                    .invalidJSON, "field 'style' must be sheet or fullscreen, not '\(styleName ?? "")'")
            }
            presentation = .modal(style)
        default:
            throw NavRouterError(
                .invalidJSON, "field 'presentation' must be push, modal or root, not '\(presentationName)'")
        }
        if styleName != nil, presentationName != "modal" {
            throw NavRouterError(.invalidJSON, "field 'style' applies only to presentation 'modal'")
        }
        var required: [String] = []
        if let field = fields["required_parameters"] {
            guard let list = field.arrayValue else {
                throw NavRouterError(.invalidJSON, "field 'required_parameters' must be an array of strings")
            }
            for item in list {
                guard let name = item.stringValue, !name.isEmpty else {
                    throw NavRouterError(
                        .invalidJSON, "field 'required_parameters' must hold non-empty strings, not \(item.typeName)")
                }
                required.append(name)
            }
        }
        var metadata: [String: JSONValue]?
        if let field = fields["metadata"] {
            guard let object = field.objectValue else {
                throw NavRouterError(.invalidJSON, "field 'metadata' must be an object, not \(field.typeName)")
            }
            metadata = object
        }
        return try Route(
            name: try string("name", required: true)!, pattern: try string("pattern", required: true)!,
            presentation: presentation, requiresAuth: try flag("requires_auth"), external: try flag("external"),
            requiredParameters: required, metadata: metadata, parent: try string("parent"), module: module)
    }
}

extension RouteRegistry {
    /// Loads a JSON manifest all-or-nothing: every route is registered, or none.
    /// - Returns: the routes registered.
    /// - Throws: the manifest's errors (see `RouteManifest.parse(_:)`) and `.conflict`.
    @discardableResult
    public func loadManifest(_ text: String) throws(NavRouterError) -> [Route] {
        let routes = try RouteManifest.parse(text)
        try register(routes)
        return routes
    }
}
