import ArgumentParser
import Foundation
import NavRouterCore

/// `navrouter graph MANIFEST --format dot|mermaid|svg|html`: routes, parents, tabs and modals as a picture, or a page
/// to explore them (`RoutePage`).
struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw the route graph: modules, tabs in order, modals, protected routes, aliases, a legend.",
        discussion: """
            dot and mermaid are text for Graphviz and Mermaid; svg runs Graphviz's dot (apt-get install graphviz). \
            Edges go from a route to the routes whose parent it is: the back stack a deep link builds.

            html writes one self-contained page (no network): the routes by module, the graph (drawn by dot when \
            it is installed), and for a chosen route its patterns, flags, guards, back stack and metadata; a box \
            explains any typed link as 'navrouter explain' does.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case dot, mermaid, svg, html
    }

    @OptionGroup var options: ManifestOptions

    @Option(help: "dot, mermaid, svg or html.")
    var format: Format = .dot

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    func run() throws {
        try reportingErrors {
            let registry = try options.registry()
            let routes = registry.routes
            let text: String
            switch format {
            case .dot: text = RouteGraph.dot(routes)
            case .mermaid: text = RouteGraph.mermaid(routes)
            case .svg: text = try RouteGraph.svg(RouteGraph.dot(routes))
            case .html:
                let picture = RouteGraph.hasGraphviz ? try RouteGraph.svg(RouteGraph.dot(routes)) : nil
                let source = options.manifest == "-" ? "standard input" : options.manifest
                text = RoutePage.html(registry, source: source, graphSVG: picture)
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
    /// Graphviz, for a design document: a cluster per module; the tabs (root routes) in tab order in one column
    /// after a start marker; pushed routes as ellipses; modals dashed (a sheet as a note, a full-screen modal as a
    /// 3-D box), hung from their parent by a dashed edge or, without one, grouped in their module's "modals" box;
    /// external routes bold; protected routes red and marked "login"; aliases listed; a legend.
    static func dot(_ routes: [Route]) -> String {
        var lines = [
            "digraph routes {", "  rankdir=LR;", "  newrank=true;", "  compound=true;",
            "  node [fontname=\"Helvetica\", fontsize=11];", "  edge [color=\"#5f6368\"];",
            "  graph [fontname=\"Helvetica\", fontsize=12];",
        ]
        let tabs = routes.filter { $0.presentation == .root }
        if !tabs.isEmpty {
            lines.append("  \"start\" [shape=circle, style=filled, fillcolor=\"#202124\", width=0.18, label=\"\"];")
        }
        let modules = routes.reduce(into: [String?]()) { if !$0.contains($1.module) { $0.append($1.module) } }
        for (index, module) in modules.enumerated() {
            let members = routes.filter { $0.module == module }
            let indent = module == nil ? "  " : "    "
            if let module {
                lines += [
                    "  subgraph cluster_module_\(index) {", "    label=\(quoted("module \(module)"));",
                    "    style=rounded;", "    color=\"#9aa0a6\";",
                ]
            }
            let unhung = members.filter { $0.isModal && $0.parent == nil }
            for route in members where !(route.isModal && route.parent == nil) {
                lines.append(indent + node(route))
            }
            if !unhung.isEmpty {
                lines += [
                    "\(indent)subgraph cluster_modals_\(index) {", "\(indent)  label=\"modals\";",
                    "\(indent)  style=dashed;", "\(indent)  color=\"#f9ab00\";",
                ]
                for route in unhung { lines.append(indent + "  " + node(route)) }
                lines.append("\(indent)}")
            }
            if module != nil { lines.append("  }") }
        }
        if let first = tabs.first {
            // The tabs in tab order, one column: the start marker points at the first; invisible edges keep the order
            // (from each tab to the one before it: left to right turns top to bottom with rankdir=LR).
            lines.append("  { rank=same; \(tabs.map { quoted($0.name) }.joined(separator: "; ")); }")
            lines.append("  \"start\" -> \(quoted(first.name)) [label=\"start\", fontsize=9];")
            for (upper, lower) in zip(tabs, tabs.dropFirst()) {
                lines.append("  \(quoted(lower.name)) -> \(quoted(upper.name)) [style=invis];")
            }
        }
        for route in routes {
            guard let parent = route.parent else { continue }
            lines.append("  \(quoted(parent)) -> \(quoted(route.name))\(route.isModal ? " [style=dashed]" : "");")
        }
        lines += legend
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One route's node statement.
    private static func node(_ route: Route) -> String {
        var attributes = ["label=\(quoted(label(route)))"]
        switch route.presentation {
        case .root: attributes += ["shape=box", "style=\"rounded,filled\"", "fillcolor=\"#e8f0fe\""]
        case .modal(let style):
            // box3d draws its depth inside the label's box: a wider margin keeps the text clear of it.
            attributes +=
                style == .sheet
                ? ["shape=note", "style=dashed"] : ["shape=box3d", "style=dashed", "margin=\"0.25,0.12\""]
        case .push: attributes += ["shape=ellipse"]
        }
        if route.external { attributes.append("penwidth=2") }
        if route.requiresAuth { attributes += ["color=\"#d93025\"", "fontcolor=\"#a50e0e\""] }
        return "\(quoted(route.name)) [\(attributes.joined(separator: ", "))];"
    }

    /// The legend: one sample of each shape and mark.
    private static let legend = [
        "  subgraph cluster_legend {", "    label=\"legend\";", "    style=rounded;", "    color=\"#dadce0\";",
        "    fontsize=10;", "    node [fontsize=9];",
        "    \"legend: tab\" [label=\"tab (root route)\", shape=box, style=\"rounded,filled\", fillcolor=\"#e8f0fe\"];",
        "    \"legend: push\" [label=\"pushed\", shape=ellipse];",
        "    \"legend: sheet\" [label=\"sheet\", shape=note, style=dashed];",
        "    \"legend: fullscreen\" [label=\"full-screen modal\", shape=box3d, style=dashed, margin=\"0.25,0.12\"];",
        "    \"legend: external\" [label=\"external: links from outside\", shape=ellipse, penwidth=2];",
        "    \"legend: login\" [label=\"requires login\", shape=ellipse, color=\"#d93025\", fontcolor=\"#a50e0e\"];",
        "    \"legend: parent\" [label=\"parent\", shape=plaintext];",
        "    \"legend: child\" [label=\"child (back stack)\", shape=plaintext];",
        "    \"legend: parent\" -> \"legend: child\";",
        "  }",
    ]

    /// Mermaid: `flowchart LR` with a subgraph per module, tabs as rectangles after a start marker, modals as
    /// subroutine shapes hung by dotted edges, protected routes in red.
    static func mermaid(_ routes: [Route]) -> String {
        var ids: [String: String] = [:]
        for (index, route) in routes.enumerated() { ids[route.name] = "r\(index)" }
        var lines = ["flowchart LR"]
        let modules = routes.reduce(into: [String?]()) { if !$0.contains($1.module) { $0.append($1.module) } }
        for (index, module) in modules.enumerated() {
            if let module { lines.append("  subgraph m\(index)[\(mermaidQuoted("module \(module)"))]") }
            for route in routes where route.module == module {
                let id = ids[route.name]!
                let text = mermaidQuoted(label(route))
                switch route.presentation {
                case .root: lines.append("    \(id)[\(text)]")
                case .modal: lines.append("    \(id)[[\(text)]]")
                case .push: lines.append("    \(id)(\(text))")
                }
            }
            if module != nil { lines.append("  end") }
        }
        if let first = routes.first(where: { $0.presentation == .root }), let id = ids[first.name] {
            lines.append("  start((start)) --> \(id)")
        }
        for route in routes {
            guard let parent = route.parent, let from = ids[parent] else { continue }
            lines.append("  \(from) \(route.isModal ? "-.->" : "-->") \(ids[route.name]!)")
        }
        let protected = routes.filter(\.requiresAuth).compactMap { ids[$0.name] }
        if !protected.isEmpty {
            lines.append("  classDef login stroke:#d93025,color:#a50e0e")
            lines.append("  class \(protected.joined(separator: ",")) login")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Whether Graphviz's `dot` is on the path.
    static var hasGraphviz: Bool { dotPath != nil }

    private static var dotPath: String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .map { "\($0)/dot" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs Graphviz's `dot -Tsvg` over the graph.
    static func svg(_ dot: String) throws -> String {
        guard let path = dotPath else {
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

    /// `name`, `/pattern`, its aliases (`also /item/<int:id>`), and marks for external, protected and modal routes,
    /// on lines of their own.
    private static func label(_ route: Route) -> String {
        var marks: [String] = []
        if route.external { marks.append("external") }
        if route.requiresAuth { marks.append("login") }
        if case .modal(let style) = route.presentation { marks.append(style.rawValue) }
        let aliases = route.aliases.map { "\nalso /\($0.text)" }.joined()
        let suffix = marks.isEmpty ? "" : "\n(\(marks.joined(separator: ", ")))"
        return "\(route.name)\n/\(route.pattern.text)\(aliases)\(suffix)"
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

extension Route {
    /// Presented as a modal (a sheet or full screen).
    fileprivate var isModal: Bool {
        if case .modal = presentation { return true }
        return false
    }
}
