import XCTest

@testable import NavRouterCore

final class DeepLinkParsingTests: XCTestCase {
    private func registry(policy: URLPolicy = URLPolicy()) throws -> RouteRegistry {
        try makeRegistry(
            [
                ("dashboard", "home/dashboard"), ("product", "shop/product/<int:id>"), ("user", "user/:name"),
                ("files", "files/*path"), ("root", "/"),
            ], policy: policy)
    }

    func testAbsoluteAndRelativeFormsAddressTheSameRoute() throws {
        let registry = try registry()
        for url in ["myapp://home/dashboard", "/home/dashboard", "home/dashboard", "home/dashboard/", "MYAPP://home/dashboard"] {
            XCTAssertEqual(try registry.resolve(url).route.name, "dashboard", url)
        }
        XCTAssertEqual(try registry.resolve("/").route.name, "root")
        XCTAssertEqual(try registry.resolve("myapp://").route.name, "root")
    }

    func testQueryFragmentAndDecoding() throws {
        let match = try registry().resolve("myapp://user/J%C3%BCrgen%2FX?q=a+b%2Bc&tag=1&tag=2&empty&&name=query#sec%20tion")
        XCTAssertEqual(match.pathParameters["name"], "Jürgen/X", "%2F stays inside the value")
        XCTAssertEqual(match.queryParameters["q"], "a b+c")
        XCTAssertEqual(match.queryParameters["tag"], "2", "the map keeps the last")
        XCTAssertEqual(match.queryValues("tag"), ["1", "2"], "the list keeps all")
        XCTAssertEqual(match.queryParameters["empty"], "")
        XCTAssertEqual(match.parameters["name"], "Jürgen/X", "path wins on a clash")
        XCTAssertEqual(match.queryParameters["name"], "query")
        XCTAssertEqual(match.fragment, "sec tion")
    }

    func testPlusIsLiteralInThePath() throws {
        XCTAssertEqual(try registry().resolve("/user/a+b").pathParameters["name"], "a+b")
    }

    func testCatchAllTakesTheRestDecodedOnce() throws {
        let match = try registry().resolve("/files/docs/2026/re%2Fport%2520.pdf")
        XCTAssertEqual(match.remainderSegments, ["docs", "2026", "re/port%20.pdf"])
        XCTAssertEqual(match.remainder, "docs/2026/re%2Fport%2520.pdf")
        XCTAssertEqual(match.pathParameters["path"], "docs/2026/re/port%20.pdf")
        assertFails(.notFound) { try self.registry().resolve("/files") }
    }

    func testMalformedURLsAreRejectedNeverNormalised() throws {
        let registry = try registry()
        assertFails(.malformedURL, "empty path segment") { try registry.resolve("/home//dashboard") }
        assertFails(.malformedURL, "dot segment '..'") { try registry.resolve("/home/../home/dashboard") }
        assertFails(.malformedURL, "dot segment '.'") { try registry.resolve("/home/./dashboard") }
        assertFails(.malformedURL, "encoded dot segment") { try registry.resolve("/user/%2E%2E") }
        assertFails(.malformedURL, "bad percent escape '%G1'") { try registry.resolve("/user/%G1") }
        assertFails(.malformedURL, "bad percent escape '%2'") { try registry.resolve("/user/a%2") }
        assertFails(.malformedURL, "not valid UTF-8") { try registry.resolve("/user/%FF%FE") }
        assertFails(.malformedURL, "NUL") { try registry.resolve("/user/a%00b") }
        assertFails(.malformedURL, "control character U+000A") { try registry.resolve("/user/a\nb") }
        assertFails(.malformedURL, "control character U+0009") { try registry.resolve("/user/a?x=\t") }
        assertFails(.malformedURL, "control character U+007F") { try registry.resolve("/user/a#\u{7F}") }
        assertFails(.malformedURL, "query key") { try registry.resolve("/user/a?%zz=1") }
        assertFails(.malformedURL, "value of query item 'x'") { try registry.resolve("/user/a?x=%C3") }
        assertFails(.malformedURL, "fragment") { try registry.resolve("/user/a#%") }
        assertFails(.invalidArgument, "empty") { try registry.resolve("") }
    }

    func testLimits() throws {
        let registry = try registry(policy: URLPolicy(maxURLLength: 64, maxSegments: 4))
        assertFails(.limitExceeded, "limit is 64 bytes") { try registry.resolve("/user/" + String(repeating: "x", count: 60)) }
        assertFails(.limitExceeded, "more than 4 segments") { try registry.resolve("/files/a/b/c/d") }
        XCTAssertEqual(try registry.resolve("/files/a/b/c").route.name, "files")
        let defaults = try self.registry()
        assertFails(.limitExceeded, "limit is 8192 bytes") { try defaults.resolve("/user/" + String(repeating: "é", count: 1 << 19)) }
        assertFails(.limitExceeded, "more than 64 segments") {
            try defaults.resolve("/files/" + Array(repeating: "a", count: 64).joined(separator: "/"))
        }
    }

