import ArgumentParser
import Foundation
import NavRouterCore
import Synchronization

/// `navrouter play MANIFEST SCRIPT`: runs a command script on a router and shows the state after each step.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Run a navigation script on a router of the manifest and print the state after each step.",
        discussion: """
            One command a line (# starts a comment), as the C demo reads them: open URL [PROPS], external URL, \
            push URL [PROPS], replace URL, present URL [sheet|fullscreen], back, pop, dismiss, root, tab N, \
            popto ENTRY, swipe (the user swipes back), login ok|fail (completes the pending login flow), logout, \
            snapshot, restore. A word a command does not take is an error. The router starts with a tab per root \
            route. '-' reads the script from standard input. A step that fails is shown with its status and message \
            and the script goes on; the exit status is then 1 (a CI running a script learns that a step failed), \
            and 2 when the manifest, the script or an SVG file cannot be read or written (--json gives each step's \
            status).
            """
    )

    @OptionGroup var options: ManifestOptions

    @Argument(help: "The script ('-' for standard input).")
    var script: String

    @Option(help: "Write one SVG picture of the navigation state per step into this directory.")
    var svg: String?

    @Flag(name: .customLong("json"), help: "One JSON object per step: {step, command, status, message, state}.")
    var asJSON = false

    func run() throws {
        try reportingErrors {
            if options.manifest == "-" && script == "-" {
                throw ToolError.usage("the manifest and the script cannot both come from standard input ('-')")
            }
            let registry = try options.registry()
            let lines = try scriptLines()
            if let svg {
                do {
                    try FileManager.default.createDirectory(atPath: svg, withIntermediateDirectories: true)
                } catch {
                    throw ToolError.usage("\(svg): cannot make the directory")
                }
            }
            let player = ScriptPlayer(registry: registry)
            var failures = 0
            for (step, line) in [(0, "start")] + lines.enumerated().map({ ($0 + 1, $1) }) {
                let result = player.run(line)
                if result.status != "ok" { failures += 1 }
                let state = player.router.state
                if asJSON {
                    let entry: JSONValue = [
                        "step": .integer(Int64(step)), "command": .string(line), "status": .string(result.status),
                        "message": .string(result.message),
                        // The state as the library writes it (read back as text, props at the value limit would
                        // sit past the parser's value limit).
                        "state": NavigationSnapshot.jsonValue(player.router.state, views: false),
                    ]
                    print(entry.jsonText)
                } else {
                    print("> \(line)")
                    print("  \(result.status == "ok" ? "" : "\(result.status): ")\(result.message)")
                    for row in StatePicture.text(state) { print("  \(row)") }
                }
                if let svg {
                    let path = "\(svg)/step-\(String(format: "%03d", step)).svg"
                    let picture = StatePicture.svg(state, title: "\(step): \(line)")
                    try OutputFile.write(picture, to: path)
                }
            }
            if failures > 0 && !asJSON { print("\(counted(failures, "step")) failed") }
            if failures > 0 { throw ExitCode(1) }
        }
    }

    /// The script's command lines, without blanks and comments.
    private func scriptLines() throws -> [String] { try InputFile.contentLines(script) }
}

/// Runs script commands on one router over a registry, as the C demo host does.
final class ScriptPlayer: Sendable {
    let registry: RouteRegistry
    let router: Router
    private let login = LoginRecorder()
    private let saved = Mutex<String?>(nil)

    init(registry: RouteRegistry) {
        self.registry = registry
        self.router = Router(registry: registry)
        registry.guards.authenticationHandler = login
    }

    /// Runs one command line: its status (`ok` or the error's status name) and a message.
    func run(_ line: String) -> (status: String, message: String) {
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        let command = words.first ?? ""
        let rest = words.count > 1 ? words[1].trimmingCharacters(in: .whitespaces) : ""
        if Self.takesNoArgument.contains(command) && !rest.isEmpty {
            return ("EINVAL", "'\(command)' takes no argument, not '\(rest)'")
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
                    return ("EINVAL", "present's style is sheet or fullscreen, not '\(styleName)'")
                }
                return describe(try navigate(parts.first ?? "") { $0.presentation = .modal(style) })
            case "back": return describe(try router.back())
            case "pop": return describe(try router.pop())
            case "dismiss": return describe(try router.dismiss())
            case "root": return describe(try router.popToRoot())
            case "tab":
                guard let index = Int(rest) else { return ("EINVAL", "tab needs a tab index") }
                return describe(try router.selectTab(index))
            case "popto":
                guard let id = EntryID(rest) else { return ("EINVAL", "popto needs an entry id") }
                return describe(try router.popTo(entry: id))
            case "swipe":
                let stack = router.state.currentStack
                guard stack.count >= 2 else { return ("ENOTFOUND", "nothing to swipe back to") }
                return describe(try router.userPopped(to: stack[stack.count - 2].id))
            case "login":
                guard rest == "ok" || rest == "fail" else {
                    return ("EINVAL", "login is 'login ok' or 'login fail', not '\(line)'")
                }
                guard let flow = login.flow else { return ("EINVAL", "no login flow is pending") }
                let success = rest == "ok"
                if success { registry.guards.setAuthenticated(true) }
                login.flow = nil
                return describe(try router.completeLogin(flow, success: success))
            case "logout":
                registry.guards.setAuthenticated(false)
                return ("ok", "logged out")
            case "snapshot":
                let snapshot = router.snapshot()
                saved.withLock { $0 = snapshot }
                return ("ok", "saved \(snapshot.utf8.count) bytes of JSON")
            case "restore":
                guard let snapshot = saved.withLock({ $0 }) else { return ("EINVAL", "no snapshot was saved") }
                return describe(try router.restore(snapshot))
            default:
                return (
                    "EINVAL", "unknown command '\(command)'" + NameSuggestion.didYouMean(command, among: Self.commands)
                )
            }
        } catch {
            return (error.code.cName, error.message)
        }
    }

    /// Every command a script may use (for the name meant when one is misspelt).
    private static let commands = [
        "start", "open", "external", "push", "replace", "present", "back", "pop", "dismiss", "root", "tab", "popto",
        "swipe", "login", "logout", "snapshot", "restore",
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

    private func describe(_ outcome: Router.Outcome) -> (status: String, message: String) {
        switch outcome {
        case .applied(let transition?): return ("ok", "applied (transition \(transition))")
        case .applied(nil): return ("ok", "nothing changed")
        case .queued(let ticket): return ("ok", "queued (ticket \(ticket))")
        case .pending(let flow):
            return ("ok", login.flow == flow ? "pending: log in first ('login ok')" : "pending (flow \(flow))")
        case .handled: return ("ok", "handled by the authentication handler")
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
