import NavRouterCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Copies a required C string argument into a Swift string.
/// - Throws: `.invalidArgument` for NULL or invalid UTF-8, naming the argument.
func cString(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(NavRouterError) -> String {
    guard let pointer else { throw NavRouterError(.invalidArgument, "\(name) is NULL") }
    guard let text = String(validatingCString: pointer) else {
        throw NavRouterError(.invalidArgument, "\(name) is not valid UTF-8")
    }
    return text
}

/// Copies a required URL argument into a Swift string.
/// - Throws: `.invalidArgument` for NULL, `.malformedURL` for invalid UTF-8 (a URL's bytes are its syntax).
func cURL(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(NavRouterError) -> String {
    guard let pointer else { throw NavRouterError(.invalidArgument, "\(name) is NULL") }
    guard let text = String(validatingCString: pointer) else {
        throw NavRouterError(.malformedURL, "\(name) is not valid UTF-8")
    }
    return text
}

/// Copies an optional C string argument (NULL gives `nil`).
func optionalCString(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(NavRouterError) -> String? {
    guard pointer != nil else { return nil }
    return try cString(pointer, name)
}

/// Copies an array of C strings (of URLs when `urls`: invalid UTF-8 is then `.malformedURL`).
func cStringArray(_ pointer: UnsafePointer<UnsafePointer<CChar>?>?, _ count: Int, _ name: String, urls: Bool = false)
    throws(NavRouterError) -> [String]
{
    if count == 0 { return [] }
    guard let pointer, count > 0 else {
        throw NavRouterError(.invalidArgument, "\(name) is NULL or its count is negative")
    }
    var strings: [String] = []
    for index in 0..<count {
        let name = "\(name)[\(index)]"
        strings.append(try urls ? cURL(pointer[index], name) : cString(pointer[index], name))
    }
    return strings
}

/// A malloc'd copy of a Swift string, for the caller to free with `navrouter_string_free` (or for a box to own).
func ownedCString(_ text: String) -> UnsafeMutablePointer<CChar> {
    strdup(text)!
}

/// Writes an owned string into a `char **` out-parameter.
func store(_ text: String, into out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) {
    out.pointee = ownedCString(text)
}

/// Checks that an out-parameter is not NULL.
func required<T>(_ pointer: UnsafeMutablePointer<T>?, _ name: String) throws(NavRouterError) -> UnsafeMutablePointer<T>
{
    guard let pointer else { throw NavRouterError(.invalidArgument, "\(name) is NULL") }
    return pointer
}

/// A URL argument given with its length, as its bytes (not copied, not yet checked: the core's resolve checks them
/// for UTF-8 as it scans, when asked with `validatingUTF8: true`, without a second pass over an ASCII path).
@inline(__always)
func urlBytes(_ url: UnsafePointer<CChar>, length: Int) -> UnsafeBufferPointer<UInt8> {
    // Safety: the header asks for `length` readable bytes at `url`; CChar and UInt8 have one layout, and the bytes
    // are only read, during the call.
    UnsafeBufferPointer(start: UnsafeRawPointer(url).assumingMemoryBound(to: UInt8.self), count: length)
}
