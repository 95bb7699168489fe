import Foundation
import NavRouterCore
import XCTest

/// `JSONValue` as a `Codable` value: through other coders (Foundation's), and the container calls a hand-written
/// `Codable` type makes (nested containers, super decoders, nil checks, keys) through `JSONValueEncoder` and
/// `JSONValueDecoder`.
final class JSONValueCodableTests: XCTestCase {
    private let every: JSONValue = [
        "null": nil, "yes": true, "count": 42, "ratio": 0.25, "name": "café", "list": [1, "two", [3]],
        "nested": ["deep": ["deeper": false]],
    ]

    func testAValueRoundTripsThroughFoundationsCoders() throws {
        let data = try JSONEncoder().encode(every)
        XCTAssertEqual(try JSONDecoder().decode(JSONValue.self, from: data), every)
        XCTAssertEqual(try JSONValue.parse(String(decoding: data, as: UTF8.self)), every)
    }

    func testAValueRoundTripsThroughTheLibrarysCoders() throws {
        XCTAssertEqual(try JSONValueEncoder().encode(every), every)
        XCTAssertEqual(try JSONValueDecoder().decode(JSONValue.self, from: every), every)
    }

    /// A type written with the container calls by hand, as some hosts' types are.
    final class Shape: Codable, Equatable {
        let name: String
        let corners: [[Int]]
        let note: String?
        let meta: JSONValue

        init(name: String, corners: [[Int]], note: String?, meta: JSONValue) {
            (self.name, self.corners, self.note, self.meta) = (name, corners, note, meta)
        }

        enum Keys: String, CodingKey { case name, corners, note, meta, geometry }
        enum GeometryKeys: String, CodingKey { case corners }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(name, forKey: .name)
            var geometry = container.nestedContainer(keyedBy: GeometryKeys.self, forKey: .geometry)
            var list = geometry.nestedUnkeyedContainer(forKey: .corners)
            for corner in corners {
                var pair = list.nestedUnkeyedContainer()
                for coordinate in corner { try pair.encode(coordinate) }
            }
            if let note { try container.encode(note, forKey: .note) } else { try container.encodeNil(forKey: .note) }
            try container.encode(meta, forKey: .meta)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            XCTAssertEqual(Set(container.allKeys.map(\.stringValue)), ["name", "geometry", "note", "meta"])
            XCTAssertFalse(container.contains(.corners))
            name = try container.decode(String.self, forKey: .name)
            let geometry = try container.nestedContainer(keyedBy: GeometryKeys.self, forKey: .geometry)
            var list = try geometry.nestedUnkeyedContainer(forKey: .corners)
            var corners: [[Int]] = []
            while !list.isAtEnd {
                var pair = try list.nestedUnkeyedContainer()
                var corner: [Int] = []
                while !pair.isAtEnd { corner.append(try pair.decode(Int.self)) }
                XCTAssertEqual(pair.count, corner.count)
                corners.append(corner)
            }
            self.corners = corners
            note = try container.decodeNil(forKey: .note) ? nil : try container.decode(String.self, forKey: .note)
            meta = try container.decode(JSONValue.self, forKey: .meta)
        }

