/// The navigation state as versioned JSON, and back.
///
/// ```json
/// {"format": "navrouter-state", "version": 1, "next_entry_id": 7, "selected_tab": 0,
///  "tabs": [{"route": "home", "stack": [ENTRY, ...]}],
///  "layers": [{"style": "sheet", "prevent_dismissal": false, "stack": [ENTRY, ...]}]}
/// ENTRY: {"id": 3, "route": "product", "url": "/shop/product/42", "parameters": {"id": "42"},
///         "props": {...} or null, "expects_result": false, "opener": 2 or null}
/// ```
///
/// Views are not part of a snapshot: restoring builds them anew through the route handlers.
public enum NavigationSnapshot {
    /// The `format` field's value.
    public static let format = "navrouter-state"
    /// The version written, and the newest read.
    public static let version: Int64 = 1

    /// Writes a state (views left out).
    public static func encode(_ state: NavigationState) -> String { jsonValue(state, views: false).jsonText }

    /// A state as the JSON of a snapshot; with `views`, each entry also has its `view` (as in events), for hosts
    /// and bindings that read the current state (such JSON is not restored: views are not part of snapshots).
    public static func jsonValue(_ state: NavigationState, views: Bool) -> JSONValue {
        func entry(_ entry: NavigationEntry) -> JSONValue { views ? entry.jsonValue : .object(entry.snapshotFields) }
        return .object([
            "format": .string(format),
            "version": .integer(version),
            "next_entry_id": .integer(Int64(clamping: state.nextEntryID)),
            "selected_tab": .integer(Int64(state.selectedTab)),
            "tabs": .array(
                state.tabs.map {
                    .object(["route": $0.route.map(JSONValue.string) ?? .null, "stack": .array($0.stack.map(entry))])
                }),
            "layers": .array(
                state.layers.map {
                    .object([
                        "style": .string($0.style.rawValue), "prevent_dismissal": .bool($0.preventDismissal),
                        "stack": .array($0.stack.map(entry)),
                    ])
                }),
        ])
    }

    /// Reads a snapshot and validates it against the registry's table: every entry's route must exist and its
    /// URL must still resolve to that route with the same parameters; ids unique and below the counter; tabs
    /// start with their roots; no empty layer.
    /// - Throws: `.invalidJSON` for a snapshot that is not of this format or version, or not valid against the table.
    public static func decode(_ text: String, table: RouteTable) throws(NavRouterError) -> NavigationState {
        do {
            return try decodeUnchecked(text, table: table)
        } catch {
            throw NavRouterError(.invalidJSON, "snapshot: \(error.message)")
        }
    }

    private static func decodeUnchecked(_ text: String, table: RouteTable) throws(NavRouterError) -> NavigationState {
        let root = try JSONObjectReader(
            try JSONValue.parse(text), at: "",
            known: ["format", "version", "next_entry_id", "selected_tab", "tabs", "layers"])
        guard try root.string("format") == format else {
            throw NavRouterError(.invalidJSON, "format: not '\(format)'")
        }
        let version = try root.integer("version")
        guard version == Self.version else {
            throw NavRouterError(
                .invalidJSON, "version: \(version) is not supported (this library reads version \(Self.version))")
        }
        let nextID = try root.integer("next_entry_id")
        guard (1...Int64(NavigationState.maxEntryID)).contains(nextID) else {
            throw NavRouterError(.invalidJSON, "next_entry_id: must be between 1 and 2^53 - 1, not \(nextID)")
        }
        var tabs: [Tab] = []
        for tab in try root.objects("tabs", known: ["route", "stack"]) {
            tabs.append(
                Tab(route: try tab.optionalString("route", nullable: true), stack: try stack(tab, table: table)))
        }
        var layers: [ModalLayer] = []
        for layer in try root.objects("layers", known: ["style", "prevent_dismissal", "stack"]) {
            guard let style = ModalStyle(rawValue: try layer.string("style")) else {
                throw NavRouterError(.invalidJSON, "\(layer.path(of: "style")): must be sheet or fullscreen")
            }
            layers.append(
                ModalLayer(
                    style: style, preventDismissal: try layer.bool("prevent_dismissal"),
                    stack: try stack(layer, table: table)))
        }
        let state = NavigationState(
            tabs: tabs, selectedTab: Int(clamping: try root.integer("selected_tab")), layers: layers,
            nextEntryID: EntryID(nextID))
        if let violation = state.invariantViolation { throw NavRouterError(.invalidJSON, violation) }
        try checkMadeByCommands(state, table: table)
        return state
    }

