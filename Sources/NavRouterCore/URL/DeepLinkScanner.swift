import CPathScan

/// Where one path segment lies in a URL's bytes: two 32-bit offsets, laid out as the C ABI's `navrouter_range`
/// (so that a C look-up writes the caller's ranges directly).
///
/// What the path's bytes hold is summed up once for the whole path (`URLLayout.pathFlags`: the
/// `SegmentSlice.percent`, `.uppercase`, `.nonASCII` bits); a segment's own flags are worked out from its bytes
/// where a rare path needs them (`flags(in:)`).
public struct SegmentSlice: Equatable, Sendable {
    /// Byte offset of the segment's first byte.
    public var start: Int32
    /// Byte offset just past the segment.
    public var end: Int32

    /// A `%` escape (decoded before any comparison).
    static let percent: UInt8 = 1
    /// An ASCII uppercase letter.
    static let uppercase: UInt8 = 2
    /// A non-ASCII byte.
    static let nonASCII: UInt8 = 4
    /// A byte a path never holds raw: a control character, or `\` (which browsers read as `/`).
    static let refused: UInt8 = 8

    /// Creates a slice.
    public init(start: Int32 = 0, end: Int32 = 0) {
        self.start = start
        self.end = end
    }

    /// The segment's length in bytes.
    @inline(__always) public var count: Int { Int(end &- start) }

    /// The `percent`, `uppercase` and `nonASCII` bits of the segment's bytes in `url` (a byte loop: for the rare
    /// paths that decode or fold a single segment).
    func flags(in url: UnsafePointer<UInt8>) -> UInt8 {
        let classes = DeepLinkScanner.byteClasses
        var flags: UInt8 = 0
        for offset in Int(start)..<Int(end) { flags |= classes[Int(url[offset])] }
        return flags & (Self.percent | Self.uppercase | Self.nonASCII)
    }
}

/// Where the parts of a deep link lie in its bytes.
struct URLLayout {
    /// The path's bytes (without the leading `/`).
    var path: Range<Int>
    /// The query's bytes, after `?`.
    var query: Range<Int>?
    /// The fragment's bytes, after `#`.
    var fragment: Range<Int>?
    /// What the path's segments hold: the OR of their flags (`SegmentSlice.percent`, `.uppercase`, `.nonASCII`).
    var pathFlags: UInt8 = 0
}

/// Splits a deep link into its parts and its path into segments, in one pass over the UTF-8 bytes, checking the
/// policy, the limits and the syntax as it goes. It allocates nothing unless a segment has a `%` escape.
enum DeepLinkScanner {
    /// Class bits of the path's delimiters (never in a path's flags).
    private static let slash: UInt8 = 0x10
    private static let pathEnd: UInt8 = 0x20

