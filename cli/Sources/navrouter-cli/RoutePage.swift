import NavRouterCore

/// `navrouter graph --format html`: one self-contained page to explore a manifest's routes. The routes by module in a
/// list, the route graph (Graphviz's picture when `dot` is installed), and for the chosen route its patterns, flags,
/// guards, parent chain and metadata; a box explains any typed link as `navrouter explain` does.
///
/// The page explains a link with a copy of the matcher's rules in its script (it runs offline, without the
/// library): the scan (scheme, web domain, `//`, dot segments, escapes), each pattern segment's type, the priority
/// (literal > typed parameter > parameter > catch-all) and the required parameters. `Tests/cli/test_pages.py` checks
/// in Chromium that it gives the library's answer, candidate by candidate, for every route's sample links and for
/// links that fail at each rule.
enum RoutePage {
    /// The page for a registry; `graphSVG` is Graphviz's picture of `RouteGraph.dot` (nil without Graphviz).
    static func html(_ registry: RouteRegistry, source: String, graphSVG: String?) -> String {
        let routes = registry.routes
        let modules = Set(routes.compactMap(\.module)).count
        let tabs = routes.filter { $0.presentation == .root }.count
        var summary = "\(counted(routes.count, "route"))"
        if modules > 0 { summary += " in \(counted(modules, "module"))" }
        if tabs > 0 { summary += ", \(counted(tabs, "tab"))" }
        let protected = routes.filter(\.requiresAuth).count
        if protected > 0 { summary += ", \(protected) behind login" }
        let graph =
            graphSVG.map { "<div id=\"graph-picture\">\(HTMLPage.inlineSVG($0))</div>" }
            ?? "<p class=\"note\" id=\"graph-missing\">The picture needs Graphviz where the page is made "
            + "(<code>apt-get install graphviz</code>); the routes are listed on the left.</p>"
        let body = """
            <header><h1>Routes of \(HTMLPage.escaped(source))</h1><p>\(summary). Choose a route in the list or the \
            graph; type a link to see which route opens it and why the others do not.</p></header>
            <main id="routes-page">
            <nav class="panel" id="route-list" aria-label="routes"><h2>Routes</h2></nav>
            <section class="panel" id="graph"><h2>Graph</h2>\(graph)</section>
            <aside class="panel" id="details"><h2>Route</h2><div id="route-details"></div>
            <form id="explain-form"><label for="link">Explain a link</label>
            <input id="link" type="text" spellcheck="false" autocomplete="off" placeholder="/shop/product/7">
            </form><div id="explanation" aria-live="polite"></div></aside>
            </main>
            """
        return HTMLPage.document(
            title: "navrouter routes: \(source)", style: style, body: body, data: data(registry),
            script: RoutePageScript.source)
    }

    /// What the script needs: each route with its parameters and a sample link, the compiled table (every pattern
    /// and alias in the matcher's order, with its segments; the parameters are the route's), and the URL policy.
    static func data(_ registry: RouteRegistry) -> JSONValue {
        let table = registry.table
        let routes: [JSONValue] = registry.routes.map { route in
            var object: [String: JSONValue] = [
                "name": .string(route.name), "pattern": .string(route.pattern.text),
                "aliases": .array(route.aliases.map { .string($0.text) }),
                "presentation": .string(route.presentation.name),
                "requires_auth": .bool(route.requiresAuth), "external": .bool(route.external),
                "required_parameters": .array(route.requiredParameters.map(JSONValue.string)),
                "query_parameters": .array(route.queryParameters.map(json)),
                "parent": route.parent.map(JSONValue.string) ?? .null,
                "module": route.module.map(JSONValue.string) ?? .null,
                "metadata": route.metadata.map(JSONValue.object) ?? .null,
                "sample": sample(route, registry).map(JSONValue.string) ?? .null,
            ]
            if case .modal(let style) = route.presentation { object["style"] = .string(style.rawValue) }
            return .object(object)
        }
        let entries: [JSONValue] = table.routes.map { route in
            [
                "route": .string(route.name), "pattern": .string(route.pattern.text),
                "segments": .array(route.pattern.segments.map(json)),
            ]
        }
        return [
            "routes": .array(routes), "table": .array(entries), "case_sensitive": .bool(table.caseSensitive),
            "web_domains": .array(table.policy.webDomains.map(JSONValue.string)),
            "schemes": .array(table.policy.schemes.map(JSONValue.string)),
            "reserved_schemes": .array(URLPolicy.reservedSchemes.sorted().map(JSONValue.string)),
        ]
    }

