#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A parsed route pattern: `[scheme://]host/seg/...`.
///
/// The host is the first segment (`myapp://home/dashboard`, `/home/dashboard` and `home/dashboard` are one
/// pattern). A scheme in a pattern is accepted and checked for syntax only: which schemes and web domains may
/// open the app is the registry's policy (`RegistryOptions`), not a route's. `/` alone is the root (no segment).
///
/// Kept compact (every registered route holds one): the text and, per segment, where its literal or parameter
/// name lies in the text and what kind it is (`PatternParts`). `segments` builds the enum values on demand.
public struct RoutePattern: Equatable, Sendable, CustomStringConvertible {
    /// The pattern as written.
    public let text: String
    /// The segments, compact.
    let parts: PatternParts

    /// The segments, in order.
    public var segments: [PatternSegment] { parts.map(segment) }

    /// The number of segments.
    public var segmentCount: Int { parts.count }

    /// Whether every segment is a literal (and there is at least one).
    var isStatic: Bool { !parts.isEmpty && parts.allSatisfy { $0.kind == .literal } }

    /// The names of the path parameters and the catch-all, in order.
    public var parameterNames: [String] { parts.compactMap { $0.kind == .literal ? nil : string(of: $0) } }

    /// The catch-all's name, when the pattern ends with one.
    public var catchAllName: String? {
        guard let last = parts.last, last.kind == .catchAll else { return nil }
        return string(of: last)
    }

    /// `text`.
    public var description: String { text }

    /// A segment as an enum value.
    func segment(_ part: PatternPart) -> PatternSegment {
        let text = string(of: part)
        switch part.kind {
        case .literal: return .literal(text)
        case .catchAll: return .catchAll(name: text)
        default: return .parameter(name: text, type: parameterType(of: part)!)
        }
    }

    /// A parameter part's type (nil for a literal or catch-all). An enumeration's values are read back from the
    /// text, `<enum(a|b):name>`, which the parse checked.
    func parameterType(of part: PatternPart) -> ParameterType? {
        if let simple = part.simpleParameterType { return simple }
        guard part.kind == .enumParameter else { return nil }
        var contiguous = text
        return contiguous.withUTF8 { bytes in
            var open = Int(part.start) - 1
            while open > 0 && bytes[open] != UInt8(ascii: "<") { open -= 1 }
            // `<` + type + `:` + name: the type lies between them.
            let typeName = String(
                decoding: UnsafeBufferPointer(rebasing: bytes[(open + 1)..<(Int(part.start) - 1)]),
                as: UTF8.self)
            return try? ParameterType(name: typeName)
        }
    }

    /// A part's literal or parameter name.
    func string(of part: PatternPart) -> String {
        withBytes(of: part) { String(decoding: $0, as: UTF8.self) }
    }

    /// Runs `body` on a part's bytes in `text` (not copied).
    func withBytes<Result>(of part: PatternPart, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var contiguous = text
        return contiguous.withUTF8 { bytes in
            body(UnsafeBufferPointer(rebasing: bytes[part.range]))
        }
    }

    /// Parses a pattern.
    /// - Parameter text: the pattern, e.g. `shop/product/<int:id>`.
    /// - Throws: `.invalidPattern` saying what is wrong and at which segment: empty pattern, empty segment,
    ///   empty or invalid parameter name, duplicate parameter name, catch-all not last, unknown type,
    ///   a character not allowed in a literal, a dot segment; `.limitExceeded` for a pattern of 512 MiB or more.
    public init(_ text: String) throws(NavRouterError) {
        self.text = text
        var contiguous = text
        // Byte offsets into one contiguous UTF-8 buffer (this runs once per registered route: String.Index
        // arithmetic on substrings cost more than the rest of a registration).
        let parsed: Result<PatternParts, NavRouterError> = contiguous.withUTF8 { bytes in
            Result { () throws(NavRouterError) in try Self.parse(bytes, text: text) }
        }
        self.parts = try parsed.get()
    }

    /// Two patterns are equal when their texts are (the parts follow from the text).
    public static func == (lhs: RoutePattern, rhs: RoutePattern) -> Bool { lhs.text == rhs.text }

