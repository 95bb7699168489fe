import XCTest

@testable import NavRouterCore

/// The list a command collects its events and new entries in: the first element inline, the others in an array.
final class InlineFirstListTests: XCTestCase {
    func testElementsComeBackInTheOrderTheyWereAdded() {
        var list = InlineFirstList<Int>()
        XCTAssertTrue(list.isEmpty)
        XCTAssertEqual(list.count, 0)
        XCTAssertEqual(list.array, [])
        XCTAssertEqual(Array(list), [])
        for (count, value) in [5, 3, 9, 1].enumerated() {
            list.append(value)
            XCTAssertFalse(list.isEmpty)
            XCTAssertEqual(list.count, count + 1)
        }
        XCTAssertEqual(list.array, [5, 3, 9, 1])
        XCTAssertEqual(Array(list), [5, 3, 9, 1], "iteration: the inline element first, then the others")
        XCTAssertEqual(list.first { $0 > 4 && $0 != 5 }, 9)
    }

    func testAListMadeFromAnArrayHoldsItsElements() {
        XCTAssertEqual(InlineFirstList([7]).array, [7])
        XCTAssertEqual(InlineFirstList([1, 2, 3]).array, [1, 2, 3])
        XCTAssertTrue(InlineFirstList<String>([]).isEmpty)
    }

    func testACopyIsAnIndependentValue() {
        var original = InlineFirstList([1, 2])
        var copy = original
        copy.append(3)
        original.append(4)
        XCTAssertEqual(original.array, [1, 2, 4])
        XCTAssertEqual(copy.array, [1, 2, 3])
    }
}
