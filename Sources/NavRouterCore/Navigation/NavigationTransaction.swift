/// Applies commands to a working copy of a router's state, collecting the events, the entries it created (whose
/// views are released if the transaction fails) and the entries that left (whose views are released once it is
/// committed). Pure state logic: no locks, no callbacks other than the view handlers' `makeView`.
struct NavigationTransaction {
    var state: NavigationState
    let table: RouteTable
    let transitionID: TransitionID
    /// Builds the views of new entries.
    let views: ViewHandlers
    var events = InlineFirstList<NavigationEvent>()
    var created = InlineFirstList<NavigationEntry>()
    var removed: ArraySlice<NavigationEntry> = []
    var animated = true
    /// The router's options (tab back behaviour, modals per tab, …).
    var options = RouterOptions()
    /// Whether the user is authenticated (a restore's deep link is checked against it).
    var isAuthenticated = true
    /// `back` is the user's own gesture: its events say so.
    var userBack = false

    init(state: NavigationState, table: RouteTable, transitionID: TransitionID, views: ViewHandlers) {
        self.state = state
        self.table = table
        self.transitionID = transitionID
        self.views = views
    }

    // MARK: Commands

    /// Applies a command whose URL the router's pipeline resolved already, on this very table (so it is not resolved
    /// twice): a navigate opens `match`; a restore opens it as its link. The match is passed down, not stored in the
    /// transaction (an assignment to a stored optional match went through the runtime's generic `Optional` witness,
    /// ~100 instructions a command).
    mutating func apply(_ command: NavigationCommand, resolvedAs match: consuming RouteMatch) throws(NavRouterError) {
        switch command {
        case .navigate(_, let options):
            try navigate(to: match, options)
        case .restore(let snapshot, let restoreOptions) where restoreOptions.link != nil:
            try restore(snapshot, restoreOptions, link: match)
        default:
            assertionFailure("only a navigate or a restore with a link carries a match")
            try apply(command)
        }
    }

    /// Applies one command (a URL it names is resolved on the transaction's table).
    mutating func apply(_ command: NavigationCommand) throws(NavRouterError) {
        switch command {
        case .start:
            try start()
        case .setTabs(let urls, let selected):
            try setTabs(urls, selected: selected)
        case .navigate(let url, let options):
            try navigate(to: try table.resolve(url), options)
        case .pop(let count, let result):
            try pop(count: count, result: result)
        case .popToRoot:
            popTo(index: 0)
        case .popTo(let id):
            guard let index = state.currentStack.firstIndex(where: { $0.id == id }) else {
                throw NavRouterError(.notFound, "entry \(id) is not in the current stack")
            }
            popTo(index: index)
        case .popAfter(let index):
            guard state.currentStack.indices.contains(index) else {
                throw NavRouterError(
                    .invalidArgument,
                    "index \(index) is not in the current stack (it has \(state.currentStack.count) entries)")
            }
            popTo(index: index)
        case .setStack(let urls):
            try setStack(urls)
        case .dismiss(let count, let result):
            try dismiss(count: count, result: result, userInitiated: false)
        case .selectTab(let index):
            try selectTab(index)
        case .selectTabOfRoute(let route):
            try selectTab(try state.tabIndex(ofRoute: route))
        case .back:
            try back()
        case .userPopped(let id):
            try userPopped(to: id)
        case .userDismissed(let count):
            try dismiss(count: count, result: nil, userInitiated: true)
        case .restore(let snapshot, let restoreOptions):
            try restore(snapshot, restoreOptions, link: nil)
        case .updateEntry(let id, let parameters, let props):
            try updateEntry(id, parameters: parameters, props: props)
        case .setSavedState(let id, let saved):
            guard let entry = state.findAnywhere(id) else {
                throw NavRouterError(.notFound, "entry \(id) is not in the state")
            }
            state.replaceEntry(entry.withSavedState(saved))
        case .commitBackGesture:
            userBack = true
            try back()
        case .refresh, .resume:
            break  // guard commands: the router's pipeline handles them
        }
    }

