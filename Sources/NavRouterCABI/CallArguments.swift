// Helpers of the C layer's functions that take JSON arguments and host hooks.

import NavRouterCore

/// A JSON object argument (NULL gives nil).
func optionalObject(_ json: UnsafePointer<CChar>?, _ name: String) throws(NavRouterError) -> [String: JSONValue]? {
    guard let text = try optionalCString(json, name) else { return nil }
    return try JSONValue.parseObject(text, what: name)
}

/// The host's user data for a hook called during the call that received it.
/// Safety: the pointer is the host's, handed back to the host's own function during the call that received it.
struct UnsafeSendableRaw: @unchecked Sendable {
    let pointer: UnsafeMutableRawPointer?
    init(_ pointer: UnsafeMutableRawPointer?) { self.pointer = pointer }
}
