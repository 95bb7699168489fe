import XCTest

@testable import NavRouterCore

/// Every URL with an RFC 3986 scheme, with or without `//`, is subject to the policy.
final class URLPolicyTests: XCTestCase {
    private func catchAllRegistry(_ policy: URLPolicy = URLPolicy()) throws -> RouteRegistry {
        try makeRegistry([("page", "/:page"), ("pair", "/:a/:b"), ("deep", "/:a/:b/:c")], policy: policy)
    }

    func testOpaqueURIsNeverAddressTheApp() throws {
        for policy in [URLPolicy(), URLPolicy(schemes: ["myapp"])] {
            let registry = try catchAllRegistry(policy)
            for url in ["javascript:alert(1)", "JAVASCRIPT:alert(1)", "mailto:a@b.c", "data:text/html,hi", "tel:123"] {
                assertFails(.denied, "scheme '\(url.prefix { $0 != ":" }.lowercased())'") { try registry.resolve(url) }
            }
        }
    }

    func testWellKnownSchemesAreNeverCustomSchemes() throws {
        let open = try catchAllRegistry()
        for url in ["file:///etc/passwd", "javascript://x/y", "FILE://host/a/b", "ftp://host/a", "data://x"] {
            assertFails(.denied, "not an app scheme") { try open.resolve(url) }
        }
        XCTAssertEqual(try open.resolve("myapp://shop/product").route.name, "pair")
        XCTAssertEqual(try open.resolve("/shop/product").route.name, "pair")
        XCTAssertEqual(try open.resolve("shop/product").route.name, "pair")
        for scheme in ["file", "javascript", "data", "mailto"] {
            assertFails(.invalidArgument, "not a custom scheme") { try open.setPolicy(URLPolicy(schemes: [scheme])) }
        }
        let listed = try catchAllRegistry(URLPolicy(schemes: ["myapp"]))
        assertFails(.denied, "scheme 'javascript'") { try listed.resolve("javascript://x") }
        XCTAssertEqual(try listed.resolve("MyApp://a/b").route.name, "pair")
    }

    /// The look-up path refuses the same URLs.
    func testLookupRefusesTheSameURLs() throws {
        let registry = try catchAllRegistry()
        var segments = [SegmentSlice](repeating: SegmentSlice(), count: 8)
        for url in ["javascript:alert(1)", "file:///etc/passwd"] {
            let bytes = Array(url.utf8)
            assertFails(.denied) {
                try bytes.withUnsafeBufferPointer { bytes in
                    try segments.withUnsafeMutableBufferPointer { segments in
                        try registry.table.lookup(bytes, segments: segments)
                    }
                }
            }
        }
    }
}