    /// Removes every entry `shouldGo` picks, with everything above it in its stack; a modal layer whose root goes is
    /// dismissed with the layers above it; a tab keeps its root, unless `removesTab` picks the root: the whole tab
    /// then goes (a `tabsSetUp` event lists the tabs left). Emits pop, dismiss and tab events; entries that expect
    /// a result are told they closed without one.
    ///
    /// No event names an entry that goes as one that appears (logging out hands the host no protected entry): the
    /// stacks under the layers that go are cut first, and those layers go last, each dismissal naming what is on top
    /// once they have all gone.
    mutating func prune(
        _ shouldGo: (NavigationEntry) -> Bool, removingTabsWhere removesTab: (NavigationEntry) -> Bool = { _ in false }
    ) {
        func firstLayerGoing() -> Int? { state.layers.firstIndex(where: { $0.stack.first.map(shouldGo) ?? false }) }
        for layer in 0..<(firstLayerGoing() ?? state.layers.count) {
            if let index = state.layers[layer].stack.firstIndex(where: shouldGo) {
                popStack(at: .layer(layer), to: index - 1, result: nil, userInitiated: false)
            }
        }
        // Hidden layers (modals per tab), by the same rule as the shown ones: nothing on screen changes; their
        // entries leave without events.
        for tab in state.tabs.indices where !state.tabs[tab].hiddenLayers.isEmpty {
            let gone = NavigationState.cut(&state.tabs[tab].hiddenLayers, where: shouldGo)
            if !gone.isEmpty { leave(gone[...], result: nil, deliverResults: false) }
        }
        let doomed = state.tabs.indices.filter { tab in
            state.tabs[tab].route != nil && (state.tabs[tab].stack.first.map(removesTab) ?? false)
        }
        if !doomed.isEmpty { removeTabs(Set(doomed)) }
        for tab in state.tabs.indices {
            let keep = minimumKept(at: .tab(tab))
            if let index = state.tabs[tab].stack.indices.dropFirst(keep).first(where: {
                shouldGo(state.tabs[tab].stack[$0])
            }) {
                if index == 0 {
                    let gone = state.tabs[tab].stack[...]
                    state.tabs[tab].stack = []
                    var event = NavigationEvent(kind: .pop, transitionID: transitionID)
                    event.removedEntries = gone
                    event.location = .tab(tab)
                    append(event)
                    leave(gone, result: nil)
                } else {
                    popStack(at: .tab(tab), to: index - 1, result: nil, userInitiated: false)
                }
            }
        }
        if let first = firstLayerGoing() {
            let appearing = first > 0 ? state.layers[first - 1].stack.last : state.tabs[state.selectedTab].stack.last
            while state.layers.count > first {
                dismissTopLayer(result: nil, userInitiated: false, appearing: .some(appearing))
            }
        }
    }

    /// Removes whole tabs; the selected tab stays selected if it is kept, else the nearest tab before it is. With
    /// no tab left the router has one empty main stack.
    private mutating func removeTabs(_ doomed: Set<Int>) {
        // Under modals per tab, the layers shown are the selected tab's: they go with it.
        if doomed.contains(state.selectedTab) && options.modalsPerTab { dismissAllLayers() }
        let gone = doomed.sorted().flatMap { state.tabs[$0].stack }
        var kept: [Tab] = []
        var selected = 0
        for index in state.tabs.indices where !doomed.contains(index) {
            if index <= state.selectedTab { selected = kept.count }
            kept.append(state.tabs[index])
        }
        if kept.isEmpty { kept = [Tab(route: nil, stack: [])] }
        var newIndex: [Int: Int] = [:]
        for index in state.tabs.indices where !doomed.contains(index) { newIndex[index] = newIndex.count }
        state.tabHistory = state.tabHistory.compactMap { newIndex[$0] }
        let hidden = doomed.sorted().flatMap { state.tabs[$0].hiddenLayers.flatMap(\.stack) }
        state.tabs = kept
        state.selectedTab = selected
        if !hidden.isEmpty { leave(hidden[...], result: nil, deliverResults: false) }
        var event = NavigationEvent(kind: .tabsSetUp, transitionID: transitionID)
        event.entries = kept.compactMap(\.stack.first)
        event.removed = gone
        event.location = .tab(selected)
        append(event)
        leave(gone[...], result: nil, deliverResults: false)
        showLayers(of: selected)  // the tab selected now brings back the layers it hid
    }