    func testWebDomainsAreAnExplicitPolicy() throws {
        let open = try registry()
        assertFails(.denied, "web domain 'shop.example.com'", "none is configured") {
            try open.resolve("https://shop.example.com/shop/product/42")
        }
        let listed = try registry(policy: URLPolicy(webDomains: ["Shop.Example.com"], schemes: ["myapp"]))
        XCTAssertEqual(try listed.resolve("https://shop.example.com/shop/product/42").route.name, "product")
        XCTAssertEqual(try listed.resolve("HTTP://SHOP.example.com:8443/shop/product/7?x=1").integer("id"), 7)
        assertFails(.denied, "web domain 'evil.example.com'", "shop.example.com") {
            try listed.resolve("https://evil.example.com/shop/product/42")
        }
        assertFails(.denied, "scheme 'other'", "myapp") { try listed.resolve("other://shop/product/42") }
        assertFails(.malformedURL, "user information") { try listed.resolve("https://me@shop.example.com/shop/product/1") }
        XCTAssertEqual(try listed.resolve("myapp://shop/product/42").route.name, "product")
        XCTAssertEqual(try listed.resolve("/shop/product/42").route.name, "product", "relative links are always accepted")
    }

    func testPolicyIsValidatedAndReplaceable() throws {
        let registry = try registry()
        assertFails(.invalidArgument, "not a custom scheme") { try registry.setPolicy(URLPolicy(schemes: ["https"])) }
        assertFails(.invalidArgument, "segment limit") { try registry.setPolicy(URLPolicy(maxSegments: 0)) }
        assertFails(.invalidArgument, "not a web domain") { try registry.setPolicy(URLPolicy(webDomains: ["https://x.com"])) }
        try registry.setPolicy(URLPolicy(webDomains: ["a.example"]))
        XCTAssertEqual(try registry.resolve("https://a.example/user/x").route.name, "user")
    }

    /// The scanner reads several bytes at a time; whatever the lengths and where the delimiters fall, its
    /// segments, their flags and the path's end must be those of a plain split of the path.
    func testScannerSegmentsEqualAPlainSplitWhereverTheDelimitersFall() throws {
        let policy = URLPolicy()
        let pieces = ["a", "bc", "Z", "-", "/", "/", "/", "?", "#q", "%41", "é", "x.y", "0123456789", "é/"]
        var generator = SplitMix64(seed: 11)
        for _ in 0..<4000 {
            var url = "/"
            for _ in 0..<Int(generator.next() % 12) { url += pieces[Int(generator.next() % UInt64(pieces.count))] }
            let bytes = Array(url.utf8)
            // The reference: the path up to the first '?' or '#', split on '/', a trailing '/' ignored.
            let pathEnd = bytes.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
            var expected: [(start: Int, end: Int, flags: UInt8)] = []
            var start = 1
            for index in 1...pathEnd where index == pathEnd || bytes[index] == UInt8(ascii: "/") {
                if index > start || index < pathEnd {
                    var flags: UInt8 = 0
                    for byte in bytes[start..<index] {
                        if byte == UInt8(ascii: "%") { flags |= SegmentSlice.percent }
                        if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { flags |= SegmentSlice.uppercase }
                        if byte >= 0x80 { flags |= SegmentSlice.nonASCII }
                    }
                    expected.append((start, index, flags))
                }
                start = index + 1
            }
            let hasEmptySegment = expected.contains { $0.start == $0.end }
            let scanned: Result<(URLLayout, [SegmentSlice]), NavRouterError> = bytes.withUnsafeBufferPointer { buffer in
                withUnsafeTemporaryAllocation(of: SegmentSlice.self, capacity: policy.maxSegments) { segments in
                    do throws(NavRouterError) {
                        let (layout, count) = try DeepLinkScanner.scan(
                            buffer, policy: policy, into: segments, classes: DeepLinkScanner.byteClasses)
                        return .success((layout, Array(segments[..<count])))
                    } catch {
                        return .failure(error)
                    }
                }
            }
            switch scanned {
            case .failure(let error):
                XCTAssertTrue(hasEmptySegment, "\(url): \(error)")
            case .success(let (layout, segments)):
                XCTAssertFalse(hasEmptySegment, url)
                XCTAssertEqual(layout.path, 1..<pathEnd, url)
                XCTAssertEqual(segments.map { Int($0.start) }, expected.map(\.start), url)
                XCTAssertEqual(segments.map { Int($0.end) }, expected.map(\.end), url)
                XCTAssertEqual(segments.map(\.flags), expected.map(\.flags), url)
                XCTAssertEqual(layout.pathFlags, expected.reduce(0) { $0 | $1.flags }, url)
            }
        }
    }
}
