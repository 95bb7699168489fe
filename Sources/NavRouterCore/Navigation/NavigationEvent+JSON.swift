extension NavigationEntry {
    /// The entry as JSON (as in snapshots, plus `view` as a number when it has one).
    public var jsonValue: JSONValue {
        var object = snapshotFields
        if let view { object["view"] = .integer(Int64(bitPattern: UInt64(view.rawValue))) }
        return .object(object)
    }

    /// Appends `jsonValue`'s text, the same bytes, written without building the value (see `JSONObjectText`).
    func writeJSON(to text: inout [UInt8]) {
        var object = JSONObjectText()
        object.key("expects_result", into: &text)
        JSONValue.bool(expectsResult).write(to: &text)
        object.key("id", into: &text)
        id.jsonValue.write(to: &text)
        object.key("opener", into: &text)
        (opener?.jsonValue ?? .null).write(to: &text)
        object.key("parameters", into: &text)
        parameterSource.writeJSON(to: &text)
        object.key("props", into: &text)
        (props.map(JSONValue.object) ?? .null).write(to: &text)
        object.key("route", into: &text)
        JSONValue.writeString(route, to: &text)
        object.key("saved_state", into: &text)
        (savedState.map(JSONValue.object) ?? .null).write(to: &text)
        object.key("url", into: &text)
        JSONValue.writeString(url, to: &text)
        if let view {
            object.key("view", into: &text)
            JSONValue.integer(Int64(bitPattern: UInt64(view.rawValue))).write(to: &text)
        }
        object.end(into: &text)
    }

    /// The fields a snapshot keeps (everything but the view, which a restore builds anew).
    var snapshotFields: [String: JSONValue] {
        [
            "id": id.jsonValue, "route": .string(route), "url": .string(url),
            "parameters": .object(strings: parameters), "props": props.map(JSONValue.object) ?? .null,
            "expects_result": .bool(expectsResult), "opener": opener.map(\.jsonValue) ?? .null,
            "saved_state": savedState.map(JSONValue.object) ?? .null,
        ]
    }
}

extension NavigationEvent {
    /// The event as JSON: `kind`, `transition`, `entry`, `entries`, `removed`, `tab` / `layer`, `style`,
    /// `animated`, `user_initiated`, and `result_of` / `result`, `failure` / `status`, `flow`, `ticket`,
    /// `prevent_dismissal`, `info` where they apply.
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = [
            "kind": .string(kind.rawValue), "transition": transitionID.jsonValue,
            "entry": entry.map(\.jsonValue) ?? .null, "entries": .array(entries.map(\.jsonValue)),
            "removed": .array(removed.map(\.jsonValue)), "animated": .bool(animated),
            "user_initiated": .bool(userInitiated),
        ]
        switch location {
        case .tab(let index)?: object["tab"] = .integer(Int64(index))
        case .layer(let index)?: object["layer"] = .integer(Int64(index))
        case nil: break
        }
        if let style { object["style"] = .string(style.rawValue) }
        if let resultOf {
            object["result_of"] = resultOf.jsonValue
            object["result"] = result ?? .null
            object["has_result"] = .bool(result != nil)
        }
        if let failure {
            object["failure"] = .string(failure.message)
            object["status"] = .string(failure.code.cName)
        }
        if let flow { object["flow"] = flow.jsonValue }
        if let ticket { object["ticket"] = ticket.jsonValue }
        if kind == .present { object["prevent_dismissal"] = .bool(preventsDismissal) }
        if let info { object["info"] = info }
        return .object(object)
    }
}

extension NavigationEvent {
    /// The event as compact JSON text: `jsonValue.jsonText`, byte for byte (what `navrouter_event_json` hands out,
    /// and what the Python binding reads), written directly: building the value and sorting its keys cost ~50,000
    /// instructions a navigation event, four times the rest of the command (BENCHMARKS.md).
    public var jsonText: String {
        var text: [UInt8] = []
        text.reserveCapacity(512)
        writeJSON(to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends `jsonText`: the members `jsonValue` has, in the byte order of their keys.
    func writeJSON(to text: inout [UInt8]) {
        var object = JSONObjectText()
        object.key("animated", into: &text)
        JSONValue.bool(animated).write(to: &text)
        object.key("entries", into: &text)
        writeEntries(entries, to: &text)
        object.key("entry", into: &text)
        if let entry { entry.writeJSON(to: &text) } else { JSONValue.null.write(to: &text) }
        if let failure {
            object.key("failure", into: &text)
            JSONValue.writeString(failure.message, to: &text)
        }
        if let flow {
            object.key("flow", into: &text)
            flow.jsonValue.write(to: &text)
        }
        if resultOf != nil {
            object.key("has_result", into: &text)
            JSONValue.bool(result != nil).write(to: &text)
        }
        if let info {
            object.key("info", into: &text)
            info.write(to: &text)
        }
        object.key("kind", into: &text)
        JSONValue.writeString(kind.rawValue, to: &text)
        if case .layer(let index)? = location {
            object.key("layer", into: &text)
            JSONValue.integer(Int64(index)).write(to: &text)
        }
        if kind == .present {
            object.key("prevent_dismissal", into: &text)
            JSONValue.bool(preventsDismissal).write(to: &text)
        }
        object.key("removed", into: &text)
        writeEntries(removedEntries, to: &text)
        if let resultOf {
            object.key("result", into: &text)
            (result ?? .null).write(to: &text)
            object.key("result_of", into: &text)
            resultOf.jsonValue.write(to: &text)
        }
        if let failure {
            object.key("status", into: &text)
            JSONValue.writeString(failure.code.cName, to: &text)
        }
        if let style {
            object.key("style", into: &text)
            JSONValue.writeString(style.rawValue, to: &text)
        }
        if case .tab(let index)? = location {
            object.key("tab", into: &text)
            JSONValue.integer(Int64(index)).write(to: &text)
        }
        if let ticket {
            object.key("ticket", into: &text)
            ticket.jsonValue.write(to: &text)
        }
        object.key("transition", into: &text)
        transitionID.jsonValue.write(to: &text)
        object.key("user_initiated", into: &text)
        JSONValue.bool(userInitiated).write(to: &text)
        object.end(into: &text)
    }

    private func writeEntries(_ entries: some Collection<NavigationEntry>, to text: inout [UInt8]) {
        text.append(UInt8(ascii: "["))
        for (index, entry) in entries.enumerated() {
            if index > 0 { text.append(UInt8(ascii: ",")) }
            entry.writeJSON(to: &text)
        }
        text.append(UInt8(ascii: "]"))
    }
}