    private mutating func start() throws(NavRouterError) {
        let roots = table.routes.filter { $0.presentation == .root }
        if roots.isEmpty {
            replaceAll(
                with: NavigationState(
                    tabs: [Tab(route: nil, stack: [])], selectedTab: 0, layers: [], nextEntryID: state.nextEntryID))
            emit(.tabsSetUp)
            return
        }
        var urls: [String] = []
        for route in roots {
            do {
                urls.append(try table.buildURL(route: route.name))
            } catch {
                throw NavRouterError(
                    error.code, "cannot set up the tab of root route '\(route.name)': \(error.message)")
            }
        }
        try setTabs(urls, selected: 0)
    }

    private mutating func setTabs(_ urls: [String], selected: Int) throws(NavRouterError) {
        guard !urls.isEmpty else { throw NavRouterError(.invalidArgument, "at least one tab is needed") }
        guard urls.indices.contains(selected) else {
            throw NavRouterError(.invalidArgument, "the selected tab \(selected) is not one of the \(urls.count) tabs")
        }
        var tabs: [Tab] = []
        for url in urls {
            let match = try table.resolve(url)
            if match.route.requiresAuth {
                throw NavRouterError(
                    .invalidArgument,
                    "route '\(match.route.name)' requires authentication: it cannot be a tab's root (logging out "
                        + "never empties a tab)"
                )
            }
            let entry = try makeEntry(match, options: NavigationOptions(), opener: nil, asTabRoot: true)
            if tabs.contains(where: { $0.route == entry.route }) {
                throw NavRouterError(.conflict, "route '\(entry.route)' is given for two tabs")
            }
            tabs.append(Tab(route: entry.route, stack: [entry]))
        }
        replaceAll(
            with: NavigationState(
                tabs: tabs, selectedTab: selected, layers: [], nextEntryID: state.nextEntryID, tabHistory: [selected]))
        var event = NavigationEvent(kind: .tabsSetUp, transitionID: transitionID)
        event.entries = tabs.map { $0.stack[0] }
        event.location = .tab(selected)
        append(event)
    }

    private mutating func navigate(to match: consuming RouteMatch, _ options: NavigationOptions)
        throws(NavRouterError)
    {
        animated = options.animated
        let presentation: PresentationOverride
        switch options.presentation {
        case let override?: presentation = override
        case nil:
            switch match.route.presentation {
            case .push: presentation = .push
            case .modal(let style): presentation = .modal(style)
            case .root: presentation = .root
            }
        }
        switch presentation {
        case .root:
            try openTab(of: match, options: options)
        case .modal(let style):
            if options.buildBackStack ?? options.external, match.route.parent != nil {
                // A deep-linked modal gets its parents' stack under it, in their tab, as a pushed route would.
                try pushWithBackStack(match, options: options, presenting: style)
            } else {
                try present(match, style: style, options: options)
            }
        case .replaceTop:
            let location = state.currentLocation
            var stack = state.stack(at: location)
            let entry = try makeEntry(match, options: options, opener: stack.last?.opener)
            if stack.count == 1, case .tab(let index) = location, state.tabs[index].route != nil {
                throw NavRouterError(
                    .invalidArgument,
                    "the top entry is the root of tab '\(state.tabs[index].route!)'; it cannot be replaced")
            }
            let old = stack.popLast()
            stack.append(entry)
            try replaceStack(at: location, with: stack, removed: old.map { [$0] } ?? [])
        case .push:
            if self.options.pushDismissesModals && options.tab == nil && !state.layers.isEmpty {
                dismissAllLayers()  // Router's seed behaviour: a push lands on the tab, under no modal
            }
            let buildBackStack = options.buildBackStack ?? options.external
            if buildBackStack, match.route.parent != nil, options.tab == nil {
                try pushWithBackStack(match, options: options)
            } else {
                try push(match, options: options)
            }
        }
    }

    /// Presents a match in a new modal layer.
    private mutating func present(_ match: RouteMatch, style: ModalStyle, options: NavigationOptions)
        throws(NavRouterError)
    {
        let entry = try makeEntry(match, options: options, opener: state.topEntry?.id)
        state.layers.append(ModalLayer(style: style, preventDismissal: options.preventDismissal, stack: [entry]))
        var event = NavigationEvent(kind: .present, transitionID: transitionID)
        event.entry = entry
        event.location = .layer(state.layers.count - 1)
        event.style = style
        event.preventsDismissal = options.preventDismissal
        append(event)
    }

