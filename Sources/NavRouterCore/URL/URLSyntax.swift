/// Character classes of deep links and patterns, on UTF-8 bytes and Unicode scalars.
enum URLSyntax {
    /// `[A-Za-z][A-Za-z0-9+.-]*`, RFC 3986's scheme.
    static func isScheme<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Bool {
        guard let first = bytes.first, isASCIILetter(first) else { return false }
        return bytes.allSatisfy {
            isASCIILetter($0) || isASCIIDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: ".")
                || $0 == UInt8(ascii: "-")
        }
    }

    @inline(__always) static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    @inline(__always) static func isASCIIUppercase(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
    }

    @inline(__always) static func isASCIIDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// A control character (C0 or DEL). Deep links never contain them raw.
    @inline(__always) static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }

    /// Whether a scalar may stand in a pattern's literal segment: no controls, no white space, and none of the
    /// characters that delimit URLs or patterns (`/ ? # % < > \ " { } | ^` and the backquote).
    static func isLiteralScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return isLiteralASCII(UInt8(scalar.value)) }  // no Unicode property look-up
        if scalar.value <= 0x9F { return false }  // C1 controls
        return !scalar.properties.isWhitespace
    }

    /// `isLiteralScalar` for an ASCII byte (< 0x80): one bit of a 128-bit set, where a switch over the refused
    /// characters made a chain of compares per byte of every registered pattern.
    @inline(__always)
    static func isLiteralASCII(_ byte: UInt8) -> Bool {
        // Bit b: byte b is allowed — 0x21...0x7E without / ? # % < > \ " { } | ^ and the backquote.
        let allowedBelow64: UInt64 = 0x2FFF_7FD2_0000_0000
        let allowedFrom64: UInt64 = 0x47FF_FFFE_AFFF_FFFF
        let word = byte < 64 ? allowedBelow64 : allowedFrom64
        return (word >> UInt64(byte & 63)) & 1 != 0
    }

    /// A scalar, quoted for a message (controls as `U+XXXX`).
    static func describe(_ scalar: Unicode.Scalar) -> String {
        if scalar.value < 0x21 || (0x7F...0x9F).contains(scalar.value) || scalar.properties.isWhitespace {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return "'\(scalar)'"
    }

    @inline(__always) static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Percent-decodes one component (a segment, a query key or value, a fragment) exactly once.
    /// - Parameters:
    ///   - bytes: the raw component.
    ///   - plusIsSpace: `true` in the query, where `+` means a space.
    ///   - what: the component, for messages.
    /// - Returns: the decoded text.
    /// - Throws: `.malformedURL` for a bad `%XX` escape, invalid UTF-8 after decoding, or a decoded NUL.
    static func percentDecode(
        _ bytes: UnsafeBufferPointer<UInt8>, plusIsSpace: Bool, what: @autoclosure () -> String
    ) throws(NavRouterError) -> String {
        var needsWork = false
        for byte in bytes where byte == UInt8(ascii: "%") || (plusIsSpace && byte == UInt8(ascii: "+")) {
            needsWork = true
            break
        }
        if !needsWork { return String(decoding: bytes, as: UTF8.self) }
        let outcome = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer in
            Result { () throws(NavRouterError) -> String in
                let decoded = try percentDecode(bytes, into: buffer, plusIsSpace: plusIsSpace, what: what())
                return String(decoding: decoded, as: UTF8.self)
            }
        }
        return try outcome.get()
    }

    /// Percent-decodes a component into `buffer` (at least `bytes.count` long), exactly once, and checks the result.
    /// The other decoders are built on it; with temporary memory for `buffer`, nothing is allocated.
    /// - Returns: the decoded bytes, the start of `buffer`: valid UTF-8 without NUL.
    /// - Throws: `.malformedURL` for a bad `%XX` escape, invalid UTF-8 after decoding, or a decoded NUL.
    static func percentDecode(
        _ bytes: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>, plusIsSpace: Bool,
        what: @autoclosure () -> String
    ) throws(NavRouterError) -> UnsafeBufferPointer<UInt8> {
        var count = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                    let low = hexValue(bytes[index + 2])
                else {
                    let escape = String(decoding: bytes[index..<min(index + 3, bytes.count)], as: UTF8.self)
                    throw NavRouterError(.malformedURL, "bad percent escape '\(escape)' in \(what())")
                }
                let value = high << 4 | low
                if value == 0 { throw NavRouterError(.malformedURL, "%00 (NUL) is not allowed in \(what())") }
                buffer[count] = value
                index += 3
            } else {
                buffer[count] = plusIsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte
                index += 1
            }
            count += 1
        }
        let decoded = UnsafeBufferPointer(rebasing: buffer[..<count])
        guard UTF8Validation.isValid(decoded) else {
            throw NavRouterError(.malformedURL, "\(what()) is not valid UTF-8 after percent-decoding")
        }
        return decoded
    }

    /// Checks a path segment's escapes as `percentDecode` does without making its text (decoded into temporary
    /// memory, on the stack for a segment of ordinary length), so that a look-up allocates nothing for it.
    /// - Returns: whether the segment decodes to a dot segment (`.` or `..`).
    /// - Throws: `.malformedURL`, with `percentDecode`'s messages.
    static func checkEscapedSegment(
        _ bytes: UnsafeBufferPointer<UInt8>, what: @autoclosure () -> String
    ) throws(NavRouterError) -> Bool {
        let outcome = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { buffer in
            Result { () throws(NavRouterError) -> Bool in
                let decoded = try percentDecode(bytes, into: buffer, plusIsSpace: false, what: what())
                let dot = UInt8(ascii: ".")
                return decoded.count <= 2 && decoded.allSatisfy { $0 == dot }
            }
        }
        return try outcome.get()
    }

    /// Characters kept as they are in a path segment: RFC 3986's unreserved and sub-delims, `:` and `@`.
    private static let pathSafe: [Bool] = safeTable("-._~!$&'()*+,;=:@")
    /// The same for a segment that stands as an app link's host (`:` and `@` are escaped: a port, user information).
    private static let hostSafe: [Bool] = safeTable("-._~!$&'()*+,;=")
    /// Characters kept as they are in a query key or value (`+ & = ;` are escaped).
    private static let querySafe: [Bool] = safeTable("-._~!$'()*,:@/?")

    private static func safeTable(_ extra: String) -> [Bool] {
        var table = [Bool](repeating: false, count: 256)
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = true }
        for byte in extra.utf8 { table[Int(byte)] = true }
        return table
    }

    /// Percent-encodes a value for a path segment (`/`, `%`, `?`, `#`, spaces and non-ASCII are escaped).
    static func encodePathSegment(_ text: String) -> String { percentEncode(text, safe: pathSafe) }

    /// Percent-encodes the first segment of an app link, its host: as a path segment, with `:` and `@` escaped too.
    static func encodeHostSegment(_ text: String) -> String { percentEncode(text, safe: hostSafe) }

    /// Percent-encodes a query key or value (`+`, `&`, `=` and spaces are escaped too).
    static func encodeQueryComponent(_ text: String) -> String { percentEncode(text, safe: querySafe) }

    private static func percentEncode(_ text: String, safe: [Bool]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if safe[Int(byte)] {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.appendHexDigits(of: byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
