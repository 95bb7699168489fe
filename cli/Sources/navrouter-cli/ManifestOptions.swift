import ArgumentParser
import Foundation
import NavRouterCore

/// The manifest every subcommand reads, and the URL policy to resolve under.
struct ManifestOptions: ParsableArguments {
    @Argument(help: "The route manifest (JSON); - reads it from standard input.")
    var manifest: String

    @Flag(
        help: """
            MANIFEST is a table of route patterns, one per line (# starts a comment), as the shared benchmark \
            tables are: each pattern becomes a route named by its pattern.
            """)
    var patterns = false

    @Option(
        name: .customLong("web-domain"),
        help: "A web domain of the app (repeatable), for universal links; added to the manifest's \"web_domains\".")
    var webDomains: [String] = []

    @Option(
        name: .customLong("scheme"),
        help: "A custom scheme of the app (repeatable), added to the manifest's \"schemes\"; none: any custom scheme.")
    var schemes: [String] = []

    @Flag(help: "Match literals case-sensitively.")
    var caseSensitive = false

    /// The manifest's text (made from the table with `--patterns`), or exit status 2 with a message naming the file.
    func text() throws -> String {
        patterns ? Self.manifest(patterns: try InputFile.contentLines(manifest)) : try InputFile.text(manifest)
    }

    /// A manifest of one route a pattern, named by its pattern.
    static func manifest(patterns: [String]) -> String {
        let routes = patterns.map { pattern -> JSONValue in ["name": .string(pattern), "pattern": .string(pattern)] }
        return JSONValue.object(["routes": .array(routes)]).jsonText
    }

    /// A manifest's error message, with a hint when its `text` reads as a table of patterns given without
    /// `--patterns` (its first line starts with `/`, where JSON starts with `{` or `[`).
    func explained(_ error: NavRouterError, text: String) -> String {
        guard !patterns, error.code == .invalidJSON, text.drop(while: \.isWhitespace).first == "/" else {
            return error.message
        }
        return error.message + " (one pattern a line? read it with --patterns)"
    }

    /// The registry options given (case sensitivity, web domains, schemes).
    var registryOptions: RegistryOptions {
        RegistryOptions(caseSensitive: caseSensitive, policy: URLPolicy(webDomains: webDomains, schemes: schemes))
    }

    /// An empty registry with the options given.
    func emptyRegistry() throws -> RouteRegistry {
        do {
            return try RouteRegistry(options: registryOptions)
        } catch {
            throw ToolError.usage(error.message)
        }
    }

    /// A registry with the manifest loaded, or exit status 1 with the manifest's first error.
    func registry() throws -> RouteRegistry {
        let registry = try emptyRegistry()
        let text = try text()
        do {
            try registry.loadManifest(text)
            // The manifest's own web domains and schemes replace the registry's: the flags add to them.
            try registry.updatePolicy { policy in
                policy.webDomains.formUnion(webDomains.map { $0.lowercased() })
                policy.schemes.formUnion(schemes.map { $0.lowercased() })
            }
        } catch {
            throw ToolError.failure("\(manifest): \(explained(error, text: text))")
        }
        return registry
    }
}

/// How the tool fails: bad usage (exit 2) or a failed check or resolve (exit 1), with a message for stderr.
enum ToolError: Error, CustomStringConvertible {
    case usage(String)
    case failure(String)

    var description: String {
        switch self {
        case .usage(let message), .failure(let message): return message
        }
    }
}

extension ParsableCommand {
    /// Runs `body`, printing a `ToolError` to stderr and exiting with its status.
    func reportingErrors(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as ToolError {
            printError(error.description)
            switch error {
            case .usage: throw ExitCode(2)
            case .failure: throw ExitCode(1)
            }
        }
    }
}

/// Writes a line to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
