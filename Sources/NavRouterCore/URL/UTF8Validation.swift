import CPathScan

/// UTF-8 validation of bytes in place (no copy), for input that may not be UTF-8: URLs from C, files, the network.
enum UTF8Validation {
    /// Whether the bytes are valid UTF-8. ASCII, the common case, is tested 16 bytes at a time
    /// (`navrouter_bytes_are_ascii`, SSE2); only other bytes are parsed, scalar by scalar.
    @inline(__always)
    static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        return navrouter_bytes_are_ascii(base, bytes.count) != 0 || isValidBeyondASCII(bytes)
    }

    /// Throws ("`what` is not valid UTF-8") unless the bytes are valid UTF-8.
    /// - Parameters:
    ///   - bytes: the bytes to check.
    ///   - what: what they are, for the message (e.g. "the route name").
    ///   - code: the error's code: `.invalidArgument` (the default) for names and other text, `.malformedURL` for
    ///     URLs.
    @inline(never)
    static func require(
        _ bytes: UnsafeBufferPointer<UInt8>, _ what: String, code: NavRouterError.Code = .invalidArgument
    ) throws(NavRouterError) {
        if !isValid(bytes) { throw NavRouterError(code, "\(what) is not valid UTF-8") }
    }

    /// `isValid` past the ASCII test: parses every scalar.
    @inline(never)
    private static func isValidBeyondASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
