import NavRouter
import XCTest

/// `NavigationHost.events`: an AsyncSequence per subscriber, every event in order, after `render`.
@MainActor
final class EventStreamTests: XCTestCase {
    func testEveryStreamGetsEveryEventInOrder() async throws {
        let host = NavigationHost(router: Router(registry: try makeShopRegistry()))
        let first = host.events
        let second = host.events
        try await host.start()
        try await host.push("/shop/product/3")
        try await host.present("/shop/cart")
        host.close()
        var kinds: [[NavigationEventKind]] = []
        for stream in [first, second] {
            var seen: [NavigationEventKind] = []
            for await event in stream where event.kind != .stateChanged { seen.append(event.kind) }
            kinds.append(seen)
        }
        XCTAssertEqual(kinds[0], [.tabsSetUp, .push, .present])
        XCTAssertEqual(kinds[1], kinds[0])
    }

    func testEventsCarryTheirChangeAsAnEnum() async throws {
        let host = NavigationHost(router: Router(registry: try makeShopRegistry()))
        let stream = host.events
        try await host.start()
        try await host.push("/shop/product/3")
        host.close()
        var pushed: [String] = []
        for await event in stream {
            if case .push(let entry, _) = event.change { pushed.append(entry.url) }
        }
        XCTAssertEqual(pushed, ["/shop/product/3"])
    }

    func testAStreamThatStopsIsUnsubscribed() async throws {
        let host = NavigationHost(router: Router(registry: try makeShopRegistry()))
        do {
            let stream = host.events
            let task = Task { for await _ in stream { break } }
            try await host.start()
            await task.value
        }
        // Still delivering to nobody: commands keep working.
        try await host.push("/shop/product/1")
        XCTAssertEqual(host.router.state.currentStack.count, 2)
    }
}
