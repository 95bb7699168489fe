import NavRouterCore

/// The steps of a recorded transaction log (`RouterOptions.recordsLog`; `Router.transactionLogLines`), for
/// `play --log`: each line's command, outcome or error, events and state, as the app that wrote it lived them.
enum TransactionLogSteps {
    /// Reads the log's lines into steps; a line that is no logged step is exit status 2 naming its line.
    static func read(_ path: String, registry: RouteRegistry) throws -> [PlayStep] {
        var steps: [PlayStep] = []
        var previous = NavigationState()
        for (number, line) in try InputFile.numberedContentLines(path) {
            let object: [String: JSONValue]
            do throws(NavRouterError) {
                guard let members = try JSONValue.parseDocument(line).objectValue else {
                    throw NavRouterError(.invalidJSON, "not a JSON object")
                }
                object = members
            } catch {
                throw ToolError.usage("\(path):\(number): not a step of a transaction log: \(error.message)")
            }
            guard let command = object["command"]?.objectValue, let stateJSON = object["state"] else {
                throw ToolError.usage("\(path):\(number): not a step of a transaction log (no command or state)")
            }
            var result = outcome(object)
            var state = previous
            do throws(NavRouterError) {
                state = try NavigationSnapshot.decode(stateJSON.jsonText, table: registry.table)
            } catch {
                // Drawn as the state before it, and marked: the log and the manifest disagree.
                result = CommandResult(
                    error.code.cName, "the logged state does not fit the manifest: \(error.message)")
            }
            let seq = object["seq"].flatMap { Int($0.jsonText) } ?? steps.count + 1
            steps.append(
                PlayStep(
                    number: seq, line: number, command: text(of: command), result: result,
                    events: object["events"]?.arrayValue ?? [], state: state, stateJSON: stateJSON))
            previous = state
        }
        return steps
    }

    /// The step's outcome (`{"status": "applied", "id": 3}`) or error (`{"status": "EDENIED", "message": ...}`).
    private static func outcome(_ step: [String: JSONValue]) -> CommandResult {
        if let error = step["error"]?.objectValue {
            return CommandResult(
                error["status"]?.stringValue ?? "ERROR", error["message"]?.stringValue ?? "the command failed")
        }
        let outcome = step["outcome"]?.objectValue ?? [:]
        let status = outcome["status"]?.stringValue ?? "applied"
        let id = outcome["id"]?.jsonText ?? "0"
        switch status {
        case "applied" where id == "0": return CommandResult("ok", "nothing changed", outcome: "unchanged")
        case "applied": return CommandResult("ok", "applied (transition \(id))")
        case "queued": return CommandResult("ok", "queued (ticket \(id))", outcome: "queued")
        case "pending": return CommandResult("ok", "pending (flow \(id))", outcome: "pending")
        default: return CommandResult("ok", status, outcome: status)
        }
    }

    /// A logged command in a few words: its name, its URL, and its short arguments (`navigate /shop/product/7`,
    /// `select_tab index=2`).
    static func text(of command: [String: JSONValue]) -> String {
        var words = [command["command"]?.stringValue ?? "?"]
        if let url = command["url"]?.stringValue { words.append(url) }
        if let urls = command["urls"]?.arrayValue { words += urls.compactMap(\.stringValue) }
        for key in command.keys.sorted()
        where !["command", "url", "urls", "snapshot", "options", "link_options"]
            .contains(key)
        {
            guard let value = command[key], value != .null else { continue }
            switch value {
            case .object, .array: continue
            default: words.append("\(key)=\(value.stringValue ?? value.jsonText)")
            }
        }
        return words.joined(separator: " ")
    }
}
