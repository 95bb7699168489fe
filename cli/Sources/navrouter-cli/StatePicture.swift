import NavRouterCore

/// The navigation state drawn as an SVG picture (tabs and modal layers as columns, each stack bottom-up, the selected
/// tab and the visible top marked); as text, `NavigationState.textRows(marking:)` (the same rows in every host).
enum StatePicture {
    /// The line under a picture's title: what the step did.
    struct Banner {
        /// How it went.
        enum Tone {
            case ok, waiting, failed
        }
        let tone: Tone
        let text: String
    }

    private static let columnWidth = 230
    private static let boxHeight = 44
    private static let top = 104
    /// The characters of a box's text that fit its width (longer text is shortened with an ellipsis).
    private static let boxCharacters = 32

    /// An SVG picture of the state: titled, with the banner, the entries in `new` drawn green, the events listed
    /// under the stacks, and a legend.
    static func svg(
        _ state: NavigationState, title: String, banner: Banner, events: [String] = [], new: Set<EntryID> = []
    ) -> String {
        var columns: [(header: String, entries: [NavigationEntry], selected: Bool, layer: Bool)] = []
        for (index, tab) in state.tabs.enumerated() {
            columns.append(("tab \(index): \(tab.route ?? "main")", tab.stack, index == state.selectedTab, false))
        }
        for (index, layer) in state.layers.enumerated() {
            columns.append(("layer \(index): \(layer.style.rawValue)", layer.stack, false, true))
        }
        let deepest = columns.map(\.entries.count).max() ?? 0
        let width = max(max(columns.count, 1) * columnWidth + 20, 720)
        let stacksEnd = top + deepest * (boxHeight + 8)
        let eventRows = events.isEmpty ? 0 : 1 + events.count
        let height = stacksEnd + 20 + eventRows * 18 + 40
        let visibleTop = state.topEntry?.id
        let (bannerFill, bannerText): (String, String) =
            switch banner.tone {
            case .ok: ("#e6f4ea", "#137333")
            case .waiting: ("#fef7e0", "#b06000")
            case .failed: ("#fce8e6", "#c5221f")
            }
        var parts = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
                + "viewBox=\"0 0 \(width) \(height)\" "
                + "font-family=\"Helvetica, Arial, sans-serif\">",
            "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>",
            "<text x=\"10\" y=\"24\" font-size=\"15\" font-weight=\"bold\">\(escaped(shortened(title, 90)))</text>",
            "<rect class=\"banner\" x=\"10\" y=\"34\" width=\"\(width - 20)\" height=\"26\" rx=\"4\" "
                + "fill=\"\(bannerFill)\"/>",
            "<text x=\"18\" y=\"52\" font-size=\"13\" fill=\"\(bannerText)\">"
                + "\(escaped(shortened(banner.text, (width - 40) / 7)))</text>",
        ]
        for (column, content) in columns.enumerated() {
            let x = 10 + column * columnWidth
            let headerFill = content.selected ? "#1a73e8" : (content.layer ? "#f9ab00" : "#dadce0")
            let headerText = content.selected || content.layer ? "#ffffff" : "#202124"
            parts.append(
                "<rect x=\"\(x)\" y=\"70\" width=\"\(columnWidth - 20)\" height=\"26\" rx=\"6\" "
                    + "fill=\"\(headerFill)\"/>"
            )
            parts.append(
                "<text x=\"\(x + 8)\" y=\"88\" font-size=\"13\" "
                    + "fill=\"\(headerText)\">\(escaped(shortened(content.header, boxCharacters)))</text>"
            )
            // The stack bottom-up: its root lowest, its top highest.
            for (depth, entry) in content.entries.enumerated() {
                let y = top + (deepest - 1 - depth) * (boxHeight + 8)
                let isTop = entry.id == visibleTop
                let stroke = isTop ? "#d93025" : (content.layer ? "#f9ab00" : "#5f6368")
                let dash = content.layer ? " stroke-dasharray=\"6 3\"" : ""
                let fill = new.contains(entry.id) ? "#ceead6" : "#f8f9fa"
                parts.append(
                    "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(columnWidth - 20)\" height=\"\(boxHeight)\" rx=\"4\" "
                        + "fill=\"\(fill)\" stroke=\"\(stroke)\" stroke-width=\"\(isTop ? 3 : 1)\"\(dash)/>")
                parts.append(
                    "<text x=\"\(x + 8)\" y=\"\(y + 18)\" "
                        + "font-size=\"13\">\(escaped(shortened("\(entry.route) #\(entry.id)", boxCharacters)))</text>"
                )
                parts.append(
                    "<text x=\"\(x + 8)\" y=\"\(y + 35)\" font-size=\"11\" "
                        + "fill=\"#5f6368\"><title>\(escaped(entry.url))</title>"
                        + "\(escaped(shortened(entry.url, boxCharacters + 4)))</text>"
                )
            }
        }
        var y = stacksEnd + 24
        if !events.isEmpty {
            parts.append("<text x=\"10\" y=\"\(y)\" font-size=\"12\" font-weight=\"bold\">events</text>")
            for event in events {
                y += 18
                parts.append(
                    "<text x=\"18\" y=\"\(y)\" font-size=\"12\">\(escaped(shortened(event, (width - 40) / 7)))</text>")
            }
            y += 18
        }
        parts += legend(at: y + 8)
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }

    /// The legend: what each color says.
    private static func legend(at y: Int) -> [String] {
        let keys: [(fill: String, stroke: String, dash: Bool, text: String)] = [
            ("#1a73e8", "#1a73e8", false, "selected tab"), ("#f9ab00", "#f9ab00", true, "modal layer"),
            ("#f8f9fa", "#d93025", false, "on screen (top)"), ("#ceead6", "#5f6368", false, "new in this step"),
        ]
        var parts: [String] = []
        for (index, key) in keys.enumerated() {
            let x = 10 + index * 170
            parts.append(
                "<rect x=\"\(x)\" y=\"\(y - 11)\" width=\"14\" height=\"14\" rx=\"2\" fill=\"\(key.fill)\" "
                    + "stroke=\"\(key.stroke)\" stroke-width=\"2\"\(key.dash ? " stroke-dasharray=\"4 2\"" : "")/>")
            parts.append("<text x=\"\(x + 20)\" y=\"\(y)\" font-size=\"11\" fill=\"#5f6368\">\(key.text)</text>")
        }
        return parts
    }

    /// `text`, cut to `limit` characters with an ellipsis when longer.
    static func shortened(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(max(limit - 1, 1))) + "…"
    }

    private static func escaped(_ text: String) -> String { HTMLPage.escaped(text) }
}
