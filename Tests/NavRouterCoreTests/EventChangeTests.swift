import NavRouterCore
import XCTest

/// `NavigationEvent.change`: every kind of event read as an enum case with its payload.
final class EventChangeTests: XCTestCase {
    private final class Changes: @unchecked Sendable {
        var all: [NavigationChange] = []
    }

    func testCommandsReportTheirChangesAsCases() throws {
        let registry = try makeRegistry([
            ("home", "home"), ("product", "product/<int:id>"), ("settings", "settings"),
        ])
        let router = Router(registry: registry)
        let changes = Changes()
        router.navigator = { event in
            changes.all.append(event.change)
            return true
        }
        try router.setTabs(["/home"])
        guard case .tabsSetUp(let roots, 0, [])? = changes.all.first else {
            return XCTFail("\(changes.all)")
        }
        XCTAssertEqual(roots.map(\.route), ["home"])
        try router.push("/product/7", options: NavigationOptions { $0.expectsResult = true })
        guard case .push(let product, .tab(0))? = changes.all.dropLast().last else { return XCTFail("\(changes.all)") }
        XCTAssertEqual(product.parameters["id"], "7")
        XCTAssertEqual(changes.all.last, .stateChanged)
        changes.all = []
        try router.pop(1, result: ["ok": true])
        guard case .pop(let top, let removed, .tab(0), false) = changes.all[0],
            case .resultDelivered(let opener, let from, let result) = changes.all[1]
        else { return XCTFail("\(changes.all)") }
        XCTAssertEqual(top?.route, "home")
        XCTAssertEqual(removed.map(\.id), [product.id])
        XCTAssertEqual(opener.route, "home")
        XCTAssertEqual(from, product.id)
        XCTAssertEqual(result, ["ok": true])
        changes.all = []
        try router.present("/settings", style: .fullScreen, preventDismissal: true)
        XCTAssertEqual(changes.all.count, 2)
        guard case .present(let root, 0, .fullScreen, true) = changes.all[0] else { return XCTFail("\(changes.all)") }
        XCTAssertEqual(root.route, "settings")
        changes.all = []
        try router.dismiss()
        guard case .dismiss(let newTop, _, 0, false) = changes.all[0] else { return XCTFail("\(changes.all)") }
        XCTAssertEqual(newTop?.route, "home")
    }

    func testFlowsReportPendingAndEnded() throws {
        let registry = try makeRegistry([("home", "home"), ("cart", "cart")])
        try registry.guards.addInterceptor(ClosureInterceptor { _ in .pending }, name: "hold", scope: .routes(["cart"]))
        let router = Router(registry: registry)
        let changes = Changes()
        router.navigator = { event in
            changes.all.append(event.change)
            return true
        }
        try router.setTabs(["/home"])
        guard case .pending(let flow) = try router.navigate("/cart") else { return XCTFail("not pending") }
        XCTAssertEqual(changes.all.last, .navigationPending(flow: flow, url: "/cart", stage: "interceptor"))
        try router.resumeFlow(flow, decision: .cancel(reason: "no"))
        XCTAssertEqual(changes.all.last, .pendingEnded(flow: flow, reason: "cancelled"))
        guard case .flowCancelled(flow, let error) = changes.all[changes.all.count - 2] else {
            return XCTFail("\(changes.all)")
        }
        XCTAssertEqual(error.message, "no")
    }
}
