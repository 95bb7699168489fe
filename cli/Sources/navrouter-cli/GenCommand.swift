import ArgumentParser
import Foundation
import NavRouterCore

/// `navrouter gen swift|python MANIFEST [-o FILE] [--check]`: typed routes from a manifest.
struct GenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gen",
        abstract: "Write typed routes for a manifest: a TypedRoute per route in Swift or Python, link builders in C.",
        discussion: """
            swift: a struct per route (TypedRoute: name, pattern, flags, a typed stored property per path \
            parameter and required query parameter; <int:…> is Int64, the others String) and an enum over them all. \
            python: a frozen dataclass per route (navrouter.TypedRoute), their Union and route_of(entry). c: a \
            header with NR_ROUTE_<NAME> constants and a typed builder per route, nr_url_<name>(registry, \
            parameters..., scheme, &url), over navrouter_registry_build_url. With \
            --check, nothing is written: the exit status is 1 when FILE is not what gen writes now (for a CI).
            """
    )

    enum Language: String, ExpressibleByArgument, CaseIterable {
        case swift, python, c
    }

    @Argument(help: "swift, python or c.")
    var language: Language

    @OptionGroup var options: ManifestOptions

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @Option(help: "The name of the type over every route (default: AppRoute).")
    var name = "AppRoute"

    @Option(help: "C: the prefix of the header's names (default: nr, giving NR_ROUTE_PRODUCT and nr_url_product).")
    var prefix = "nr"

    @Flag(help: "Write nothing; exit with status 1 when the -o file is stale.")
    var check = false

    func validate() throws {
        if check && output == nil { throw ValidationError("--check compares with a file: give it with -o FILE") }
        guard CRouteCode.snake(prefix) == prefix, prefix.first?.isLetter == true else {
            throw ValidationError("--prefix must be letters, digits and underscores, such as nr, not '\(prefix)'")
        }
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
            case .c: text = try CRouteCode.source(models, prefix: CRouteCode.snake(prefix), manifest: manifest)
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
