import Foundation
import NavRouterCore
import Synchronization

/// What one command of a script did.
struct CommandResult {
    /// `ok`, or the error's status name (`EINVAL`, `ENOTFOUND`, ...).
    let status: String
    /// What happened, or the error's message.
    let message: String
    /// `applied`, `unchanged`, `queued`, `pending`, `handled` or `failed`.
    let outcome: String

    init(_ status: String, _ message: String, outcome: String? = nil) {
        self.status = status
        self.message = message
        self.outcome = outcome ?? (status == "ok" ? "applied" : "failed")
    }
}

/// Runs script commands on one router over a registry, as the C demo host does, and keeps the events each sent.
final class ScriptPlayer: Sendable {
    let registry: RouteRegistry
    let router: Router
    private let login = LoginRecorder()
    private let saved = Mutex<String?>(nil)
    private let events = Mutex<[JSONValue]>([])

    init(registry: RouteRegistry, options: RouterOptions = RouterOptions()) {
        self.registry = registry
        self.router = Router(registry: registry, options: options)
        registry.guards.authenticationHandler = login
        router.navigator = { [weak self] event in
            self?.events.withLock { $0.append(event.jsonValue) }
            return true
        }
    }

    /// The events the router sent since the last call, as JSON (`NavigationEvent.jsonValue`).
    func takeEvents() -> [JSONValue] {
        events.withLock { events in
            defer { events = [] }
            return events
        }
    }

    /// Runs one command line.
    func run(_ line: String) -> CommandResult {
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        let command = words.first ?? ""
        let rest = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
        if Self.takesNoArgument.contains(command) && !rest.isEmpty {
            return CommandResult("EINVAL", "'\(command)' takes no argument, not '\(rest)'")
        }
        do throws(NavRouterError) {
            switch command {
            case "start": return describe(try router.start())
            case "open": return describe(try navigate(rest) { _ in })
            case "external": return describe(try navigate(rest) { $0.external = true })
            case "push": return describe(try navigate(rest) { $0.presentation = .push })
            case "replace": return describe(try navigate(rest) { $0.presentation = .replaceTop })
            case "present":
                let parts = rest.split(separator: " ", maxSplits: 1).map(String.init)
                let styleName = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "sheet"
                guard let style = Self.modalStyles[styleName] else {
                    return CommandResult("EINVAL", "present's style is sheet or fullscreen, not '\(styleName)'")
                }
                return describe(try navigate(parts.first ?? "") { $0.presentation = .modal(style) })
            case "back": return describe(try router.back())
            case "pop": return describe(try router.pop())
            case "dismiss": return describe(try router.dismiss())
            case "root": return describe(try router.popToRoot())
            case "tab":
                guard let index = Int(rest) else { return CommandResult("EINVAL", "tab needs a tab index") }
                return describe(try router.selectTab(index))
            case "popto":
                guard let id = EntryID(rest) else { return CommandResult("EINVAL", "popto needs an entry id") }
                return describe(try router.popTo(entry: id))
            case "swipe":
                let stack = router.state.currentStack
                guard stack.count >= 2 else { return CommandResult("ENOTFOUND", "nothing to swipe back to") }
                return describe(try router.userPopped(to: stack[stack.count - 2].id))
            case "login":
                guard rest == "ok" || rest == "fail" else {
                    return CommandResult("EINVAL", "login is 'login ok' or 'login fail', not '\(line)'")
                }
                guard let flow = login.flow else { return CommandResult("EINVAL", "no login flow is pending") }
                let success = rest == "ok"
                if success { registry.guards.setAuthenticated(true) }
                login.flow = nil
                return describe(try router.completeLogin(flow, success: success))
            case "logout":
                registry.guards.setAuthenticated(false)
                return CommandResult("ok", "logged out")
            case "snapshot":
                let snapshot = router.snapshot()
                saved.withLock { $0 = snapshot }
                return CommandResult("ok", "saved \(snapshot.utf8.count) bytes of JSON", outcome: "unchanged")
            case "restore":
                guard let snapshot = saved.withLock({ $0 }) else {
                    return CommandResult("EINVAL", "no snapshot was saved")
                }
                return describe(try router.restore(snapshot))
            default:
                return CommandResult(
                    "EINVAL", "unknown command '\(command)'" + NameSuggestion.didYouMean(command, among: Self.commands)
                )
            }
        } catch {
            return CommandResult(error.code.cName, error.message)
        }
    }

    /// Every command a script may use (for the name meant when one is misspelt).
    static let commands = [
        "start", "open", "external", "push", "replace", "present", "back", "pop", "dismiss", "root", "tab", "popto",
        "swipe", "login", "logout", "snapshot", "restore", "expect",
    ]

    /// The commands that read nothing after their name: a word there is a mistake the script is told of.
    private static let takesNoArgument: Set<String> = [
        "start", "back", "pop", "dismiss", "root", "swipe", "logout", "snapshot", "restore",
    ]

    /// `present URL [STYLE]`'s styles.
    private static let modalStyles: [String: ModalStyle] = ["sheet": .sheet, "fullscreen": .fullScreen]

    /// Navigates to `URL [PROPS]`.
    private func navigate(
        _ arguments: String, _ configure: (inout NavigationOptions) -> Void
    ) throws(NavRouterError) -> Router.Outcome {
        let parts = arguments.split(separator: " ", maxSplits: 1).map(String.init)
        var options = NavigationOptions()
        configure(&options)
        if parts.count > 1 { options.props = try JSONValue.parseObject(parts[1], what: "props") }
        return try router.navigate(parts.first ?? "", options: options)
    }

    private func describe(_ outcome: Router.Outcome) -> CommandResult {
        switch outcome {
        case .applied(let transition?): return CommandResult("ok", "applied (transition \(transition))")
        case .applied(nil): return CommandResult("ok", "nothing changed", outcome: "unchanged")
        case .queued(let ticket): return CommandResult("ok", "queued (ticket \(ticket))", outcome: "queued")
        case .pending(let flow):
            let message = login.flow == flow ? "pending: log in first ('login ok')" : "pending (flow \(flow))"
            return CommandResult("ok", message, outcome: "pending")
        case .handled: return CommandResult("ok", "handled by the authentication handler", outcome: "handled")
        }
    }
}

/// Remembers the login flow the router started.
private final class LoginRecorder: AuthenticationHandler {
    private let pending = Mutex<FlowToken?>(nil)

    var flow: FlowToken? {
        get { pending.withLock { $0 } }
        set { pending.withLock { $0 = newValue } }
    }

    func login(flow: FlowToken, destination: RouteMatch, router: Router) { self.flow = flow }
}