    /// A link that opens the route: each parameter with the first sample value of its type, as `check` tries
    /// them (nil when none builds).
    private static func sample(_ route: Route, _ registry: RouteRegistry) -> String? {
        var parameters: [String: String] = [:]
        for segment in route.pattern.segments {
            switch segment {
            case .literal: break
            case .parameter(let name, let type): parameters[name] = type.sampleValues.first ?? "x"
            case .catchAll(let name): parameters[name] = "x"
            }
        }
        for name in route.requiredParameters where parameters[name] == nil { parameters[name] = "x" }
        for query in route.queryParameters where query.isRequired && parameters[query.name] == nil {
            parameters[query.name] = query.type.sampleValues.first ?? "x"
        }
        return try? registry.buildURL(route: route.name, parameters: parameters)
    }

    private static func json(_ segment: PatternSegment) -> JSONValue {
        switch segment {
        case .literal(let text): return ["kind": "literal", "text": .string(text)]
        case .parameter(let name, let type): return ["kind": "parameter", "name": .string(name)] + json(type)
        case .catchAll(let name): return ["kind": "catchall", "name": .string(name)]
        }
    }

    private static func json(_ query: QueryParameter) -> JSONValue {
        [
            "name": .string(query.name), "required": .bool(query.isRequired),
            "default": query.defaultValue.map(JSONValue.string) ?? .null,
        ] + json(query.type)
    }

    /// `{"type": "int"}`, or for an enumeration `{"type": "enum", "values": [...]}`, with the type's expectation
    /// as messages say it (`an int`, `one of a, b`).
    private static func json(_ type: ParameterType) -> [String: JSONValue] {
        var object: [String: JSONValue] = ["expectation": .string(type.expectation)]
        if case .enumeration(let values) = type {
            object["type"] = "enum"
            object["values"] = .array(values.map(JSONValue.string))
        } else {
            object["type"] = .string(type.name)
        }
        return object
    }

    private static let style = """
        #routes-page { grid-template-columns: minmax(180px, 240px) minmax(0, 1fr) minmax(300px, 420px);
          align-items: start; }
        #route-list section + section { margin-top: 10px; }
        #route-list h3 { margin: 0 0 2px; font-size: 12px; color: var(--muted); }
        #route-list button code { color: var(--muted); font-size: 11.5px; display: block; }
        #graph-picture svg { max-width: 100%; height: auto; }
        #graph-picture g.node { cursor: pointer; }
        #graph-picture g.node.selected > :is(polygon, ellipse, path) { stroke: var(--blue); stroke-width: 3; }
        #graph-picture g.node.won > :is(polygon, ellipse, path) { fill: var(--green-bg); }
        #graph-picture g.node.considered > :is(polygon, ellipse, path) { fill: var(--red-bg); }
        #graph-picture g.node.matched > :is(polygon, ellipse, path) { fill: var(--amber-bg); }
        .note { color: var(--muted); }
        #route-details dl { display: grid; grid-template-columns: max-content 1fr; gap: 3px 10px; margin: 0; }
        #route-details dt { color: var(--muted); }
        #route-details dd { margin: 0; overflow-wrap: anywhere; }
        #route-details h3 { margin: 0 0 6px; font-size: 17px; }
        #explain-form { margin-top: 14px; }
        #explain-form label { display: block; font-weight: 600; margin-bottom: 4px; }
        #link { width: 100%; padding: 6px 8px; font: 13px ui-monospace, Menlo, Consolas, monospace;
          border: 1px solid var(--line); border-radius: 6px; }
        #explanation .verdict { margin: 8px 0 4px; font-weight: 600; overflow-wrap: anywhere; }
        #explanation ol { margin: 0; padding-left: 0; list-style: none; }
        #explanation li { padding: 4px 0; border-top: 1px solid #f1f3f4; }
        #explanation li .why { display: block; color: var(--muted); font-size: 12.5px; }
        #explanation li button { all: unset; cursor: pointer; font-weight: 600; }
        """
}

extension JSONValue {
    /// An object with another object's fields added (the right one's win).
    fileprivate static func + (lhs: JSONValue, rhs: [String: JSONValue]) -> JSONValue {
        guard case .object(var fields) = lhs else { return lhs }
        fields.merge(rhs) { _, new in new }
        return .object(fields)
    }
}
