/// What a manifest may say beside its routes, so that every host reading it (the C demo, `navrouter play`, Python,
/// Swift) resolves links alike without repeating flags: the app's web domains and custom schemes (its URL policy) and
/// the route a link no route takes opens.
///
/// Written at the document's top level: `{"module": "shop", "routes": [...], "web_domains": ["shop.example.com"],
/// "schemes": ["myapp"], "fallback_route": "not_found"}`, or beside `"modules"`. `RouteRegistry.loadManifest(_:)`
/// applies what is given (a field left out changes nothing); a bare list of modules has no place for them.
public struct ManifestSettings: Equatable, Sendable {
    /// The app's web domains, replacing the registry's when given.
    public var webDomains: [String]?
    /// The app's custom schemes, replacing the registry's when given (an empty list accepts any custom scheme).
    public var schemes: [String]?
    /// The route a link no route takes opens (`GuardOptions.fallbackRoute`), when given.
    public var fallbackRoute: String?

    /// Settings that change nothing.
    public init(webDomains: [String]? = nil, schemes: [String]? = nil, fallbackRoute: String? = nil) {
        self.webDomains = webDomains
        self.schemes = schemes
        self.fallbackRoute = fallbackRoute
    }

    /// The fields a manifest's top level may hold for them.
    static let fields = ["web_domains", "schemes", "fallback_route"]

    /// Reads the settings of a document's top-level object, each field on its own and each value checked: what is
    /// wrong in one field is an error naming it by its path (`web_domains[1]: 'shop..com' is not a web domain: ...`),
    /// and that field is left out.
    /// - Returns: the settings read, and an error per field that is wrong (`.invalidJSON` for the wrong type,
    ///   `.invalidArgument` for a domain or scheme the URL policy refuses).
    static func read(_ document: JSONObjectReader) -> (settings: ManifestSettings, errors: [NavRouterError]) {
        var settings = ManifestSettings()
        var errors: [NavRouterError] = []
        do throws(NavRouterError) {
            settings.webDomains = try list(document, "web_domains") { domain throws(NavRouterError) in
                try URLPolicy(webDomains: [domain]).validate()
            }
        } catch {
            errors.append(error)
        }
        do throws(NavRouterError) {
            settings.schemes = try list(document, "schemes") { scheme throws(NavRouterError) in
                try URLPolicy(schemes: [scheme]).validate()
            }
        } catch {
            errors.append(error)
        }
        do throws(NavRouterError) {
            settings.fallbackRoute = try document.optionalString("fallback_route")
            if settings.fallbackRoute?.isEmpty == true {
                settings.fallbackRoute = nil
                throw NavRouterError(.invalidJSON, "\(document.path(of: "fallback_route")): empty")
            }
        } catch {
            errors.append(error)
        }
        return (settings, errors)
    }

    /// A list of strings, each checked by `check` (its error named by the item's path); nil when absent.
    private static func list(
        _ document: JSONObjectReader, _ key: String, check: (String) throws(NavRouterError) -> Void
    ) throws(NavRouterError) -> [String]? {
        guard document.optional(key) != nil else { return nil }
        let items = try document.strings(key, nonEmpty: true)
        for (index, item) in items.enumerated() {
            do {
                try check(item)
            } catch {
                throw NavRouterError(error.code, "\(document.path(of: key, index: index)): \(error.message)")
            }
        }
        return items
    }

    /// Checks that the fallback route is among `names` (the routes the registry will hold).
    /// - Throws: `.notFound` naming the route meant, when one is near.
    func checkFallback(among names: [String]) throws(NavRouterError) {
        guard let fallbackRoute, !names.contains(fallbackRoute) else { return }
        throw NavRouterError(
            .notFound,
            "fallback_route: no route is named '\(fallbackRoute)'"
                + NameSuggestion.didYouMean(fallbackRoute, among: names))
    }

    /// `policy` with the web domains and schemes these settings give.
    func applied(to policy: URLPolicy) -> URLPolicy {
        var policy = policy
        if let webDomains { policy.webDomains = Set(webDomains.map { $0.lowercased() }) }
        if let schemes { policy.schemes = Set(schemes.map { $0.lowercased() }) }
        return policy
    }
}
