/// What the router's identifiers have in common: a number (the same number as in the C ABI, JSON, snapshots and
/// the transaction log) wrapped in a type of its own, so that one kind of id cannot be passed where another is
/// expected (an entry id is not a transition id).
///
/// Identifiers are ordered by their numbers (later ids of a router are greater), print as the bare number, and
/// encode as a JSON number. An integer literal makes one (`router.popTo(entry: 3)`); a variable of another id type
/// or a plain integer does not convert.
public protocol NavigationIdentifier: RawRepresentable, Hashable, Comparable, Sendable, Codable,
    LosslessStringConvertible, ExpressibleByIntegerLiteral
where RawValue == UInt64, IntegerLiteralType == UInt64 {
    /// Wraps a number.
    init(rawValue: UInt64)
}

extension NavigationIdentifier {
    /// Wraps a number (an id read from C, JSON or a log).
    public init(_ rawValue: UInt64) { self.init(rawValue: rawValue) }

    /// Wraps a literal number.
    public init(integerLiteral value: UInt64) { self.init(rawValue: value) }

    /// Orders by number.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The bare number.
    public var description: String { String(rawValue) }

    /// Reads the bare number (`nil` for anything else), as printed by `description`.
    public init?(_ description: String) {
        guard let value = UInt64(description) else { return nil }
        self.init(rawValue: value)
    }

    /// Decodes a JSON number.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(UInt64.self))
    }

    /// Encodes as a JSON number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// An entry's id (`NavigationEntry.ID`): unique within its router, monotonic, never reused.
public struct EntryID: NavigationIdentifier {
    /// The number.
    public let rawValue: UInt64
    /// Wraps a number.
    public init(rawValue: UInt64) { self.rawValue = rawValue }
}

/// A command's transition (`Router.Outcome.applied`, `NavigationEvent.transitionID`): every event of one command
/// carries it; in `.waitForHost` mode the host hands it back to `Router.transitionFinished(_:)`.
public struct TransitionID: NavigationIdentifier {
    /// The number.
    public let rawValue: UInt64
    /// Wraps a number.
    public init(rawValue: UInt64) { self.rawValue = rawValue }
}

/// The token of a pending flow (`Router.Outcome.pending`): resume it with `Router.resumeFlow(_:decision:)` or
/// `Router.completeLogin(_:success:)`. Unguessable unless `RouterOptions.flowTokenSeed` is set.
public struct FlowToken: NavigationIdentifier {
    /// The number.
    public let rawValue: UInt64
    /// Wraps a number.
    public init(rawValue: UInt64) { self.rawValue = rawValue }
}

/// The ticket of a queued command (`Router.Outcome.queued`): its events, and its `commandFailed` event, carry it.
public struct Ticket: NavigationIdentifier {
    /// The number.
    public let rawValue: UInt64
    /// Wraps a number.
    public init(rawValue: UInt64) { self.rawValue = rawValue }
}

/// An interceptor's registration (`GuardCenter.addInterceptor`), for removing it.
public struct InterceptorID: NavigationIdentifier {
    /// The number.
    public let rawValue: UInt64
    /// Wraps a number.
    public init(rawValue: UInt64) { self.rawValue = rawValue }
}

/// A back gesture in progress (`Router.beginBackGesture()`), to commit or cancel.
public struct GestureID: NavigationIdentifier {
    /// The number.
    public let rawValue: UInt64
    /// Wraps a number.
    public init(rawValue: UInt64) { self.rawValue = rawValue }
}

extension NavigationIdentifier {
    /// The id as a JSON number (ids stay below 2^53, exact in every JSON reader).
    var jsonValue: JSONValue { .integer(Int64(clamping: rawValue)) }

    /// An id read from JSON (a negative number clamps to 0, which no router issues).
    init(json value: Int64) { self.init(rawValue: UInt64(clamping: value)) }
}
