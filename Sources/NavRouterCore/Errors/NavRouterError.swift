/// The one error type of the core: a status code (equal to the `NAVROUTER_E…` value in `include/navrouter.h`)
/// and a message for people.
///
/// Every failure of the core is reported as a `NavRouterError`; nothing in the core traps on bad input.
public struct NavRouterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, as a stable code. The raw values are the C status codes and are append-only.
    public enum Code: Int32, Sendable, CaseIterable {
        /// An argument is invalid (NULL, empty, out of range, not UTF-8, an unknown option).
        case invalidArgument = -1
        /// No route matches, or no route of that name exists.
        case notFound = -2
        /// A route conflicts with one already registered (same name, or matches exactly the same URLs).
        case conflict = -3
        /// Refused by policy: an unlisted web domain or scheme.
        case denied = -4
        /// The command was cancelled.
        case cancelled = -5
        /// A host callback failed or refused.
        case callback = -6
        /// A URL is malformed (bad escape, empty or dot segment, control character, a space at its start or end, a
        /// raw `\` in the path, a `:` in a relative link's first segment, a `:` or `@` in an app link's host, invalid
        /// UTF-8 after decoding).
        case malformedURL = -7
        /// A route pattern is invalid.
        case invalidPattern = -8
        /// JSON text is invalid, or not of the expected shape.
        case invalidJSON = -9
        /// A configured limit was exceeded (URL length, segment count).
        case limitExceeded = -10
        /// Required parameters are missing, or a parameter has the wrong type.
        case missingParameter = -11
        /// The handle was already destroyed.
        case destroyed = -12
        /// An external link tried to open a route not flagged `external`.
        case notExternal = -13
    }

    /// The stable status code.
    public var code: Code
    /// A message that says what was wrong and where.
    public var message: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: the status code.
    ///   - message: what was wrong and where.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `message`, for printing.
    public var description: String { message }
}

extension NavRouterError.Code: CustomStringConvertible {
    /// The case's Swift name, e.g. `"invalidArgument"` (what `print` and string interpolation show).
    public var description: String {
        switch self {
        case .invalidArgument: return "invalidArgument"
        case .notFound: return "notFound"
        case .conflict: return "conflict"
        case .denied: return "denied"
        case .cancelled: return "cancelled"
        case .callback: return "callback"
        case .malformedURL: return "malformedURL"
        case .invalidPattern: return "invalidPattern"
        case .invalidJSON: return "invalidJSON"
        case .limitExceeded: return "limitExceeded"
        case .missingParameter: return "missingParameter"
        case .destroyed: return "destroyed"
        case .notExternal: return "notExternal"
        }
    }

    /// The status's name in the C header without its `NAVROUTER_` prefix, e.g. `"EINVAL"`: the name JSON outputs,
    /// the transaction log, the conformance vectors and the other bindings use.
    public var cName: String {
        switch self {
        case .invalidArgument: return "EINVAL"
        case .notFound: return "ENOTFOUND"
        case .conflict: return "ECONFLICT"
        case .denied: return "EDENIED"
        case .cancelled: return "ECANCELLED"
        case .callback: return "ECALLBACK"
        case .malformedURL: return "EMALFORMED"
        case .invalidPattern: return "EPATTERN"
        case .invalidJSON: return "EJSON"
        case .limitExceeded: return "ELIMIT"
        case .missingParameter: return "EPARAM"
        case .destroyed: return "EDESTROYED"
        case .notExternal: return "EEXTERNAL"
        }
    }
}
