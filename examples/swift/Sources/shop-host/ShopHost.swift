import Foundation
import NavRouterCore
import Synchronization

/// The example shop app hosted from Swift, as `examples/c/demo.c` hosts it from C: route handlers that make
/// (pretend) views, a navigator that renders each event, an onboarding interceptor that holds the catalog until
/// onboarding is done, a login handler, and a session of commands from a script (the C demo's format).
///
///     swift run --package-path examples/swift shop-host examples/manifests/shop.json examples/c/session.txt
@main
struct ShopHost {
    static func main() {
        let arguments = CommandLine.arguments
        guard arguments.count >= 2 else { fail("") }
        let manifest = text(FileManager.default.contents(atPath: arguments[1]), "the manifest \(arguments[1])")
        let script =
            arguments.count >= 3
            ? text(FileManager.default.contents(atPath: arguments[2]), "the script \(arguments[2])")
            : text(FileHandle.standardInput.readDataToEndOfFile(), "standard input")
        print("navrouter \(NavRouterVersion.string) — example shop host (Swift)")
        do {
            let app = try ShopApp(manifest: manifest)
            // `isNewline` splits on "\r\n" too (one Character in Swift): a script saved on Windows reads alike.
            let lines = script.split(whereSeparator: \.isNewline)
            for line in lines.map({ $0.trimmingCharacters(in: .whitespaces) }) {
                if line.isEmpty { continue }
                if line.hasPrefix("#") {
                    print("\n\(line)")
                    continue
                }
                print("> \(line)")
                app.run(line)
            }
            app.close()
            exit(app.views.withLock { $0.isEmpty } ? 0 : 1)
        } catch {
            print("the app could not start: \(error.message)")
            exit(1)
        }
    }

    /// The text of what was read, or exit status 2 naming it: unreadable (a missing file, a directory) or not UTF-8
    /// (repaired, a line would run a command nobody wrote).
    private static func text(_ data: Data?, _ what: String) -> String {
        guard let data else { fail("shop-host: cannot read \(what)\n") }
        guard let text = String(validating: data, as: UTF8.self) else { fail("shop-host: \(what) is not UTF-8 text\n") }
        return text
    }

    /// Writes `message` and the usage line to standard error and exits with status 2.
    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(
            Data((message + "usage: shop-host MANIFEST [SCRIPT]  (SCRIPT: a file, or standard input)\n").utf8))
        exit(2)
    }
}

/// The app: a registry, one router, and what the host keeps (its views, the flows it must resume).
final class ShopApp: Sendable {
    let registry: RouteRegistry
    let router: Router
    /// The live views by handle: what a real host would keep as view controllers or widgets.
    let views = Mutex<[UInt: String]>([:])
    private let flows = Mutex<(onboarding: FlowToken?, login: FlowToken?, onboarded: Bool, saved: String?)>(
        (nil, nil, false, nil))

    init(manifest: String) throws(NavRouterError) {
        registry = try RouteRegistry()
        try registry.loadManifest(manifest)  // with the app's web domain ("web_domains")
        registry.guards.updateOptions { $0.fallbackRoute = "not-found" }
        router = Router(registry: registry)
        registry.guards.authenticationHandler = LoginPrompt(app: self)
        try registry.guards.addInterceptor(
            ClosureInterceptor { [unowned self] context in self.onboarding(context) }, name: "onboarding",
            priority: .mandatory, scope: .routes(["catalog"]), module: "app")
        router.defaultHandler = ViewMaker(app: self)
        router.navigator = { [unowned self] event in
            self.render(event)
            return true
        }
        _ = try router.start()
    }

