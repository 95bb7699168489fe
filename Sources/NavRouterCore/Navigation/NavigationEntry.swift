/// An entry's unique id: monotonic per router, never reused.
public typealias EntryID = UInt64

/// The host's view for an entry, as opaque bits (a C `void *`, an index into the host's own table, …).
public struct ViewHandle: Hashable, Sendable {
    /// The host's bits.
    public let rawValue: UInt

    /// Wraps the host's bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
}

/// One screen in a stack: a resolved route with its parameters and props, and the host's view for it.
public struct NavigationEntry: Equatable, Sendable {
    /// Unique within its router, never reused.
    public let id: EntryID
    /// The route's name.
    public let route: String
    /// The URL the entry was opened with.
    public let url: String
    /// The merged path and query parameters.
    public let parameters: [String: String]
    /// Props: from the command, or carried in the URL.
    public let props: [String: JSONValue]?
    /// The entry was opened expecting a result: popping or dismissing it delivers one to `opener`.
    public let expectsResult: Bool
    /// The entry that was on top when this one was opened (who receives its result).
    public let opener: EntryID?
    /// The host's view, made by the route's handler (nil when no handler is set).
    public internal(set) var view: ViewHandle?

    /// Creates an entry (the router makes them; public for hosts that build states by hand in tests).
    public init(
        id: EntryID, route: String, url: String, parameters: [String: String] = [:], props: [String: JSONValue]? = nil,
        expectsResult: Bool = false, opener: EntryID? = nil, view: ViewHandle? = nil
    ) {
        self.id = id
        self.route = route
        self.url = url
        self.parameters = parameters
        self.props = props
        self.expectsResult = expectsResult
        self.opener = opener
        self.view = view
    }
}
