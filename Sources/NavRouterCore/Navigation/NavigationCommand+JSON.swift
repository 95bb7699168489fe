extension NavigationCommand {
    /// The command as JSON: `{"command": NAME, ...arguments}` (the transaction log's form; `init(json:)` reads it
    /// back). A restore's migration hook cannot be written: a logged restore replays without it.
    public var jsonValue: JSONValue {
        func command(_ name: String, _ fields: [String: JSONValue] = [:]) -> JSONValue {
            var object = fields
            object["command"] = .string(name)
            return .object(object)
        }
        func integer(_ value: UInt64) -> JSONValue { .integer(Int64(clamping: value)) }
        switch self {
        case .start: return command("start")
        case .setTabs(let urls, let selected):
            return command(
                "set_tabs", ["urls": .array(urls.map(JSONValue.string)), "selected": .integer(Int64(selected))])
        case .navigate(let url, let options):
            return command("navigate", ["url": .string(url), "options": options.jsonValue])
        case .pop(let count, let result):
            return command("pop", ["count": .integer(Int64(count)), "result": result ?? .null])
        case .popToRoot: return command("pop_to_root")
        case .popTo(let entry): return command("pop_to", ["entry": entry.jsonValue])
        case .popAfter(let index): return command("pop_after", ["index": .integer(Int64(index))])
        case .setStack(let urls): return command("set_stack", ["urls": .array(urls.map(JSONValue.string))])
        case .dismiss(let count, let result):
            return command(
                "dismiss",
                ["count": count == Int.max ? .string("all") : .integer(Int64(count)), "result": result ?? .null])
        case .selectTab(let index): return command("select_tab", ["index": .integer(Int64(index))])
        case .selectTabOfRoute(let route): return command("select_tab", ["route": .string(route)])
        case .back: return command("back")
        case .userPopped(let entry): return command("user_popped", ["entry": entry.jsonValue])
        case .userDismissed(let count): return command("user_dismissed", ["count": .integer(Int64(count))])
        case .restore(let snapshot, let options) where options == RestoreOptions():
            return command("restore", ["snapshot": .string(snapshot)])
        case .restore(let snapshot, let options):
            return command(
                "restore",
                [
                    "snapshot": .string(snapshot), "tolerant": .bool(options.tolerant),
                    "link": options.link.map(JSONValue.string) ?? .null, "link_options": options.linkOptions.jsonValue,
                ])
        case .refresh: return command("refresh")
        case .resume(let flow, let decision):
            var fields: [String: JSONValue] = ["flow": flow.jsonValue]
            switch decision {
            case .proceed: fields["decision"] = .string("proceed")
            case .pending: fields["decision"] = .string("pending")
            case .cancel(let reason):
                fields["decision"] = .string("cancel")
                fields["reason"] = .string(reason)
            case .redirect(let url):
                fields["decision"] = .string("redirect")
                fields["url"] = .string(url)
            }
            return command("resume", fields)
        case .updateEntry(let id, let parameters, let props):
            return command(
                "update_entry",
                [
                    "entry": id.jsonValue, "parameters": parameters.map { .object(strings: $0) } ?? .null,
                    "props": props.map(JSONValue.object) ?? .null,
                ])
        case .setSavedState(let id, let state):
            return command("set_saved_state", ["entry": id.jsonValue, "state": state.map(JSONValue.object) ?? .null])
        case .commitBackGesture(let gesture):
            return command("commit_back_gesture", ["gesture": gesture.jsonValue])
        }
    }

    /// Reads a command written by `jsonValue`.
    /// - Throws: `.invalidJSON` naming the field that is wrong.
    public init(json: JSONValue) throws(NavRouterError) {
        let known = [
            "command", "urls", "selected", "url", "options", "count", "result", "entry", "index", "snapshot",
            "tolerant", "link", "link_options", "flow", "decision", "reason", "parameters", "props", "state",
            "gesture", "route",
        ]
        let fields = try JSONObjectReader(json, at: "", known: known, what: "a command")
        func id<Value: NavigationIdentifier>(_ key: String) throws(NavRouterError) -> Value {
            let value = try fields.integer(key)
            guard value >= 0 else {
                throw NavRouterError(.invalidJSON, "\(fields.path(of: key)): must not be negative")
            }
            return Value(json: value)
        }
        func int(_ key: String) throws(NavRouterError) -> Int { Int(clamping: try fields.integer(key)) }
        func result() -> JSONValue? {  // null is no result (a `nil` here would read as JSONValue's null literal)
            guard let value = fields.optional("result"), value != .null else { return nil }
            return value
        }
        func strings(_ key: String) throws(NavRouterError) -> [String] { try fields.strings(key) }
        let name = try fields.string("command")
        switch name {
        case "start": self = .start
        case "set_tabs": self = .setTabs(urls: try strings("urls"), selected: try int("selected"))
        case "navigate":
            self = .navigate(
                url: try fields.string("url"),
                options: try NavigationOptions(json: fields.optional("options") ?? .object([:])))
        case "pop": self = .pop(count: try int("count"), result: result())
        case "pop_to_root": self = .popToRoot
        case "pop_to": self = .popTo(entry: try id("entry"))
        case "pop_after": self = .popAfter(index: try int("index"))
        case "set_stack": self = .setStack(urls: try strings("urls"))
        case "dismiss":
            let count = fields.optional("count") == .string("all") ? Int.max : try int("count")
            self = .dismiss(count: count, result: result())
        case "select_tab" where fields.optional("route") != nil:
            self = .selectTabOfRoute(route: try fields.string("route"))
        case "select_tab": self = .selectTab(index: try int("index"))
        case "back": self = .back
        case "user_popped": self = .userPopped(to: try id("entry"))
        case "user_dismissed": self = .userDismissed(count: try int("count"))
        case "restore":
            let snapshot = try fields.string("snapshot")
            if fields.optional("tolerant") == nil && fields.optional("link") == nil {
                self = .restore(snapshot: snapshot)
            } else {
                var options = RestoreOptions()
                options.tolerant = try fields.bool("tolerant", absent: false)
                options.link = try fields.optionalString("link", nullable: true)
                if let linkOptions = fields.optional("link_options") {
                    options.linkOptions = try NavigationOptions(json: linkOptions)
                }
                self = .restore(snapshot: snapshot, options: options)
            }
        case "refresh": self = .refresh
        case "resume":
            let decision: InterceptorDecision
            switch try fields.string("decision") {
            case "proceed": decision = .proceed
            case "pending": decision = .pending
            case "cancel": decision = .cancel(reason: try fields.optionalString("reason") ?? "")
            case "redirect": decision = .redirect(url: try fields.string("url"))
            case let other:
                throw NavRouterError(
                    .invalidJSON, "decision: must be proceed, cancel, redirect or pending, not '\(other)'")
            }
            self = .resume(flow: try id("flow"), decision: decision)
        case "update_entry":
            let parameters = try fields.optionalObject("parameters", nullable: true).map {
                object throws(NavRouterError) in
                try JSONValue.stringMembers(object, path: fields.path(of: "parameters"))
            }
            self = .updateEntry(
                id: try id("entry"), parameters: parameters, props: try fields.optionalObject("props", nullable: true))
        case "set_saved_state":
            self = .setSavedState(id: try id("entry"), state: try fields.optionalObject("state", nullable: true))
        case "commit_back_gesture": self = .commitBackGesture(gesture: try id("gesture"))
        default:
            throw NavRouterError(.invalidJSON, "command: '\(name)' is not a command")
        }
    }
}

