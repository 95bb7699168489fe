// Hashable and Identifiable conformances of the public values, so that a host can keep entries in a set, key a
// dictionary by route, or use entries as SwiftUI `NavigationStack` path elements. Each hash combines a few of the
// fields its `==` compares (equal values always hash alike; the rest of the fields only break ties).

extension NavigationEntry: Hashable, Identifiable {
    /// Hashes the entry's id and URL.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(url)
    }
}

extension Route: Hashable {
    /// Hashes the route's name and pattern.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(pattern.text)
    }
}

extension RouteMatch: Hashable {
    /// Hashes the matched route's name and the URL.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(routeName)
        hasher.combine(url)
    }
}

extension Tab: Hashable {
    /// Hashes the tab's root route and its entries.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(route)
        hasher.combine(stack)
    }
}

extension ModalLayer: Hashable {
    /// Hashes the layer's style and its entries.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(style)
        hasher.combine(stack)
    }
}

extension NavigationState: Hashable {
    /// Hashes the selected tab, the tabs and the layers.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(selectedTab)
        hasher.combine(tabs)
        hasher.combine(layers)
    }
}
