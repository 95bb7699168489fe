/// How `navigate` puts an entry on screen, overriding the route's presentation.
public enum PresentationOverride: Equatable, Sendable {
    /// Push onto the current stack.
    case push
    /// Present in a new modal layer.
    case modal(ModalStyle)
    /// Replace the current stack's top entry.
    case replaceTop
    /// Select the route's tab (a `root` route).
    case root
}

/// Options of `Router.navigate`: presentation, stack shaping, results. All default to off.
public struct NavigationOptions: Equatable, Sendable {
    /// Overrides the route's presentation.
    public var presentation: PresentationOverride?
    /// The current stack becomes this entry alone.
    public var replace: Bool = false
    /// A presented layer may not be dismissed by the user.
    public var preventDismissal: Bool = false
    /// Whether the host should animate (passed on in events).
    public var animated: Bool = true
    /// Don't push when the top entry has the same route and the same parameters.
    public var singleTop: Bool = false
    /// Before pushing, pop down to the topmost entry of this route (removing it too when `popUpToInclusive`).
    public var popUpTo: String? {
        get { rare?.value.popUpTo }
        set { changeRare { $0.popUpTo = newValue } }
    }
    /// With `popUpTo`: remove that entry too.
    public var popUpToInclusive: Bool = false
    /// When the route is already in the current stack, remove it and everything above it before pushing
    /// (with `singleTop` and equal parameters, keep it and remove only what is above).
    public var clearTop: Bool = false
    /// Build the route's parent chain underneath when it is not in the current stack (default for external links).
    public var buildBackStack: Bool?
    /// The entry expects a result, delivered to the current top entry when it is popped or dismissed.
    public var expectsResult: Bool = false
    /// Props (a JSON object) for the entry; they win over props carried in the URL.
    public var props: [String: JSONValue]? {
        get { rare?.value.props }
        set { changeRare { $0.props = newValue } }
    }
    /// The link comes from outside the app (a notification, another app, the web).
    public var external: Bool = false
    /// Push onto the stack of the tab with this root route, without selecting it and whatever modal is shown
    /// (a message arriving in the inbox tab while the user is elsewhere). `nil`: the current stack.
    public var tab: String? {
        get { rare?.value.tab }
        set { changeRare { $0.tab = newValue } }
    }
    /// How long the navigation may wait as a pending flow before it is cancelled (overrides
    /// `RouterOptions.flowDeadline`); a navigation with a negative deadline is refused (`.invalidArgument`).
    public var flowDeadline: Duration?

    /// The options that hold references, boxed: most navigations set none of them, and copying the options (a
    /// navigation copies them several times on its way through the pipeline) then retains nothing. Nil when all
    /// three are nil, so that equal options compare equal however they were set.
    private var rare: CopyOnWrite<RareStorage>?

    private struct RareOptions: Equatable, Sendable {
        var popUpTo: String?
        var props: [String: JSONValue]?
        var tab: String?
    }

    private final class RareStorage: CopyOnWriteStorage {
        var value: RareOptions
        init(_ value: RareOptions) { self.value = value }
    }

    private mutating func changeRare(_ change: (inout RareOptions) -> Void) {
        if rare == nil { rare = CopyOnWrite(RareOptions()) }
        change(&rare!.value)
        if rare!.value == RareOptions() { rare = nil }
    }

    /// Default options.
    public init() {}

    /// Options built in place: `NavigationOptions { $0.singleTop = true }`.
    public init(_ configure: (inout NavigationOptions) -> Void) {
        configure(&self)
    }
}