    /// The stack a push goes onto: the named tab's (`NavigationOptions.tab`), else the current one.
    private func pushLocation(_ options: NavigationOptions) throws(NavRouterError) -> StackLocation {
        guard let name = options.tab else { return state.currentLocation }
        guard let index = state.tabs.firstIndex(where: { $0.route == name }) else {
            throw NavRouterError(.notFound, "no tab has the root route '\(name)'")
        }
        return .tab(index)
    }

    /// Pushes onto the current stack, shaped by `replace`, `popUpTo`, `clearTop` and `singleTop`.
    private mutating func push(_ match: RouteMatch, options: NavigationOptions) throws(NavRouterError) {
        let location = try pushLocation(options)
        let original = state.stack(at: location)
        var stack = original
        let keep = minimumKept(at: location)
        if options.replace { stack.removeSubrange(min(keep, stack.count)...) }
        if let target = options.popUpTo, let index = stack.lastIndex(where: { $0.route == target }) {
            stack.removeSubrange(max(keep, options.popUpToInclusive ? index : index + 1)...)
        }
        var reuse = false
        if options.clearTop, let index = stack.lastIndex(where: { $0.route == match.route.name }), index >= keep {
            reuse = options.singleTop && stack[index].parameters == match.parameters
            stack.removeSubrange((reuse ? index + 1 : index)...)
        }
        if options.singleTop, let top = stack.last, top.route == match.route.name, top.parameters == match.parameters {
            reuse = true
        }
        let gone = Array(original[stack.count...])  // every shaping above removes a suffix
        if !reuse {
            stack.append(try makeEntry(match, options: options, opener: original.last?.id))
        }
        if gone.isEmpty {
            if reuse { return }  // single-top: nothing changes
            state.setStack(stack, at: location)
            var event = NavigationEvent(kind: .push, transitionID: transitionID)
            event.entry = stack.last
            event.location = location
            append(event)
        } else {
            try replaceStack(at: location, with: stack, removed: gone)
        }
    }

    /// Pushes with the route's parent chain built underneath (Jetpack's synthetic back stack, go_router's `go`); with
    /// `presenting`, builds the chain and presents the match above it in a new modal layer.
    private mutating func pushWithBackStack(
        _ match: RouteMatch, options: NavigationOptions, presenting style: ModalStyle? = nil
    ) throws(NavRouterError) {
        var chain: [Route] = []
        var parentName = match.route.parent
        while let name = parentName {
            guard let parent = table.route(named: name) else {
                throw NavRouterError(
                    .notFound,
                    "the parent route '\(name)' of '\(chain.last?.name ?? match.route.name)' is not registered")
            }
            // Registration keeps chains acyclic and within `RouteRegistry.maxParentDepth`; checked again here.
            if chain.contains(where: { $0.name == name }) || name == match.route.name {
                throw NavRouterError(
                    .invalidArgument, "the parent routes of '\(match.route.name)' form a cycle at '\(name)'")
            }
            if chain.count >= RouteRegistry.maxParentDepth {
                throw NavRouterError(
                    .invalidArgument,
                    "the parent routes of '\(match.route.name)' are more than \(RouteRegistry.maxParentDepth) deep")
            }
            chain.insert(parent, at: 0)
            parentName = parent.parent
        }
        // Where to build: the deepest ancestor already in the current stack, else the root ancestor's tab.
        var location = state.currentLocation
        var stack = state.stack(at: location)
        var missing = chain[...]
        if let (position, index) = deepestAncestor(chain, in: stack) {
            missing = chain[(position + 1)...]
            let gone = Array(stack[(index + 1)...])
            stack.removeSubrange((index + 1)...)
            try buildChain(
                missing, match, options: options, onto: &stack, location: location, gone: gone, presenting: style)
            return
        }
        if let tabIndex = state.tabs.firstIndex(where: { $0.route == chain.first?.name }) {
            try selectTab(tabIndex, reselecting: false)
            dismissAllLayers()  // the tab's own layers (modals per tab) go too: the link's chain is on the tab
            location = .tab(tabIndex)
            stack = state.tabs[tabIndex].stack
            missing = chain.dropFirst()
        }
        let keep = minimumKept(at: location)
        let gone = Array(stack[min(keep, stack.count)...])
        stack.removeSubrange(min(keep, stack.count)...)
        try buildChain(
            missing, match, options: options, onto: &stack, location: location, gone: gone, presenting: style)
    }

