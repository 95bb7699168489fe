import XCTest

@testable import NavRouterCore

/// The trie's literal hash: folding must agree with lowercasing, byte by byte and word by word, at every length,
/// or case-insensitive look-ups in nodes with many children would miss.
final class LiteralHashTests: XCTestCase {
    func testWordFoldLowercasesExactlyTheASCIILetters() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let word = generator.next() as UInt64
            var expected: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 8) {
                var byte = UInt8(truncatingIfNeeded: word >> UInt64(shift))
                if byte >= 0x41 && byte <= 0x5A { byte |= 0x20 }
                expected |= UInt64(byte) << UInt64(shift)
            }
            XCTAssertEqual(LiteralKey.foldASCIIWord(word), expected, "word 0x\(String(word, radix: 16))")
        }
    }

    func testFoldedKeyEqualsTheKeyOfTheLowercasedBytesWhereverTheBytesLie() {
        let letters = Array("AbCdEfGhIjKlMnOpQrStUvWxYz-0123456789_.~".utf8)
        var generator = SystemRandomNumberGenerator()
        for length in 0...40 {
            for before in [0, 1, 3, 9] {
                for after in [0, 1, 5, 12] {
                    // The bytes lie at `before` in a buffer that ends `after` bytes past them: the key must read
                    // only inside the buffer and not depend on the bytes around.
                    let mixed = (0..<length).map { _ in letters.randomElement(using: &generator)! }
                    let lower = mixed.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
                    let noise = { (count: Int) in (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
                    }
                    let buffer = noise(before) + mixed + noise(after)
                    let folded = buffer.withUnsafeBufferPointer {
                        LiteralKey($0.baseAddress!, start: before, count: length, length: $0.count, fold: true)
                    }
                    let plain = ([0xAA] + lower).withUnsafeBufferPointer {
                        LiteralKey($0.baseAddress!, start: 1, count: length, length: $0.count, fold: false)
                    }
                    XCTAssertEqual(
                        folded, plain, "'\(String(decoding: mixed, as: UTF8.self))' at \(before), \(after) after")
                }
            }
        }
    }

    func testCaseInsensitiveLookupsInAWideNode() throws {
        let registry = try RouteRegistry()
        let names = (0..<200).map { "section\($0)-of-the-very-long-label-\($0 * 7)" }
        try registry.register(
            names.map { name throws(NavRouterError) in try Route(name: name, pattern: "\(name)/:id") })
        for name in names {
            XCTAssertEqual(try registry.resolve("/\(name.uppercased())/X").route.name, name)
            XCTAssertEqual(try registry.resolve("/\(name)/x").route.name, name)
        }
        XCTAssertThrowsError(try registry.resolve("/section1-of-the-very-long-label-8/x"))
    }
}
