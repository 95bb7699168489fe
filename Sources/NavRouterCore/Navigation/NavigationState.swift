/// One tab: a root route and its own stack (the stack's first entry is the tab's root).
public struct Tab: Equatable, Sendable {
    /// The root route's name; `nil` for the single main stack of an app without tabs.
    public var route: String?
    /// The tab's stack, bottom first.
    public var stack: [NavigationEntry]
    /// The modal layers this tab presented, hidden while another tab is selected (`RouterOptions.modalsPerTab`);
    /// lowest first. Empty for the selected tab: its layers are the state's `layers`.
    public var hiddenLayers: [ModalLayer]

    /// Creates a tab.
    public init(route: String?, stack: [NavigationEntry], hiddenLayers: [ModalLayer] = []) {
        self.route = route
        self.stack = stack
        self.hiddenLayers = hiddenLayers
    }
}

/// A modal layer above the tabs, with its own stack.
public struct ModalLayer: Equatable, Sendable {
    /// How the layer is shown.
    public var style: ModalStyle
    /// The user may not dismiss it (swipe down); commands still may.
    public var preventDismissal: Bool
    /// The layer's stack, bottom first; never empty.
    public var stack: [NavigationEntry]

    /// Creates a layer.
    public init(style: ModalStyle, preventDismissal: Bool, stack: [NavigationEntry]) {
        self.style = style
        self.preventDismissal = preventDismissal
        self.stack = stack
    }
}

/// Where a stack is: a tab's, or a modal layer's.
public enum StackLocation: Equatable, Sendable {
    /// The stack of the tab at this index.
    case tab(Int)
    /// The stack of the modal layer at this index (0 is the lowest layer).
    case layer(Int)
}

/// Everything on screen: tabs (one selected), modal layers above them, and the id counter.
public struct NavigationState: Equatable, Sendable {
    /// The tabs; a router without root routes has one tab with `route == nil` (its main stack).
    public var tabs: [Tab]
    /// The selected tab's index.
    public var selectedTab: Int
    /// Modal layers, lowest first.
    public var layers: [ModalLayer]
    /// The id the next entry gets.
    public var nextEntryID: EntryID
    /// The tabs visited, oldest first, each once (the selected tab last once visited): where `back` goes at a tab's
    /// root with `TabBackBehavior.history`.
    public var tabHistory: [Int] = []

    /// The largest entry id, 2^53 - 1: ids (and the counter) stay exact in every JSON reader, JavaScript's and
    /// Python's included. A router whose counter reaches it refuses new entries (`.limitExceeded`).
    public static let maxEntryID = EntryID((1 << 53) - 1)

    /// An empty state: one main stack, no layers.
    public init() {
        tabs = [Tab(route: nil, stack: [])]
        selectedTab = 0
        layers = []
        nextEntryID = 1
    }

    /// Creates a state (for restoring and tests).
    public init(
        tabs: [Tab], selectedTab: Int, layers: [ModalLayer], nextEntryID: EntryID, tabHistory: [Int] = []
    ) {
        self.tabs = tabs
        self.selectedTab = selectedTab
        self.layers = layers
        self.nextEntryID = nextEntryID
        self.tabHistory = tabHistory
    }

    /// Where commands act: the top modal layer's stack, else the selected tab's.
    public var currentLocation: StackLocation {
        layers.isEmpty ? .tab(selectedTab) : .layer(layers.count - 1)
    }

    /// The stack at a location.
    public func stack(at location: StackLocation) -> [NavigationEntry] {
        switch location {
        case .tab(let index): return tabs[index].stack
        case .layer(let index): return layers[index].stack
        }
    }

    /// Replaces the stack at a location.
    mutating func setStack(_ stack: [NavigationEntry], at location: StackLocation) {
        switch location {
        case .tab(let index): tabs[index].stack = stack
        case .layer(let index): layers[index].stack = stack
        }
    }

    /// The current stack (see `currentLocation`).
    public var currentStack: [NavigationEntry] { stack(at: currentLocation) }

    /// The entry on top of everything, if any.
    public var topEntry: NavigationEntry? { currentStack.last }

    /// Every entry, tabs first then layers, bottom to top; then the hidden layers' entries, tab by tab.
    public var allEntries: [NavigationEntry] {
        let visible = tabs.flatMap(\.stack) + layers.flatMap(\.stack)
        if tabs.allSatisfy({ $0.hiddenLayers.isEmpty }) { return visible }
        return visible + tabs.flatMap { $0.hiddenLayers.flatMap(\.stack) }
    }

    /// The number of entries in every stack, hidden layers' included.
    public var entryCount: Int {
        tabs.reduce(0) { $0 + $1.stack.count + $1.hiddenLayers.reduce(0) { $0 + $1.stack.count } }
            + layers.reduce(0) { $0 + $1.stack.count }
    }

    /// The entry with that id, shown or in a hidden layer.
    func findAnywhere(_ id: EntryID) -> NavigationEntry? {
        place(of: id).map { self[stack: $0.place][$0.index] }
    }

    /// Puts `entry` where the entry with its id is (shown or hidden).
    mutating func replaceEntry(_ entry: NavigationEntry) {
        guard let (place, index) = place(of: entry.id) else { return }
        self[stack: place][index] = entry
    }