    private func deepestAncestor(_ chain: [Route], in stack: [NavigationEntry]) -> (position: Int, index: Int)? {
        for position in chain.indices.reversed() {
            if let index = stack.lastIndex(where: { $0.route == chain[position].name }) { return (position, index) }
        }
        return nil
    }

    private mutating func buildChain(
        _ chain: ArraySlice<Route>, _ match: RouteMatch, options: NavigationOptions,
        onto stack: inout [NavigationEntry],
        location: StackLocation, gone: [NavigationEntry], presenting style: ModalStyle? = nil
    ) throws(NavRouterError) {
        let before = stack.count
        for ancestor in chain where ancestor.presentation != .root {  // a root route is a tab, never pushed
            // From the path only: a link's query never reaches a parent (an external link could aim it anywhere).
            let names = Set(ancestor.pattern.parameterNames + ancestor.requiredParameters)
            let inherited = match.pathParameters.filter { names.contains($0.key) }
            let url: String
            do {
                url = try table.buildURL(route: ancestor.name, parameters: inherited)
            } catch {
                throw NavRouterError(
                    error.code,
                    "cannot build the back stack of '\(match.route.name)' at '\(ancestor.name)': \(error.message)")
            }
            stack.append(try makeEntry(try table.resolve(url), options: NavigationOptions(), opener: stack.last?.id))
        }
        guard let style else {
            stack.append(try makeEntry(match, options: options, opener: stack.last?.id))
            try replaceStack(at: location, with: stack, removed: gone)
            return
        }
        if stack.count != before || !gone.isEmpty { try replaceStack(at: location, with: stack, removed: gone) }
        try present(match, style: style, options: options)
    }

    private mutating func openTab(of match: RouteMatch, options: NavigationOptions) throws(NavRouterError) {
        guard let index = state.tabs.firstIndex(where: { $0.route == match.route.name }) else {
            throw NavRouterError(.notFound, "route '\(match.route.name)' is not the root of a tab")
        }
        try selectTab(index)
        if options.replace { popTo(index: 0) }
    }

    /// Selects a tab. The selected tab again: its layers are dismissed, and with `reselectPopsToRoot` (when the
    /// user reselects, not when a link lands on the tab) it pops to its root. Another tab: the layers are dismissed,
    /// or hidden with their tab (`modalsPerTab`), and the new tab's hidden layers come back.
    /// - Parameter historyBack: the selection is `back` through the tab history (not a new visit).
    private mutating func selectTab(_ index: Int, reselecting: Bool = true, historyBack: Bool = false)
        throws(NavRouterError)
    {
        guard state.tabs.indices.contains(index) else {
            throw NavRouterError(.invalidArgument, "tab \(index) does not exist (there are \(state.tabs.count))")
        }
        let old = state.selectedTab
        if old == index {
            dismissAllLayers()
            if reselecting && options.reselectPopsToRoot {
                popStack(at: .tab(index), to: 0, result: nil, userInitiated: false)
            }
            return
        }
        if options.modalsPerTab {
            hideLayers(of: old)
        } else {
            dismissAllLayers()
        }
        state.selectedTab = index
        if !historyBack { noteVisit(from: old, to: index) }
        var event = NavigationEvent(kind: .tabSelected, transitionID: transitionID)
        event.location = .tab(index)
        event.entry = state.tabs[index].stack.last
        event.userInitiated = userBack  // a back gesture's tab switch is the user's
        append(event)
        // Shown whatever the option says now: layers hidden while it was on are not lost when it is turned off.
        showLayers(of: index)
    }

    /// Records a visit in the tab history (each tab once, the latest last).
    private mutating func noteVisit(from old: Int, to new: Int) {
        if state.tabHistory.isEmpty { state.tabHistory = [old] }
        state.tabHistory.removeAll { $0 == new }
        state.tabHistory.append(new)
    }

    /// Hides the shown layers with the tab that presented them.
    private mutating func hideLayers(of tab: Int) {
        guard !state.layers.isEmpty else { return }
        let layers = state.layers
        state.layers = []
        state.tabs[tab].hiddenLayers = layers
        var event = NavigationEvent(kind: .layersHidden, transitionID: transitionID)
        event.entries = layers.map { $0.stack[0] }
        event.location = .tab(tab)
        append(event)
    }

