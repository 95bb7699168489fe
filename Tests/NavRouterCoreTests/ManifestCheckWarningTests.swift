import NavRouterCore
import XCTest

/// `check`'s warnings: only routes no link can reach, whatever a sample value happens to collide with; and a route
/// may say that a warning is expected (its metadata's `check_allow`).
final class ManifestCheckWarningTests: XCTestCase {
    func testARouteReachedByOtherLinksIsNotReportedUnreachable() throws {
        let report = try RouteManifest.check(
            #"""
            {"routes": [{"name": "files", "pattern": "files/*path"}, {"name": "x", "pattern": "files/x"},
                        {"name": "user", "pattern": "u/:name"}, {"name": "x-user", "pattern": "u/x"},
                        {"name": "flag", "pattern": "f/<bool:on>"}, {"name": "on", "pattern": "f/true"},
                        {"name": "sort", "pattern": "s/<enum(a|b):k>"}, {"name": "a", "pattern": "s/a"}]}
            """#)
        XCTAssertEqual(report.warnings, [], "each is reached by another value of its parameter")
        let shadowed = try RouteManifest.check(
            #"{"routes": [{"name": "only", "pattern": "f/<bool:on>"}, {"name": "t", "pattern": "f/true"},"#
                + #" {"name": "f", "pattern": "f/false"}]}"#)
        XCTAssertEqual(shadowed.warnings.count, 1, "every value of it is taken by literals")
        XCTAssertTrue(shadowed.warnings[0].contains("route 'only': no link reaches it"), shadowed.warnings[0])
    }

    /// A parameter with fewer sample values than another keeps its last one while the other tries the rest: here the
    /// third string sample, with the bool's last value, is the first link that reaches the route.
    func testAParameterOfFewerSamplesKeepsItsLastValue() throws {
        let report = try RouteManifest.check(
            #"{"routes": [{"name": "x", "pattern": "f/x/<bool:b>"}, "#
                + #"{"name": "checked", "pattern": "f/navrouter-check/<bool:b>"}, "#
                + #"{"name": "target", "pattern": "f/:s/<bool:b>"}]}"#)
        XCTAssertEqual(report.warnings, [], "f/navrouter-check-2/false reaches 'target'")
    }

    func testAWarningARouteExpectsIsSilenced() throws {
        let report = try RouteManifest.check(
            #"""
            {"routes": [{"name": "home", "pattern": "home", "presentation": "root"},
                        {"name": "pay", "pattern": "pay", "external": true, "requires_auth": true,
                         "metadata": {"check_allow": ["external_login"]}},
                        {"name": "orders", "pattern": "orders", "external": true, "requires_auth": true}]}
            """#)
        XCTAssertEqual(report.warnings.count, 1, report.warnings.joined(separator: "\n"))
        XCTAssertTrue(report.warnings[0].contains("route 'orders': external and requires login"))
        XCTAssertTrue(report.warnings[0].contains("check_allow"), "the warning says how to silence it")
        let unknown = try RouteManifest.check(
            #"{"routes": [{"name": "a", "pattern": "a", "metadata": {"check_allow": ["external_logn"]}}]}"#)
        XCTAssertEqual(unknown.warnings.count, 1)
        XCTAssertTrue(unknown.warnings[0].contains("did you mean 'external_login'?"), unknown.warnings[0])
    }
}
