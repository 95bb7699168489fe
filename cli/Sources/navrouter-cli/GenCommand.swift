import ArgumentParser
import Foundation
import NavRouterCore

/// `navrouter gen swift|python MANIFEST [-o FILE] [--check]`: typed routes from a manifest.
struct GenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gen",
        abstract: "Write typed routes for a manifest: a TypedRoute per route, in Swift or Python.",
        discussion: """
            swift: a struct per route (TypedRoute: name, pattern, flags, a typed stored property per path \
            parameter and required query parameter; <int:…> is Int64, the others String) and an enum over them all. \
            python: a frozen dataclass per route (navrouter.TypedRoute), their Union and route_of(entry). With \
            --check, nothing is written: the exit status is 1 when FILE is not what gen writes now (for a CI).
            """
    )

    enum Language: String, ExpressibleByArgument, CaseIterable {
        case swift, python
    }

    @Argument(help: "swift or python.")
    var language: Language

    @OptionGroup var options: ManifestOptions

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @Option(help: "The name of the type over every route (default: AppRoute).")
    var name = "AppRoute"

    @Flag(help: "Write nothing; exit with status 1 when the -o file is stale.")
    var check = false

    func validate() throws {
        if check && output == nil { throw ValidationError("--check compares with a file: give it with -o FILE") }
        guard RouteCodeModel.upperCamel(name) == name, name.first?.isUppercase == true else {
            throw ValidationError("--name must be a type name of letters and digits, such as AppRoute, not '\(name)'")
        }
    }

    func run() throws {
        try reportingErrors {
            let models = try RouteCodeModel.models(try options.registry().routes)
            let manifest = options.manifest == "-" ? "the manifest" : (options.manifest as NSString).lastPathComponent
            let text: String
            switch language {
            case .swift: text = try SwiftRouteCode.source(models, enumName: name, manifest: manifest)
            case .python: text = try PythonRouteCode.source(models, unionName: name, manifest: manifest)
            }
            guard let output else { return print(text, terminator: "") }
            guard check else { return try OutputFile.write(text, to: output) }
            let current = FileManager.default.contents(atPath: output).map { String(decoding: $0, as: UTF8.self) }
            guard current == text else {
                printError("navrouter gen: \(output) is stale: run navrouter gen \(language.rawValue) again")
                throw ExitCode(1)
            }
        }
    }
}
