import Foundation
import Synchronization
import XCTest

@testable import NavRouterCore

/// The public values a host keeps and compares: identifiers from text, layers in sets, a match as JSON, options.
final class PublicValueTests: XCTestCase {
    func testIdentifiersReadBackWhatTheyPrint() {
        XCTAssertEqual(EntryID("42"), EntryID(42))
        XCTAssertEqual(EntryID(EntryID(7).description), 7)
        XCTAssertNil(FlowToken("x1"))
        XCTAssertNil(Ticket("-1"))
    }

    func testStatesLayersAndTabsHashAsTheyCompare() throws {
        let (router, _, _) = try shopRouter()
        try router.navigate("/settings")
        let state = router.state
        XCTAssertEqual(Set([state.layers[0], state.layers[0]]).count, 1)
        XCTAssertEqual(Set(state.tabs).count, state.tabs.count)
        XCTAssertEqual(Set([state, router.state]).count, 1)
    }

    func testAMatchWritesItselfAsJSON() throws {
        let registry = try shopRegistry()
        let match = try registry.resolve("/shop/product/42?ref=mail#top")
        XCTAssertEqual(try JSONValue.parse(match.parametersJSON), ["id": "42", "ref": "mail"])
        XCTAssertEqual(try JSONValue.parse(match.pathParametersJSON), ["id": "42"])
        XCTAssertEqual(try JSONValue.parse(match.queryItemsJSON), [["ref", "mail"]])
        XCTAssertEqual(try JSONValue.parse(match.jsonText), match.jsonValue)
        XCTAssertEqual(match.jsonValue.objectValue?["route"], "product")
    }

    func testRestoreOptionsCompareByWhatTheySay() {
        let plain = RestoreOptions()
        XCTAssertEqual(plain, RestoreOptions())
        XCTAssertNotEqual(plain, RestoreOptions { $0.tolerant = true })
        XCTAssertNotEqual(plain, RestoreOptions { $0.link = "/x" })
        XCTAssertNotEqual(plain, RestoreOptions { $0.migrate = { $0 } })
    }

    func testAnAliasThatIsNoPatternIsRefusedNamingIt() {
        assertFails(.invalidPattern, "route 'p', alias 'p/<int:'") {
            try Route(name: "p", pattern: "p", aliases: ["p/<int:"])
        }
        var route = try? Route(name: "q", pattern: "q")
        route?.aliases = [try! RoutePattern("old/q")]
        XCTAssertEqual(route?.aliases.map(\.text), ["old/q"])
    }

    func testAnUpdatedEventWithoutItsEntryReadsAsAStateChange() {
        let event = NavigationEvent(kind: .entryUpdated, transitionID: 1)
        XCTAssertEqual(event.change, .stateChanged)
    }

    func testTheInterceptorListByPathAloneSeesOnlyThatPath() throws {
        let registry = try shopRegistry()
        try registry.guards.addInterceptor(
            ClosureInterceptor { _ in .proceed }, name: "products", scope: .pattern("shop/product/<int:id>"))
        XCTAssertEqual(
            registry.guards.interceptors(for: .before, route: "product", path: "shop/product/3").map(\.name),
            ["products"])
        XCTAssertTrue(registry.guards.interceptors(for: .before, route: "product", path: "item/3").isEmpty)
    }

    func testAModuleInterceptorNamingAnUnknownRouteIsRefused() throws {
        let registry = try shopRegistry()
        assertFails(.notFound, "interceptor 'gate'", "'nowhere'") {
            try registry.registerModule(
                "extra", routes: [try Route(name: "extra", pattern: "extra")],
                interceptors: [
                    ModuleInterceptor(
                        "gate", scope: .routes(["nowhere"]), interceptor: ClosureInterceptor { _ in .proceed })
                ])
        }
        XCTAssertNil(registry.route(named: "extra"))
    }

    func testAClosureHandlerReleasesNothingByDefault() throws {
        let (router, _, _) = try shopRouter()
        let made = Atomic<Int>(0)
        try router.setHandler(
            ClosureRouteHandler { _ in
                ViewHandle(rawValue: UInt(made.wrappingAdd(1, ordering: .relaxed).newValue))
            }, forRoute: "product")
        try router.push("/shop/product/1")
        try router.pop()
        XCTAssertEqual(made.load(ordering: .relaxed), 1)
    }
}

/// The deprecated spellings still do what their replacements do, until they go (see CHANGELOG's deprecations).
final class DeprecatedSpellingTests: XCTestCase {
    @available(*, deprecated)
    func testDeprecatedSpellingsForward() throws {
        let (router, _, _) = try shopRouter()
        router.setDefaultHandler(nil)
        XCTAssertNil(router.defaultHandler)
        router.setTransitionMode(.waitForHost)
        XCTAssertEqual(router.transitionMode, .waitForHost)
        router.setTransitionMode(.immediate)
        XCTAssertEqual(ModalStyle.fullscreen, .fullScreen)
        try router.registry.guards.addInterceptor(
            ClosureInterceptor { $0.destination?.route.name == "settings" ? .pending : .proceed }, name: "hold")
        guard case .pending(let flow) = try router.navigate("/settings") else { return XCTFail("not held") }
        try router.resumeFlow(flow, .proceed)
        XCTAssertEqual(router.state.layers.count, 1)
        let tolerant = RestoreOptions { $0.tolerant = true }
        XCTAssertEqual(
            NavigationCommand.restoreWithOptions(snapshot: "{}", options: tolerant),
            .restore(snapshot: "{}", options: tolerant))
    }
}
