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
    public static func encode(_ state: NavigationState) -> String {
        func entry(_ entry: NavigationEntry) -> JSONValue { .object(entry.snapshotFields) }
        let root: JSONValue = .object([
            "format": .string(format),
            "version": .integer(version),
            "next_entry_id": .integer(Int64(state.nextEntryID)),
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
        return root.jsonText
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
        guard nextID >= 1 else { throw NavRouterError(.invalidJSON, "next_entry_id must be at least 1") }
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
        for tab in tabs where tab.route != nil && table.route(named: tab.route!) == nil {
            throw NavRouterError(.invalidJSON, "tab route '\(tab.route!)' is not registered")
        }
        return state
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
            guard id >= 1 else { throw NavRouterError(.invalidJSON, "\(place): id must be at least 1") }
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
                    expectsResult: try entry.bool("expects_result"), opener: opener.map { EntryID(max(0, $0)) }))
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
