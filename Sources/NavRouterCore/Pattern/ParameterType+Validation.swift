extension ParameterType {
    /// Whether a (decoded) value has this type.
    public func accepts(_ value: String) -> Bool {
        var copy = value
        return copy.withUTF8 { accepts($0) }
    }

    /// Whether a (decoded) value's UTF-8 bytes have this type.
    @inline(__always)
    func accepts(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch self {
        case .string: return !bytes.isEmpty
        case .int: return Self.parseInt64(bytes) != nil
        case .uuid: return Self.isUUID(bytes)
        case .bool: return Self.isBool(bytes)
        case .double: return Self.parseDouble(bytes) != nil
        case .enumeration(let values): return values.contains { $0.utf8.elementsEqual(bytes) }
        }
    }

    /// Parses `-?[0-9]+` into an `Int64`; `nil` when the text is not that or does not fit.
    static func parseInt64(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        if index == bytes.count || bytes.count - index > 19 { return nil }
        var magnitude: UInt64 = 0
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            if digit > 9 { return nil }
            magnitude = magnitude &* 10 &+ UInt64(digit)
            index += 1
        }
        if negative {
            if magnitude > UInt64(Int64.max) + 1 { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        return magnitude > UInt64(Int64.max) ? nil : Int64(magnitude)
    }

    /// `true` or `false`.
    static func isBool(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.elementsEqual("true".utf8) || bytes.elementsEqual("false".utf8)
    }

    /// Parses `-?[0-9]+(.[0-9]+)?([eE][+-]?[0-9]+)?` into a finite `Double`; nil for other text or a value beyond
    /// `Double`'s range.
    static func parseDouble(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        func digits() -> Bool {
            let start = index
            while index < bytes.count && bytes[index] &- UInt8(ascii: "0") <= 9 { index += 1 }
            return index > start
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digits() else { return nil }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() else { return nil }
        }
        if index < bytes.count && bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard digits() else { return nil }
        }
        guard index == bytes.count, let value = JSONValue.realValue(ofDecimal: bytes), value.isFinite else {
            return nil
        }
        return value
    }

    /// `parseDouble` of a string.
    static func parseDouble(_ text: String) -> Double? {
        var copy = text
        return copy.withUTF8 { parseDouble($0) }
    }

    /// `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` in hexadecimal, either case.
    static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                if byte != UInt8(ascii: "-") { return false }
            } else if URLSyntax.hexValue(byte) == nil {
                return false
            }
        }
        return true
    }
}
