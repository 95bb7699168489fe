extension NavigationEntry {
    /// The entry as JSON (as in snapshots, plus `view` as a number when it has one).
    public var jsonValue: JSONValue {
        var object = snapshotFields
        if let view { object["view"] = .integer(Int64(bitPattern: UInt64(view.rawValue))) }
        return .object(object)
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
