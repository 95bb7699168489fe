import Foundation
import XCTest

@testable import NavRouterCore

/// A seeded generator, so that randomized tests repeat exactly.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The repository's root, found from this file's path.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A file of the repository, as text.
func repositoryFile(_ path: String) throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
}

/// Asserts that `body` throws a `NavRouterError` with `code`, whose message contains every fragment.
func assertFails<T>(
    _ code: NavRouterError.Code, _ fragments: String..., file: StaticString = #filePath, line: UInt = #line,
    _ body: () throws -> T
) {
    do {
        let value = try body()
        XCTFail("expected \(code.cName), got \(value)", file: file, line: line)
    } catch {
        guard let error = error as? NavRouterError else {
            return XCTFail("expected a NavRouterError, got \(error)", file: file, line: line)
        }
        XCTAssertEqual(error.code, code, error.message, file: file, line: line)
        for fragment in fragments {
            XCTAssertTrue(
                error.message.contains(fragment), "'\(error.message)' does not contain '\(fragment)'", file: file,
                line: line)
        }
    }
}

/// A registry with routes given as (name, pattern) pairs.
func makeRegistry(
    _ routes: [(String, String)], caseSensitive: Bool = false, policy: URLPolicy = URLPolicy()
) throws -> RouteRegistry {
    let registry = try RouteRegistry(options: RegistryOptions(caseSensitive: caseSensitive, policy: policy))
    for (name, pattern) in routes { try registry.register(Route(name: name, pattern: pattern)) }
    return registry
}
