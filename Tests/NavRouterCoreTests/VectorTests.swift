import Foundation
import NavRouterCore
import XCTest

/// The conformance vectors (`Tests/vectors/*.json`), run through the Swift core. The C and pytest suites run the
/// same files and must agree.
final class VectorTests: XCTestCase {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private func load(_ name: String) throws -> [String: JSONValue] {
        let text = try String(contentsOf: Self.root.appendingPathComponent(name), encoding: .utf8)
        return try XCTUnwrap(JSONValue.parse(text).objectValue)
    }

    private func strings(_ value: JSONValue?) -> [String: String] {
        (value?.objectValue ?? [:]).compactMapValues(\.stringValue)
    }

    private func list(_ value: JSONValue?) -> [JSONValue] { value?.arrayValue ?? [] }

    func testMatching() throws {
        for table in list(try load("Tests/vectors/matching.json")["tables"]).compactMap(\.objectValue) {
            let policy = URLPolicy(
                webDomains: list(table["web_domains"]).compactMap(\.stringValue),
                schemes: list(table["schemes"]).compactMap(\.stringValue))
            let registry = try RouteRegistry(options: RegistryOptions(policy: policy))
            try registry.loadManifest(JSONValue.object(["routes": table["routes"] ?? .array([])]).jsonText)
            for case .object(let vector) in list(table["cases"]) {
                let url = vector["url"]?.stringValue ?? ""
                do {
                    let match = try registry.resolve(url)
                    XCTAssertEqual(match.routeName, vector["route"]?.stringValue, url)
                    XCTAssertEqual(match.parameters, strings(vector["parameters"]), url)
                } catch {
                    XCTAssertEqual(error.code.cName, vector["error"]?.stringValue, "\(url): \(error.message)")
                }
            }
        }
    }

    func testReverseRouting() throws {
        let vectors = try load("Tests/vectors/reverse.json")
        let registry = try RouteRegistry()
        try registry.loadManifest(JSONValue.object(["routes": vectors["routes"] ?? .array([])]).jsonText)
        for case .object(let vector) in list(vectors["cases"]) {
            let route = vector["route"]?.stringValue ?? ""
            let parameters = strings(vector["parameters"])
            do {
                let url = try registry.buildURL(
                    route: route, parameters: parameters, props: vector["props"]?.objectValue,
                    scheme: vector["scheme"]?.stringValue)
                XCTAssertEqual(url, vector["url"]?.stringValue, route)
                let match = try registry.resolve(url)
                XCTAssertEqual(match.routeName, route)
                XCTAssertEqual(match.parameters, parameters)
            } catch {
                XCTAssertEqual(error.code.cName, vector["error"]?.stringValue, "\(route): \(error.message)")
            }
        }
    }

    func testCommands() throws {
        let vectors = try load("Tests/vectors/commands.json")
        let manifest = try String(
            contentsOf: Self.root.appendingPathComponent(vectors["manifest"]?.stringValue ?? ""), encoding: .utf8)
        for case .object(let script) in list(vectors["scripts"]) {
            let name = script["name"]?.stringValue ?? ""
            let registry = try RouteRegistry()
            try registry.loadManifest(manifest)
            for case .object(let interceptor) in list(script["interceptors"]) {
                try registry.guards.addInterceptor(
                    ClosureInterceptor { context in Self.decide(interceptor, context) },
                    name: interceptor["name"]?.stringValue ?? "", phase: .before,
                    scope: .routes(Set(list(interceptor["routes"]).compactMap(\.stringValue))))
            }
            let flows = Flows()
            if script["login_handler"]?.boolValue == true { registry.guards.authenticationHandler = flows }
            let router = Router(registry: registry)
            let kinds = Kinds()
            router.navigator = { event in
                if event.kind != .stateChanged { kinds.append(event.kind.rawValue) }
                return true
            }
            try router.start()
            for (number, value) in list(script["steps"]).enumerated() {
                let step = value.objectValue ?? [:]
                kinds.clear()
                var status: String
                do throws(NavRouterError) {
                    status = try run(step, on: router, registry: registry, flows: flows)
                } catch {
                    status = error.code.cName
                }
                XCTAssertEqual(status, step["status"]?.stringValue, "\(name), step \(number)")
                XCTAssertEqual(
                    kinds.all, list(step["events"]).compactMap(\.stringValue), "\(name), step \(number)")
            }
            let state = router.state
            let final = try XCTUnwrap(script["final"]?.objectValue)
            var selected: Int64?
            if case .integer(let value)? = final["selected_tab"] { selected = value }
            XCTAssertEqual(Int64(state.selectedTab), selected, name)
            XCTAssertEqual(
                state.tabs.map { $0.stack.map(\.route) },
                list(final["tabs"]).map { list($0).compactMap(\.stringValue) }, name)
            XCTAssertEqual(
                state.layers.map { $0.stack.map(\.route) },
                list(final["layers"]).map { list($0).compactMap(\.stringValue) }, name)
        }
    }

