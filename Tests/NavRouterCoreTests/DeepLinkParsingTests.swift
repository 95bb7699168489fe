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
        for url in [
            "myapp://home/dashboard", "/home/dashboard", "home/dashboard", "home/dashboard/", "MYAPP://home/dashboard",
        ] {
            XCTAssertEqual(try registry.resolve(url).route.name, "dashboard", url)
        }
        XCTAssertEqual(try registry.resolve("/").route.name, "root")
        XCTAssertEqual(try registry.resolve("myapp://").route.name, "root")
    }

    func testQueryFragmentAndDecoding() throws {
        let match = try registry().resolve(
            "myapp://user/J%C3%BCrgen%2FX?q=a+b%2Bc&tag=1&tag=2&empty&&name=query#sec%20tion")
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
        // A raw NUL is a byte of the URL like any other (the resolve reads the string's whole UTF-8, not up to a NUL):
        // refused, never taken as the URL's end, whether the string is small (inline) or not.
        assertFails(.malformedURL, "control character U+0000 at byte 7") { try registry.resolve("/user/a\u{0}") }
        assertFails(.malformedURL, "control character U+0000 at byte 7") {
            try registry.resolve("/user/a\u{0}" + String(repeating: "b", count: 40))
        }
        assertFails(.malformedURL, "control character U+0000") { try registry.resolve("/user/a?x=\u{0}") }
        assertFails(.malformedURL, "query key") { try registry.resolve("/user/a?%zz=1") }
        assertFails(.malformedURL, "value of query item 'x'") { try registry.resolve("/user/a?x=%C3") }
        assertFails(.malformedURL, "fragment") { try registry.resolve("/user/a#%") }
        assertFails(.invalidArgument, "empty") { try registry.resolve("") }
    }

    /// What browsers read as a link to another site is never a path into the app: a `\` in the path (read as `/`,
    /// so `\\evil.com` is `//evil.com`) and a `:` in a relative link's first segment (` https:evil.com` is
    /// `https://evil.com` once the browser drops the space). Escaped, both are values like any other.
    func testWhatBrowsersReadAsAnotherSiteIsRefused() throws {
        let registry = try registry()
        for url in [
            "\\\\evil.com\\home", "/\\evil.com", "/user/a\\b", "/files/" + String(repeating: "x", count: 20) + "\\",
        ] {
            assertFails(.malformedURL, "is not allowed in a path (browsers read it as '/'): write it as %5C") {
                try registry.resolve(url)
            }
        }
        assertFails(.malformedURL, "'\\' at byte 7 of the URL") { try registry.resolve("/user/a\\b") }
        for url in ["1up:x", ":x", "a b:c/d", "%20https://evil.com"] {
            assertFails(.malformedURL, "a relative link's first segment cannot contain ':'") {
                try registry.resolve(url)
            }
        }
        assertFails(.denied, "the scheme 'user'") { try registry.resolve("user:x/y") }
        // Browsers drop the spaces around a URL; the library never normalises, so it refuses them.
        assertFails(.malformedURL, "the URL starts with a space: remove it") {
            try registry.resolve(" https:evil.com/home")
        }
        assertFails(.malformedURL, "the URL ends with a space") { try registry.resolve("/user/ann ") }
        XCTAssertEqual(try registry.resolve("/user/ann%20").pathParameters["name"], "ann ")
        // In an app link the first segment stands as the host: a ':' there is a port, an '@' ends user information.
        assertFails(.malformedURL, "an app link's host cannot contain ':' ('myapp://user:…' would read as a port)") {
            try registry.resolve("myapp://user:80/ann")
        }
        assertFails(.malformedURL, "user information ('…@') is not allowed") {
            try registry.resolve("myapp://ann@user/ann")
        }
        XCTAssertEqual(try registry.resolve("myapp://user/ann@home:1").pathParameters["name"], "ann@home:1")
        XCTAssertEqual(try registry.resolve("myapp://files/a%3Ab").pathParameters["path"], "a:b")
        assertFails(.malformedURL, "control character U+0001 at byte 1") { try registry.resolve("1\u{1}:x") }
        XCTAssertEqual(try registry.resolve("/user/a%5Cb").pathParameters["name"], "a\\b")
        XCTAssertEqual(try registry.resolve("/user/1up:x").pathParameters["name"], "1up:x")
        XCTAssertEqual(try registry.resolve("user/1up:x").pathParameters["name"], "1up:x")
        XCTAssertEqual(try registry.resolve("/user/a?next=\\x").queryParameters["next"], "\\x")
    }

    func testLimits() throws {
        let registry = try registry(policy: URLPolicy(maxURLLength: 64, maxSegments: 4))
        assertFails(.limitExceeded, "limit is 64 bytes") {
            try registry.resolve("/user/" + String(repeating: "x", count: 60))
        }
        assertFails(.limitExceeded, "more than 4 segments") { try registry.resolve("/files/a/b/c/d") }
        XCTAssertEqual(try registry.resolve("/files/a/b/c").route.name, "files")
        let defaults = try self.registry()
        assertFails(.limitExceeded, "limit is 8192 bytes") {
            try defaults.resolve("/user/" + String(repeating: "é", count: 1 << 19))
        }
        assertFails(.limitExceeded, "more than 64 segments") {
            try defaults.resolve("/files/" + Array(repeating: "a", count: 64).joined(separator: "/"))
        }
    }

    /// A resolve given a scan buffer larger than the policy's segment limit (the C layer's per-thread buffer, grown
    /// for another registry) still keeps to the limit.
    func testALargerScanBufferKeepsTheSegmentLimit() throws {
        let table = try registry(policy: URLPolicy(maxURLLength: 64, maxSegments: 4)).table
        var url = "/files/a/b/c/d"
        let outcome = url.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: SegmentSlice.self, capacity: 64) { segments in
                Result { () throws(NavRouterError) in
                    try table.resolve(bytes: bytes, validatingUTF8: true, segments: segments)
                }
            }
        }
        guard case .failure(let error) = outcome else { return XCTFail("five segments resolved under a limit of 4") }
        XCTAssertEqual(error.code, .limitExceeded)
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
        assertFails(.malformedURL, "user information") {
            try listed.resolve("https://me@shop.example.com/shop/product/1")
        }
        XCTAssertEqual(try listed.resolve("myapp://shop/product/42").route.name, "product")
        XCTAssertEqual(
            try listed.resolve("/shop/product/42").route.name, "product", "relative links are always accepted")
    }

    func testPolicyIsValidatedAndReplaceable() throws {
        let registry = try registry()
        assertFails(.invalidArgument, "not a custom scheme") { try registry.setPolicy(URLPolicy(schemes: ["https"])) }
        assertFails(.invalidArgument, "segment limit") { try registry.setPolicy(URLPolicy(maxSegments: 0)) }
        assertFails(.invalidArgument, "not a web domain") {
            try registry.setPolicy(URLPolicy(webDomains: ["https://x.com"]))
        }
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
                XCTAssertEqual(segments.map { $0.flags(in: bytes) }, expected.map(\.flags), url)
                XCTAssertEqual(layout.pathFlags, expected.reduce(0) { $0 | $1.flags }, url)
            }
        }
    }
}

