import XCTest

@testable import NavRouterCore

final class JSONValueTests: XCTestCase {
    func testParsesThroughJanssonAndWritesBack() throws {
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

    /// `jsonText` writes what Jansson's `json_dumpb` wrote (compact, keys sorted by their bytes, Jansson's escapes
    /// and real format), so that texts stay comparable across versions; and every text parses back to its value.
    func testWritesTheTextJanssonWrote() throws {
        let cases: [(JSONValue, String)] = [
            (.string("q\"b\\s/\u{8}\u{C}\n\r\t\u{1}\u{1F}\u{7F}é✓😀"), #""q\"b\\s/\b\f\n\r\t\u0001\u001F\#u{7F}é✓😀""#),
            // "e\u{301}" (e and a combining accent) sorts before "f" by bytes, after it by String's `<`.
            (
                .object(["b": 1, "B": 2, "é": 3, "f": 4, "": 5, "ab": 6, "a": 7]),
                #"{"":5,"B":2,"a":7,"ab":6,"b":1,"f":4,"é":3}"#
            ),
            (.object(["f": 1, "e\u{301}x": 2]), #"{"e\#u{301}x":2,"f":1}"#),
            (
                .array([.real(0.1), .real(1), .real(-2.5e-7), .real(1e300), .integer(Int64.max), .integer(-1)]),
                "[0.10000000000000001,1.0,-2.4999999999999999e-7,1.0000000000000001e300,9223372036854775807,-1]"
            ),
            (.array([]), "[]"), (.object([:]), "{}"), (.null, "null"), (.bool(false), "false"),
            (
                .object(["k": .array([.object(["z": .null, "y": .array([.bool(true)])])])]),
                #"{"k":[{"y":[true],"z":null}]}"#
            ),
        ]
        for (value, text) in cases {
            XCTAssertEqual(value.jsonText, text)
            XCTAssertEqual(try JSONValue.parse(value.jsonText), value)
        }
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

    /// A tool points at a syntax error from its place, not from the message's words; the error's message is the one
    /// `parse` throws.
    func testASyntaxErrorHasItsPlace() throws {
        let text = "{\n  \"routes\": [\n    {\"name\": \"é\", \"pattern\" \"x\"}\n  ]\n}"
        let error = try XCTUnwrap(JSONValue.syntaxError(in: text))
        // Jansson's place is the end of the token it did not expect (`"x"`), its column counted in characters.
        XCTAssertEqual([error.line, error.column], [3, 31])
        XCTAssertEqual(error.byte, Array(text.utf8).firstIndex(of: UInt8(ascii: "x"))! + 2)
        do {
            _ = try JSONValue.parse(text)
            XCTFail("parsed")
        } catch {
            XCTAssertEqual(error.message, try XCTUnwrap(JSONValue.syntaxError(in: text)).message)
        }
        XCTAssertNil(JSONValue.syntaxError(in: #"{"a": [1, {"b": null}]}"#))
        XCTAssertNotNil(JSONValue.syntaxError(in: ""))
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
