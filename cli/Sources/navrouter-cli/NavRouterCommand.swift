import ArgumentParser
import NavRouterCore

/// `navrouter`: look at a route manifest the way the router does.
@main
struct NavRouterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navrouter",
        abstract: "Check route manifests, resolve and explain deep links, build URLs, and draw the route graph.",
        discussion: """
            MANIFEST is a route manifest in JSON ({"modules": [...]} or {"routes": [...]}), as \
            navrouter_registry_load_manifest reads it. Exit status: 0 on success, 1 when a check finds an error or a \
            link does not resolve, 2 for bad usage, a file that cannot be read (or is larger than 256 MiB), or \
            output that cannot be written.
            """,
        version: NavRouterVersion.string,
        subcommands: [
            CheckCommand.self, ResolveCommand.self, ExplainCommand.self, URLCommand.self, TreeCommand.self,
            GraphCommand.self, PlayCommand.self, GenCommand.self,
        ]
    )

    /// Runs the tool as `ParsableCommand.main()` does, but with the exit status the help documents for bad usage
    /// the argument parser finds (a missing or unknown argument, an invalid option value): 2, not its EX_USAGE (64);
    /// and 2 when the output could not be written, whatever the command found.
    static func main() {
        refuseArgumentsThatAreNotUTF8()
        refuseAMisspeltSubcommand()
        do {
            var command = try parseAsRoot()
            try command.run()
            OutputFile.flushStandardOutputOrExit()
        } catch {
            OutputFile.flushStandardOutputOrExit()
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            printError(fullMessage(for: error))
            exit(withError: ExitCode(2))
        }
    }

    /// Exits with status 2, naming the subcommand meant, when the first argument is no subcommand but near one
    /// (`reslove`): the argument parser's own message lists the arguments it did not expect.
    private static func refuseAMisspeltSubcommand() {
        let arguments = CommandLine.arguments.dropFirst()
        guard let first = arguments.first, !first.hasPrefix("-") else { return }
        let names = configuration.subcommands.map { $0.configuration.commandName ?? "" } + ["help"]
        guard !names.contains(first), let meant = NameSuggestion.nearest(first, among: names) else { return }
        printError("navrouter: '\(first)' is not a subcommand (did you mean '\(meant)'?); see 'navrouter --help'")
        exit(withError: ExitCode(2))
    }

    /// Exits with status 2 when an argument is not UTF-8 text: Swift's `CommandLine.arguments` would hand the parser a
    /// copy with U+FFFD in place of the bad bytes, and the tool would resolve or build a link it was never given.
    private static func refuseArgumentsThatAreNotUTF8() {
        for index in 1..<max(1, Int(CommandLine.argc)) {
            guard let raw = CommandLine.unsafeArgv[index], String(validatingCString: raw) == nil else { continue }
            printError("navrouter: argument \(index) is not UTF-8 text: '\(String(cString: raw))'")
            exit(withError: ExitCode(2))
        }
    }
}