    /// The rules the router's commands keep, which a snapshot edited by hand may break: a tab's root is a
    /// registered route that does not require authentication and expects no result; a `root` route's entry is only
    /// ever a tab's root; an entry has an opener only when it expects a result, and the opener is another entry of
    /// the state.
    private static func checkMadeByCommands(_ state: NavigationState, table: RouteTable) throws(NavRouterError) {
        for (index, tab) in state.tabs.enumerated() {
            guard let name = tab.route else { continue }
            guard let route = table.route(named: name) else {
                throw NavRouterError(.invalidJSON, "tabs[\(index)].route: '\(name)' is not registered")
            }
            if route.requiresAuth {
                throw NavRouterError(
                    .invalidJSON, "tabs[\(index)]: route '\(name)' requires authentication; a tab root never does")
            }
            if tab.stack.first?.expectsResult == true {
                throw NavRouterError(.invalidJSON, "tabs[\(index)].stack[0]: a tab root cannot expect a result")
            }
        }
        var ids = Set<EntryID>()
        for entry in state.allEntries { ids.insert(entry.id) }
        func check(_ stack: [NavigationEntry], _ place: String, rootAllowed: Bool) throws(NavRouterError) {
            for (index, entry) in stack.enumerated() {
                if index > 0 || !rootAllowed, table.route(named: entry.route)?.presentation == .root {
                    throw NavRouterError(
                        .invalidJSON, "\(place)[\(index)]: route '\(entry.route)' is the root of a tab")
                }
                guard let opener = entry.opener else { continue }
                if !entry.expectsResult {
                    throw NavRouterError(
                        .invalidJSON, "\(place)[\(index)].opener: set, but the entry does not expect a result")
                }
                if opener == entry.id {
                    throw NavRouterError(.invalidJSON, "\(place)[\(index)].opener: entry \(opener) is its own opener")
                }
                if !ids.contains(opener) {
                    throw NavRouterError(
                        .invalidJSON, "\(place)[\(index)].opener: \(opener) is not an entry of the state")
                }
            }
        }
        for (index, tab) in state.tabs.enumerated() {
            try check(tab.stack, "tabs[\(index)].stack", rootAllowed: tab.route != nil)
        }
        for (index, layer) in state.layers.enumerated() {
            try check(layer.stack, "layers[\(index)].stack", rootAllowed: false)
        }
    }

    private static func stack(_ owner: JSONObjectReader, table: RouteTable) throws(NavRouterError)
        -> [NavigationEntry]
    {
        var entries: [NavigationEntry] = []
        let known = ["id", "route", "url", "parameters", "props", "expects_result", "opener"]
        for entry in try owner.objects("stack", known: known) {
            let place = entry.path
            let id = try entry.integer("id")
            guard (1..<Int64(NavigationState.maxEntryID)).contains(id) else {
                throw NavRouterError(.invalidJSON, "\(entry.path(of: "id")): must be between 1 and 2^53 - 2, not \(id)")
            }
            let route = try entry.string("route")
            let url = try entry.string("url")
            let match: RouteMatch
            do {
                match = try table.resolve(url)
            } catch {
                throw NavRouterError(.invalidJSON, "\(place): URL '\(url)' no longer resolves: \(error.message)")
            }
            guard match.route.name == route else {
                throw NavRouterError(
                    .invalidJSON, "\(place): URL '\(url)' resolves to route '\(match.route.name)', not '\(route)'")
            }
            var parameters: [String: String] = [:]
            for (key, value) in try entry.object("parameters") {
                guard let text = value.stringValue else {
                    throw NavRouterError(.invalidJSON, "\(entry.path(of: "parameters")).\(key): must be a string")
                }
                parameters[key] = text
            }
            guard parameters == match.parameters else {
                throw NavRouterError(.invalidJSON, "\(place): the parameters do not match what URL '\(url)' gives")
            }
            guard entry.optional("props") != nil else {
                throw NavRouterError(.invalidJSON, "\(entry.path(of: "props")): missing")
            }
            let opener = try entry.nullableInteger("opener")
            entries.append(
                NavigationEntry(
                    id: EntryID(id), route: route, url: url, parameters: parameters,
                    props: try entry.optionalObject("props", nullable: true),
                    expectsResult: try entry.bool("expects_result"), opener: opener.map { EntryID(clamping: $0) },
                    requiresAuth: match.route.requiresAuth))
        }
        return entries
    }
}
