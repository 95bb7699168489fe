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
