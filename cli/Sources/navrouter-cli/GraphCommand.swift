import ArgumentParser
import Foundation
import NavRouterCore

/// `navrouter graph MANIFEST --format dot|mermaid|svg`: routes, parents, tabs and modals as a picture.
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw the route graph: tabs (root routes) as boxes, modals as dashed shapes, parent → child edges.",
        discussion: """
            dot and mermaid are text for Graphviz and Mermaid; svg runs Graphviz's dot (apt-get install graphviz). \
            Edges go from a route to the routes whose parent it is: the back stack a deep link builds.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case dot, mermaid, svg
    }

    @OptionGroup var options: ManifestOptions

    @Option(help: "dot, mermaid or svg.")
    var format: Format = .dot

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    func run() throws {
        try reportingErrors {
            let routes = try options.registry().routes
            let text: String
            switch format {
            case .dot: text = RouteGraph.dot(routes)
            case .mermaid: text = RouteGraph.mermaid(routes)
            case .svg: text = try RouteGraph.svg(RouteGraph.dot(routes))
            }
            if let output {
                try OutputFile.write(text, to: output)
            } else {
                print(text, terminator: "")
            }
        }
    }
}

/// The route graph as text for Graphviz and Mermaid.
enum RouteGraph {
    /// Graphviz: tabs as boxes, modals dashed, external routes bold, protected routes with a lock.
    static func dot(_ routes: [Route]) -> String {
        var lines = ["digraph routes {", "  rankdir=LR;", "  node [fontname=\"Helvetica\", fontsize=11];"]
        for route in routes {
            var attributes = ["label=\(quoted(label(route)))"]
            switch route.presentation {
            case .root: attributes += ["shape=box", "style=\"rounded,filled\"", "fillcolor=\"#e8f0fe\""]
            case .modal(let style):
                attributes += ["shape=\(style == .sheet ? "note" : "box3d")", "style=dashed"]
            case .push: attributes += ["shape=ellipse"]
            }
            if route.external { attributes.append("penwidth=2") }
            lines.append("  \(quoted(route.name)) [\(attributes.joined(separator: ", "))];")
        }
        for route in routes {
            if let parent = route.parent { lines.append("  \(quoted(parent)) -> \(quoted(route.name));") }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// Mermaid: `flowchart LR` with tabs as rectangles, modals as subroutine shapes.
    static func mermaid(_ routes: [Route]) -> String {
        var ids: [String: String] = [:]
        for (index, route) in routes.enumerated() { ids[route.name] = "r\(index)" }
        var lines = ["flowchart LR"]
        for route in routes {
            let id = ids[route.name]!
            let text = mermaidQuoted(label(route))
            switch route.presentation {
            case .root: lines.append("  \(id)[\(text)]")
            case .modal: lines.append("  \(id)[[\(text)]]")
            case .push: lines.append("  \(id)(\(text))")
            }
        }
        for route in routes {
            if let parent = route.parent, let from = ids[parent] { lines.append("  \(from) --> \(ids[route.name]!)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs Graphviz's `dot -Tsvg` over the graph.
    static func svg(_ dot: String) throws -> String {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/dot" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let path else {
            throw ToolError.usage(
                "--format svg needs Graphviz's dot, which is not installed (apt-get install graphviz); "
                    + "--format dot writes the graph for it")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-Tsvg"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(dot.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ToolError.failure("dot failed with status \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// `name`, `/pattern`, and marks for external, protected and modal routes, on lines of their own.
    private static func label(_ route: Route) -> String {
        var marks: [String] = []
        if route.external { marks.append("external") }
        if route.requiresAuth { marks.append("login") }
        if case .modal(let style) = route.presentation { marks.append(style.rawValue) }
        let suffix = marks.isEmpty ? "" : "\n(\(marks.joined(separator: ", ")))"
        return "\(route.name)\n/\(route.pattern.text)\(suffix)"
    }

    private static func quoted(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }

    private static func mermaidQuoted(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\"", with: "#quot;").replacingOccurrences(of: "<", with: "#lt;")
            .replacingOccurrences(of: ">", with: "#gt;")
        return "\"" + escaped.replacingOccurrences(of: "\n", with: "<br/>") + "\""
    }
}
