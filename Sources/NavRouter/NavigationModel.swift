import NavRouterCore
import Observation

/// A router's state as observable values for SwiftUI: one `TabModel` per tab (bind a `NavigationStack`'s path to
/// `tab.path`), the selected tab (bind a `TabView`'s selection to `selectedTab`) and the modal layers.
///
/// Owned by a `NavigationHost`, which updates it on the main actor as it delivers events: after each command the
/// model holds the router's state as it was when the command's `stateChanged` event was delivered. Writing
/// `selectedTab` selects a tab; writing a shorter `path` reports a swipe back (`Router.userPopped(to:)`).
@MainActor
@Observable
public final class NavigationModel {
    /// The state the model shows.
    public private(set) var state: NavigationState
    /// One model per tab, in tab order (a router without root routes has one: its main stack).
    public private(set) var tabs: [TabModel]
    /// The modal layers above the tabs, lowest first.
    public private(set) var layers: [ModalLayer]

    @ObservationIgnored private let router: Router
    /// The selected tab's index as last shown.
    private var shownTab: Int
    /// A selection the router queued (a transition was being drawn): shown already, not yet in the router's state.
    @ObservationIgnored private var queuedSelection: Int?

    init(router: Router) {
        self.router = router
        let state = router.state
        self.state = state
        self.tabs = []
        self.layers = state.layers
        self.shownTab = state.selectedTab
        self.tabs = state.tabs.indices.map { TabModel(index: $0, model: self) }
        for (tab, model) in zip(state.tabs, tabs) { model.show(tab.stack) }
    }

    /// The selected tab's index; setting it selects that tab (dismissing modal layers), as `Router.selectTab(_:)`
    /// does (while a transition is being drawn, once it is). An index out of range is ignored; a refused selection
    /// (a leave guard) goes back.
    public var selectedTab: Int {
        get { shownTab }
        set {
            guard newValue != shownTab, state.tabs.indices.contains(newValue) else { return }
            shownTab = newValue
            switch MainActorCall.run({ try? router.selectTab(newValue) }) {
            case nil:  // refused: the selection goes back
                queuedSelection = nil
                shownTab = state.selectedTab
            case .queued?: queuedSelection = newValue
            default: queuedSelection = nil
            }
        }
    }

    /// Reports that the user dismissed the modal layer at `index`, and every layer above it, directly (a sheet
    /// dragged down): the router follows (`Router.userDismissed(_:)`), and events say `userInitiated`. A layer that
    /// prevents dismissal stays (the router refuses), and so does the model; an index out of range is ignored.
    /// For SwiftUI, the setter of a sheet's `isPresented` binding.
    public func userDismissed(layer index: Int) {
        guard state.layers.indices.contains(index) else { return }
        let count = state.layers.count - index
        _ = MainActorCall.run { try? router.userDismissed(count) }
        show(router.state)
    }

    /// The entry on top of everything (the top modal layer's, else the selected tab's).
    public var topEntry: NavigationEntry? { state.topEntry }

    /// Takes the router's state after an event.
    func apply(_ event: NavigationEvent) {
        switch event.kind {
        case .commandFailed:  // perhaps the queued selection: undo what was assumed
            queuedSelection = nil
            show(router.state)
        case .stateChanged, .restored, .tabsSetUp:
            let newState = router.state
            if queuedSelection == newState.selectedTab { queuedSelection = nil }
            show(newState)
        default: break
        }
    }

    /// Shows a state: each tab's stack, the layers, the selection.
    func show(_ newState: NavigationState) {
        if queuedSelection == nil, shownTab != newState.selectedTab { shownTab = newState.selectedTab }
        guard newState != state || tabs.count != newState.tabs.count else { return }
        state = newState
        if tabs.count != newState.tabs.count {
            tabs = newState.tabs.indices.map { TabModel(index: $0, model: self) }
        }
        for (tab, model) in zip(newState.tabs, tabs) { model.show(tab.stack) }
        if layers != newState.layers { layers = newState.layers }
    }

    /// A tab's path was set shorter (the user swiped back): tells the router, or shows its state again.
    fileprivate func userPopped(tab index: Int, to entries: [NavigationEntry]) {
        guard index == state.selectedTab, state.layers.isEmpty, let last = entries.last else {
            show(router.state)
            return
        }
        do {
            _ = try MainActorCall.run { () throws(NavRouterError) in try router.userPopped(to: last.id) }
            show(router.state)
        } catch {
            tabs[index].show(state.tabs[index].stack)  // refused (a leave guard): the path shows the stack again
        }
    }
}

/// One tab as observable values: its root entry and the entries above it, the `path` of a SwiftUI
/// `NavigationStack` (entries are `Hashable`).
@MainActor
@Observable
public final class TabModel: Identifiable {
    /// The tab's index.
    public let index: Int
    /// The tab's stack, bottom (its root) first.
    public private(set) var stack: [NavigationEntry] = []
    @ObservationIgnored private unowned let model: NavigationModel

    init(index: Int, model: NavigationModel) {
        self.index = index
        self.model = model
    }

    /// The tab's index.
    public nonisolated var id: Int { index }

    /// The tab's root entry (`nil` before the router started).
    public var root: NavigationEntry? { stack.first }

    /// The entries above the root: a `NavigationStack`'s path. Setting a shorter path (the user swiped back or
    /// tapped a back button SwiftUI draws) pops the router to the last entry kept; any other change is not the
    /// user's to make and shows the router's stack again.
    public var path: [NavigationEntry] {
        get { Array(stack.dropFirst()) }
        set {
            let kept = Array(stack.prefix(newValue.count + 1))
            guard newValue.count < stack.count - 1, kept.dropFirst().map(\.id) == newValue.map(\.id) else {
                if newValue.map(\.id) != path.map(\.id) { model.show(model.state) }
                return
            }
            stack = kept
            model.userPopped(tab: index, to: kept)
        }
    }

    func show(_ entries: [NavigationEntry]) {
        if entries != stack { stack = entries }
    }
}
