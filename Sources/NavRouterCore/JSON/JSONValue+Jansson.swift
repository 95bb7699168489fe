import CJansson

extension JSONValue {
    /// The deepest nesting of arrays and objects a JSON value may have (props, results, metadata, saved state, app
    /// data), whether parsed from text or built in Swift: 512, so that every binding's JSON reader (Python's stops
    /// near 1000) reads what the library writes.
    public static let maxDepth = 512

    /// The deepest nesting of the library's own documents that carry such values (snapshots, manifests, transaction
    /// log lines): `maxDepth` plus their own structure around the values (a hidden layer's entry's props sits 8
    /// levels down in a log line's state), so that a document holding values at the limit reads back.
    public static let maxDocumentDepth = maxDepth + 16

    /// Parses JSON text with Jansson.
    ///
    /// Duplicate object keys and `\u0000` in strings are rejected (values must survive a trip through C strings),
    /// and so is nesting deeper than `maxDepth`.
    /// - Parameter text: the JSON text (any value at the top level).
    /// - Returns: the parsed value.
    /// - Throws: `NavRouterError` `.invalidJSON` with Jansson's message, line, column and byte position.
    public static func parse(_ text: String) throws(NavRouterError) -> JSONValue {
        try parse(text, maxDepth: maxDepth)
    }

    /// Parses one of the library's documents (a snapshot, a manifest, a log line): nesting up to
    /// `maxDocumentDepth`; the reader checks each value the document carries against `maxDepth`. For tools that
    /// read the library's documents whole (a transaction log's lines, whose states may hold props at the limit).
    /// - Throws: `NavRouterError` `.invalidJSON`, as `parse(_:)`.
    public static func parseDocument(_ text: String) throws(NavRouterError) -> JSONValue {
        try parse(text, maxDepth: maxDocumentDepth)
    }

    /// Where and why a text is not JSON, as Jansson reports it (`syntaxError(in:)`).
    public struct SyntaxError: Error, Equatable, Sendable {
        /// The line, from 1.
        public let line: Int
        /// The column on that line, from 1.
        public let column: Int
        /// The byte offset in the text's UTF-8, from 0.
        public let byte: Int
        /// What is wrong (`'[' or '{' expected near 'x'`).
        public let reason: String

        /// `invalid JSON at line L, column C (byte B): reason`, as the library's `.invalidJSON` errors say it.
        public var message: String { "invalid JSON at line \(line), column \(column) (byte \(byte)): \(reason)" }
    }

    /// The syntax error of a text that is not JSON, with its place, for tools that point at it (`navrouter check`
    /// prints `FILE:LINE:COLUMN: error: ...`); nil when the text is JSON (its nesting is not checked here).
    public static func syntaxError(in text: String) -> SyntaxError? {
        switch load(text) {
        case .success(let root):
            json_decref(root)
            return nil
        case .failure(let error):
            return error
        }
    }

    /// `parse(_:)` with a nesting limit.
    private static func parse(_ text: String, maxDepth limit: Int) throws(NavRouterError) -> JSONValue {
        let root: UnsafeMutablePointer<json_t>
        switch load(text) {
        case .success(let loaded): root = loaded
        case .failure(let error): throw NavRouterError(.invalidJSON, error.message)
        }
        defer { json_decref(root) }
        if Self.nesting(of: root, below: 0, limit: limit) > limit {
            throw NavRouterError(.invalidJSON, tooDeep(limit))
        }
        return JSONValue(jansson: root)
    }

    /// The text loaded by Jansson (a new reference the caller releases), or its syntax error.
    private static func load(_ text: String) -> Result<UnsafeMutablePointer<json_t>, SyntaxError> {
        var error = json_error_t()
        var text = text
        let root = text.withUTF8 { bytes in
            // Safety: `CChar` and `UInt8` have the same size and alignment; Jansson reads the bytes during the call
            // only.
            bytes.withMemoryRebound(to: CChar.self) { chars in
                json_loadb(chars.baseAddress, chars.count, Int(JSON_DECODE_ANY | JSON_REJECT_DUPLICATES), &error)
            }
        }
        if let root { return .success(root) }
        let reason = withUnsafeBytes(of: &error.text) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        return .failure(
            SyntaxError(line: Int(error.line), column: Int(error.column), byte: Int(error.position), reason: reason))
    }

    /// The message for JSON nested deeper than `limit`.
    static func tooDeep(_ limit: Int = maxDepth) -> String { "JSON nested deeper than \(limit) arrays and objects" }

    /// The nesting depth of a Jansson value (stops counting past `limit`).
    private static func nesting(of value: UnsafeMutablePointer<json_t>, below depth: Int, limit: Int) -> Int {
        if depth > limit { return depth }
        var deepest = depth
        switch value.pointee.type {
        case JSON_OBJECT:
            deepest = depth + 1
            var iterator = json_object_iter(value)
            while let current = iterator, deepest <= limit {
                if let member = json_object_iter_value(current) {
                    deepest = max(deepest, nesting(of: member, below: depth + 1, limit: limit))
                }
                iterator = json_object_iter_next(value, current)
            }
        case JSON_ARRAY:
            deepest = depth + 1
            for index in 0..<json_array_size(value) where deepest <= limit {
                if let element = json_array_get(value, index) {
                    deepest = max(deepest, nesting(of: element, below: depth + 1, limit: limit))
                }
            }
        default:
            break
        }
        return deepest
    }

