/// The navigation state as versioned JSON, and back.
///
/// ```json
/// {"format": "navrouter-state", "version": 2, "next_entry_id": 7, "selected_tab": 0, "tab_history": [0],
///  "app": null,
///  "tabs": [{"route": "home", "stack": [ENTRY, ...], "hidden_layers": [LAYER, ...]}],
///  "layers": [LAYER, ...]}
/// LAYER: {"style": "sheet", "prevent_dismissal": false, "stack": [ENTRY, ...]}
/// ENTRY: {"id": 3, "route": "product", "url": "/shop/product/42", "parameters": {"id": "42"},
///         "props": {...} or null, "expects_result": false, "opener": 2 or null, "saved_state": {...} or null}
/// ```
///
/// `app` is the host's own value (its app version, say), written by `Router.snapshot(app:)` and handed to the
/// migration hook of `RestoreOptions`. Version 1 (without `tab_history`, `app`, `hidden_layers` and
/// `saved_state`) is still read. Views are not part of a snapshot: restoring builds them anew through the route
/// handlers.
public enum NavigationSnapshot {
    /// The `format` field's value.
    public static let format = "navrouter-state"
    /// The version written, and the newest read.
    public static let version: Int64 = 2

    /// Writes a state (views left out).
    public static func encode(_ state: NavigationState, app: JSONValue? = nil) -> String {
        jsonValue(state, views: false, app: app).jsonText
    }

    /// A state as the JSON of a snapshot; with `views`, each entry also has its `view` (as in events), for hosts
    /// and bindings that read the current state (such JSON is not restored: views are not part of snapshots).
    public static func jsonValue(_ state: NavigationState, views: Bool, app: JSONValue? = nil) -> JSONValue {
        jsonValue(state, app: app) { views ? $0.jsonValue : .object($0.snapshotFields) }
    }

    /// `jsonValue(_:views:app:)` with each entry's JSON from `entry` (the transaction log reuses the JSON of entries
    /// that did not change since the last command, so that its states share them).
    static func jsonValue(
        _ state: NavigationState, app: JSONValue? = nil, entry: (NavigationEntry) -> JSONValue
    ) -> JSONValue {
        func layer(_ layer: ModalLayer) -> JSONValue {
            .object([
                "style": .string(layer.style.rawValue), "prevent_dismissal": .bool(layer.preventDismissal),
                "stack": .array(layer.stack.map(entry)),
            ])
        }
        return .object([
            "format": .string(format),
            "version": .integer(version),
            "next_entry_id": state.nextEntryID.jsonValue,
            "selected_tab": .integer(Int64(state.selectedTab)),
            "tab_history": .array(state.tabHistory.map { .integer(Int64($0)) }),
            "app": app ?? .null,
            "tabs": .array(
                state.tabs.map {
                    .object([
                        "route": $0.route.map(JSONValue.string) ?? .null, "stack": .array($0.stack.map(entry)),
                        "hidden_layers": .array($0.hiddenLayers.map(layer)),
                    ])
                }),
            "layers": .array(state.layers.map(layer)),
        ])
    }

    /// Reads a snapshot and validates it against the registry's table: every entry's route must exist and its
    /// URL must still resolve to that route with the same parameters; ids unique and below the counter; tabs
    /// start with their roots; no empty layer; and what only commands make (see `RestoreOptions.tolerant` for a
    /// restore that drops what no longer fits instead).
    /// - Throws: `.invalidJSON` for a snapshot that is not of this format or version, or not valid against the table.
    public static func decode(_ text: String, table: RouteTable) throws(NavRouterError) -> NavigationState {
        try decode(text, table: table, options: RestoreOptions()).state
    }

    /// What a restore read: the state, and the entries it dropped (tolerant mode).
    struct Decoded {
        var state: NavigationState
        var dropped: [DroppedEntry]
        /// The snapshot's version before the migration hook ran.
        var version: Int64
    }

    /// `decode(_:table:)` with a restore's options.
    static func decode(_ text: String, table: RouteTable, options: RestoreOptions) throws(NavRouterError) -> Decoded {
        do throws(NavRouterError) {
            var json = try JSONValue.parseDocument(text)
            var version: Int64 = 0
            if case .integer(let number)? = json.objectValue?["version"] { version = number }
            json = try options.migrated(json)
            var reader = Reader(table: table, tolerant: options.tolerant)
            var decoded = try reader.decode(json)
            decoded.version = version
            return decoded
        } catch {
            throw NavRouterError(.invalidJSON, "snapshot: \(error.message)")
        }
    }
}

extension RestoreOptions {
    /// The snapshot's JSON as the migration hook rewrites it (unchanged without a hook).
    /// - Throws: `.invalidJSON` saying the hook failed, and why.
    func migrated(_ json: JSONValue) throws(NavRouterError) -> JSONValue {
        guard let migrate else { return json }
        do throws(NavRouterError) {
            return try migrate(json)
        } catch {
            throw NavRouterError(.invalidJSON, "the migration hook failed: \(error.message)")
        }
    }

