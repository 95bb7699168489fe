import NavRouterCore
import XCTest

/// Props as the host's own Codable types, without Foundation in the core.
final class CodablePropsTests: XCTestCase {
    struct Product: Codable, Equatable {
        enum Kind: String, Codable { case tool, plant }
        struct Price: Codable, Equatable {
            var amount: Double
            var currency: String
        }
        var title: String
        var kind: Kind
        var price: Price
        var tags: [String]
        var stock: Int?
        var ratings: [Int: Int]
        var extra: JSONValue
    }

    private let hose = Product(
        title: "Garden hose", kind: .tool, price: .init(amount: 19.5, currency: "EUR"), tags: ["garden", "water"],
        stock: nil, ratings: [5: 12, 4: 3], extra: ["colour": "green", "sizes": [10, 20]])

    func testATypeRoundTripsThroughJSONValue() throws {
        let value = try JSONValueEncoder().encode(hose)
        XCTAssertEqual(value.objectValue?["price"], ["amount": 19.5, "currency": "EUR"])
        XCTAssertEqual(value.objectValue?["kind"], "tool")
        XCTAssertNil(value.objectValue?["stock"])  // nil optionals are left out, as JSONEncoder does
        XCTAssertEqual(try JSONValueDecoder().decode(Product.self, from: value), hose)
        XCTAssertEqual(try JSONValueDecoder().decode(Product.self, from: JSONValue.parse(value.jsonText)), hose)
    }

    func testPropsTravelThroughANavigationAndADeepLink() throws {
        let registry = try makeRegistry([("home", "home"), ("product", "product/<int:id>")])
        let router = Router(registry: registry)
        try router.setTabs(["/home"])
        var options = NavigationOptions()
        try options.setProps(hose)
        try router.push("/product/7", options: options)
        XCTAssertEqual(try router.state.topEntry?.props(as: Product.self), hose)
        XCTAssertNil(try router.state.currentStack[0].props(as: Product.self))
        let url = try registry.buildURL(
            route: "product", parameters: ["id": "7"], props: try JSONValueEncoder().encode(hose).objectValue)
        XCTAssertEqual(try registry.resolve(url).props(as: Product.self), hose)
    }

    func testErrorsNameThePath() throws {
        var broken = try JSONValueEncoder().encode(hose).objectValue ?? [:]
        broken["price"] = ["amount": "cheap", "currency": "EUR"]
        XCTAssertThrowsError(try JSONValueDecoder().decode(Product.self, from: .object(broken))) { error in
            XCTAssertEqual((error as? NavRouterError)?.message, "price.amount: expected a number, not string")
        }
        broken["price"] = nil
        XCTAssertThrowsError(try JSONValueDecoder().decode(Product.self, from: .object(broken))) { error in
            XCTAssertEqual((error as? NavRouterError)?.message, "price: missing")
        }
        XCTAssertThrowsError(try JSONValueDecoder().decode(UInt8.self, from: 300)) { error in
            XCTAssertEqual((error as? NavRouterError)?.message, "the value: 300 does not fit in UInt8")
        }
        XCTAssertThrowsError(try JSONValueEncoder().encode(["x": Double.nan])) { error in
            XCTAssertEqual((error as? NavRouterError)?.message, "x: nan is not a JSON number")
        }
        var options = NavigationOptions()
        XCTAssertThrowsError(try options.setProps([1, 2]))
        XCTAssertThrowsError(try JSONValueEncoder().encode(UInt64.max))
    }
}
