import Foundation
import NavRouterCore
import XCTest

/// The version is set in two places that must agree: `NavRouterVersion` and the header's macros.
final class VersionTests: XCTestCase {
    func testTheSwiftVersionIsTheHeaders() throws {
        let header = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("include/navrouter.h")
        let text = try String(contentsOf: header, encoding: .utf8)
        func macro(_ name: String) -> String? {
            text.split(separator: "\n").first { $0.hasPrefix("#define NAVROUTER_VERSION_\(name) ") }
                .map { String($0.split(separator: " ").last!) }
        }
        let fromHeader = [macro("MAJOR"), macro("MINOR"), macro("PATCH")].compactMap { $0 }.joined(separator: ".")
        XCTAssertEqual(NavRouterVersion.string, fromHeader)
    }
}
