/// A parsed route pattern: `[scheme://]host/seg/...`.
///
/// The host is the first segment (`myapp://home/dashboard`, `/home/dashboard` and `home/dashboard` are one
/// pattern). A scheme in a pattern is accepted and checked for syntax only: which schemes and web domains may
/// open the app is the registry's policy (`RegistryOptions`), not a route's. `/` alone is the root (no segment).
public struct RoutePattern: Equatable, Sendable, CustomStringConvertible {
    /// The pattern as written.
    public let text: String
    /// The segments, in order.
    public let segments: [PatternSegment]

    /// The names of the path parameters and the catch-all, in order.
    public var parameterNames: [String] { segments.compactMap(\.parameterName) }

    /// The catch-all's name, when the pattern ends with one.
    public var catchAllName: String? {
        if case .catchAll(let name)? = segments.last { return name }
        return nil
    }

    /// `text`.
    public var description: String { text }

    /// Parses a pattern.
    /// - Parameter text: the pattern, e.g. `shop/product/<int:id>`.
    /// - Throws: `.invalidPattern` saying what is wrong and at which segment: empty pattern, empty segment,
    ///   empty or invalid parameter name, duplicate parameter name, catch-all not last, unknown type,
    ///   a character not allowed in a literal, a dot segment.
    public init(_ text: String) throws(NavRouterError) {
        self.text = text
        var contiguous = text
        // Byte offsets into one contiguous UTF-8 buffer (this runs once per registered route: String.Index
        // arithmetic on substrings cost more than the rest of a registration).
        let parsed: Result<[PatternSegment], NavRouterError> = contiguous.withUTF8 { bytes in
            Result { () throws(NavRouterError) in try Self.parse(bytes, text: text) }
        }
        self.segments = try parsed.get()
    }

    private typealias Bytes = UnsafeBufferPointer<UInt8>

    private static func string(_ bytes: Bytes, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    private static func parse(_ bytes: Bytes, text: String) throws(NavRouterError) -> [PatternSegment] {
        func fail(_ what: String) -> NavRouterError {
            NavRouterError(.invalidPattern, "invalid pattern '\(text)': \(what)")
        }
        if bytes.isEmpty { throw fail("the pattern is empty") }
        var start = 0, end = bytes.count
        if let schemeEnd = schemeSeparator(in: bytes) {
            guard URLSyntax.isScheme(bytes[..<schemeEnd]) else {
                throw fail("'\(string(bytes, 0..<schemeEnd))' is not a valid scheme")
            }
            start = schemeEnd + 3
        }
        // A leading and a trailing '/' are dropped, the rest is split on '/'.
        if start < end && bytes[start] == UInt8(ascii: "/") { start += 1 }
        if start < end && bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        var segments: [PatternSegment] = []
        if start >= end { return segments }
        var slashes = 0
        for index in start..<end where bytes[index] == UInt8(ascii: "/") { slashes += 1 }
        segments.reserveCapacity(slashes + 1)  // no regrowth while appending
        var names: [String] = []  // a pattern has a handful of parameters: a scan beats hashing
        var pieceStart = start
        var number = 0
        while true {
            var pieceEnd = pieceStart
            while pieceEnd != end && bytes[pieceEnd] != UInt8(ascii: "/") { pieceEnd += 1 }
            let piece = pieceStart..<pieceEnd
            number += 1
            var position: String { "segment \(number) ('\(string(bytes, piece))')" }  // only built for a message
            if piece.isEmpty { throw fail("segment \(number) is empty") }
            if case .catchAll? = segments.last {
                throw fail("the catch-all must be the last segment, but \(position) follows it")
            }
            let segment: PatternSegment
            do {
                segment = try parseSegment(UnsafeBufferPointer(rebasing: bytes[piece]))
            } catch {
                throw fail("\(position): \(error.message)")
            }
            if let name = segment.parameterName {
                if names.contains(name) { throw fail("\(position): duplicate parameter name '\(name)'") }
                names.append(name)
            }
            segments.append(segment)
            if pieceEnd == end { break }
            pieceStart = pieceEnd + 1
        }
        return segments
    }

    /// Where the first "://" starts.
    private static func schemeSeparator(in bytes: Bytes) -> Int? {
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == UInt8(ascii: ":") && bytes[index + 1] == UInt8(ascii: "/") && bytes[index + 2] == UInt8(ascii: "/") {
                return index
            }
            index += 1
        }
        return nil
    }

    private static func parseSegment(_ piece: Bytes) throws(NavRouterError) -> PatternSegment {
        let whole = 0..<piece.count
        switch piece[0] {
        case UInt8(ascii: ":"):
            return .parameter(name: try parameterName(piece, 1..<piece.count), type: .string)
        case UInt8(ascii: "*"):
            return .catchAll(name: try parameterName(piece, 1..<piece.count))
        case UInt8(ascii: "<"):
            guard piece.count >= 2, piece[piece.count - 1] == UInt8(ascii: ">") else {
                throw NavRouterError(.invalidPattern, "'<' without a closing '>'")
            }
            let inner = 1..<(piece.count - 1)
            guard let colon = inner.first(where: { piece[$0] == UInt8(ascii: ":") }) else {
                return .parameter(name: try parameterName(piece, inner), type: .string)
            }
            let typeName = string(piece, inner.lowerBound..<colon)
            let name = try parameterName(piece, (colon + 1)..<inner.upperBound)
            if typeName == "path" { return .catchAll(name: name) }
            guard let type = ParameterType(rawValue: typeName) else {
                throw NavRouterError(
                    .invalidPattern, "unknown parameter type '\(typeName)' (expected string, int, uuid or path)")
            }
            return .parameter(name: name, type: type)
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
            if !URLSyntax.isLiteralScalar(Unicode.Scalar(byte)) {
                throw NavRouterError(
                    .invalidPattern, "the character \(URLSyntax.describe(Unicode.Scalar(byte))) is not allowed in a literal")
            }
        }
        let literal = string(piece, whole)
        if !ascii {
            for scalar in literal.unicodeScalars where !URLSyntax.isLiteralScalar(scalar) {
                throw NavRouterError(
                    .invalidPattern, "the character \(URLSyntax.describe(scalar)) is not allowed in a literal")
            }
        }
        return .literal(literal)
    }

    private static func parameterName(_ bytes: Bytes, _ range: Range<Int>) throws(NavRouterError) -> String {
        if range.isEmpty { throw NavRouterError(.invalidPattern, "the parameter name is empty") }
        for index in range {
            let byte = bytes[index]
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            if !(isLetter || (index > range.lowerBound && (isDigit || byte == UInt8(ascii: "-")))) {
                throw NavRouterError(
                    .invalidPattern,
                    "invalid parameter name '\(string(bytes, range))' (letters, digits, '_' and '-', not starting with a digit or '-')")
            }
        }
        return string(bytes, range)
    }
}
