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

    /// A web domain that no link could ever carry is refused when it is listed, with what to write instead: a
    /// wildcard, white space, a trailing dot, characters a host never holds, an internationalised domain in its
    /// Unicode form (browsers send the ASCII `xn--` form).
    func testWebDomainsThatNoLinkCarriesAreRefused() throws {
        let registry = try catchAllRegistry()
        for (domain, says) in [
            ("*.example.com", "wildcards are not supported"), (" shop.example.com", "not a web domain"),
            ("shop.example.com\t", "not a web domain"), ("a b.com", "not a web domain"),
            ("a@b.com", "not a web domain"),
            ("a?b", "not a web domain"), ("a#b", "not a web domain"), ("a\\b.com", "not a web domain"),
            ("a%2eb.com", "not a web domain"), ("example..com", "empty label"), (".example.com", "empty label"),
            ("shop.example.com.", "without the trailing dot"), ("bücher.example", "xn--bcher-kva.example"),
            ("-shop.example.com", "'-'"), (String(repeating: "a", count: 64) + ".com", "63"),
            (String(repeating: "a.", count: 127) + "com", "253"),
        ] {
            assertFails(.invalidArgument, says) { try registry.setPolicy(URLPolicy(webDomains: [domain])) }
        }
        // A huge Unicode domain is refused at once, its message short.
        let huge = String(repeating: "ü", count: 100_000) + ".example"
        do {
            try registry.setPolicy(URLPolicy(webDomains: [huge]))
            XCTFail("a domain of 200,000 bytes was listed")
        } catch {
            XCTAssertTrue(error.message.contains("longer than 253 bytes"), error.message)
            XCTAssertLessThan(error.message.utf8.count, 400)
        }
        let before = registry.policy
        assertFails(.invalidArgument, "wildcards") {
            try registry.setPolicy(URLPolicy(webDomains: ["shop.example.com", "*.example.com"]))
        }
        XCTAssertEqual(registry.policy, before, "a refused policy changes nothing")
        try registry.setPolicy(
            URLPolicy(webDomains: [
                "SHOP.example.com", "xn--bcher-kva.example", "127.0.0.1", "my_host.example", "a-b.c",
            ]))
        XCTAssertEqual(try registry.resolve("https://xn--bcher-kva.example/a").route.name, "page")
        XCTAssertEqual(try registry.resolve("https://shop.EXAMPLE.com/a").route.name, "page")
    }

    /// The ASCII form the domain check suggests: RFC 3492's samples (A), (B) and (E) and two domain labels.
    func testPunycodeEncodesTheRFCSamples() {
        for (label, encoded) in [
            ("ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"), ("他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"),
            ("Pročprostěnemluvíčesky", "Proprostnemluvesky-uyb24dma41a"), ("bücher", "bcher-kva"),
            ("münchen", "mnchen-3ya"),
        ] {
            XCTAssertEqual(Punycode.encode(label), encoded, label)
        }
        XCTAssertEqual(Punycode.asciiDomain("shop.bücher.example"), "shop.xn--bcher-kva.example")
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
