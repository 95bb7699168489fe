extension NavigationState {
    /// The state as the tools print it, one row per tab and per modal layer, the same in every host (the C demo, the
    /// Swift host, `navrouter play`, the Python terminal host): `tab 0 home *: home#1 › product#5 id=7` (the
    /// selected tab starred, each entry its route, id and parameters; `(+1 hidden layer)` when modals per tab hide
    /// the tab's layers), `layer 0 sheet: settings#9` (`, fixed` when it prevents dismissal).
    /// - Parameter marking: entries to begin with `+` (a tool's "new in this step").
    public func textRows(marking: Set<EntryID> = []) -> [String] {
        func stack(_ entries: [NavigationEntry]) -> String {
            if entries.isEmpty { return "(empty)" }  // a router not started yet
            return entries.map { entry in
                let parameters = entry.parameters.sorted { $0.key < $1.key }.map { " \($0.key)=\($0.value)" }.joined()
                return "\(marking.contains(entry.id) ? "+" : "")\(entry.route)#\(entry.id)\(parameters)"
            }
            .joined(separator: " › ")
        }
        var rows: [String] = []
        for (index, tab) in tabs.enumerated() {
            let selected = index == selectedTab ? " *" : ""
            let hidden =
                tab.hiddenLayers.isEmpty
                ? "" : "  (+\(tab.hiddenLayers.count) hidden layer\(tab.hiddenLayers.count == 1 ? "" : "s"))"
            rows.append("tab \(index) \(tab.route ?? "main")\(selected): \(stack(tab.stack))\(hidden)")
        }
        for (index, layer) in layers.enumerated() {
            let fixed = layer.preventDismissal ? ", fixed" : ""
            rows.append("layer \(index) \(layer.style.rawValue)\(fixed): \(stack(layer.stack))")
        }
        return rows
    }
}
