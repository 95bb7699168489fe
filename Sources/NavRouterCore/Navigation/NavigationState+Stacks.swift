/// Where a stack is, hidden layers included (`StackLocation` names only what is shown).
enum StackPlace: Equatable, Sendable {
    /// The stack of the tab at this index.
    case tab(Int)
    /// The stack of the shown modal layer at this index.
    case layer(Int)
    /// The stack of a hidden layer (modals per tab) of a tab.
    case hidden(tab: Int, layer: Int)
}

/// The one way to walk and edit every stack of a state: the tabs' stacks, the shown layers' and the hidden layers'
/// (modals per tab). Code that must see every entry goes through these, so that no copy forgets the hidden layers.
extension NavigationState {
    /// Calls `body` with every stack and where it is: the tabs' first, then the shown layers', then the hidden
    /// layers' tab by tab (the order of `allEntries`).
    func forEachStack(_ body: (StackPlace, [NavigationEntry]) -> Void) {
        for tab in tabs.indices { body(.tab(tab), tabs[tab].stack) }
        for layer in layers.indices { body(.layer(layer), layers[layer].stack) }
        for tab in tabs.indices {
            for layer in tabs[tab].hiddenLayers.indices {
                body(.hidden(tab: tab, layer: layer), tabs[tab].hiddenLayers[layer].stack)
            }
        }
    }

    /// Calls `body` with every stack, in `forEachStack`'s order, to change it in place.
    mutating func updateEachStack(
        _ body: (StackPlace, inout [NavigationEntry]) throws(NavRouterError) -> Void
    ) throws(NavRouterError) {
        for tab in tabs.indices { try body(.tab(tab), &tabs[tab].stack) }
        for layer in layers.indices { try body(.layer(layer), &layers[layer].stack) }
        for tab in tabs.indices {
            for layer in tabs[tab].hiddenLayers.indices {
                try body(.hidden(tab: tab, layer: layer), &tabs[tab].hiddenLayers[layer].stack)
            }
        }
    }

    /// The stack at a place.
    subscript(stack place: StackPlace) -> [NavigationEntry] {
        get {
            switch place {
            case .tab(let tab): return tabs[tab].stack
            case .layer(let layer): return layers[layer].stack
            case .hidden(let tab, let layer): return tabs[tab].hiddenLayers[layer].stack
            }
        }
        set {
            switch place {
            case .tab(let tab): tabs[tab].stack = newValue
            case .layer(let layer): layers[layer].stack = newValue
            case .hidden(let tab, let layer): tabs[tab].hiddenLayers[layer].stack = newValue
            }
        }
    }

    /// The entry with that id, shown or hidden, and where it is.
    func place(of id: EntryID) -> (place: StackPlace, index: Int)? {
        var found: (StackPlace, Int)?
        forEachStack { place, stack in
            if found == nil, let index = stack.firstIndex(where: { $0.id == id }) { found = (place, index) }
        }
        return found
    }
}

extension NavigationState {
    /// The index of the first tab whose root route is `route` (`Router.tabIndex(ofRoute:)`, and the selection of a
    /// tab by its route when the command runs).
    /// - Throws: `.notFound` naming the tabs' roots, with the one meant when one is near.
    func tabIndex(ofRoute route: String) throws(NavRouterError) -> Int {
        guard let index = tabs.firstIndex(where: { $0.route == route }) else {
            let names = tabs.compactMap(\.route)
            let roots = names.map { "'\($0)'" }.joined(separator: ", ")
            throw NavRouterError(
                .notFound,
                "no tab has the root route '\(route)' (the tabs' roots: \(roots.isEmpty ? "none" : roots))"
                    + NameSuggestion.didYouMean(route, among: names))
        }
        return index
    }
}