    /// Runs one script command.
    func run(_ line: String) {
        let words = line.split(separator: " ", maxSplits: 1).map(String.init)
        let rest = words.count > 1 ? words[1] : ""
        do throws(NavRouterError) {
            switch words[0] {
            case "open": report(try navigate(rest) { _ in })
            case "external": report(try navigate(rest) { $0.external = true })
            case "push": report(try navigate(rest) { $0.presentation = .push })
            case "replace": report(try navigate(rest) { $0.presentation = .replaceTop })
            case "present":
                let parts = rest.split(separator: " ", maxSplits: 1).map(String.init)
                let styles: [String: ModalStyle] = ["sheet": .sheet, "fullscreen": .fullScreen]
                let styleName = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "sheet"
                guard let style = styles[styleName] else {
                    return print("  ! EINVAL: present's style is sheet or fullscreen, not '\(styleName)'")
                }
                report(try router.present(parts.first ?? "", style: style))
            case "back": report(try router.back())
            case "pop": report(try router.pop())
            case "dismiss": report(try router.dismiss())
            case "root": report(try router.popToRoot())
            case "tab": report(try router.selectTab(Int(rest) ?? -1))
            case "swipe":
                let stack = router.state.currentStack
                if stack.count >= 2 { report(try router.userPopped(to: stack[stack.count - 2].id)) }
            case "onboarded":
                let flow = flows.withLock { flows in
                    flows.onboarded = true
                    return flows.onboarding
                }
                report(try router.dismiss())
                if let flow { report(try router.resumeFlow(flow, decision: .proceed)) }
            case "login":
                guard let flow = flows.withLock({ $0.login }) else { return print("  no login is pending") }
                if rest == "ok" { registry.guards.setAuthenticated(true) }
                report(try router.completeLogin(flow, success: rest == "ok"))
            case "logout": registry.guards.setAuthenticated(false)
            case "snapshot":
                let snapshot = router.snapshot()
                flows.withLock { $0.saved = snapshot }
                print("  saved \(snapshot.utf8.count) bytes of JSON")
            case "restore":
                guard let snapshot = flows.withLock({ $0.saved }) else { return print("  nothing saved") }
                report(try router.restore(snapshot))
            case "resolve":
                let match = try registry.resolve(rest)
                let parameters = match.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                print("  \(match.routeName) \(parameters.joined(separator: " ")) props \(match.propsJSON ?? "none")")
            case "build":
                let parts = rest.split(separator: " ", maxSplits: 2).map(String.init)
                let parameters = try parts.count > 1 ? JSONValue.parseObject(parts[1], what: "parameters") : [:]
                let props = try parts.count > 2 ? JSONValue.parseObject(parts[2], what: "props") : nil
                let url = try registry.buildURL(
                    route: parts.first ?? "", parameters: try JSONValue.stringMembers(parameters, path: "parameters"),
                    props: props, scheme: "myapp")
                print("  built \(url)")
            case "explain":
                for candidate in registry.explain(rest).candidates {
                    print("  \(candidate.won ? "WON " : "    ")\(candidate.route)  \(candidate.reason)")
                }
            default: print("  ? unknown command")
            }
        } catch {
            print("  ! \(error.code.cName): \(error.message)")
        }
        printState()
    }

    /// Closes the router: every view is released.
    func close() {
        router.close()
        print("\nviews still alive after closing: \(views.withLock { $0.count })")
    }

    // MARK: The host's side

    private func navigate(
        _ arguments: String, _ configure: (inout NavigationOptions) -> Void
    ) throws(NavRouterError) -> Router.Outcome {
        let parts = arguments.split(separator: " ", maxSplits: 1).map(String.init)
        var options = NavigationOptions()
        configure(&options)
        if parts.count > 1 { options.props = try JSONValue.parseObject(parts[1], what: "props") }
        return try router.navigate(parts.first ?? "", options: options)
    }

    private func report(_ outcome: Router.Outcome) {
        switch outcome {
        case .applied: break
        case .queued(let ticket): print("  queued (ticket \(ticket))")
        case .pending(let flow): print("  pending (flow \(flow))")
        case .handled: print("  handled by the login handler")
        }
    }

    /// Onboarding before the catalog: hold the navigation, open the onboarding screen, resume when done.
    private func onboarding(_ context: InterceptionContext) -> InterceptorDecision {
        let held = flows.withLock { flows -> Bool in
            if flows.onboarded { return false }
            flows.onboarding = context.flow
            return true
        }
        guard held else { return .proceed }
        print("  onboarding interceptor: holding \(context.destination?.url ?? "") until onboarding is done")
        _ = try? context.router.navigate("/onboarding/welcome")  // queued behind this command
        return .pending
    }

    fileprivate func loginRequested(flow: FlowToken, destination: RouteMatch) {
        flows.withLock { $0.login = flow }
        print("  login requested to open '\(destination.routeName)'")
    }

    private func render(_ event: NavigationEvent) {
        guard event.kind != .stateChanged else { return }
        var line = "  event \(event.kind.rawValue)"
        if let entry = event.entry { line += " \(entry.route)" }
        if !event.removed.isEmpty { line += " (removed \(event.removed.map(\.route).joined(separator: ", ")))" }
        print(line)
    }

    /// The state as every host's tools print it (`navrouter play`, the C demo, the Python host).
    private func printState() {
        for row in router.state.textRows() { print("  \(row)") }
    }
}

/// Makes a (pretend) view per entry and releases it when the entry leaves.
private struct ViewMaker: RouteHandler {
    unowned let app: ShopApp

    func makeView(for entry: NavigationEntry) -> ViewHandle? {
        app.views.withLock { views in
            let handle = UInt(views.count + 1) + UInt(entry.id.rawValue) << 20
            views[handle] = entry.route
            return ViewHandle(rawValue: handle)
        }
    }

    func releaseView(_ view: ViewHandle, of entry: NavigationEntry) {
        app.views.withLock { _ = $0.removeValue(forKey: view.rawValue) }
    }
}

/// Asks the user to log in (here: waits for the script's `login ok|fail`).
private struct LoginPrompt: AuthenticationHandler {
    unowned let app: ShopApp

    func login(flow: FlowToken, destination: RouteMatch, router: Router) {
        app.loginRequested(flow: flow, destination: destination)
    }
}
