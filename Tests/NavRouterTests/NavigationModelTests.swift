import NavRouter
import Observation
import Synchronization
import XCTest

/// The @Observable model: one TabModel per tab whose `path` a NavigationStack binds to, the selection, the layers.
@MainActor
final class NavigationModelTests: XCTestCase {
    func testTheModelFollowsTheRouter() async throws {
        let host = NavigationHost(router: Router(registry: try makeShopRegistry()))
        try await host.start()
        let model = host.model
        XCTAssertEqual(model.tabs.map { $0.root?.route }, ["home", "account"])
        try await host.push("/shop/product/1")
        try await host.push("/shop/product/1/reviews")
        XCTAssertEqual(model.tabs[0].path.map(\.route), ["product", "reviews"])
        XCTAssertEqual(model.tabs[1].path, [])
        try await host.present("/shop/cart")
        XCTAssertEqual(model.layers.map { $0.stack.map(\.route) }, [["cart"]])
        XCTAssertEqual(model.topEntry?.route, "cart")
        XCTAssertEqual(model.state, host.router.state)
    }

    func testObserversAreToldWhenAPathChanges() async throws {
        let host = NavigationHost(router: Router(registry: try makeShopRegistry()))
        try await host.start()
        let tab = host.model.tabs[0]
        let changed = Mutex(false)
        withObservationTracking {
            _ = tab.path
        } onChange: {
            changed.withLock { $0 = true }
        }
        try await host.push("/shop/product/1")
        XCTAssertTrue(changed.withLock { $0 })
    }

    func testSettingAShorterPathIsASwipeBack() async throws {
        let canvas = Canvas()
        let host = NavigationHost(router: Router(registry: try makeShopRegistry()), render: canvas.draw)
        try await host.start()
        try await host.push("/shop/product/1")
        try await host.push("/shop/product/2")
        let tab = host.model.tabs[0]
        canvas.drawn = []
        tab.path = Array(tab.path.prefix(1))  // what NavigationStack does when the user swipes back
        XCTAssertEqual(host.router.state.currentStack.map(\.url), ["/home", "/shop/product/1"])
        XCTAssertEqual(tab.path.map(\.url), ["/shop/product/1"])
        for _ in 0..<100 where !canvas.drawn.contains(where: { $0.kind == .pop }) { await Task.yield() }
        let pop = canvas.drawn.first { $0.kind == .pop }
        XCTAssertEqual(pop?.userInitiated, true, "the host need not animate a pop the user made")
    }

    func testAPathTheUserCannotMakeIsIgnored() async throws {
        let host = NavigationHost(router: Router(registry: try makeShopRegistry()))
        try await host.start()
        try await host.push("/shop/product/1")
        let tab = host.model.tabs[0]
        let before = host.router.state
        tab.path = tab.path + tab.path  // not a pop
        XCTAssertEqual(host.router.state, before)
        XCTAssertEqual(tab.path.map(\.url), ["/shop/product/1"])
    }

    func testASheetDraggedDownIsDismissedByTheUser() async throws {
        let host = NavigationHost(router: Router(registry: try makeShopRegistry()))
        try await host.start()
        try await host.present("/shop/cart")
        try await host.present("/shop/cart", preventDismissal: true)
        host.model.userDismissed(layer: 1)  // prevents dismissal: stays
        XCTAssertEqual(host.router.state.layers.count, 2)
        XCTAssertEqual(host.model.layers.count, 2)
        try await host.dismiss()
        host.model.userDismissed(layer: 0)
        XCTAssertEqual(host.router.state.layers.count, 0)
        XCTAssertEqual(host.model.layers.count, 0)
        host.model.userDismissed(layer: 3)  // out of range: ignored
    }

    func testASelectionMadeDuringATransitionStaysShownUntilItRuns() async throws {
        let canvas = Canvas()
        let host = NavigationHost(router: Router(registry: try makeShopRegistry()), render: canvas.draw)
        try await host.start()
        let push = Task { try await host.push("/shop/product/1") }
        await Task.yield()  // the push runs; its transition is being drawn
        host.model.selectedTab = 1  // queued behind it
        var shown: [Int] = []
        for _ in 0..<200 where host.router.state.selectedTab != 1 || host.router.awaitedTransition != nil {
            shown.append(host.model.selectedTab)
            await Task.yield()
        }
        _ = try await push.value
        XCTAssertEqual(Set(shown), [1], "no flicker back to the old tab while the selection waits")
        XCTAssertEqual(host.router.state.selectedTab, 1)
        XCTAssertEqual(host.model.selectedTab, 1)
    }

    func testSettingTheSelectedTabSelectsIt() async throws {
        let host = NavigationHost(router: Router(registry: try makeShopRegistry()))
        try await host.start()
        host.model.selectedTab = 1
        XCTAssertEqual(host.router.state.selectedTab, 1)
        host.model.selectedTab = 7  // out of range: ignored
        XCTAssertEqual(host.router.state.selectedTab, 1)
        XCTAssertEqual(host.model.selectedTab, 1)
        for _ in 0..<100 where host.router.awaitedTransition != nil { await Task.yield() }
        let delivered = try XCTUnwrap(host.router.navigator)
        host.router.navigator = { event in event.kind == .tabSelected ? false : delivered(event) }  // refuses tabs
        host.model.selectedTab = 0
        XCTAssertEqual(host.router.state.selectedTab, 1)
        XCTAssertEqual(host.model.selectedTab, 1, "the refused selection went back")
    }
}