/// The scanner's two ways of splitting a path: 16 bytes at a time (`scanPlainPath`, for paths without '%',
/// control characters and non-ASCII bytes) and byte by byte (`scanPath`). Wherever the fast one answers, both
/// must give the same segments, flags and path end, or the same error; it must give up exactly when the path has
/// a byte it leaves to the other (or is too short to be worth it).
final class PlainPathScanTests: XCTestCase {
    private typealias Outcome = (end: Int, segments: [SegmentSlice], pathFlags: UInt8)

    private func run(
        _ bytes: [UInt8], limit: Int,
        _ scan: (UnsafeBufferPointer<UInt8>, UnsafeMutableBufferPointer<SegmentSlice>, inout Int, inout UInt8)
            throws(NavRouterError) -> Int
    ) -> Result<Outcome, NavRouterError> {
        bytes.withUnsafeBufferPointer { buffer in
            withUnsafeTemporaryAllocation(of: SegmentSlice.self, capacity: limit) { segments in
                var count = 0
                var pathFlags: UInt8 = 0
                do throws(NavRouterError) {
                    let end = try scan(buffer, segments, &count, &pathFlags)
                    return .success((end, Array(segments[..<count]), pathFlags))
                } catch {
                    return .failure(error)
                }
            }
        }
    }