    /// Shows a tab's hidden layers again (over the layers shown, if any).
    private mutating func showLayers(of tab: Int) {
        let layers = state.tabs[tab].hiddenLayers
        guard !layers.isEmpty else { return }
        state.tabs[tab].hiddenLayers = []
        state.layers += layers
        var event = NavigationEvent(kind: .layersShown, transitionID: transitionID)
        event.entries = layers.map { $0.stack[0] }
        event.location = .tab(tab)
        append(event)
    }

    private mutating func pop(count: Int, result: JSONValue?) throws(NavRouterError) {
        let stack = state.currentStack
        guard count >= 1 else {
            throw NavRouterError(.invalidArgument, "the pop count must be at least 1, not \(count)")
        }
        guard count < stack.count else {
            throw NavRouterError(
                .invalidArgument,
                "cannot pop \(count) entr\(count == 1 ? "y" : "ies"): the current stack has "
                    + "\(max(0, stack.count - 1)) above its root"
            )
        }
        popTo(index: stack.count - 1 - count, result: result)
    }

    /// Pops the current stack down to `index` (kept).
    private mutating func popTo(index: Int, result: JSONValue? = nil, userInitiated: Bool = false) {
        let location = state.currentLocation
        popStack(at: location, to: index, result: result, userInitiated: userInitiated)
    }

    private mutating func popStack(at location: StackLocation, to index: Int, result: JSONValue?, userInitiated: Bool) {
        let old = state.stack(at: location)
        guard index + 1 < old.count else { return }  // nothing above
        // The entries that go stay in the old stack's buffer (a slice of it, no array of their own).
        let gone = old[(index + 1)...]
        // A copy of the rest (the stack is shared with the state before the command): `removeSubrange` on the shared
        // array made the same copy through a generic path, ~250 instructions dearer.
        let stack = Array(old[...index])
        state.setStack(stack, at: location)
        var event = NavigationEvent(kind: .pop, transitionID: transitionID)
        event.entry = stack.last
        event.removedEntries = gone
        event.location = location
        event.userInitiated = userInitiated
        append(event)
        leave(gone, result: result)
    }

    private mutating func setStack(_ urls: [String]) throws(NavRouterError) {
        guard !urls.isEmpty else { throw NavRouterError(.invalidArgument, "a stack needs at least one URL") }
        let location = state.currentLocation
        let old = state.stack(at: location)
        var stack: [NavigationEntry] = []
        var matches: [RouteMatch] = []
        for url in urls { matches.append(try table.resolve(url)) }
        var tabRoot: String?
        if case .tab(let index) = location, let root = state.tabs[index].route {
            tabRoot = root
            if matches[0].route.name != root { stack.append(old[0]) }  // a tab keeps its root under the entries
        }
        for (position, match) in matches.enumerated() {
            let asTabRoot = position == 0 && match.route.name == tabRoot
            stack.append(
                try makeEntry(match, options: NavigationOptions(), opener: stack.last?.id, asTabRoot: asTabRoot))
        }
        let kept = Set(stack.lazy.map(\.id))
        try replaceStack(at: location, with: stack, removed: old.filter { !kept.contains($0.id) })
    }

    private mutating func dismiss(count: Int, result: JSONValue?, userInitiated: Bool) throws(NavRouterError) {
        guard count >= 1 else {
            throw NavRouterError(.invalidArgument, "the dismiss count must be at least 1, not \(count)")
        }
        guard !state.layers.isEmpty else { throw NavRouterError(.notFound, "there is no modal layer to dismiss") }
        if userInitiated,
            let layer = state.layers.indices.suffix(min(count, state.layers.count)).last(where: {
                state.layers[$0].preventDismissal
            })
        {
            throw NavRouterError(
                .denied, "modal layer \(layer) prevents dismissal by the user; dismiss it with a command")
        }
        var remaining = min(count, state.layers.count)
        var result = result
        while remaining > 0 {
            dismissTopLayer(result: result, userInitiated: userInitiated)
            result = nil
            remaining -= 1
        }
    }

    private mutating func dismissAllLayers() {
        while !state.layers.isEmpty { dismissTopLayer(result: nil, userInitiated: false) }
    }

