import XCTest

@testable import NavRouterCore

/// The list a command collects its events and new entries in: the first element inline, the others in an array.
final class InlineFirstListTests: XCTestCase {
    func testElementsComeBackInTheOrderTheyWereAdded() {
        var list = InlineFirstList<Int>()
        XCTAssertTrue(list.isEmpty)
        XCTAssertEqual(Array(list), [])
        for (count, value) in [5, 3, 9, 1].enumerated() {
            list.append(value)
            XCTAssertFalse(list.isEmpty)
            XCTAssertEqual(Array(list).count, count + 1)
        }
        XCTAssertEqual(Array(list), [5, 3, 9, 1], "iteration: the inline element first, then the others")
        XCTAssertEqual(list.first { $0 > 4 && $0 != 5 }, 9)
    }

    func testACopyIsAnIndependentValue() {
        var original = InlineFirstList<Int>()
        original.append(1)
        original.append(2)
        var copy = original
        copy.append(3)
        original.append(4)
        XCTAssertEqual(Array(original), [1, 2, 4])
        XCTAssertEqual(Array(copy), [1, 2, 3])
    }
}