extension NavigationOptions {
    /// The options as JSON: only the fields that differ from the defaults (`presentation`, `replace`, …).
    public var jsonValue: JSONValue {
        var object: [String: JSONValue] = [:]
        switch presentation {
        case .push?: object["presentation"] = .string("push")
        case .modal(let style)?: object["presentation"] = .string(style.rawValue)
        case .replaceTop?: object["presentation"] = .string("replace_top")
        case .root?: object["presentation"] = .string("root")
        case nil: break
        }
        if replace { object["replace"] = .bool(true) }
        if preventDismissal { object["prevent_dismissal"] = .bool(true) }
        if !animated { object["animated"] = .bool(false) }
        if singleTop { object["single_top"] = .bool(true) }
        if let popUpTo { object["pop_up_to"] = .string(popUpTo) }
        if popUpToInclusive { object["pop_up_to_inclusive"] = .bool(true) }
        if clearTop { object["clear_top"] = .bool(true) }
        if let buildBackStack { object["build_back_stack"] = .bool(buildBackStack) }
        if expectsResult { object["expects_result"] = .bool(true) }
        if let props { object["props"] = .object(props) }
        if external { object["external"] = .bool(true) }
        if let tab { object["tab"] = .string(tab) }
        if let flowDeadline { object["flow_deadline_ms"] = .integer(flowDeadline.deadlineMilliseconds) }
        return .object(object)
    }