    /// Parses JSON text that must be an object (props, metadata).
    /// - Parameters:
    ///   - text: the JSON text.
    ///   - what: what the text is, for the message ("props", "metadata").
    /// - Returns: the object's members.
    /// - Throws: `.invalidJSON` when the text is not JSON or not an object.
    public static func parseObject(_ text: String, what: String) throws(NavRouterError) -> [String: JSONValue] {
        let value: JSONValue
        do {
            value = try parse(text)
        } catch {
            throw NavRouterError(.invalidJSON, "\(what): \(error.message)")
        }
        guard let members = value.objectValue else {
            throw NavRouterError(.invalidJSON, "\(what) must be a JSON object, not \(value.typeName)")
        }
        return members
    }

    /// A finite real as Jansson writes one (`%.17g`, with `.0` when that reads as an integer); `null` for NaN and
    /// the infinities, which JSON cannot hold (Jansson refuses to make them).
    /// The value of a decimal number's text (`-?[0-9]+(.[0-9]+)?([eE][+-]?[0-9]+)?`, checked by the caller), read by
    /// Jansson as a JSON real, correctly rounded and whatever the process's locale; nil beyond `Double`'s range.
    /// (Jansson rather than `Double(String)`, which would link more of the standard library's runtime, with its own
    /// thread-local: see the header's thread-local budget.)
    static func realValue(ofDecimal bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        // JSON's grammar, which Jansson reads: no leading zeros, and a fraction so that a long integer is a real.
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count + 2)
        var index = 0
        if index < bytes.count && bytes[index] == UInt8(ascii: "-") {
            text.append(UInt8(ascii: "-"))
            index += 1
        }
        while index + 1 < bytes.count && bytes[index] == UInt8(ascii: "0") && bytes[index + 1] &- UInt8(ascii: "0") <= 9
        {
            index += 1
        }
        text.append(contentsOf: bytes[index...])
        if !text.contains(UInt8(ascii: ".")) && !text.contains(where: { $0 | 0x20 == UInt8(ascii: "e") }) {
            text.append(contentsOf: ".0".utf8)
        }
        return text.withUnsafeBufferPointer { buffer -> Double? in
            // Safety: Jansson reads `buffer.count` bytes at the base address during the call (no NUL needed).
            guard let base = buffer.baseAddress,
                let value = base.withMemoryRebound(
                    to: CChar.self, capacity: buffer.count,
                    {
                        json_loadb($0, buffer.count, Int(JSON_DECODE_ANY), nil)
                    })
            else { return nil }
            defer { json_decref(value) }
            return value.pointee.type == JSON_REAL ? json_real_value(value) : nil
        }
    }

    static func realText(_ number: Double) -> String {
        guard let real = json_real(number) else { return "null" }
        defer { json_decref(real) }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
            let size = json_dumpb(real, buffer.baseAddress, buffer.count, Int(JSON_ENCODE_ANY))
            return UnsafeRawBufferPointer(start: buffer.baseAddress, count: min(size, buffer.count))
                // Safety: the bytes Jansson wrote (at most the buffer's 64), read as `UInt8`, which has `CChar`'s size
                // and alignment, during the closure only.
                .withMemoryRebound(to: UInt8.self) { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// Copies a Jansson value (borrowed) into a `JSONValue`.
    init(jansson value: UnsafeMutablePointer<json_t>) {
        switch value.pointee.type {
        case JSON_OBJECT:
            var members: [String: JSONValue] = [:]
            var iterator = json_object_iter(value)
            while let current = iterator {
                let key = String(cString: json_object_iter_key(current))
                if let member = json_object_iter_value(current) {
                    members[key] = JSONValue(jansson: member)
                }
                iterator = json_object_iter_next(value, current)
            }
            self = .object(members)
        case JSON_ARRAY:
            let count = json_array_size(value)
            var elements: [JSONValue] = []
            elements.reserveCapacity(count)
            for index in 0..<count {
                if let element = json_array_get(value, index) { elements.append(JSONValue(jansson: element)) }
            }
            self = .array(elements)
        case JSON_STRING:
            let length = json_string_length(value)
            let bytes = UnsafeRawBufferPointer(start: json_string_value(value), count: length)
            self = .string(String(decoding: bytes, as: UTF8.self))
        case JSON_INTEGER:
            self = .integer(Int64(json_integer_value(value)))
        case JSON_REAL:
            self = .real(json_real_value(value))
        case JSON_TRUE:
            self = .bool(true)
        case JSON_FALSE:
            self = .bool(false)
        default:
            self = .null
        }
    }
}