    /// The entry with that id and where it is.
    public func find(_ id: EntryID) -> (entry: NavigationEntry, location: StackLocation, index: Int)? {
        for (tabIndex, tab) in tabs.enumerated() {
            if let index = tab.stack.firstIndex(where: { $0.id == id }) {
                return (tab.stack[index], .tab(tabIndex), index)
            }
        }
        for (layerIndex, layer) in layers.enumerated() {
            if let index = layer.stack.firstIndex(where: { $0.id == id }) {
                return (layer.stack[index], .layer(layerIndex), index)
            }
        }
        return nil
    }

    /// The invariants of the state's shape, checked after every command in O(tabs + layers): at least one tab,
    /// a selected tab that exists, no empty layer, tabs that start with their roots. (Entry ids are unique by
    /// construction: commands take them from the counter, a restore checks them; `invariantViolation` checks all.)
    var structuralViolation: String? {
        if tabs.isEmpty { return "there is no tab" }
        if !tabs.indices.contains(selectedTab) { return "the selected tab \(selectedTab) does not exist" }
        for index in layers.indices where layers[index].stack.isEmpty { return "modal layer \(index) is empty" }
        // The tabs read in place: a copy of each (its route, stack and hidden layers) cost ~300 instructions a
        // command (callgrind), every command checking this. The hidden layers are checked for emptiness here first:
        // passing them on, as a tab or an array, costs a reference count (+54 a push/pop pair).
        let selectedTab = selectedTab
        return tabs.withUnsafeBufferPointer { tabs -> String? in
            for index in tabs.indices {
                if !tabs[index].hiddenLayers.isEmpty,
                    let message = Self.hiddenLayersViolation(tabs[index], index, selected: index == selectedTab)
                {
                    return message
                }
                guard let route = tabs[index].route else { continue }
                if tabs[index].stack.first?.route != route {
                    return "tab '\(route)' does not start with its root route"
                }
            }
            return nil
        }
    }

    /// Forgets openers that are no longer entries of the state (an opener can leave before the entries it opened: a
    /// `replace` push removes it, a logout prunes it under a presented entry), so that an opener is always an entry
    /// of the state, as a restore requires.
    mutating func forgetDanglingOpeners() {
        if !hasOpeners { return }  // the usual case: only entries that expect a result have an opener
        var ids = Set<EntryID>(minimumCapacity: entryCount)
        forEachStack { _, stack in for entry in stack { ids.insert(entry.id) } }
        func dangles(_ entry: NavigationEntry) -> Bool { entry.opener.map { !ids.contains($0) } ?? false }
        try? updateEachStack { (_, stack: inout [NavigationEntry]) throws(NavRouterError) in
            // Only a stack with a dangling opener is written (a write copies a stack shared with other states).
            guard stack.contains(where: dangles) else { return }
            for index in stack.indices where dangles(stack[index]) { stack[index] = stack[index].withoutOpener() }
        }
    }

    /// Whether any entry has an opener.
    private var hasOpeners: Bool {
        var any = false
        forEachStack { _, stack in any = any || stack.contains { $0.opener != nil } }
        return any
    }

    /// What is wrong with a tab's hidden layers: none for the selected tab (its layers are shown), none empty.
    private static func hiddenLayersViolation(_ tab: Tab, _ index: Int, selected: Bool) -> String? {
        if tab.hiddenLayers.isEmpty { return nil }
        if selected { return "the selected tab \(index) has hidden layers" }
        if tab.hiddenLayers.contains(where: { $0.stack.isEmpty }) { return "a hidden layer of tab \(index) is empty" }
        return nil
    }

    /// The state's invariants; `nil` when they hold, else what is wrong.
    public var invariantViolation: String? {
        if tabs.isEmpty { return "there is no tab" }
        if !tabs.indices.contains(selectedTab) { return "the selected tab \(selectedTab) does not exist" }
        if let empty = layers.firstIndex(where: { $0.stack.isEmpty }) { return "modal layer \(empty) is empty" }
        // Ids unique and below the counter: sorted in a stack buffer (no hashing, no heap for a usual state).
        let count = entryCount
        let duplicate: String? = withUnsafeTemporaryAllocation(of: EntryID.self, capacity: max(1, count)) { ids in
            var filled = 0
            func collect(_ stack: [NavigationEntry]) {
                for entry in stack {
                    ids[filled] = entry.id
                    filled += 1
                }
            }
            for tab in tabs {
                collect(tab.stack)
                for layer in tab.hiddenLayers { collect(layer.stack) }
            }
            for layer in layers { collect(layer.stack) }
            var sorted = UnsafeMutableBufferPointer(rebasing: ids[..<filled])
            sorted.sort()
            for index in sorted.indices.dropFirst() where sorted[index] == sorted[index - 1] {
                return "entry id \(sorted[index]) is used twice"
            }
            if let last = sorted.last, last >= nextEntryID {
                return "entry id \(last) is not below the id counter \(nextEntryID)"
            }
            return nil
        }
        if let duplicate { return duplicate }
        for tab in tabs where tab.route != nil && tab.stack.first?.route != tab.route {
            return "tab '\(tab.route!)' does not start with its root route"
        }
        for index in tabs.indices {
            if let message = Self.hiddenLayersViolation(tabs[index], index, selected: index == selectedTab) {
                return message
            }
        }
        if let wrong = tabHistory.first(where: { !tabs.indices.contains($0) }) {
            return "tab_history names tab \(wrong), which does not exist"
        }
        return nil
    }
}
