import XCTest

@testable import NavRouterCore

/// Routes, matches, entries and events share their fields between copies (copy-on-write storage): a copy must
/// still behave as an independent value.
final class ValueSemanticsTests: XCTestCase {
    func testChangingACopiedEventLeavesTheOriginalAsItWas() {
        let entry = NavigationEntry(id: 1, route: "home", url: "/home", parameters: ["a": "1"])
        var original = NavigationEvent(kind: .push, transitionID: 7)
        original.entry = entry
        original.removed = [entry]
        var copy = original
        XCTAssertEqual(copy, original)
        copy.entry = nil
        copy.removed = []
        copy.animated = false
        XCTAssertEqual(original.entry, entry)
        XCTAssertEqual(original.removed, [entry])
        XCTAssertTrue(original.animated)
        XCTAssertNotEqual(copy, original)
        copy.entry = entry
        copy.removed = [entry]
        copy.animated = true
        XCTAssertEqual(copy, original, "equal fields make equal events, whatever storage holds them")
    }

    func testNewEventsDoNotShareTheirFieldsOnceChanged() {
        var first = NavigationEvent(kind: .stateChanged, transitionID: 1)
        let second = NavigationEvent(kind: .stateChanged, transitionID: 1)
        first.flow = 9
        XCTAssertNil(second.flow, "events start from one shared empty storage; changing one must not reach another")
        XCTAssertNil(NavigationEvent(kind: .pop, transitionID: 2).flow)
        // The first change of a new event makes fresh details (not a copy of the shared ones): every other field
        // keeps its default.
        var third = NavigationEvent(kind: .push, transitionID: 3)
        third.userInitiated = true
        XCTAssertTrue(third.animated)
        XCTAssertNil(third.entry)
        XCTAssertEqual(third.entries, [])
        XCTAssertEqual(third.removed, [])
        XCTAssertNil(third.flow)
        third.userInitiated = false
        XCTAssertEqual(third, NavigationEvent(kind: .push, transitionID: 3), "fresh details equal the shared ones")
    }

    func testAPopsRemovedEntriesReadAsAnArrayOfTheirOwn() throws {
        // A pop keeps the entries that go as a part of the old stack (no array of their own): read back they are
        // exactly those entries, in order, however the event was made, and a copy changed later leaves them.
        let router = Router(registry: try makeRegistry([("a", "a"), ("b", "b/:id")]))
        let recorder = EventRecorder()
        router.setNavigator(recorder.navigator)
        for url in ["/a", "/b/1", "/b/2", "/b/3"] { try router.navigate(url) }
        try router.pop(2)
        let pop = try XCTUnwrap(recorder.events.last { $0.kind == .pop })
        XCTAssertEqual(pop.removed.map { $0.parameters["id"] }, ["2", "3"])
        XCTAssertEqual(pop.removed.indices, 0..<2, "an array of its own, indexed from 0")
        XCTAssertEqual(pop.entry?.parameters["id"], "1")
        var rebuilt = NavigationEvent(kind: .pop, transitionID: pop.transitionID)
        rebuilt.entry = pop.entry
        rebuilt.removed = Array(pop.removed)
        rebuilt.location = pop.location
        XCTAssertEqual(rebuilt, pop, "equal entries make equal events, a slice of a stack or an array")
        var changed = pop
        changed.removed.append(pop.entry!)
        XCTAssertEqual(pop.removed.count, 2)
        XCTAssertEqual(changed.removed.count, 3)
        XCTAssertEqual(router.state.currentStack.map { $0.parameters["id"] }, [nil, "1"])
    }

    func testChangingACopiedRouteLeavesTheOriginalAsItWas() throws {
        let original = try Route(name: "product", pattern: "shop/product/<int:id>", parent: "catalog")
        var copy = original
        copy.parent = nil
        copy.requiresAuth = true
        XCTAssertEqual(original.parent, "catalog")
        XCTAssertFalse(original.requiresAuth)
        XCTAssertNotEqual(copy, original)
    }

