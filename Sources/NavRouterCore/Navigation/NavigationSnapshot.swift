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
        let root = try Fields(
            try JSONValue.parse(text), "the snapshot",
            ["format", "version", "next_entry_id", "selected_tab", "tabs", "layers"])
        guard try root.string("format") == format else {
            throw NavRouterError(.invalidJSON, "the format is not '\(format)'")
        }
        let version = try root.integer("version")
        guard version == Self.version else {
            throw NavRouterError(
                .invalidJSON, "version \(version) is not supported (this library reads version \(Self.version))")
        }
        let nextID = try root.integer("next_entry_id")
        guard (1...Int64(NavigationState.maxEntryID)).contains(nextID) else {
            throw NavRouterError(.invalidJSON, "next_entry_id must be between 1 and 2^53 - 1, not \(nextID)")
        }
        var tabs: [Tab] = []
        for (index, value) in try root.array("tabs").enumerated() {
            let tab = try Fields(value, "tab \(index)", ["route", "stack"])
            let route = try tab.optionalString("route")
            tabs.append(Tab(route: route, stack: try stack(tab, "tab \(index)", table: table)))
        }
        var layers: [ModalLayer] = []
        for (index, value) in try root.array("layers").enumerated() {
            let layer = try Fields(value, "layer \(index)", ["style", "prevent_dismissal", "stack"])
            guard let style = ModalStyle(rawValue: try layer.string("style")) else {
                throw NavRouterError(.invalidJSON, "layer \(index): style must be sheet or fullscreen")
            }
            layers.append(
                ModalLayer(
                    style: style, preventDismissal: try layer.bool("prevent_dismissal"),
                    stack: try stack(layer, "layer \(index)", table: table)))
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
                throw NavRouterError(.invalidJSON, "tab route '\(name)' is not registered")
            }
            if route.requiresAuth {
                throw NavRouterError(
                    .invalidJSON, "tab \(index): route '\(name)' requires authentication; a tab root never does")
            }
            if tab.stack.first?.expectsResult == true {
                throw NavRouterError(.invalidJSON, "tab \(index): a tab root cannot expect a result")
            }
        }
        var ids = Set<EntryID>()
        for entry in state.allEntries { ids.insert(entry.id) }
        func check(_ stack: [NavigationEntry], _ place: String, rootAllowed: Bool) throws(NavRouterError) {
            for (index, entry) in stack.enumerated() {
                if index > 0 || !rootAllowed, table.route(named: entry.route)?.presentation == .root {
                    throw NavRouterError(
                        .invalidJSON, "\(place), entry \(index): route '\(entry.route)' is the root of a tab")
                }
                guard let opener = entry.opener else { continue }
                if !entry.expectsResult {
                    throw NavRouterError(
                        .invalidJSON, "\(place), entry \(index): it has an opener but does not expect a result")
                }
                if opener == entry.id {
                    throw NavRouterError(.invalidJSON, "\(place), entry \(index): entry \(opener) is its own opener")
                }
                if !ids.contains(opener) {
                    throw NavRouterError(
                        .invalidJSON, "\(place), entry \(index): opener \(opener) is not an entry of the state")
                }
            }
        }
        for (index, tab) in state.tabs.enumerated() {
            try check(tab.stack, "tab \(index)", rootAllowed: tab.route != nil)
        }
        for (index, layer) in state.layers.enumerated() { try check(layer.stack, "layer \(index)", rootAllowed: false) }
    }

    private static func stack(_ fields: Fields, _ place: String, table: RouteTable) throws(NavRouterError)
        -> [NavigationEntry]
    {
        var entries: [NavigationEntry] = []
        for (index, value) in try fields.array("stack").enumerated() {
            let place = "\(place), entry \(index)"
            let entry = try Fields(
                value, place, ["id", "route", "url", "parameters", "props", "expects_result", "opener"])
            let id = try entry.integer("id")
            guard (1..<Int64(NavigationState.maxEntryID)).contains(id) else {
                throw NavRouterError(.invalidJSON, "\(place): id must be between 1 and 2^53 - 2, not \(id)")
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
                    throw NavRouterError(.invalidJSON, "\(place): parameter '\(key)' is not a string")
                }
                parameters[key] = text
            }
            guard parameters == match.parameters else {
                throw NavRouterError(.invalidJSON, "\(place): the parameters do not match what URL '\(url)' gives")
            }
            let opener = try entry.optionalInteger("opener")
            entries.append(
                NavigationEntry(
                    id: EntryID(id), route: route, url: url, parameters: parameters,
                    props: try entry.optionalObject("props"),
                    expectsResult: try entry.bool("expects_result"), opener: opener.map { EntryID(clamping: $0) },
                    requiresAuth: match.route.requiresAuth))
        }
        return entries
    }

    /// An object's fields, checked for unknown keys, with typed getters whose errors say where.
    private struct Fields {
        let members: [String: JSONValue]
        let place: String

        init(_ value: JSONValue, _ place: String, _ known: Set<String>) throws(NavRouterError) {
            guard let members = value.objectValue else {
                throw NavRouterError(.invalidJSON, "\(place) must be an object")
            }
            for key in members.keys where !known.contains(key) {
                throw NavRouterError(.invalidJSON, "\(place): unknown field '\(key)'")
            }
            self.members = members
            self.place = place
        }

        private func field(_ key: String) throws(NavRouterError) -> JSONValue {
            guard let value = members[key] else {
                throw NavRouterError(.invalidJSON, "\(place): field '\(key)' is missing")
            }
            return value
        }

        private func wrong(_ key: String, _ type: String) -> NavRouterError {
            NavRouterError(.invalidJSON, "\(place): field '\(key)' must be \(type)")
        }

        func string(_ key: String) throws(NavRouterError) -> String {
            guard let text = try field(key).stringValue else { throw wrong(key, "a string") }
            return text
        }

        func optionalString(_ key: String) throws(NavRouterError) -> String? {
            let value = try field(key)
            if value == .null { return nil }
            guard let text = value.stringValue else { throw wrong(key, "a string or null") }
            return text
        }

        func integer(_ key: String) throws(NavRouterError) -> Int64 {
            guard case .integer(let number) = try field(key) else { throw wrong(key, "an integer") }
            return number
        }

        func optionalInteger(_ key: String) throws(NavRouterError) -> Int64? {
            let value = try field(key)
            if value == .null { return nil }
            guard case .integer(let number) = value else { throw wrong(key, "an integer or null") }
            return number
        }

        func bool(_ key: String) throws(NavRouterError) -> Bool {
            guard let flag = try field(key).boolValue else { throw wrong(key, "true or false") }
            return flag
        }

        func array(_ key: String) throws(NavRouterError) -> [JSONValue] {
            guard let list = try field(key).arrayValue else { throw wrong(key, "an array") }
            return list
        }

        func object(_ key: String) throws(NavRouterError) -> [String: JSONValue] {
            guard let object = try field(key).objectValue else { throw wrong(key, "an object") }
            return object
        }

        func optionalObject(_ key: String) throws(NavRouterError) -> [String: JSONValue]? {
            let value = try field(key)
            if value == .null { return nil }
            guard let object = value.objectValue else { throw wrong(key, "an object or null") }
            return object
        }
    }
}