    /// These options with the migration hook already run on `snapshot` (see `NavigationCommand.withHostHooksRun`):
    /// the restore reads what the hook returned. A snapshot that is not JSON is left to the restore to refuse (the
    /// hook would not have been called).
    func migratingNow(_ snapshot: String) throws(NavRouterError) -> RestoreOptions {
        guard migrate != nil, let json = try? JSONValue.parseDocument(snapshot) else { return self }
        let migrated: JSONValue
        do throws(NavRouterError) {
            migrated = try self.migrated(json)
        } catch {
            throw NavRouterError(.invalidJSON, "snapshot: \(error.message)")
        }
        var options = self
        options.migrate = { _ in migrated }
        return options
    }
}

/// An entry a tolerant restore left out, and why.
public struct DroppedEntry: Equatable, Sendable {
    /// The entry's id in the snapshot.
    public let id: EntryID
    /// Its route's name in the snapshot.
    public let route: String
    /// Its URL.
    public let url: String
    /// Why it was left out (an entry dropped with the one under it says so).
    public let reason: String

    /// The entry as JSON: `id`, `route`, `url`, `reason`.
    public var jsonValue: JSONValue {
        .object([
            "id": id.jsonValue, "route": .string(route), "url": .string(url),
            "reason": .string(reason),
        ])
    }
}

/// How `Router.restore(_:options:)` reads a snapshot.
public struct RestoreOptions: Sendable {
    /// Drop what no longer fits (an entry whose route is gone or whose URL no longer resolves to it, with the entries
    /// above it in its stack; a tab whose root goes; a layer whose root goes) instead of refusing the whole
    /// snapshot. The `restored` event lists what was dropped (`info.dropped`).
    public var tolerant = false
    /// Rewrites the snapshot's JSON before it is read (rename a route, move a URL): called with the parsed
    /// snapshot, whose `version` and `app` say what wrote it. Called once, during the call that issues the restore
    /// and on its thread, also when the restore is queued and read later.
    public var migrate: (@Sendable (JSONValue) throws(NavRouterError) -> JSONValue)?
    /// A deep link applied right after the state is restored, in the same transaction (a cold start from a
    /// notification: the saved state, then the link on top); it fails the whole restore if it fails. It goes through
    /// the guards as any navigation: a login step or a holding interceptor restores without it and holds it as a
    /// pending flow (the restore's outcome is `.pending`).
    public var link: String?
    /// The link's options (`external` by default: links that come with a cold start come from outside).
    public var linkOptions = NavigationOptions { $0.external = true }

    /// Default options: strict, no migration, no link.
    public init() {}

    /// Options built in place.
    public init(_ configure: (inout RestoreOptions) -> Void) {
        configure(&self)
    }
}

