import NavRouterCore

/// The navigation state drawn for people: text rows for the terminal, and an SVG picture (tabs and modal layers
/// as columns, each stack bottom-up, the selected tab and the visible top marked).
enum StatePicture {
    /// `tab 1 catalog *: catalog › product (/shop/product/7)`, one row per tab and per layer.
    static func text(_ state: NavigationState) -> [String] {
        var rows: [String] = []
        for (index, tab) in state.tabs.enumerated() {
            let mark = index == state.selectedTab ? " *" : ""
            let hidden = tab.hiddenLayers.isEmpty ? "" : "  (+\(tab.hiddenLayers.count) hidden layers)"
            rows.append("tab \(index) \(tab.route ?? "main")\(mark): \(stack(tab.stack))\(hidden)")
        }
        for (index, layer) in state.layers.enumerated() {
            let fixed = layer.preventDismissal ? ", fixed" : ""
            rows.append("layer \(index) (\(layer.style.rawValue)\(fixed)): \(stack(layer.stack))")
        }
        return rows
    }

    private static func stack(_ entries: [NavigationEntry]) -> String {
        entries.map { "\($0.route) (\($0.url))" }.joined(separator: " › ")
    }

    private static let columnWidth = 230
    private static let boxHeight = 44
    private static let top = 70

    /// An SVG picture of the state, titled.
    static func svg(_ state: NavigationState, title: String) -> String {
        var columns: [(header: String, entries: [NavigationEntry], selected: Bool, layer: Bool)] = []
        for (index, tab) in state.tabs.enumerated() {
            columns.append(("tab \(index): \(tab.route ?? "main")", tab.stack, index == state.selectedTab, false))
        }
        for (index, layer) in state.layers.enumerated() {
            columns.append(("layer \(index): \(layer.style.rawValue)", layer.stack, false, true))
        }
        let deepest = columns.map(\.entries.count).max() ?? 0
        let width = max(columns.count, 1) * columnWidth + 20
        let height = top + (deepest + 1) * (boxHeight + 8) + 20
        let visibleTop = state.topEntry?.id
        var parts = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
                + "font-family=\"Helvetica, Arial, sans-serif\">",
            "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>",
            "<text x=\"10\" y=\"24\" font-size=\"15\" font-weight=\"bold\">\(escaped(title))</text>",
        ]
        for (column, content) in columns.enumerated() {
            let x = 10 + column * columnWidth
            let headerFill = content.selected ? "#1a73e8" : (content.layer ? "#f9ab00" : "#dadce0")
            let headerText = content.selected || content.layer ? "#ffffff" : "#202124"
            parts.append(
                "<rect x=\"\(x)\" y=\"36\" width=\"\(columnWidth - 20)\" height=\"26\" rx=\"6\" "
                    + "fill=\"\(headerFill)\"/>"
            )
            parts.append(
                "<text x=\"\(x + 8)\" y=\"54\" font-size=\"13\" "
                    + "fill=\"\(headerText)\">\(escaped(content.header))</text>"
            )
            // The stack bottom-up: its root lowest, its top highest.
            for (depth, entry) in content.entries.enumerated() {
                let y = top + (deepest - 1 - depth) * (boxHeight + 8)
                let isTop = entry.id == visibleTop
                let stroke = isTop ? "#d93025" : (content.layer ? "#f9ab00" : "#5f6368")
                let dash = content.layer ? " stroke-dasharray=\"6 3\"" : ""
                parts.append(
                    "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(columnWidth - 20)\" height=\"\(boxHeight)\" rx=\"4\" "
                        + "fill=\"#f8f9fa\" stroke=\"\(stroke)\" stroke-width=\"\(isTop ? 3 : 1)\"\(dash)/>")
                parts.append(
                    "<text x=\"\(x + 8)\" y=\"\(y + 18)\" "
                        + "font-size=\"13\">\(escaped("\(entry.route) #\(entry.id)"))</text>"
                )
                parts.append(
                    "<text x=\"\(x + 8)\" y=\"\(y + 35)\" font-size=\"11\" "
                        + "fill=\"#5f6368\">\(escaped(entry.url))</text>"
                )
            }
        }
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }

    private static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.append(character)
            }
        }
        return result
    }
}