    /// Reads options written by `jsonValue` (absent fields keep their defaults).
    /// - Throws: `.invalidJSON` naming the field that is wrong.
    public init(json: JSONValue) throws(NavRouterError) {
        let known = [
            "presentation", "replace", "prevent_dismissal", "animated", "single_top", "pop_up_to",
            "pop_up_to_inclusive", "clear_top", "build_back_stack", "expects_result", "props", "external", "tab",
            "flow_deadline_ms",
        ]
        let fields = try JSONObjectReader(json, at: "options", known: known)
        self.init()
        switch try fields.optionalString("presentation") {
        case nil: break
        case "push": presentation = .push
        case "sheet": presentation = .modal(.sheet)
        case "fullscreen": presentation = .modal(.fullScreen)
        case "replace_top": presentation = .replaceTop
        case "root": presentation = .root
        case let other?:
            throw NavRouterError(
                .invalidJSON,
                "options.presentation: must be push, sheet, fullscreen, replace_top or root, not '\(other)'")
        }
        replace = try fields.bool("replace", absent: false)
        preventDismissal = try fields.bool("prevent_dismissal", absent: false)
        animated = try fields.bool("animated", absent: true)
        singleTop = try fields.bool("single_top", absent: false)
        popUpTo = try fields.optionalString("pop_up_to", nullable: true)
        popUpToInclusive = try fields.bool("pop_up_to_inclusive", absent: false)
        clearTop = try fields.bool("clear_top", absent: false)
        if fields.optional("build_back_stack") != nil { buildBackStack = try fields.bool("build_back_stack") }
        expectsResult = try fields.bool("expects_result", absent: false)
        props = try fields.optionalObject("props", nullable: true)
        external = try fields.bool("external", absent: false)
        tab = try fields.optionalString("tab", nullable: true)
        if fields.optional("flow_deadline_ms") != nil {
            let milliseconds = try fields.integer("flow_deadline_ms")
            guard milliseconds >= 0 else {
                throw NavRouterError(.invalidJSON, "options.flow_deadline_ms: must not be negative")
            }
            flowDeadline = .milliseconds(milliseconds)
        }
    }
}

extension Duration {
    /// A flow deadline in whole milliseconds, as JSON carries it: a negative deadline counts as zero, and one longer
    /// than `Int64` milliseconds hold (`.seconds(.max)`, "never") saturates instead of wrapping to a negative one.
    var deadlineMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflowed) = seconds.multipliedReportingOverflow(by: 1000)
        let (sum, carried) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        if overflowed || carried { return seconds < 0 ? 0 : .max }
        return Swift.max(0, sum)
    }
}
