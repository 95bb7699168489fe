extension [UInt8] {
    /// Appends `byte` as two upper-case hexadecimal digits (a percent escape's, JSON's `\u00XX`).
    mutating func appendHexDigits(of byte: UInt8) {
        append(Self.hexDigit(byte >> 4))
        append(Self.hexDigit(byte & 0x0F))
    }

    /// The upper-case hexadecimal digit of a value below 16.
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }
}