    /// A vector interceptor's decision: only when every `when` parameter matches.
    private static func decide(_ interceptor: [String: JSONValue], _ context: InterceptionContext)
        -> InterceptorDecision
    {
        for (key, value) in interceptor["when"]?.objectValue ?? [:]
        where context.destination?.parameter(key) != value.stringValue {
            return .proceed
        }
        switch interceptor["decision"]?.stringValue {
        case "cancel": return .cancel(reason: interceptor["name"]?.stringValue ?? "")
        case "redirect": return .redirect(url: interceptor["url"]?.stringValue ?? "")
        default: return .pending
        }
    }

    private func integer(_ value: JSONValue?, _ absent: Int) -> Int {
        if case .integer(let number)? = value { return Int(number) }
        return absent
    }

    /// Runs one step; its status (`ok` or `pending`; errors throw).
    private func run(
        _ step: [String: JSONValue], on router: Router, registry: RouteRegistry, flows: Flows
    ) throws(NavRouterError) -> String {
        var outcome: Router.Outcome?
        switch step["do"]?.stringValue {
        case "navigate":
            let options = try NavigationOptions(json: step["options"] ?? .object([:]))
            outcome = try router.navigate(step["url"]?.stringValue ?? "", options: options)
        case "back": outcome = try router.back()
        case "pop": outcome = try router.pop(integer(step["count"], 1), result: step["result"])
        case "pop_to": outcome = try router.popTo(entry: EntryID(UInt64(integer(step["entry"], 0))))
        case "pop_after": outcome = try router.popAfter(index: integer(step["index"], 0))
        case "pop_to_root": outcome = try router.popToRoot()
        case "set_stack": outcome = try router.setStack(list(step["urls"]).compactMap(\.stringValue))
        case "dismiss": outcome = try router.dismiss()
        case "user_dismissed": outcome = try router.userDismissed()
        case "user_popped": outcome = try router.userPopped(to: EntryID(UInt64(integer(step["entry"], 0))))
        case "select_tab": outcome = try router.selectTab(integer(step["index"], 0))
        case "set_tabs":
            outcome = try router.setTabs(
                list(step["urls"]).compactMap(\.stringValue), selected: integer(step["selected"], 0))
        case "refresh": outcome = try router.refresh()
        case "authenticated": registry.guards.setAuthenticated(step["value"]?.boolValue ?? false)
        case "snapshot": flows.saved = router.snapshot()
        case "restore": outcome = try router.restore(flows.saved)
        case "restore_text": outcome = try router.restore(step["text"]?.stringValue ?? "")
        case "resume":
            let decision: InterceptorDecision
            switch step["decision"]?.stringValue {
            case "cancel": decision = .cancel(reason: step["url"]?.stringValue ?? "")
            case "redirect": decision = .redirect(url: step["url"]?.stringValue ?? "")
            default: decision = .proceed
            }
            outcome = try router.resumeFlow(flows.flow, decision: decision)
        case "complete_login":
            outcome = try router.completeLogin(flows.login, success: step["success"]?.boolValue ?? false)
        default: XCTFail("unknown step \(step)")
        }
        if case .pending(let flow)? = outcome {
            flows.flow = flow
            return "pending"
        }
        return "ok"
    }
}

/// The last snapshot, pending flow and login flow of a script (the login handler records the latter).
private final class Flows: AuthenticationHandler, @unchecked Sendable {
    var saved = ""
    var flow: FlowToken = 0
    var login: FlowToken = 0

    func login(flow: FlowToken, destination: RouteMatch, router: Router) { login = flow }
}

/// Event kinds a navigator saw (the navigator is `@Sendable`).
private final class Kinds: @unchecked Sendable {
    private let lock = NSLock()
    private var kinds: [String] = []

    func append(_ kind: String) { lock.withLock { kinds.append(kind) } }
    func clear() { lock.withLock { kinds = [] } }
    var all: [String] { lock.withLock { kinds } }
}
