import ArgumentParser
import Foundation
import NavRouterCore
import Synchronization

/// `navrouter play MANIFEST SCRIPT`: runs a command script on a router and shows the state after each step.
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Run a navigation script on a router of the manifest and print the state after each step.",
        discussion: """
            One command a line (# starts a comment), as the C demo reads them: open URL [PROPS], external URL, \
            push URL [PROPS], replace URL, present URL [sheet|fullscreen], back, pop, dismiss, root, tab N, \
            popto ENTRY, swipe (the user swipes back), login ok|fail (completes the pending login flow), logout, \
            snapshot, restore. A word a command does not take is an error. The router starts with a tab per root \
            route. '-' reads the script from standard input. After each step: what it did, the events it sent, and \
            the state (entries new in the step marked +, those that left listed).

            expect lines make a script a test; each checks the step before it: expect status ok|pending|EINVAL|..., \
            expect top ROUTE|none, expect stack ROUTE..., expect tab N, expect layers N, expect event KIND [ROUTE], \
            expect logged in|out.

            A step that fails, or an expectation that does not hold, is shown as such, said on standard error as \
            SCRIPT:LINE: ..., and the script goes on; the exit status is then 1. It is 2 when the manifest, the \
            script, the log, an SVG file or the HTML page cannot be read or written, or the options are not router \
            options.

            --log FILE draws a transaction log an app recorded (RouterOptions.recordsLog, one JSON object a line) \
            instead of running a script: each logged command with its outcome, events and state.

            --html FILE writes the session as one self-contained page (no network): a timeline of the steps, and \
            for each its picture of the state, events, state rows and expectations; it opens at the first failure.
            """
    )

    @OptionGroup var options: ManifestOptions

    @Argument(help: "The script ('-' for standard input); none with --log.")
    var script: String?

    @Option(help: "Draw this recorded transaction log (JSON lines) instead of running a script.")
    var log: String?

    @Option(
        name: .customLong("options"),
        help: "Router options as JSON, as the library reads them: {\"modals_per_tab\": true, \"back_behavior\": ...}.")
    var routerOptions: String?

    @Option(help: "Write one SVG picture of the navigation state per step into this directory.")
    var svg: String?

    @Option(help: "Write the session as one self-contained HTML page: a timeline, step by step.")
    var html: String?

    @Flag(
        name: .customLong("json"),
        help: "One JSON object per step: {step, line, command, status, outcome, message, events, state, expectations}.")
    var asJSON = false

    func run() throws {
        try reportingErrors {
            if options.manifest == "-" && (script == "-" || log == "-") {
                throw ToolError.usage("the manifest and the script cannot both come from standard input ('-')")
            }
            if (script == nil) == (log == nil) {
                throw ToolError.usage(
                    script == nil ? "give a script, or --log FILE" : "give a script or --log, not both")
            }
            let registry = try options.registry()
            let router = try parsedRouterOptions()
            if let svg {
                do {
                    try FileManager.default.createDirectory(atPath: svg, withIntermediateDirectories: true)
                } catch {
                    throw ToolError.usage("\(svg): cannot make the directory")
                }
            }
            var failures = 0
            var unmet = 0
            var held = 0
            var previous: NavigationState?
            var pageSteps: [TimelinePage.Step] = []
            let source = script ?? log ?? ""
            let show = { (step: PlayStep) throws in
                if step.failed {
                    failures += 1
                    Self.say(
                        "\(source):\(step.line.map(String.init) ?? "0"): \(step.result.status): \(step.result.message)")
                }
                for (line, outcome) in step.unmet {
                    Self.say("\(source):\(line): expectation failed: \(outcome.expectation): \(outcome.found)")
                }
                unmet += step.unmet.count
                held += step.expectations.count - step.unmet.count
                if asJSON {
                    print(step.jsonValue.jsonText)
                } else {
                    for row in step.text(after: previous) { print(row) }
                }
                if let svg {
                    try OutputFile.write(
                        step.svg(after: previous), to: "\(svg)/step-\(String(format: "%03d", step.number)).svg")
                }
                if html != nil {
                    pageSteps.append(
                        .init(step: step, picture: step.svg(after: previous), rows: step.stateRows(after: previous)))
                }
                previous = step.state
            }
            if let log {
                for step in try TransactionLogSteps.read(log, registry: registry) { try show(step) }
            } else {
                try play(script ?? "-", registry: registry, options: router, show: show)
            }
            if let html {
                let name = source == "-" ? "standard input" : source
                try OutputFile.write(TimelinePage.html(pageSteps, source: name), to: html)
            }
            if !asJSON {
                var said: [String] = []
                if failures > 0 { said.append("\(counted(failures, "step")) failed") }
                if unmet > 0 { said.append("\(counted(unmet, "expectation")) failed") }
                if said.isEmpty && held > 0 { said.append("\(held == 1 ? "the" : "all \(held)") expectations hold") }
                if !said.isEmpty { print(said.joined(separator: ", ")) }
            }
            if failures > 0 || unmet > 0 { throw ExitCode(1) }
        }
    }

    /// Runs the script: each command a step, each `expect` line checked against the step before it.
    private func play(
        _ script: String, registry: RouteRegistry, options: RouterOptions, show: (PlayStep) throws -> Void
    ) throws {
        let player = ScriptPlayer(registry: registry, options: options)
        var current: PlayStep?
        for (line, text) in [(0, "start")] + (try InputFile.numberedContentLines(script)) {
            if text == "expect" || text.hasPrefix("expect ") {
                guard var step = current else { continue }  // unreachable: the start is a step
                let expectation = ScriptExpectation(
                    text: String(text.dropFirst("expect".count)).trimmingCharacters(in: .whitespaces))
                let outcome = expectation.check(
                    step: step.result, events: step.events, state: step.state,
                    isAuthenticated: registry.guards.isAuthenticated)
                step.expectations.append((line, outcome))
                current = step
                continue
            }
            if let current { try show(current) }
            let result = player.run(text)
            let state = player.router.state
            current = PlayStep(
                number: (current?.number).map { $0 + 1 } ?? 0, line: line == 0 ? nil : line, command: text,
                result: result, events: player.takeEvents(), state: state,
                // The state as the library writes it (read back as text, props at the value limit would sit past the
                // parser's value limit).
                stateJSON: NavigationSnapshot.jsonValue(state, views: false))
        }
        if let current { try show(current) }
    }

    /// The router options given with --options (exit status 2 when they are not router options).
    private func parsedRouterOptions() throws -> RouterOptions {
        guard let routerOptions else { return RouterOptions() }
        do throws(NavRouterError) {
            return try RouterOptions(json: try JSONValue.parseDocument(routerOptions))
        } catch {
            throw ToolError.usage("--options: \(error.message)")
        }
    }

    /// A line on standard error.
    private static func say(_ line: String) {
        FileHandle.standardError.write((line + "\n").data(using: .utf8) ?? Data())
    }
}