    private typealias Bytes = UnsafeBufferPointer<UInt8>

    private static func string(_ bytes: Bytes, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    private static func parse(_ bytes: Bytes, text: String) throws(NavRouterError) -> PatternParts {
        func fail(_ what: String) -> NavRouterError {
            NavRouterError(.invalidPattern, "invalid pattern '\(text)': \(what)")
        }
        if bytes.isEmpty { throw fail("the pattern is empty") }
        if bytes.count >= 1 << 29 {  // offsets are kept in 32 bits; no URL comes near this
            throw NavRouterError(.limitExceeded, "the pattern is \(bytes.count) bytes long; the limit is 512 MiB")
        }
        var start = 0
        var end = bytes.count
        if let schemeEnd = schemeSeparator(in: bytes) {
            guard URLSyntax.isScheme(bytes[..<schemeEnd]) else {
                throw fail("'\(string(bytes, 0..<schemeEnd))' is not a valid scheme")
            }
            start = schemeEnd + 3
        }
        // A leading and a trailing '/' are dropped, the rest is split on '/'.
        if start < end && bytes[start] == UInt8(ascii: "/") { start += 1 }
        if start < end && bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        if start >= end { return PatternParts(UnsafeBufferPointer(start: nil, count: 0), textLength: bytes.count) }
        var slashes = 0
        for index in start..<end where bytes[index] == UInt8(ascii: "/") { slashes += 1 }
        // The parts are gathered in a temporary buffer (on the stack for the usual pattern) and packed into the
        // value: no array is made unless the pattern is too deep or too long to pack.
        return try withUnsafeTemporaryAllocation(of: PatternPart.self, capacity: slashes + 1) {
            (segments) throws(NavRouterError) -> PatternParts in
            var count = 0
            var pieceStart = start
            while true {
                var pieceEnd = pieceStart
                while pieceEnd != end && bytes[pieceEnd] != UInt8(ascii: "/") { pieceEnd += 1 }
                let piece = pieceStart..<pieceEnd
                let number = count + 1
                var position: String { "segment \(number) ('\(string(bytes, piece))')" }  // only built for a message
                if piece.isEmpty { throw fail("segment \(number) is empty") }
                if count > 0 && segments[count - 1].kind == .catchAll {
                    throw fail("the catch-all must be the last segment, but \(position) follows it")
                }
                let segment: PatternPart
                do throws(NavRouterError) {
                    segment = try parseSegment(bytes, piece)
                } catch {
                    throw fail("\(position): \(error.message)")
                }
                if segment.kind != .literal {
                    // A pattern has a handful of parameters: a scan beats hashing.
                    let name = UnsafeBufferPointer(rebasing: bytes[segment.range])
                    // Safety: a parameter's name is never empty (`parameterName`), so both buffers have a base
                    // address; the earlier name has the same length and lies inside the pattern's bytes.
                    let (patternBase, nameBase) = (bytes.baseAddress!, name.baseAddress!)
                    // Safety: `memcmp` reads `name.count` bytes at each base, inside the pattern (see above).
                    for earlier in segments[..<count]
                    where earlier.kind != .literal && earlier.count == segment.count
                        && memcmp(patternBase + Int(earlier.start), nameBase, name.count) == 0
                    {
                        throw fail("\(position): duplicate parameter name '\(String(decoding: name, as: UTF8.self))'")
                    }
                }
                segments.initializeElement(at: count, to: segment)
                count += 1
                if pieceEnd == end { break }
                pieceStart = pieceEnd + 1
            }
            return PatternParts(UnsafeBufferPointer(rebasing: segments[..<count]), textLength: bytes.count)
        }
    }

    /// Where the first "://" starts.
    private static func schemeSeparator(in bytes: Bytes) -> Int? {
        guard bytes.count >= 3, let base = bytes.baseAddress else { return nil }
        var index = 0
        let last = bytes.count &- 3  // the last place "://" can start
        while index <= last {  // unchecked reads: index + 2 < count
            if base[index] == UInt8(ascii: ":") && base[index &+ 1] == UInt8(ascii: "/")
                && base[index &+ 2] == UInt8(ascii: "/")
            {
                return index
            }
            index &+= 1
        }
        return nil
    }

    /// Parses the segment at `range` of the pattern's bytes.
    private static func parseSegment(_ bytes: Bytes, _ range: Range<Int>) throws(NavRouterError) -> PatternPart {
        let piece = UnsafeBufferPointer(rebasing: bytes[range])
        let offset = range.lowerBound
        func part(_ range: Range<Int>, _ kind: PatternPart.Kind) -> PatternPart {
            PatternPart(start: UInt32(offset + range.lowerBound), count: UInt32(range.count), kind: kind)
        }
        switch piece[0] {
        case UInt8(ascii: ":"):
            return part(try parameterName(piece, 1..<piece.count), .parameter)
        case UInt8(ascii: "*"):
            return part(try parameterName(piece, 1..<piece.count), .catchAll)
        case UInt8(ascii: "<"):
            guard piece.count >= 2, piece[piece.count - 1] == UInt8(ascii: ">") else {
                throw NavRouterError(.invalidPattern, "'<' without a closing '>'")
            }
            let inner = 1..<(piece.count - 1)
            guard let colon = inner.first(where: { piece[$0] == UInt8(ascii: ":") }) else {
                return part(try parameterName(piece, inner), .parameter)
            }
            let typeName = string(piece, inner.lowerBound..<colon)
            let name = try parameterName(piece, (colon + 1)..<inner.upperBound)
            if typeName == "path" { return part(name, .catchAll) }
            return part(name, PatternPart.Kind(try ParameterType(name: typeName)))
        default:
            break
        }
        if piece[0] == UInt8(ascii: "."), piece.count <= 2, piece[piece.count - 1] == UInt8(ascii: ".") {
            throw NavRouterError(.invalidPattern, "dot segments are not allowed")
        }
        var ascii = true
        for byte in piece {
            if byte >= 0x80 {
                ascii = false
                break
            }
            if !URLSyntax.isLiteralASCII(byte) {
                throw NavRouterError(
                    .invalidPattern,
                    "the character \(URLSyntax.describe(Unicode.Scalar(byte))) is not allowed in a literal"
                        + refusalHint(byte, piece))
            }
        }
        if !ascii {
            for scalar in string(piece, 0..<piece.count).unicodeScalars where !URLSyntax.isLiteralScalar(scalar) {
                throw NavRouterError(
                    .invalidPattern, "the character \(URLSyntax.describe(scalar)) is not allowed in a literal")
            }
        }
        return part(0..<piece.count, .literal)
    }

    /// What the user likely meant by a delimiter in a literal, said after the refusal ("" for other characters).
    private static func refusalHint(_ byte: UInt8, _ piece: Bytes) -> String {
        switch byte {
        case UInt8(ascii: "?"):
            return " (a pattern is a path: every query item of a link is a parameter of the route it opens; list the"
                + " ones a route needs as its required parameters)"
        case UInt8(ascii: "#"):
            return " (a pattern is a path: a link's fragment is not matched; the match carries it)"
        case UInt8(ascii: "%"):
            // Literals are matched against the link's decoded segments, so an escape in a pattern would never match.
            let decoded = try? URLSyntax.percentDecode(piece, plusIsSpace: false, what: "")
            let advice = " (a literal is matched against the link's decoded segment: write the character itself"
            guard let decoded, decoded.unicodeScalars.allSatisfy(URLSyntax.isLiteralScalar) else { return advice + ")" }
            return advice + ", '\(decoded)')"
        default:
            return ""
        }
    }

    /// Checks a parameter name at `range` of a segment; returns the range.
    private static func parameterName(_ bytes: Bytes, _ range: Range<Int>) throws(NavRouterError) -> Range<Int> {
        if range.isEmpty { throw NavRouterError(.invalidPattern, "the parameter name is empty") }
        for index in range {
            let byte = bytes[index]
            let isLetter =
                (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            if !(isLetter || (index > range.lowerBound && (isDigit || byte == UInt8(ascii: "-")))) {
                throw NavRouterError(
                    .invalidPattern,
                    "invalid parameter name '\(string(bytes, range))' (letters, digits, '_' and '-', not starting "
                        + "with a digit or '-')"
                )
            }
        }
        return range
    }
}
