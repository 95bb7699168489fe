import ArgumentParser
import NavRouterCore

/// `navrouter check MANIFEST`: every problem of a manifest, one line each.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a manifest: one line per finding (FILE:LINE:COLUMN: error|warning: module, route, what).",
        discussion: """
            Errors (exit status 1): invalid JSON or fields, invalid patterns, conflicts, dangling parents and parent \
            cycles. Warnings (exit status 0 unless --strict): routes no link reaches (their sample URL resolves to \
            another route), and external routes that require login (a link from outside starts a login first).
            """
    )

    @OptionGroup var options: ManifestOptions

    @Flag(help: "Treat warnings as errors.")
    var strict = false

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(
        help: "text (a line per finding) or json ({file, routes, errors, warnings}, as a host's own check gets it).")
    var format: Format = .text

    func run() throws {
        try reportingErrors {
            let file = options.manifest
            let text = try options.text()
            _ = try options.emptyRegistry()  // bad options are a usage error (exit 2), not a finding
            let report: ManifestReport
            do throws(NavRouterError) {
                report = try RouteManifest.check(text, options: options.registryOptions)
            } catch {
                let message = options.explained(error, text: text)
                // A syntax error is said at its place (FILE:LINE:COLUMN: error: ...), as the findings are.
                let place = JSONValue.syntaxError(in: text).map { "\($0.line):\($0.column):" } ?? ""
                throw ToolError.failure("\(file):\(place) error: \(message)")
            }
            if format == .json {
                var object = report.jsonValue.objectValue ?? [:]
                object["file"] = .string(file)
                print(JSONValue.object(object).jsonText)
            } else {
                // FILE:LINE:COLUMN: error: ... (as compilers say it, for editors and CI annotations)
                for finding in report.findings { print("\(file):\(finding.line == nil ? " " : "")\(finding.located)") }
                print(
                    [
                        counted(report.routeCount, "route"), counted(report.errors.count, "error"),
                        counted(report.warnings.count, "warning"),
                    ]
                    .joined(separator: ", "))
            }
            if !report.errors.isEmpty || (strict && !report.warnings.isEmpty) { throw ExitCode(1) }
        }
    }
}
