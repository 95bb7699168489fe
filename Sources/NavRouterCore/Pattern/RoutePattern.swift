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
        var rest = Substring(text)
        func fail(_ what: String) -> NavRouterError {
            NavRouterError(.invalidPattern, "invalid pattern '\(text)': \(what)")
        }
        if rest.isEmpty { throw fail("the pattern is empty") }
        if let schemeEnd = Self.schemeSeparator(in: rest) {
            let scheme = rest[..<schemeEnd.lowerBound]
            guard URLSyntax.isScheme(scheme.utf8) else { throw fail("'\(scheme)' is not a valid scheme") }
            rest = rest[schemeEnd.upperBound...]
        }
        // Byte-level from here on (this runs once per registered route): a leading and a trailing '/' are
        // dropped, the rest is split on '/'.
        if rest.utf8.first == UInt8(ascii: "/") { rest = rest[rest.utf8.index(after: rest.utf8.startIndex)...] }
        if rest.utf8.last == UInt8(ascii: "/") { rest = rest[..<rest.utf8.index(before: rest.utf8.endIndex)] }
        var segments: [PatternSegment] = []
        var names: [String] = []  // a pattern has a handful of parameters: a scan beats hashing
        if !rest.isEmpty {
            let bytes = rest.utf8
            var pieceStart = bytes.startIndex
            var number = 0
            while true {
                var pieceEnd = pieceStart
                while pieceEnd != bytes.endIndex && bytes[pieceEnd] != UInt8(ascii: "/") { pieceEnd = bytes.index(after: pieceEnd) }
                let piece = rest[pieceStart..<pieceEnd]
                number += 1
                var position: String { "segment \(number) ('\(piece)')" }  // only built for a message
                if piece.isEmpty { throw fail("segment \(number) is empty") }
                if case .catchAll? = segments.last {
                    throw fail("the catch-all must be the last segment, but \(position) follows it")
                }
                let segment: PatternSegment
                do {
                    segment = try Self.parseSegment(piece)
                } catch {
                    throw fail("\(position): \(error.message)")
                }
                if let name = segment.parameterName {
                    if names.contains(name) { throw fail("\(position): duplicate parameter name '\(name)'") }
                    names.append(name)
                }
                segments.append(segment)
                if pieceEnd == bytes.endIndex { break }
                pieceStart = bytes.index(after: pieceEnd)
            }
        }
        self.segments = segments
    }

    /// Where the first "://" lies (a byte search: this runs once per registered route).
    private static func schemeSeparator(in text: Substring) -> Range<Substring.Index>? {
        let bytes = text.utf8
        var index = bytes.startIndex
        while index != bytes.endIndex {
            if bytes[index] == UInt8(ascii: ":") {
                let second = bytes.index(after: index)
                if second != bytes.endIndex, bytes[second] == UInt8(ascii: "/") {
                    let third = bytes.index(after: second)
                    if third != bytes.endIndex, bytes[third] == UInt8(ascii: "/") {
                        return index..<bytes.index(after: third)
                    }
                }
            }
            index = bytes.index(after: index)
        }
        return nil
    }

    private static func parseSegment(_ piece: Substring) throws(NavRouterError) -> PatternSegment {
        let bytes = piece.utf8
        let afterFirst = piece[bytes.index(after: bytes.startIndex)...]
        switch bytes.first {
        case UInt8(ascii: ":"):
            return .parameter(name: try parameterName(afterFirst), type: .string)
        case UInt8(ascii: "*"):
            return .catchAll(name: try parameterName(afterFirst))
        case UInt8(ascii: "<"):
            guard bytes.last == UInt8(ascii: ">"), bytes.count >= 2 else {
                throw NavRouterError(.invalidPattern, "'<' without a closing '>'")
            }
            let inner = afterFirst[..<afterFirst.utf8.index(before: afterFirst.utf8.endIndex)]
            guard let colon = inner.utf8.firstIndex(of: UInt8(ascii: ":")) else {
                return .parameter(name: try parameterName(inner), type: .string)
            }
            let typeName = inner[..<colon]
            let name = try parameterName(inner[inner.utf8.index(after: colon)...])
            if typeName == "path" { return .catchAll(name: name) }
            guard let type = ParameterType(rawValue: String(typeName)) else {
                throw NavRouterError(
                    .invalidPattern, "unknown parameter type '\(typeName)' (expected string, int, uuid or path)")
            }
            return .parameter(name: name, type: type)
        default:
            break
        }
        if bytes.first == UInt8(ascii: "."), bytes.count <= 2, bytes.last == UInt8(ascii: ".") {
            throw NavRouterError(.invalidPattern, "dot segments are not allowed")
        }
        var ascii = true
        for byte in bytes {
            if byte >= 0x80 {
                ascii = false
                break
            }
            if !URLSyntax.isLiteralScalar(Unicode.Scalar(byte)) {
                throw NavRouterError(
                    .invalidPattern, "the character \(URLSyntax.describe(Unicode.Scalar(byte))) is not allowed in a literal")
            }
        }
        if !ascii {
            for scalar in piece.unicodeScalars where !URLSyntax.isLiteralScalar(scalar) {
                throw NavRouterError(
                    .invalidPattern, "the character \(URLSyntax.describe(scalar)) is not allowed in a literal")
            }
        }
        return .literal(String(piece))
    }

    private static func parameterName(_ name: Substring) throws(NavRouterError) -> String {
        if name.isEmpty { throw NavRouterError(.invalidPattern, "the parameter name is empty") }
        for (offset, byte) in name.utf8.enumerated() {
            let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte == UInt8(ascii: "_")
            let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            if !(isLetter || (offset > 0 && (isDigit || byte == UInt8(ascii: "-")))) {
                throw NavRouterError(
                    .invalidPattern,
                    "invalid parameter name '\(name)' (letters, digits, '_' and '-', not starting with a digit or '-')")
            }
        }
        return String(name)
    }
}
