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
                    XCTAssertEqual(error.code.name, vector["error"]?.stringValue, "\(url): \(error.message)")
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
                XCTAssertEqual(error.code.name, vector["error"]?.stringValue, "\(route): \(error.message)")
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
            let router = Router(registry: registry)
            let kinds = Kinds()
            router.setNavigator { event in
                if event.kind != .stateChanged { kinds.append(event.kind.rawValue) }
                return true
            }
            try router.start()
            var saved = ""
            for (number, value) in list(script["steps"]).enumerated() {
                let step = value.objectValue ?? [:]
                kinds.clear()
                var status = "ok"
                do throws(NavRouterError) {
                    try run(step, on: router, registry: registry, saved: &saved)
                } catch {
                    status = error.code.name
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

    private func run(
        _ step: [String: JSONValue], on router: Router, registry: RouteRegistry, saved: inout String
    ) throws(NavRouterError) {
        switch step["do"]?.stringValue {
        case "navigate":
            let options = try NavigationOptions(json: step["options"] ?? .object([:]))
            try router.navigate(step["url"]?.stringValue ?? "", options: options)
        case "back": try router.back()
        case "pop":
            var count = 1
            if case .integer(let value)? = step["count"] { count = Int(value) }
            try router.pop(count)
        case "pop_to_root": try router.popToRoot()
        case "dismiss": try router.dismiss()
        case "user_dismissed": try router.userDismissed()
        case "select_tab":
            var index = 0
            if case .integer(let value)? = step["index"] { index = Int(value) }
            try router.selectTab(index)
        case "authenticated": registry.guards.setAuthenticated(step["value"]?.boolValue ?? false)
        case "snapshot": saved = router.snapshot()
        case "restore": try router.restore(saved)
        default: XCTFail("unknown step \(step)")
        }
    }
}

/// Event kinds a navigator saw (the navigator is `@Sendable`).
private final class Kinds: @unchecked Sendable {
    private let lock = NSLock()
    private var kinds: [String] = []

    func append(_ kind: String) { lock.withLock { kinds.append(kind) } }
    func clear() { lock.withLock { kinds = [] } }
    var all: [String] { lock.withLock { kinds } }
}
