extension NavigationState {
    /// Removes every entry `shouldGo` picks, with the entries above it in its stack, as plain data (no events, no
    /// views): a layer whose root goes takes the layers above it (shown or hidden alike), a tab keeps its root entry.
    /// What a restore does with what the state may not hold (a protected entry while logged out) before any of it
    /// is shown.
    /// - Returns: the entries removed, bottom first, stack by stack.
    mutating func cut(where shouldGo: (NavigationEntry) -> Bool) -> [NavigationEntry] {
        var removed: [NavigationEntry] = []
        func cut(_ stack: inout [NavigationEntry], keeping kept: Int) {
            guard let index = stack.indices.dropFirst(kept).first(where: { shouldGo(stack[$0]) }) else { return }
            removed += stack[index...]
            stack.removeSubrange(index...)
        }
        func cut(_ layers: inout [ModalLayer]) {
            if let gone = layers.firstIndex(where: { $0.stack.first.map(shouldGo) ?? false }) {
                removed += layers[gone...].flatMap(\.stack)
                layers.removeSubrange(gone...)
            }
            for index in layers.indices { cut(&layers[index].stack, keeping: 1) }
        }
        for tab in tabs.indices {
            cut(&tabs[tab].stack, keeping: tabs[tab].route == nil ? 0 : 1)
            cut(&tabs[tab].hiddenLayers)
        }
        cut(&layers)
        if !removed.isEmpty { forgetDanglingOpeners() }
        return removed
    }
}