    /// Per byte: what it adds to a segment's flags, or that it is a delimiter. (A lazy global: a caller that
    /// scans often keeps the pointer and passes it to `scan`, so no scan pays the global's once-check.)
    /// Safety: 256 bytes allocated and written once, in the global's initializer, then never written nor freed; a
    /// byte indexes it (`classes[Int(byte)]`), so every read is inside it.
    nonisolated(unsafe) static let byteClasses: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        for byte in 0..<256 {
            var flags: UInt8 = 0
            if byte == Int(UInt8(ascii: "%")) { flags |= SegmentSlice.percent }
            if byte >= Int(UInt8(ascii: "A")) && byte <= Int(UInt8(ascii: "Z")) { flags |= SegmentSlice.uppercase }
            if byte >= 0x80 { flags |= SegmentSlice.nonASCII }
            if byte < 0x20 || byte == 0x7F || byte == Int(UInt8(ascii: "\\")) { flags |= SegmentSlice.refused }
            if byte == Int(UInt8(ascii: "/")) { flags |= slash }
            if byte == Int(UInt8(ascii: "?")) || byte == Int(UInt8(ascii: "#")) { flags |= pathEnd }
            table[byte] = flags
        }
        return UnsafePointer(table)
    }()

    /// Scans a URL.
    /// - Parameters:
    ///   - url: the URL's UTF-8 bytes.
    ///   - policy: domains, schemes and limits.
    ///   - segments: receives the path segments; its count is the segment limit.
    ///   - classes: `DeepLinkScanner.byteClasses`.
    ///   - validate: whether to check that the bytes are UTF-8. The fast path (a link starting with '/' whose path
    ///     is ASCII, without query or fragment) has seen every byte and checks nothing more; the URL is checked
    ///     whole where the scan leaves that path: before a scheme and domain (or a relative path without its '/'),
    ///     after a path with a non-ASCII byte, before a query or fragment. (A constant where the scan is inlined:
    ///     `false` compiles to the scan without checks.)
    /// - Returns: the layout and the number of segments written.
    /// - Throws: `.limitExceeded`, `.denied` (scheme or domain), `.malformedURL`; when validating,
    ///   `.invalidArgument` for bytes that are not UTF-8.
    ///
    /// Inlined in every caller (SE-0496's `@inline(always)`): with `@inline(__always)`, a hint, the optimizer judged
    /// the scan too large to inline where `validate` is not a constant (the resolve's), which then paid a call and
    /// its spills, ~60 instructions a resolve (callgrind).
    @inline(always)
    static func scan(
        _ url: UnsafeBufferPointer<UInt8>, policy: borrowing URLPolicy,
        into segments: UnsafeMutableBufferPointer<SegmentSlice>,
        classes: UnsafePointer<UInt8>, validatingUTF8 validate: Bool = false
    ) throws(NavRouterError) -> (layout: URLLayout, count: Int) {
        let length = url.count
        if length > policy.maxURLLength {
            throw NavRouterError(
                .limitExceeded, "the URL is \(length) bytes long; the limit is \(policy.maxURLLength) bytes")
        }
        if length > 0 && url[length &- 1] == UInt8(ascii: " ") { throw spaceAround(starts: url[0] == 0x20) }
        var layout = URLLayout(path: 0..<0)
        // The common relative link ('/…') skips the scheme check; anything else has a scheme or a relative path's
        // first segment to check.
        var index = 0
        if length > 0 && url[0] != UInt8(ascii: "/") {
            if validate { try UTF8Validation.require(url, "the URL", code: .malformedURL) }
            index = try scanSchemeAndDomain(url, policy: policy)
        }
        if index < length && url[index] == UInt8(ascii: "/") { index += 1 }
        let pathStart = index

        // The path: split on '/' before any decoding. First 16 bytes at a time (`scanPlainPath`), which gives up
        // at the first '%', control character or non-ASCII byte; then, for such a path, one table look-up per
        // byte, which says both what the byte adds to the segment's flags and whether it ends the segment or the
        // path.
        var count = 0
        var pathFlags: UInt8 = 0
        var pathEnd = try scanPlainPath(url, from: index, into: segments, count: &count, pathFlags: &pathFlags)
        if pathEnd < 0 {
            count = 0
            pathFlags = 0
            pathEnd = try scanPath(
                url, from: index, into: segments, count: &count, pathFlags: &pathFlags, classes: classes)
            if validate && pathFlags & SegmentSlice.nonASCII != 0 {
                try UTF8Validation.require(url, "the URL", code: .malformedURL)
            }
        }
        layout.path = Range(uncheckedBounds: (pathStart, pathEnd))  // pathEnd >= pathStart: where the scan stopped
        layout.pathFlags = pathFlags

        if pathEnd < length {
            if validate { try UTF8Validation.require(url, "the URL", code: .malformedURL) }
            try scanQueryAndFragment(url, from: pathEnd, into: &layout)
        }
        return (layout, count)
    }

    /// Query and fragment, from the '?' or '#' that ends the path: no control characters; the first '#' ends
    /// the query. Out of line: most look-ups have neither.
    @inline(never)
    private static func scanQueryAndFragment(
        _ url: UnsafeBufferPointer<UInt8>, from pathEnd: Int, into layout: inout URLLayout
    ) throws(NavRouterError) {
        let length = url.count
        var queryStart = -1
        var position = pathEnd
        if url[position] == UInt8(ascii: "?") {
            queryStart = position + 1
            position += 1
        }
        while position < length && url[position] != UInt8(ascii: "#") {
            if URLSyntax.isControl(url[position]) { throw controlCharacter(url, position) }
            position += 1
        }
        if queryStart >= 0 { layout.query = queryStart..<position }
        if position < length {
            let fragmentStart = position + 1
            for offset in fragmentStart..<length where URLSyntax.isControl(url[offset]) {
                throw controlCharacter(url, offset)
            }
            layout.fragment = fragmentStart..<length
        }
    }

    /// Splits the path that starts at `start` into segments, one class-table look-up per byte (for paths with a
    /// '%', a control character or a non-ASCII byte, and very short ones: out of line).
    /// - Returns: where the path ends (a '?', a '#' or the URL's end).
    @inline(never)
    static func scanPath(
        _ url: UnsafeBufferPointer<UInt8>, from start: Int, into segments: UnsafeMutableBufferPointer<SegmentSlice>,
        count: inout Int, pathFlags: inout UInt8, classes: UnsafePointer<UInt8>
    ) throws(NavRouterError) -> Int {
        let length = url.count
        var index = start
        var segmentStart = index
        var flags: UInt8 = 0
        var pathEnd = length
        let delimiters = slash | Self.pathEnd
        path: while index < length {
            // Four bytes at a time while none of them is a delimiter (fewer branches per byte)…
            while index &+ 4 <= length {
                let group =
                    classes[Int(url[index])] | classes[Int(url[index &+ 1])] | classes[Int(url[index &+ 2])]
                    | classes[Int(url[index &+ 3])]
                if group & delimiters != 0 { break }
                flags |= group
                index &+= 4
            }
            // … then byte by byte up to the next delimiter.
            while index < length {
                let byteClass = classes[Int(url[index])]
                if byteClass & delimiters == 0 {
                    flags |= byteClass
                    index &+= 1
                    continue
                }
                if byteClass & slash == 0 {
                    pathEnd = index
                    break path
                }
                try close(url, segmentStart, index, flags, segments, &count)
                index &+= 1
                segmentStart = index
                pathFlags |= flags
                flags = 0
                continue path
            }
        }
        if segmentStart < pathEnd {
            try close(url, segmentStart, pathEnd, flags, segments, &count)
            pathFlags |= flags
        }  // else: an empty path, or a trailing slash, which is ignored
        return pathEnd
    }

    /// Splits a path without '%', control characters and non-ASCII bytes into segments, 16 bytes at a time
    /// (`navrouter_path_classify16`: SSE2 compares, one bit per byte): each 16 bytes are classified once, and
    /// each '/' among them closes a segment by its bit position, so short segments cost no byte loop. An
    /// uppercase letter anywhere sets the path's `uppercase` flag.
    /// - Returns: where the path ends, or -1 at the first byte it leaves to `scanPath` (nothing is thrown
    ///   before a segment that `scanPath` would reach first; the caller starts over from `start`).
    @inline(__always)
    static func scanPlainPath(
        _ url: UnsafeBufferPointer<UInt8>, from start: Int, into segments: UnsafeMutableBufferPointer<SegmentSlice>,
        count: inout Int, pathFlags: inout UInt8
    ) throws(NavRouterError) -> Int {
        let length = url.count
        guard start < length, let base = url.baseAddress else { return length }
        var index = start  // the first byte of the 16 at hand
        var segmentStart = start
        var upper: UInt32 = 0
        var end = -1
        while end < 0 {
            let remaining = length &- index
            var masks: navrouter_path_masks
            var inPath: UInt32 = 0xFFFF
            if remaining > 16 {
                masks = navrouter_path_classify16(base + index)
            } else {
                if length >= 16 {
                    // The last 16 bytes of the URL, shifted so that bit 0 is the byte at `index`.
                    masks = navrouter_path_classify16(base + length - 16)
                    let shift = UInt32(truncatingIfNeeded: 16 &- remaining)
                    masks.slash &>>= shift
                    masks.end &>>= shift
                    masks.special &>>= shift
                    masks.upper &>>= shift
                } else if remaining >= 8 {
                    masks = navrouter_path_classify_short(base + index, remaining)
                } else {
                    return -1  // fewer than 8 bytes in all: byte by byte is as quick
                }
                inPath = (1 &<< UInt32(truncatingIfNeeded: remaining)) &- 1
                end = length
            }
            if masks.end & inPath != 0 {
                let endBit = masks.end.trailingZeroBitCount
                inPath = (1 &<< UInt32(truncatingIfNeeded: endBit)) &- 1
                end = index &+ endBit
            }
            if masks.special & inPath != 0 { return -1 }
            upper |= masks.upper & inPath
            var slashes = masks.slash & inPath
            while slashes != 0 {
                let bit = slashes.trailingZeroBitCount
                try close(url, segmentStart, index &+ bit, 0, segments, &count)
                segmentStart = index &+ bit &+ 1
                slashes &= slashes &- 1
            }
            index &+= 16
        }
        if segmentStart < end { try close(url, segmentStart, end, 0, segments, &count) }
        // else: an empty path, or a trailing slash, which is ignored
        if upper != 0 { pathFlags |= SegmentSlice.uppercase }
        return end
    }

    /// Recognises `scheme://` and, for web links, the domain; returns where the path starts (0 for a relative path
    /// without a leading '/', whose first segment it checks).
    private static func scanSchemeAndDomain(
        _ url: UnsafeBufferPointer<UInt8>, policy: borrowing URLPolicy
    ) throws(NavRouterError) -> Int {
        let length = url.count
        var index = 0
        if length > 0 && url[0] == UInt8(ascii: " ") { throw spaceAround(starts: true) }
        if length > 0 && URLSyntax.isASCIILetter(url[0]) {
            while index < length {
                let byte = url[index]
                guard
                    URLSyntax.isASCIILetter(byte) || URLSyntax.isASCIIDigit(byte) || byte == UInt8(ascii: "+")
                        || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
                else { break }
                index += 1
            }
        }
        guard index > 0, index < length, url[index] == UInt8(ascii: ":") else {
            _ = try firstSegmentEnd(url, from: index, as: .relativePath)
            return 0  // a relative path
        }
        // RFC 3986: a scheme, with or without '//', is subject to the policy.
        let scheme = String(decoding: url[0..<index], as: UTF8.self).lowercased()
        guard index + 2 < length, url[index + 1] == UInt8(ascii: "/"), url[index + 2] == UInt8(ascii: "/") else {
            throw NavRouterError(
                .denied, "the scheme '\(scheme)' is not an app scheme: an app's deep link is scheme://host/path")
        }
        index += 3
        guard scheme == "http" || scheme == "https" else {
            if URLPolicy.reservedSchemes.contains(scheme) {
                throw NavRouterError(
                    .denied, "the scheme '\(scheme)' is not an app scheme (\(URLPolicy.reservedSchemesList))")
            }
            if !policy.schemes.isEmpty && !policy.schemes.contains(scheme) {
                throw NavRouterError(
                    .denied,
                    "the scheme '\(scheme)' is not one of the app's schemes "
                        + "(\(policy.schemes.sorted().joined(separator: ", ")))"
                )
            }
            _ = try firstSegmentEnd(url, from: index, as: .appHost)
            return index
        }
        let domainStart = index
        index = try firstSegmentEnd(url, from: index, as: .webDomain)
        // The domain without its port (':' and digits), compared in place: a look-up makes no string of it.
        var domainEnd = index
        var beforePort = index - 1
        while beforePort >= domainStart && URLSyntax.isASCIIDigit(url[beforePort]) { beforePort -= 1 }
        if beforePort >= domainStart && url[beforePort] == UInt8(ascii: ":") { domainEnd = beforePort }
        if domainEnd == domainStart { throw NavRouterError(.malformedURL, "the \(scheme) link has no domain") }
        guard policy.listsWebDomain(UnsafeBufferPointer(rebasing: url[domainStart..<domainEnd])) else {
            let domain = String(decoding: url[domainStart..<domainEnd], as: UTF8.self).lowercased()
            let listed =
                policy.webDomains.isEmpty ? "none is configured" : policy.webDomains.sorted().joined(separator: ", ")
            throw NavRouterError(
                .denied, "the web domain '\(domain)' is not one of the app's domains (\(listed))")
        }
        return index
    }

    /// What a URL's first segment is, for `firstSegmentEnd`.
    private enum FirstSegment {
        /// A relative path's, without its leading '/': no ':' (it would end a scheme).
        case relativePath
        /// An app link's (`myapp://HOST/…`), which other parsers read as its host: no ':' (a port) and no '@'.
        case appHost
        /// A web link's domain, with its port if any: no '@'.
        case webDomain
    }

    /// Where the first segment that starts at `start` ends (at '/', '?', '#' or the URL's end), after checking it:
    /// where other parsers read a scheme, user information or a port. RFC 3986 forbids a ':' in a relative path's
    /// first segment, since it would end a scheme: `1up:x` and ` https:evil.com` (which a browser reads, without its
    /// leading space, as a link to evil.com) are refused, never taken as a path into the app. In an app link's host, a
    /// ':' would be a port and an '@' would end user information (`myapp://ann@home` is host "home" to them), as an
    /// '@' would in a web link's domain. Escaped (`%3A`, `%40`), both are values.
    /// - Throws: `.malformedURL` for such a ':' or '@', or a control character in the segment.
    private static func firstSegmentEnd(
        _ url: UnsafeBufferPointer<UInt8>, from start: Int, as kind: FirstSegment
    ) throws(NavRouterError) -> Int {
        var index = start
        while index < url.count {
            let byte = url[index]
            switch byte {
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"):
                return index
            case UInt8(ascii: "@") where kind != .relativePath:
                throw NavRouterError(.malformedURL, "user information ('…@') is not allowed in a deep link")
            case UInt8(ascii: ":") where kind != .webDomain:
                let text = String(decoding: url[0..<min(index + 1, 64)], as: UTF8.self)
                throw NavRouterError(
                    .malformedURL,
                    kind == .appHost
                        ? "an app link's host cannot contain ':' ('\(text)…' would read as a port): write it as %3A"
                        : "a relative link's first segment cannot contain ':' ('\(text)…' would read as a scheme); "
                            + "start the link with '/' or write the ':' as %3A")
            default:
                if URLSyntax.isControl(byte) { throw controlCharacter(url, index) }
            }
            index += 1
        }
        return index
    }

    @inline(__always)
    private static func close(
        _ url: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ flags: UInt8,
        _ segments: UnsafeMutableBufferPointer<SegmentSlice>, _ count: inout Int
    ) throws(NavRouterError) {
        let length = end &- start
        if length <= 2 || flags & (SegmentSlice.refused | SegmentSlice.percent) != 0 || count == segments.count {
            try checkRareCases(url, start, end, flags, segments.count, count)
        }
        segments[count] = SegmentSlice(start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end))
        count &+= 1
    }

    /// The checks a segment rarely needs: empty, dot segments, control characters, escapes, the segment limit.
    @inline(never)
    private static func checkRareCases(
        _ url: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ flags: UInt8, _ limit: Int, _ count: Int
    ) throws(NavRouterError) {
        if start == end {
            throw NavRouterError(.malformedURL, "empty path segment (segment \(count + 1)): '//' is not allowed")
        }
        if flags & SegmentSlice.refused != 0 {
            var offset = start
            while !URLSyntax.isControl(url[offset]) && url[offset] != UInt8(ascii: "\\") { offset += 1 }
            if url[offset] != UInt8(ascii: "\\") { throw controlCharacter(url, offset) }
            // RFC 3986 has no raw '\'; browsers read it as '/', so '\\evil.com' or '/\evil.com' would be a link to
            // another site for them (as '//evil.com' is, which is refused as an empty segment).
            throw NavRouterError(
                .malformedURL,
                "'\\' at byte \(offset) of the URL is not allowed in a path (browsers read it as '/'): write it as %5C")
        }
        if count == limit {
            throw NavRouterError(.limitExceeded, "the path has more than \(limit) segments")
        }
        let length = end - start
        if (length == 1 && url[start] == UInt8(ascii: "."))
            || (length == 2 && url[start] == UInt8(ascii: ".")
                && url[start + 1] == UInt8(ascii: "."))
        {
            throw NavRouterError(.malformedURL, "dot segment '\(length == 1 ? "." : "..")' at segment \(count + 1)")
        }
        if flags & SegmentSlice.percent != 0 {
            let isDot = try URLSyntax.checkEscapedSegment(
                UnsafeBufferPointer(rebasing: url[start..<end]), what: "path segment \(count + 1)")
            if isDot { throw NavRouterError(.malformedURL, "encoded dot segment at segment \(count + 1)") }
        }
    }

    /// A URL that starts or ends with a space: browsers drop white space around a URL, so ` https:evil.com` or
    /// `/home ` would be another URL to them than to the library, which never normalises. (Other white space is a
    /// control character, refused anyway; a space inside a URL is a byte of its part.)
    @inline(never)
    private static func spaceAround(starts: Bool) -> NavRouterError {
        NavRouterError(
            .malformedURL,
            "the URL \(starts ? "starts" : "ends") with a space: remove it (browsers drop white space around a URL; "
                + "a space that belongs to it is written %20)")
    }

    private static func controlCharacter(_ url: UnsafeBufferPointer<UInt8>, _ offset: Int) -> NavRouterError {
        let hex = String(url[offset], radix: 16, uppercase: true)
        return NavRouterError(
            .malformedURL, "control character U+\(hex.count < 2 ? "000" : "00")\(hex) at byte \(offset) of the URL")
    }
}
