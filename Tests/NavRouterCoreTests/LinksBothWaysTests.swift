import NavRouterCore
import XCTest

/// Reverse routing builds every kind of link the app reads: relative, app links, universal links on its web
/// domains; by route name or by path; with the host's own Codable props.
final class LinksBothWaysTests: XCTestCase {
    func testAUniversalLinkIsOnTheAppsWebDomainAndOpensTheRoute() throws {
        let registry = try shopRegistry()
        let link = try registry.universalLink(route: "product", parameters: ["id": "7", "ref": "mail"])
        XCTAssertEqual(link, "https://shop.example.com/shop/product/7?ref=mail")
        let match = try registry.resolve(link)
        XCTAssertEqual(match.routeName, "product")
        XCTAssertEqual(match.parameters, ["id": "7", "ref": "mail"])
        // The first segment is a path segment there, not a host: nothing is escaped as a host's would be.
        XCTAssertEqual(
            try registry.universalLink(route: "category", parameters: ["slug": "a:b"], domain: "SHOP.example.com"),
            "https://shop.example.com/shop/category/a:b")
    }

    func testAUniversalLinkNeedsOneOfTheAppsWebDomains() throws {
        let registry = try shopRegistry()
        assertFails(.invalidArgument, "'example.org' is not one of the app's web domains (shop.example.com)") {
            try registry.universalLink(route: "product", parameters: ["id": "7"], domain: "example.org")
        }
        try registry.setPolicy(URLPolicy(webDomains: ["a.example.com", "b.example.com"]))
        assertFails(.invalidArgument, "2 web domains (a.example.com, b.example.com): name the one to use") {
            try registry.universalLink(route: "product", parameters: ["id": "7"])
        }
        XCTAssertEqual(
            try registry.universalLink(route: "product", parameters: ["id": "7"], domain: "b.example.com"),
            "https://b.example.com/shop/product/7")
        try registry.setPolicy(URLPolicy())
        assertFails(.invalidArgument, "no web domain is listed") {
            try registry.universalLink(route: "product", parameters: ["id": "7"])
        }
        assertFails(.notFound, "no route is named 'prodcut'") {
            try registry.setPolicy(URLPolicy(webDomains: ["shop.example.com"]))
            return try registry.universalLink(route: "prodcut", parameters: ["id": "7"])
        }
    }

    func testALinkBuiltFromAPathIsItsRoutesCanonicalLink() throws {
        let registry = try shopRegistry()
        XCTAssertEqual(try registry.buildURL(path: "shop/product/7"), "/shop/product/7")
        XCTAssertEqual(try registry.buildURL(path: "/SHOP/Product/7?b=2&a=1"), "/shop/product/7?a=1&b=2")
        XCTAssertEqual(try registry.buildURL(path: "shop/product/7", scheme: "myapp"), "myapp://shop/product/7")
        let carried = try registry.buildURL(path: "shop/product/7", props: ["from": "feed"])
        XCTAssertEqual(try registry.resolve(carried).props, ["from": "feed"])
        XCTAssertEqual(try registry.buildURL(path: carried), carried, "the path's own props stay without new ones")
        XCTAssertEqual(try registry.resolve(try registry.buildURL(path: carried, props: ["n": 1])).props, ["n": 1])
        assertFails(.notFound) { try registry.buildURL(path: "shop/nowhere/7") }
        assertFails(.notFound, "no route matches") { try registry.buildURL(path: "shop/product/seven") }
    }

    struct Origin: Codable, Equatable {
        var screen: String
        var position: Int
    }

    func testALinkCarriesTheHostsOwnCodableProps() throws {
        let registry = try shopRegistry()
        let origin = Origin(screen: "feed", position: 3)
        let link = try registry.buildURL(route: "product", parameters: ["id": "7"], props: origin)
        XCTAssertEqual(try registry.resolve(link).props(as: Origin.self), origin)
        assertFails(.invalidJSON, "props must encode as a JSON object") {
            try registry.buildURL(route: "product", parameters: ["id": "7"], props: [1, 2])
        }
    }
}
