import ArgumentParser
import NavRouterCore

/// `navrouter url MANIFEST ROUTE key=value… [--props JSON]`: a deep link to a route.
struct URLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "url",
        abstract: "Build a deep link to a route from parameters (and JSON props, carried in the _props query item)."
    )

    @OptionGroup var options: ManifestOptions

    @Argument(help: "The route's name.")
    var route: String

    @Argument(help: "Parameters as key=value (path parameters, then query items).")
    var parameters: [String] = []

    @Option(help: "Props as a JSON object.")
    var props: String?

    @Option(name: .customLong("with-scheme"), help: "Write the link with this custom scheme (e.g. myapp).")
    var withScheme: String?

    func run() throws {
        try reportingErrors {
            var values: [String: String] = [:]
            for item in parameters {
                guard let equals = item.firstIndex(of: "="), equals != item.startIndex else {
                    throw ToolError.usage("'\(item)' is not key=value")
                }
                let key = String(item[..<equals])
                if let given = values[key] {
                    throw ToolError.usage("parameter '\(key)' is given twice (\(key)=\(given), \(item))")
                }
                values[key] = String(item[item.index(after: equals)...])
            }
            let registry = try options.registry()
            do throws(NavRouterError) {
                var object: [String: JSONValue]?
                if let props { object = try JSONValue.parseObject(props, what: "props") }
                print(try registry.buildURL(route: route, parameters: values, props: object, scheme: withScheme))
            } catch {
                throw ToolError.failure("\(error.code.cName): \(error.message)")
            }
        }
    }
}

/// `navrouter tree MANIFEST`: the compiled route trie.
struct TreeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tree",
        abstract: "Print the compiled route trie as an indented tree, children in the order a resolve tries them.",
        discussion: "Literals first, then :int, :uuid, :param and the catch-all *; '→ route' marks where a route ends."
    )

    @OptionGroup var options: ManifestOptions

    func run() throws {
        try reportingErrors { print(try options.registry().table.treeDescription, terminator: "") }
    }
}