extension NavigationSnapshot {
    /// Reads a parsed snapshot, strictly or tolerantly.
    fileprivate struct Reader {
        let table: RouteTable
        let tolerant: Bool
        var dropped: [DroppedEntry] = []

        init(table: RouteTable, tolerant: Bool) {
            self.table = table
            self.tolerant = tolerant
        }

        mutating func decode(_ json: JSONValue) throws(NavRouterError) -> Decoded {
            // Other JSON given by mistake (a manifest, `{}`) is named as such, before the first field it lacks.
            if let members = json.objectValue, members["format"] == nil {
                throw NavRouterError(
                    .invalidJSON,
                    "this is not a navrouter snapshot: it has no \"format\" (a snapshot is what the router's "
                        + "snapshot() writes: {\"format\": \"\(format)\", "
                        + "\"version\": \(NavigationSnapshot.version), ...})")
            }
            let root = try JSONObjectReader(
                json, at: "",
                known: ["format", "version", "next_entry_id", "selected_tab", "tabs", "layers", "tab_history", "app"])
            try JSONValue.checkWritable(root.optional("app"), root.path(of: "app"))
            guard try root.string("format") == format else {
                throw NavRouterError(.invalidJSON, "format: not '\(format)'")
            }
            let version = try root.integer("version")
            guard (1...NavigationSnapshot.version).contains(version) else {
                throw NavRouterError(
                    .invalidJSON,
                    "version: \(version) is not supported (this library reads versions 1 to "
                        + "\(NavigationSnapshot.version))"
                )
            }
            let nextID = try root.integer("next_entry_id")
            guard (1...Int64(NavigationState.maxEntryID.rawValue)).contains(nextID) else {
                throw NavRouterError(.invalidJSON, "next_entry_id: must be between 1 and 2^53 - 1, not \(nextID)")
            }
            var tabs: [Tab?] = []
            for tab in try root.objects("tabs", known: ["route", "stack", "hidden_layers"]) {
                tabs.append(try readTab(tab))
            }
            var layers: [ModalLayer] = []
            for layer in try root.objects("layers", known: ["style", "prevent_dismissal", "stack"]) {
                if let read = try readLayer(layer) { layers.append(read) }
            }
            var selected = Int(clamping: try root.integer("selected_tab"))
            var history: [Int] = []
            if root.optional("tab_history") != nil {
                for (index, value) in try root.array("tab_history").enumerated() {
                    guard case .integer(let tab) = value else {
                        throw NavRouterError(
                            .invalidJSON, "\(root.path(of: "tab_history", index: index)): must be an integer")
                    }
                    history.append(Int(clamping: tab))
                }
            }
            if tolerant {
                // Tabs dropped: the others move down; the selection and the history follow them.
                var newIndex: [Int: Int] = [:]
                for (index, tab) in tabs.enumerated() where tab != nil { newIndex[index] = newIndex.count }
                if newIndex.isEmpty { throw NavRouterError(.invalidJSON, "no tab of the snapshot is left") }
                var keptTabs = tabs.compactMap { $0 }
                if let kept = newIndex[selected] {
                    selected = kept
                } else {
                    // The layers shown were over the dropped tab: they go with it. The tab selected instead shows the
                    // layers it hid (modals per tab).
                    for entry in layers.flatMap(\.stack) { drop(entry, "the tab it was shown over was dropped") }
                    selected = 0
                    layers = keptTabs[0].hiddenLayers
                    keptTabs[0].hiddenLayers = []
                }
                history = history.compactMap { newIndex[$0] }
                tabs = keptTabs
            }
            let state = NavigationState(
                tabs: tabs.compactMap { $0 }, selectedTab: selected, layers: layers, nextEntryID: EntryID(json: nextID),
                tabHistory: history)
            var checked = state
            if tolerant { checked.forgetDanglingOpeners() }
            if let violation = checked.invariantViolation { throw NavRouterError(.invalidJSON, violation) }
            try checkMadeByCommands(checked)
            return Decoded(state: checked, dropped: dropped, version: version)
        }

        /// A tab, or nil when a tolerant restore drops it (its route or its root entry is gone).
        private mutating func readTab(_ tab: JSONObjectReader) throws(NavRouterError) -> Tab? {
            let route = try tab.optionalString("route", nullable: true)
            var hidden: [ModalLayer] = []
            if tab.optional("hidden_layers") != nil {
                for layer in try tab.objects("hidden_layers", known: ["style", "prevent_dismissal", "stack"]) {
                    if let read = try readLayer(layer) { hidden.append(read) }
                }
            }
            let stack = try readStack(tab)
            if let route {
                var reason: String?
                if let registered = table.route(named: route) {
                    if registered.requiresAuth { reason = "tab route '\(route)' requires authentication" }
                } else {
                    reason = "tab route '\(route)' is not registered"
                }
                if stack.first?.route != route && reason == nil { reason = "the tab's root entry was dropped" }
                if let reason {
                    guard tolerant else { throw NavRouterError(.invalidJSON, "\(tab.path(of: "route")): \(reason)") }
                    for entry in stack + hidden.flatMap(\.stack) { drop(entry, "its tab was dropped: \(reason)") }
                    return nil
                }
            }
            return Tab(route: route, stack: stack, hiddenLayers: hidden)
        }

        /// A layer, or nil when a tolerant restore drops its root entry.
        private mutating func readLayer(_ layer: JSONObjectReader) throws(NavRouterError) -> ModalLayer? {
            guard let style = ModalStyle(rawValue: try layer.string("style")) else {
                throw NavRouterError(.invalidJSON, "\(layer.path(of: "style")): must be sheet or fullscreen")
            }
            let stack = try readStack(layer)
            if stack.isEmpty && tolerant { return nil }
            return ModalLayer(style: style, preventDismissal: try layer.bool("prevent_dismissal"), stack: stack)
        }

        /// A stack's entries; a tolerant restore stops at the first entry that no longer fits (it and the entries
        /// above it are dropped).
        private mutating func readStack(_ owner: JSONObjectReader) throws(NavRouterError) -> [NavigationEntry] {
            var entries: [NavigationEntry] = []
            let known = ["id", "route", "url", "parameters", "props", "expects_result", "opener", "saved_state"]
            let readers = try owner.objects("stack", known: known)
            for (position, entry) in readers.enumerated() {
                let id = try entry.integer("id")
                guard (1..<Int64(NavigationState.maxEntryID.rawValue)).contains(id) else {
                    throw NavRouterError(
                        .invalidJSON, "\(entry.path(of: "id")): must be between 1 and 2^53 - 2, not \(id)")
                }
                let route = try entry.string("route")
                let url = try entry.string("url")
                var parameters: [String: String] = [:]
                for (key, value) in try entry.object("parameters") {
                    guard let text = value.stringValue else {
                        throw NavRouterError(.invalidJSON, "\(entry.path(of: "parameters")).\(key): must be a string")
                    }
                    parameters[key] = text
                }
                guard entry.optional("props") != nil else {
                    throw NavRouterError(.invalidJSON, "\(entry.path(of: "props")): missing")
                }
                let props = try entry.optionalObject("props", nullable: true)
                try JSONValue.checkWritable(props, entry.path(of: "props"))
                let expectsResult = try entry.bool("expects_result")
                let opener = try entry.nullableInteger("opener")
                let savedState = try entry.optionalObject("saved_state", nullable: true)
                try JSONValue.checkWritable(savedState, entry.path(of: "saved_state"))
                let made: NavigationEntry
                switch check(route: route, url: url, parameters: parameters, at: entry.path) {
                case .success(let requiresAuth):
                    made = NavigationEntry(
                        id: EntryID(json: id), route: route, url: url, parameters: .given(parameters), props: props,
                        expectsResult: expectsResult, opener: opener.map { EntryID(json: $0) },
                        requiresAuth: requiresAuth
                    ).withSavedState(savedState)
                case .failure(let error):
                    guard tolerant else { throw error }
                    drop(EntryID(json: id), route, url, error.message)
                    for above in readers[(position + 1)...] {
                        let aboveID = EntryID(json: (try? above.integer("id")) ?? 0)
                        drop(
                            aboveID, (try? above.string("route")) ?? "", (try? above.string("url")) ?? "",
                            "entry \(id) under it was dropped")
                    }
                    return entries
                }
                entries.append(made)
            }
            return entries
        }

        /// Whether an entry still fits the table: its URL resolves to its route with its parameters.
        /// - Returns: whether the route requires authentication.
        private func check(route: String, url: String, parameters: [String: String], at place: String) -> Result<
            Bool, NavRouterError
        > {
            let match: RouteMatch
            do {
                match = try table.resolve(url)
            } catch {
                return .failure(
                    NavRouterError(.invalidJSON, "\(place): URL '\(url)' no longer resolves: \(error.message)"))
            }
            guard match.route.name == route else {
                // A route added since the entry was made may win its URL now: the entry still fits when its URL is
                // one of its own route's, with the same parameters.
                if let own = table.route(named: route), let path = table.pathParameters(of: url, byRoute: route),
                    parameters == MatchJSON.merged(path: path, queryItems: match.queryItems)
                {
                    return .success(own.requiresAuth)
                }
                return .failure(
                    NavRouterError(
                        .invalidJSON, "\(place): URL '\(url)' resolves to route '\(match.route.name)', not '\(route)'"))
            }
            guard parameters == match.parameters else {
                return .failure(
                    NavRouterError(.invalidJSON, "\(place): the parameters do not match what URL '\(url)' gives"))
            }
            return .success(match.route.requiresAuth)
        }

        private mutating func drop(_ entry: NavigationEntry, _ reason: String) {
            drop(entry.id, entry.route, entry.url, reason)
        }

        private mutating func drop(_ id: EntryID, _ route: String, _ url: String, _ reason: String) {
            dropped.append(DroppedEntry(id: id, route: route, url: url, reason: reason))
        }

        /// The rules the router's commands keep, which a snapshot edited by hand may break: a tab's root expects no
        /// result; a `root` route's entry is only ever a tab's root; an entry has an opener only when it expects a
        /// result, and the opener is another entry of the state. (`readTab` has refused, or a tolerant restore
        /// dropped, a tab whose route is not registered or requires authentication; a tolerant restore has forgotten
        /// openers.)
        private func checkMadeByCommands(_ state: NavigationState) throws(NavRouterError) {
            for (index, tab) in state.tabs.enumerated() where tab.route != nil {
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
                        throw NavRouterError(
                            .invalidJSON, "\(place)[\(index)].opener: entry \(opener) is its own opener")
                    }
                    if !ids.contains(opener) {
                        throw NavRouterError(
                            .invalidJSON, "\(place)[\(index)].opener: \(opener) is not an entry of the state")
                    }
                }
            }
            for (index, tab) in state.tabs.enumerated() {
                try check(tab.stack, "tabs[\(index)].stack", rootAllowed: tab.route != nil)
                for (layer, hidden) in tab.hiddenLayers.enumerated() {
                    try check(hidden.stack, "tabs[\(index)].hidden_layers[\(layer)].stack", rootAllowed: false)
                }
            }
            for (index, layer) in state.layers.enumerated() {
                try check(layer.stack, "layers[\(index)].stack", rootAllowed: false)
            }
        }
    }
}