    func testEntriesAndMatchesCompareByTheirFields() throws {
        let a = NavigationEntry(id: 1, route: "home", url: "/home", props: ["k": .string("v")])
        let b = NavigationEntry(id: 1, route: "home", url: "/home", props: ["k": .string("v")])
        XCTAssertEqual(a, b)
        XCTAssertNotEqual(a, NavigationEntry(id: 2, route: "home", url: "/home", props: ["k": .string("v")]))
        XCTAssertNotEqual(a, NavigationEntry(id: 1, route: "home", url: "/home"))
        var viewed = a
        viewed.view = ViewHandle(rawValue: 3)
        XCTAssertNotEqual(viewed, a)
        XCTAssertNil(a.view)
        let registry = try RouteRegistry()
        try registry.register(try Route(name: "item", pattern: "items/:id"))
        XCTAssertEqual(try registry.resolve("/items/1"), try registry.resolve("/items/1"))
        XCTAssertNotEqual(try registry.resolve("/items/1"), try registry.resolve("/items/2"))
    }

    /// A match reads its route from the routes of the table it was resolved on: later changes of the registry do
    /// not change it, and matches of equal routes compare equal whichever table they came from.
    func testAMatchKeepsItsRouteAcrossRegistryChanges() throws {
        let registry = try RouteRegistry()
        try registry.register([try Route(name: "other", pattern: "o"), try Route(name: "item", pattern: "items/:id")])
        let before = try registry.resolve("/items/1")
        try registry.unregister(named: "other")  // the route moves from index 1 to 0 in a new table
        let after = try registry.resolve("/items/1")
        XCTAssertEqual(before.route.name, "item")
        XCTAssertEqual(before.route.pattern.text, "items/:id")
        XCTAssertEqual(before, after, "the same route and fields from two tables")
        try registry.unregister(named: "item")
        XCTAssertEqual(before.route, try Route(name: "item", pattern: "items/:id"), "kept after its route was removed")
        try registry.register(try Route(name: "item", pattern: "items/:id", requiresAuth: true))
        XCTAssertNotEqual(try registry.resolve("/items/1"), before, "a changed route makes an unequal match")
    }
}

/// `RouteMatch.path` is cut from the URL only when asked for.
final class MatchPathTests: XCTestCase {
    func testThePathIsTheURLsPathAsWritten() throws {
        let registry = try RouteRegistry(options: RegistryOptions(policy: URLPolicy(webDomains: ["shop.example.com"])))
        try registry.register([
            try Route(name: "category", pattern: "shop/category/:slug"),
            try Route(name: "files", pattern: "files/*rest"),
            try Route(name: "root", pattern: "/"),
        ])
        XCTAssertEqual(try registry.resolve("myapp://Shop/category/caf%C3%A9?x=1#top").path, "Shop/category/caf%C3%A9")
        XCTAssertEqual(try registry.resolve("https://shop.example.com/shop/category/crème").path, "shop/category/crème")
        XCTAssertEqual(try registry.resolve("/files/a/b%2Fc/d.txt").path, "files/a/b%2Fc/d.txt")
        XCTAssertEqual(try registry.resolve("shop/category/x").path, "shop/category/x")
        XCTAssertEqual(try registry.resolve("/").path, "")
    }
}

/// Entries, routes, matches and states are Hashable (entries Identifiable by their id), so that a host can keep
/// them in sets, key dictionaries with them, or use entries as SwiftUI path elements.
final class HashableValueTests: XCTestCase {
    func testValuesWorkInSetsAndAsKeys() throws {
        let registry = try makeRegistry([("home", "home"), ("product", "product/<int:id>")])
        let router = Router(registry: registry)
        try router.setTabs(["/home"])
        try router.push("/product/1")
        try router.push("/product/2")
        let stack = router.state.currentStack
        XCTAssertEqual(Set(stack).count, 3)
        XCTAssertEqual(stack.map(\.id), stack.map { $0.id as EntryID })
        let byRoute = Dictionary(grouping: registry.routes, by: { $0 })
        XCTAssertEqual(byRoute.count, 2)
        let matches: Set<RouteMatch> = [
            try registry.resolve("/product/1"), try registry.resolve("/product/1"), try registry.resolve("/product/2"),
        ]
        XCTAssertEqual(matches.count, 2)
        let states: Set<NavigationState> = [router.state, router.state]
        XCTAssertEqual(states.count, 1)
        try router.pop()
        XCTAssertFalse(states.contains(router.state))
    }
}
