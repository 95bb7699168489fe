/// The host's view for an entry, as opaque bits (a C `void *`, an index into the host's own table, …).
public struct ViewHandle: Hashable, Sendable {
    /// The host's bits.
    public let rawValue: UInt

    /// Wraps the host's bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
}

/// One screen in a stack: a resolved route with its parameters and props, and the host's view for it.
///
/// A value type whose route, URL, parameters and props live in one shared, immutable storage object: copying an
/// entry (into a stack, an event, a snapshot) costs one reference count, not one per field.
public struct NavigationEntry: Equatable, Sendable {
    /// The entry's values (a change makes a new storage: entries are shared by states and events).
    private struct EntryValues: Equatable, Sendable {
        let route: String
        let url: String
        let parameters: EntryParameters
        let props: [String: JSONValue]?
        let expectsResult: Bool
        let opener: EntryID?
        /// The route required authentication when the entry was made (logging out prunes it, whatever became of
        /// the route since).
        let requiresAuth: Bool
        /// The host's saved state for the entry (scroll position, form input…), kept in snapshots.
        var savedState: [String: JSONValue]? = nil
    }

    /// Unique within its router, never reused.
    public let id: EntryID
    private final class Storage: CopyOnWriteStorage {
        var value: EntryValues
        init(_ value: EntryValues) { self.value = value }
    }

    private var values: CopyOnWrite<Storage>
    /// The host's view, made by the route's handler (nil when no handler is set).
    public internal(set) var view: ViewHandle?
    /// The handler that made `view`: the view goes back to it, whatever handlers are set since. Not part of the
    /// entry's value (`==` ignores it).
    var maker: ViewMaker?
    /// The handler that made the entry's view (nil when none did): its view goes back to it, also after the handler
    /// was replaced or removed.
    public var viewHandler: (any RouteHandler)? { maker?.handler }

    /// The route's name.
    public var route: String { values.value.route }
    /// The URL the entry was opened with.
    public var url: String { values.value.url }
    /// The merged path and query parameters (made when read for an entry that keeps one parameter's name and value:
    /// see `EntryParameters`).
    public var parameters: [String: String] { values.value.parameters.dictionary }
    /// The parameters as kept (a dictionary, or one parameter's name and value).
    var parameterSource: EntryParameters { values.value.parameters }
    /// Props: from the command, or carried in the URL.
    public var props: [String: JSONValue]? { values.value.props }
    /// The entry was opened expecting a result: popping or dismissing it delivers one to `opener`.
    public var expectsResult: Bool { values.value.expectsResult }
    /// The entry that was on top when this one was opened (who receives its result).
    public var opener: EntryID? { values.value.opener }
    /// Whether the entry's route required authentication when it was made.
    var requiresAuth: Bool { values.value.requiresAuth }
    /// A small JSON object the host keeps with the entry (`Router.setSavedState`) and gets back after a restore.
    public var savedState: [String: JSONValue]? { values.value.savedState }

    /// Creates an entry (the router makes them; public for hosts that build states by hand in tests).
    public init(
        id: EntryID, route: String, url: String, parameters: [String: String] = [:], props: [String: JSONValue]? = nil,
        expectsResult: Bool = false, opener: EntryID? = nil, view: ViewHandle? = nil
    ) {
        self.init(
            id: id, route: route, url: url, parameters: .given(parameters), props: props,
            expectsResult: expectsResult, opener: opener, requiresAuth: false, view: view)
    }

    /// Creates an entry, saying whether its route requires authentication.
    init(
        id: EntryID, route: String, url: String, parameters: EntryParameters, props: [String: JSONValue]?,
        expectsResult: Bool, opener: EntryID?, requiresAuth: Bool, view: ViewHandle? = nil
    ) {
        self.id = id
        self.values = CopyOnWrite(
            EntryValues(
                route: route, url: url, parameters: parameters, props: props, expectsResult: expectsResult,
                opener: opener, requiresAuth: requiresAuth))
        self.view = view
    }

    /// The same entry without an opener (its opener left the state): it still expects a result, which then goes to
    /// nobody.
    func withoutOpener() -> NavigationEntry {
        changed(url: url, parameters: parameterSource, props: props, opener: nil)
    }

    /// The same entry (id, view and its maker kept) with other values.
    func changed(
        url: String, parameters: EntryParameters, props: [String: JSONValue]?, opener: EntryID?
    ) -> NavigationEntry {
        var entry = NavigationEntry(
            id: id, route: route, url: url, parameters: parameters, props: props, expectsResult: expectsResult,
            opener: opener, requiresAuth: requiresAuth, view: view)
        entry.maker = maker
        entry.values.value.savedState = savedState
        return entry
    }

    /// The same entry with another saved state.
    func withSavedState(_ savedState: [String: JSONValue]?) -> NavigationEntry {
        var entry = self
        entry.values.value.savedState = savedState
        return entry
    }

    /// Equal ids, values and views (the view's maker is not part of the value).
    public static func == (lhs: NavigationEntry, rhs: NavigationEntry) -> Bool {
        lhs.id == rhs.id && lhs.view == rhs.view && lhs.values == rhs.values
    }
}

/// An entry's parameters, as a dictionary or, for the usual entry (a route with one path parameter, a link
/// without a query), as that parameter's name and value, made into a dictionary when read. A navigation then builds
/// no dictionary for its entry unless someone reads one: hashing the name and allocating the dictionary was ~1,350
/// instructions of a C push/pop pair's ~20,500 (callgrind), paid whether the host looked or not. (Keeping the whole
/// match instead would keep its table alive for as long as the entry lives, across registry changes.)
enum EntryParameters: Equatable, Sendable {
    /// A dictionary, as given.
    case given([String: String])
    /// One parameter.
    case one(name: String, value: String)

    /// The merged parameters of a match, kept as `one` when they are one path parameter.
    init(_ match: borrowing RouteMatch) {  // borrowed: an initializer's argument is otherwise copied in
        switch (match.queryItems.isEmpty, match.pathParameterCount) {
        case (true, 0): self = .given([:])
        case (true, 1): self = .one(name: match.pathParameterName(at: 0), value: match.pathParameterValue(at: 0))
        default: self = .given(match.parameters)
        }
    }

    /// One parameter's value, without making the dictionary of a `one`.
    func value(_ name: String) -> String? {
        switch self {
        case .given(let parameters): return parameters[name]
        case .one(let key, let value): return key == name ? value : nil
        }
    }

    /// The parameters by name.
    var dictionary: [String: String] {
        switch self {
        case .given(let parameters): return parameters
        case .one(let name, let value): return [name: value]
        }
    }

    /// Appends the parameters as a JSON object with sorted keys (the text of `JSONValue.object(strings:
    /// dictionary)`).
    func writeJSON(to text: inout [UInt8]) {
        switch self {
        case .given(let parameters): JSONValue.writeObject(strings: parameters, to: &text)
        case .one(let name, let value):
            JSONValue.writeObject(sortedStrings: CollectionOfOne((key: name, value: value)), to: &text)
        }
    }

    /// Equal parameters, however they are kept.
    static func == (lhs: EntryParameters, rhs: EntryParameters) -> Bool {
        lhs.dictionary == rhs.dictionary
    }
}