        static func == (left: Shape, right: Shape) -> Bool {
            (left.name, left.corners, left.note, left.meta) == (right.name, right.corners, right.note, right.meta)
        }
    }

    /// A subclass that keeps its parent's fields under "super", as Foundation's coders do.
    final class Named: Codable, Equatable {
        let shape: Shape
        let label: String

        init(shape: Shape, label: String) { (self.shape, self.label) = (shape, label) }

        enum Keys: String, CodingKey { case label }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(label, forKey: .label)
            try shape.encode(to: container.superEncoder())
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            label = try container.decode(String.self, forKey: .label)
            shape = try Shape(from: container.superDecoder())
        }

        static func == (left: Named, right: Named) -> Bool { left.shape == right.shape && left.label == right.label }
    }

    func testContainersNestedByHandRoundTrip() throws {
        let square = Shape(name: "square", corners: [[0, 0], [0, 1], [1, 1], [1, 0]], note: nil, meta: ["v": 2])
        let encoded = try JSONValueEncoder().encode(square)
        XCTAssertEqual(encoded.objectValue?["note"], .null)
        XCTAssertEqual(encoded.objectValue?["geometry"], ["corners": [[0, 0], [0, 1], [1, 1], [1, 0]]])
        XCTAssertEqual(try JSONValueDecoder().decode(Shape.self, from: encoded), square)
        let noted = Shape(name: "dot", corners: [], note: "tiny", meta: nil)
        XCTAssertEqual(try JSONValueDecoder().decode(Shape.self, from: try JSONValueEncoder().encode(noted)), noted)
        // The same value read back through Foundation: the library's coders write what JSONDecoder reads.
        let data = Data(try JSONValueEncoder().encode(square).jsonText.utf8)
        XCTAssertEqual(try JSONDecoder().decode(Shape.self, from: data), square)
    }

    func testASuperEncoderKeepsTheParentsFieldsUnderSuper() throws {
        let line = Shape(name: "line", corners: [[0, 0], [2, 2]], note: "diagonal", meta: [])
        let named = Named(shape: line, label: "a")
        let encoded = try JSONValueEncoder().encode(named)
        XCTAssertEqual(encoded.objectValue?["super"]?.objectValue?["name"], "line")
        XCTAssertEqual(try JSONValueDecoder().decode(Named.self, from: encoded), named)
    }

    /// An optional decoded as a value of its own asks its single-value container whether it holds `null`.
    func testOptionalsReadNullAsNilAndAValueAsItself() throws {
        let decoded = try JSONValueDecoder().decode([String: Int?].self, from: ["some": 3, "none": nil])
        XCTAssertEqual(decoded["some"], .some(3))
        XCTAssertEqual(decoded["none"], .some(nil))
        XCTAssertEqual(decoded.count, 2)
        XCTAssertEqual(try JSONValueDecoder().decode(Int?.self, from: 7), 7)
        XCTAssertEqual(try JSONValueDecoder().decode(Int?.self, from: nil), nil)
        XCTAssertEqual(try JSONValueDecoder().decode([String?].self, from: ["a", nil]), ["a", nil])
    }

    /// A type that reads its array by hand asks the array's container whether each element is `null`
    /// (`decodeIfPresent`): a null is skipped as nil, a value is read as itself, and the position moves on either way.
    func testAnArrayReadByHandSkipsItsNullsOneByOne() throws {
        struct Readings: Decodable, Equatable {
            var values: [Int?] = []
            init(values: [Int?]) { self.values = values }
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                for _ in 0..<(container.count ?? 0) { values.append(try container.decodeIfPresent(Int.self)) }
                XCTAssertTrue(container.isAtEnd, "each element read once")
                XCTAssertFalse(try container.decodeNil(), "past the end there is no null to read")
            }
        }
        let decoded = try JSONValueDecoder().decode(Readings.self, from: [1, nil, 2, nil])
        XCTAssertEqual(decoded, Readings(values: [1, nil, 2, nil]))
    }

    /// Objects written by hand into an array (`nestedContainer(keyedBy:)` of an unkeyed container) are its elements.
    func testObjectsNestedInAnArrayByHandAreItsElements() throws {
        struct Points: Encodable {
            enum Key: CodingKey { case x, y }
            let points: [(Int, Int)]
            func encode(to encoder: any Encoder) throws {
                var list = encoder.unkeyedContainer()
                for (x, y) in points {
                    var point = list.nestedContainer(keyedBy: Key.self)
                    try point.encode(x, forKey: .x)
                    try point.encode(y, forKey: .y)
                }
            }
        }
        let encoded = try JSONValueEncoder().encode(Points(points: [(1, 2), (3, 4)]))
        XCTAssertEqual(encoded, [["x": 1, "y": 2], ["x": 3, "y": 4]])
    }

    func testAMismatchedContainerSaysWhereAndWhat() throws {
        let value: JSONValue = ["name": "square", "geometry": ["corners": "none"], "note": nil, "meta": nil]
        XCTAssertThrowsError(try JSONValueDecoder().decode(Shape.self, from: value)) { error in
            XCTAssertEqual((error as? NavRouterError)?.code, .invalidJSON)
            XCTAssertTrue((error as? NavRouterError)?.message.contains("geometry.corners") ?? false, "\(error)")
        }
    }
}