    /// Dismisses the top layer. `appearing`, when given, is the entry the event names as on top (a prune's cascade
    /// names what is on top once all its layers are gone), else the entry now on top.
    private mutating func dismissTopLayer(
        result: JSONValue?, userInitiated: Bool, appearing: NavigationEntry?? = nil
    ) {
        let layer = state.layers.removeLast()
        var event = NavigationEvent(kind: .dismiss, transitionID: transitionID)
        event.location = .layer(state.layers.count)
        event.style = layer.style
        event.removedEntries = layer.stack[...]
        event.entry = appearing ?? state.topEntry
        event.userInitiated = userInitiated
        append(event)
        leave(layer.stack[...], result: result)
    }

    private mutating func back() throws(NavRouterError) {
        if state.currentStack.count > 1 {
            popTo(index: state.currentStack.count - 2, userInitiated: userBack)
        } else if let layer = state.layers.last {
            if layer.preventDismissal {
                throw NavRouterError(.denied, "the top modal layer prevents dismissal; dismiss it with a command")
            }
            try dismiss(count: 1, result: nil, userInitiated: userBack)
        } else if let tab = tabBackTarget() {
            if options.backBehavior == .history { state.tabHistory.removeLast() }
            try selectTab(tab, reselecting: false, historyBack: true)
        } else {
            throw NavRouterError(.notFound, "nothing to go back to: the current stack is at its root")
        }
    }

    /// The tab `back` selects at a tab's root, by `RouterOptions.backBehavior`; nil: none.
    func tabBackTarget() -> Int? {
        let selected = state.selectedTab
        switch options.backBehavior {
        case .none: return nil
        case .initialTab: return selected != 0 ? 0 : nil
        case .order: return selected > 0 ? selected - 1 : nil
        case .history:
            let history = state.tabHistory
            guard history.count >= 2, history.last == selected else { return nil }
            return history[history.count - 2]
        }
    }

    private mutating func userPopped(to id: EntryID) throws(NavRouterError) {
        guard let (_, location, index) = state.find(id) else {
            throw NavRouterError(.notFound, "entry \(id) is not in the state")
        }
        popStack(at: location, to: index, result: nil, userInitiated: true)
    }

    /// - Parameter linkMatch: the link's match when the router's pipeline resolved it (else the link is resolved here).
    private mutating func restore(
        _ snapshot: String, _ restoreOptions: RestoreOptions, link linkMatch: consuming RouteMatch?
    )
        throws(NavRouterError)
    {
        let decoded = try NavigationSnapshot.decode(snapshot, table: table, options: restoreOptions)
        var restored = decoded.state
        var dropped = decoded.dropped
        if !isAuthenticated {
            // What a logged-out user may not see goes before any view is made or any event names it.
            let table = table
            dropped += restored.cut { Router.requiresAuth($0, in: table) }.map { entry in
                DroppedEntry(
                    id: entry.id, route: entry.route, url: entry.url,
                    reason: "route '\(entry.route)' requires authentication (or is above such an entry) and the user "
                        + "is logged out")
            }
        }
        var withViews = restored
        try withViews.updateEachStack { (_, stack: inout [NavigationEntry]) throws(NavRouterError) in
            for index in stack.indices { stack[index] = try adopt(stack[index]) }
        }
        replaceAll(with: withViews, keepingCounter: false)
        var event = NavigationEvent(kind: .restored, transitionID: transitionID)
        event.entries = withViews.allEntries
        event.location = withViews.currentLocation
        if !dropped.isEmpty || restoreOptions.tolerant || restoreOptions.migrate != nil {
            event.info = .object([
                "dropped": .array(dropped.map(\.jsonValue)), "version": .integer(decoded.version),
            ])
        }
        append(event)
        if let link = restoreOptions.link {
            // The pipeline ran the link through its stages (the policy among them) before this transaction.
            if let match = linkMatch.take() {
                try navigate(to: match, restoreOptions.linkOptions)
            } else {
                try navigate(to: try table.resolve(link), restoreOptions.linkOptions)
            }
        }
    }

    private mutating func updateEntry(
        _ id: EntryID, parameters: [String: String]?, props: [String: JSONValue]?
    ) throws(NavRouterError) {
        guard let entry = state.findAnywhere(id) else {
            throw NavRouterError(.notFound, "entry \(id) is not in the state")
        }
        var url = entry.url
        var newParameters = entry.parameterSource
        if let parameters {
            // `buildURL` refuses a URL that would open another route (`.conflict`): this one opens the entry's.
            url = try table.buildURL(route: entry.route, parameters: parameters)
            newParameters = EntryParameters(try table.resolve(url))
        }
        let updated = entry.changed(
            url: url, parameters: newParameters, props: props ?? entry.props, opener: entry.opener)
        if updated == entry { return }
        state.replaceEntry(updated)
        var event = NavigationEvent(kind: .entryUpdated, transitionID: transitionID)
        event.entry = updated
        event.location = state.find(id)?.location
        append(event)
    }

