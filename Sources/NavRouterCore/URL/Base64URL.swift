/// Base64url (RFC 4648 §5), written without padding; padding is accepted when reading.
///
/// Carries JSON props inside one query item of a deep link (the CoreLayer deep-link builder).
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    private static let values: [Int8] = {
        var table = [Int8](repeating: -1, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = Int8(index) }
        return table
    }()

    /// Encodes bytes.
    static func encode<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        let input = Array(bytes)
        var out: [UInt8] = []
        out.reserveCapacity((input.count + 2) / 3 * 4)
        var index = 0
        while index < input.count {
            let chunk = min(3, input.count - index)
            var group: UInt32 = 0
            for offset in 0..<3 { group = group << 8 | UInt32(offset < chunk ? input[index + offset] : 0) }
            for offset in 0..<(chunk + 1) { out.append(alphabet[Int(group >> (18 - 6 * UInt32(offset)) & 0x3F)]) }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Decodes text; `nil` when it is not base64url.
    static func decode(_ text: String) -> [UInt8]? {
        var bytes = Array(text.utf8)
        while bytes.last == UInt8(ascii: "=") { bytes.removeLast() }
        if bytes.count % 4 == 1 { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 3 / 4)
        var group: UInt32 = 0
        var bits = 0
        for byte in bytes {
            let value = values[Int(byte)]
            if value < 0 { return nil }
            group = group << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: group >> UInt32(bits)))
            }
        }
        // Leftover bits must be zero in a canonical encoding.
        if bits > 0 && group & ((1 << UInt32(bits)) - 1) != 0 { return nil }
        return out
    }
}
