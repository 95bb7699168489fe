import XCTest

@testable import NavRouterCore

final class JSONValueTests: XCTestCase {
    func testParsesAndWritesThroughJansson() throws {
        let value = try JSONValue.parse(#"{"b": [1, 2.5, true, null, "x\u00e9"], "a": {"n": -9223372036854775808}}"#)
        XCTAssertEqual(
            value,
            .object([
                "b": .array([.integer(1), .real(2.5), .bool(true), .null, .string("xé")]),
                "a": .object(["n": .integer(Int64.min)]),
            ]))
        XCTAssertEqual(value.jsonText, #"{"a":{"n":-9223372036854775808},"b":[1,2.5,true,null,"xé"]}"#)
        XCTAssertEqual(try JSONValue.parse(value.jsonText), value)
    }

    func testErrorsCarryJanssonsMessageAndPosition() {
        assertFails(.invalidJSON, "line 2", "column") { try JSONValue.parse("{\n  \"a\": }") }
        assertFails(.invalidJSON, "duplicate") { try JSONValue.parse(#"{"a": 1, "a": 2}"#) }
        assertFails(.invalidJSON, "NUL") { try JSONValue.parse(#""a\u0000b""#) }
        assertFails(.invalidJSON, "props must be a JSON object, not string") {
            try JSONValue.parseObject(#""x""#, what: "props")
        }
        assertFails(.invalidJSON, "props: invalid JSON") { try JSONValue.parseObject("", what: "props") }
    }

    func testBase64URL() {
        for text in ["", "f", "fo", "foo", "foob", "fooba", "foobar", "{\"é\":\"✓\"}"] {
            XCTAssertEqual(
                Base64URL.decode(Base64URL.encode(text.utf8)).map { String(decoding: $0, as: UTF8.self) }, text)
        }
        XCTAssertEqual(Base64URL.encode("??>".utf8), "Pz8-")
        XCTAssertEqual(Base64URL.decode("Zm9vYg=="), Array("foob".utf8))
        XCTAssertNil(Base64URL.decode("Zm9vY"))
        XCTAssertNil(Base64URL.decode("Zm+v"))
    }
}