    // MARK: Helpers

    /// Entries a stack keeps at the bottom: a tab with a root route keeps its root.
    private func minimumKept(at location: StackLocation) -> Int {
        if case .tab(let index) = location, state.tabs[index].route != nil { return 1 }
        return 0
    }

    /// Makes the entry of a match, with its view, and takes the next id.
    /// - Parameter asTabRoot: the entry becomes a tab's root (the only place a `root` route's entry may be).
    /// - Throws: `.invalidArgument` for a `root` route elsewhere, `.limitExceeded` when the ids are used up,
    ///   `.callback` when the handler declines.
    private mutating func makeEntry(
        _ match: RouteMatch, options: NavigationOptions, opener: EntryID?, asTabRoot: Bool = false
    ) throws(NavRouterError) -> NavigationEntry {
        if match.route.presentation == .root && !asTabRoot {
            throw NavRouterError(
                .invalidArgument,
                "route '\(match.route.name)' is the root of a tab: it is not pushed or presented (navigate to it to "
                    + "select its tab)"
            )
        }
        guard state.nextEntryID < NavigationState.maxEntryID else {
            throw NavRouterError(
                .limitExceeded, "no entry id is left: the router's id counter is at its limit (2^53 - 1)")
        }
        let entry = NavigationEntry(
            id: state.nextEntryID, route: match.route.name, url: match.url, parameters: EntryParameters(match),
            props: options.props ?? match.props, expectsResult: options.expectsResult,
            opener: options.expectsResult ? opener : nil, requiresAuth: match.route.requiresAuth)
        state.nextEntryID = EntryID(state.nextEntryID.rawValue + 1)
        return try adopt(entry)
    }

    /// Builds the view of an entry and records it as created by this transaction.
    private mutating func adopt(_ entry: consuming NavigationEntry) throws(NavRouterError) -> NavigationEntry {
        var entry = entry
        try views.makeView(for: &entry)
        created.append(entry)
        return entry
    }

    private mutating func replaceStack(
        at location: StackLocation, with stack: [NavigationEntry], removed gone: [NavigationEntry]
    )
        throws(NavRouterError)
    {
        state.setStack(stack, at: location)
        var event = NavigationEvent(kind: .stackReplaced, transitionID: transitionID)
        event.entries = stack
        event.entry = stack.last
        event.removed = gone
        event.location = location
        append(event)
        leave(gone[...], result: nil)
    }

    /// Replaces the whole state; every old entry leaves. The id counter never goes back (ids are never reused),
    /// except by a restore, which brings back exactly the snapshot's state, its counter included.
    private mutating func replaceAll(with newState: NavigationState, keepingCounter: Bool = true) {
        let old = state.allEntries
        let counter = keepingCounter ? max(state.nextEntryID, newState.nextEntryID) : newState.nextEntryID
        state = newState
        state.nextEntryID = counter
        leave(old[...], result: nil, deliverResults: false)
    }

    /// Records entries that left the state; the top-most one that expects a result gets `result`, the others
    /// that expect one are told they closed without.
    private mutating func leave(
        _ entries: ArraySlice<NavigationEntry>, result: JSONValue?, deliverResults: Bool = true
    ) {
        if removed.isEmpty { removed = entries } else { removed += entries }  // shares the buffer: no copy
        guard deliverResults else { return }
        var pending = result
        for entry in entries.reversed() where entry.expectsResult {
            var event = NavigationEvent(kind: .resultDelivered, transitionID: transitionID)
            event.entry = entry.opener.flatMap { state.find($0)?.entry }
            event.resultOf = entry.id
            event.result = pending
            pending = nil
            append(event)
        }
    }

    private mutating func emit(_ kind: NavigationEventKind) {
        var event = NavigationEvent(kind: kind, transitionID: transitionID)
        event.location = state.currentLocation
        append(event)
    }

    private mutating func append(_ event: consuming NavigationEvent) {
        if event.animated != animated { event.animated = animated }  // no copy of the fields in the usual case
        events.append(event)
    }
}
