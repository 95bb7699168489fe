extension JSONValue {
    /// This value as compact JSON text with sorted keys (equal values give equal text): the text Jansson's
    /// `json_dumpb` writes with `JSON_COMPACT | JSON_SORT_KEYS | JSON_ENCODE_ANY` (keys in byte order; `"`, `\` and
    /// control characters escaped, `\u00XX` in upper case for those without a short form; other characters as
    /// they are; reals through Jansson itself), written straight from the value. Building a Jansson tree to dump
    /// it cost ~88,000 instructions for a navigation event's JSON (allocations, a sort, `snprintf` per number);
    /// this writes the same text in a fraction (BENCHMARKS.md).
    public var jsonText: String {
        var text: [UInt8] = []
        text.reserveCapacity(256)
        write(to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends this value's JSON text (see `jsonText`).
    func write(to text: inout [UInt8]) {
        switch self {
        case .null:
            text.append(contentsOf: "null".utf8)
        case .bool(let flag):
            text.append(contentsOf: (flag ? "true" : "false").utf8)
        case .integer(let number):
            text.append(contentsOf: String(number).utf8)
        case .real(let number):
            text.append(contentsOf: Self.realText(number).utf8)
        case .string(let string):
            Self.writeString(string, to: &text)
        case .array(let elements):
            text.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { text.append(UInt8(ascii: ",")) }
                element.write(to: &text)
            }
            text.append(UInt8(ascii: "]"))
        case .object(let members):
            text.append(UInt8(ascii: "{"))
            // Byte order of the UTF-8 keys, as Jansson's sort (strcmp); String's `<` orders canonically equivalent
            // spellings alike, which is not the same.
            let keys = members.keys.sorted(by: Self.precedesInByteOrder)
            for (index, key) in keys.enumerated() {
                if index > 0 { text.append(UInt8(ascii: ",")) }
                Self.writeString(key, to: &text)
                text.append(UInt8(ascii: ":"))
                members[key]!.write(to: &text)  // a key of `members`
            }
            text.append(UInt8(ascii: "}"))
        }
    }

    /// Whether `first`'s UTF-8 bytes sort before `second`'s (read in place: a native string's bytes are contiguous).
    static func precedesInByteOrder(_ first: String, _ second: String) -> Bool {
        let inPlace = first.utf8.withContiguousStorageIfAvailable { left in
            second.utf8.withContiguousStorageIfAvailable { right in precedes(left, right) }
        }
        if let inPlace, let result = inPlace { return result }
        return first.utf8.lexicographicallyPrecedes(second.utf8)
    }

    /// Whether `left` sorts before `right`, byte by byte.
    @inline(__always)
    private static func precedes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        for index in 0..<min(left.count, right.count) where left[index] != right[index] {
            return left[index] < right[index]
        }
        return left.count < right.count
    }

    /// Appends a JSON string literal: `"` and `\` escaped, control characters as `\b \f \n \r \t` or `\u00XX`;
    /// the runs between them copied whole. The bytes are read in place (a native string's are contiguous).
    static func writeString(_ string: String, to text: inout [UInt8]) {
        text.append(UInt8(ascii: "\""))
        if string.utf8.withContiguousStorageIfAvailable({ writeEscaped($0, to: &text) }) == nil {
            var copy = string
            copy.withUTF8 { writeEscaped($0, to: &text) }
        }
        text.append(UInt8(ascii: "\""))
    }

    /// Appends UTF-8 bytes with JSON's escapes (see `writeString`).
    private static func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to text: inout [UInt8]) {
        var runStart = 0
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            runStart = index + 1
            switch byte {
            case UInt8(ascii: "\""): text.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): text.append(contentsOf: #"\\"#.utf8)
            case 0x08: text.append(contentsOf: #"\b"#.utf8)
            case 0x0C: text.append(contentsOf: #"\f"#.utf8)
            case UInt8(ascii: "\n"): text.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): text.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\t"): text.append(contentsOf: #"\t"#.utf8)
            default:
                text.append(contentsOf: #"\u00"#.utf8)
                text.appendHexDigits(of: byte)
            }
        }
        text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
}