    func testSixteenBytesAtATimeAgreesWithByteByByte() {
        // Long plain pieces move the delimiters across 16-byte boundaries; the rest are the cases the fast path
        // must give up on or throw for exactly as the byte-by-byte scan does.
        let pieces = [
            "a", "bc", "Z", "Hello", "-", "_", "/", "/", "/", "//", ".", "..", "?", "#q", "0123456789",
            "abcdefghijklmnopqrstu",
            "%41", "é", "\u{1}", "\u{7F}", "x.y", "/./", "/../", "\\",
        ]
        var generator = SplitMix64(seed: 16)
        var answered = 0
        for round in 0..<20_000 {
            var url = ""
            for _ in 0..<Int(generator.next() % 16) { url += pieces[Int(generator.next() % UInt64(pieces.count))] }
            let bytes = Array(url.utf8)
            let start =
                Int(generator.next() % 3) < 1 || bytes.isEmpty ? 0 : Int(generator.next() % UInt64(min(bytes.count, 4)))
            let limit = round % 4 == 0 ? 1 + Int(generator.next() % 4) : 64
            let slow = run(bytes, limit: limit) { buffer, segments, count, flags throws(NavRouterError) in
                try DeepLinkScanner.scanPath(
                    buffer, from: start, into: segments, count: &count, pathFlags: &flags,
                    classes: DeepLinkScanner.byteClasses)
            }
            let fast = run(bytes, limit: limit) { buffer, segments, count, flags throws(NavRouterError) in
                try DeepLinkScanner.scanPlainPath(buffer, from: start, into: segments, count: &count, pathFlags: &flags)
            }
            let pathEnd =
                bytes[start...].firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
            let special = bytes[start..<pathEnd].contains {
                $0 < 0x20 || $0 >= 0x7F || $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "\\")
            }
            // It also leaves a URL of under 16 bytes whose path has fewer than 8 (byte by byte is as quick).
            let tiny = bytes.count < 16 && bytes.count - start < 8
            let printable = url.unicodeScalars.map { scalar in
                scalar.value < 0x20 || scalar.value == 0x7F
                    ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
            }
            let label = "\(printable.joined()) from \(start), limit \(limit)"
            switch (slow, fast) {
            case (.success(let expected), .success(let got)):
                if got.end < 0 {
                    XCTAssertTrue(special || tiny, "gave up without a reason: \(label)")
                    continue
                }
                XCTAssertFalse(special, "answered a path it must leave: \(label)")
                answered += 1
                XCTAssertEqual(got.end, expected.end, label)
                XCTAssertEqual(got.segments, expected.segments, label)
                XCTAssertEqual(got.pathFlags, expected.pathFlags, label)
            case (.failure(let expected), .failure(let got)):
                XCTAssertEqual(got.code, expected.code, label)
                XCTAssertEqual(got.message, expected.message, label)
            case (.failure(let expected), .success(let got)):
                XCTAssertTrue(got.end < 0 && (special || tiny), "\(label): expected \(expected.message), got \(got)")
            case (.success(let expected), .failure(let got)):
                XCTFail("\(label): expected \(expected), got \(got.message)")
            }
        }
        XCTAssertGreaterThan(answered, 3_000, "the fast path must answer the plain paths of 8 bytes or more")
    }

    /// A query item without a name (`?=v`) is kept in the query list but is no parameter: every match's
    /// parameters then build a URL that resolves back to them (a fuzz finding).
    func testANamelessQueryItemIsNoParameter() throws {
        let registry = try makeRegistry([("any", ":one")])
        let match = try registry.resolve("k?=hats&a=1&=x")
        XCTAssertEqual(match.queryItems.map(\.name), ["", "a", ""])
        XCTAssertEqual(match.queryParameters, ["a": "1"])
        XCTAssertEqual(match.parameters, ["one": "k", "a": "1"])
        let url = try registry.buildURL(route: "any", parameters: match.parameters)
        XCTAssertEqual(try registry.resolve(url).parameters, match.parameters)
    }

    /// An empty buffer is valid UTF-8 wherever it points, even nowhere (an empty Swift buffer has no address).
    func testAnEmptyBufferWithoutAnAddressIsValidUTF8() {
        XCTAssertTrue(UTF8Validation.isValid(UnsafeBufferPointer(start: nil, count: 0)))
    }
}
