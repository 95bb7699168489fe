extension NavigationState {
    /// Removes every entry `shouldGo` picks, with the entries above it in its stack, as plain data (no events, no
    /// views): a layer whose root goes takes the layers above it (shown or hidden alike), a tab keeps its root entry.
    /// What a restore does with what the state may not hold (a protected entry while logged out) before any of it
    /// is shown.
    /// - Returns: the entries removed, bottom first, stack by stack.
    mutating func cut(where shouldGo: (NavigationEntry) -> Bool) -> [NavigationEntry] {
        var removed: [NavigationEntry] = []
        for tab in tabs.indices {
            removed += Self.cut(&tabs[tab].stack, keeping: tabs[tab].route == nil ? 0 : 1, where: shouldGo)
            removed += Self.cut(&tabs[tab].hiddenLayers, where: shouldGo)
        }
        removed += Self.cut(&layers, where: shouldGo)
        if !removed.isEmpty { forgetDanglingOpeners() }
        return removed
    }

    /// Cuts a stack at the first entry `shouldGo` picks past the first `kept` ones.
    /// - Returns: the entries cut, bottom first.
    static func cut(
        _ stack: inout [NavigationEntry], keeping kept: Int, where shouldGo: (NavigationEntry) -> Bool
    ) -> ArraySlice<NavigationEntry> {
        guard let index = stack.indices.dropFirst(kept).first(where: { shouldGo(stack[$0]) }) else { return [] }
        let removed = stack[index...]
        stack.removeSubrange(index...)
        return removed
    }

    /// Cuts a list of layers (shown or hidden): the first layer whose root `shouldGo` picks goes with the layers
    /// above it; in the layers below, each stack is cut at the first entry picked.
    /// - Returns: the entries cut, layer by layer, bottom first.
    static func cut(_ layers: inout [ModalLayer], where shouldGo: (NavigationEntry) -> Bool) -> [NavigationEntry] {
        var removed: [NavigationEntry] = []
        if let gone = layers.firstIndex(where: { $0.stack.first.map(shouldGo) ?? false }) {
            removed += layers[gone...].flatMap(\.stack)
            layers.removeSubrange(gone...)
        }
        for index in layers.indices { removed += cut(&layers[index].stack, keeping: 1, where: shouldGo) }
        return removed
    }
}
