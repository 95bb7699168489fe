import ArgumentParser
import NavRouterCore

/// `navrouter resolve MANIFEST URL…`: which route each link opens, with its parameters.
struct ResolveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Resolve deep links: the route and parameters of each, or why it does not resolve.",
        discussion: "Exit status 1 when a link does not resolve."
    )

    @OptionGroup var options: ManifestOptions

    @Argument(help: "The links to resolve.")
    var urls: [String]

    @Flag(
        name: .customLong("json"),
        help: ArgumentHelp(
            "One JSON object per link: {route, url, parameters, path_parameters, query: [[name, value]], remainder, "
                + "fragment, props} (as navrouter_match_json gives it) or {url, error: {status, message}}."))
    var asJSON = false

    func run() throws {
        try reportingErrors {
            let registry = try options.registry()
            var failures = 0
            for url in urls {
                do throws(NavRouterError) {
                    let match = try registry.resolve(url)
                    print(asJSON ? match.jsonText : Self.line(match))
                } catch {
                    failures += 1
                    if asJSON {
                        print(JSONValue.object(["url": .string(url), "error": Self.json(error)]).jsonText)
                    } else {
                        print("\(url)  ✗ \(error.code.cName): \(error.message)")
                    }
                }
            }
            if failures > 0 { throw ExitCode(1) }
        }
    }

    /// `URL  → route  key=value …  #fragment  props {...}`.
    static func line(_ match: RouteMatch) -> String {
        var line = "\(match.url)  → \(match.routeName)"
        for (key, value) in match.parameters.sorted(by: { $0.key < $1.key }) { line += "  \(key)=\(value)" }
        if let fragment = match.fragment { line += "  #\(fragment)" }
        if let props = match.propsJSON { line += "  props \(props)" }
        return line
    }

    /// An error as JSON: `{status, message}`.
    static func json(_ error: NavRouterError) -> JSONValue {
        ["status": .string(error.code.cName), "message": .string(error.message)]
    }
}

/// `navrouter explain MANIFEST URL`: every route the matcher considered, and why each won or lost.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain why a link resolves as it does: every route considered, and why each won or lost."
    )

    @OptionGroup var options: ManifestOptions

    @Argument(help: "The link to explain.")
    var url: String

    @Flag(
        name: .customLong("json"),
        help: ArgumentHelp(
            "The explanation as JSON: {url, winner, status, error, candidates: [{route, pattern, matched, won, "
                + "reason}]}."))
    var asJSON = false

    func run() throws {
        try reportingErrors {
            let explanation = try options.registry().explain(url)
            if asJSON {
                print(explanation.jsonText)
                return
            }
            if let winner = explanation.winner {
                print("\(url)  → \(winner)")
            } else {
                let error = explanation.error
                print("\(url)  ✗ \(error?.code.cName ?? "ENOTFOUND"): \(error?.message ?? "no route matches")")
            }
            for candidate in explanation.candidates {
                let mark = candidate.won ? "✓" : (candidate.matched ? "~" : "✗")
                print("  \(mark) \(candidate.route)  \(candidate.pattern)  — \(candidate.reason)")
            }
            if explanation.winner == nil { throw ExitCode(1) }
        }
    }
}
