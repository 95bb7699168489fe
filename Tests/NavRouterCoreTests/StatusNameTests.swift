import XCTest

@testable import NavRouterCore

/// Status names: Swift names when printed, the C header's names where the C ABI's vocabulary is used.
final class StatusNameTests: XCTestCase {
    func testCodesPrintTheirSwiftNamesAndKeepTheirCNames() {
        XCTAssertEqual("\(NavRouterError.Code.invalidArgument)", "invalidArgument")
        XCTAssertEqual(NavRouterError.Code.malformedURL.description, "malformedURL")
        XCTAssertEqual(NavRouterError.Code.invalidArgument.cName, "EINVAL")
        XCTAssertEqual(NavRouterError.Code.notExternal.cName, "EEXTERNAL")
        let swiftNames = Set(NavRouterError.Code.allCases.map(\.description))
        let cNames = Set(NavRouterError.Code.allCases.map(\.cName))
        XCTAssertEqual(swiftNames.count, NavRouterError.Code.allCases.count)
        XCTAssertEqual(cNames.count, NavRouterError.Code.allCases.count)
        XCTAssertTrue(cNames.allSatisfy { $0.hasPrefix("E") && $0.uppercased() == $0 })
        XCTAssertTrue(swiftNames.allSatisfy { $0.first?.isLowercase == true })
    }

    func testTheHeaderDeclaresEveryCName() throws {
        let header = try String(
            contentsOfFile: #filePath.replacingOccurrences(
                of: "Tests/NavRouterCoreTests/StatusNameTests.swift", with: "include/navrouter.h"), encoding: .utf8)
        for code in NavRouterError.Code.allCases {
            XCTAssertTrue(header.contains("#define NAVROUTER_\(code.cName) (\(code.rawValue))"), code.cName)
        }
    }
}
