import NavRouterCore
import XCTest

/// The state as every host prints it (`NavigationState.textRows`): the C demo, the Swift host, `navrouter play` and
/// the Python host show the same rows.
final class StateTextTests: XCTestCase {
    func testRowsNameTabsLayersEntriesAndParameters() throws {
        let registry = try RouteRegistry()
        try registry.register([
            Route(name: "home", pattern: "home", presentation: .root),
            Route(name: "cart", pattern: "cart", presentation: .root),
            Route(name: "product", pattern: "product/<int:id>"),
            Route(name: "settings", pattern: "settings", presentation: .modal(.sheet)),
        ])
        let router = Router(registry: registry, options: RouterOptions { $0.modalsPerTab = true })
        try router.start()
        try router.navigate("/product/7?ref=mail")
        try router.navigate("/settings", options: NavigationOptions { $0.preventDismissal = true })
        XCTAssertEqual(
            router.state.textRows(),
            [
                "tab 0 home *: home#1 › product#3 id=7 ref=mail", "tab 1 cart: cart#2",
                "layer 0 sheet, fixed: settings#4",
            ])
        try router.selectTab(1)
        XCTAssertEqual(
            router.state.textRows(marking: [EntryID(rawValue: 2)]),
            ["tab 0 home: home#1 › product#3 id=7 ref=mail  (+1 hidden layer)", "tab 1 cart *: +cart#2"])
        XCTAssertEqual(NavigationState().textRows(), ["tab 0 main *: (empty)"], "before the router starts")
    }
}
