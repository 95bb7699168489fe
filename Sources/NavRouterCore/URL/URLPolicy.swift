/// Which deep links may address the app, and how large they may be.
///
/// Universal links and app links are an explicit policy, never a guess: an `http`/`https` URL addresses the
/// app only when its host is one of `webDomains` (the domain is then dropped and the path addresses the route);
/// a custom scheme is accepted when `schemes` is empty or lists it. Relative links (`/home/dashboard`,
/// `home/dashboard`) are always accepted.
///
/// Every URL that starts with an RFC 3986 scheme (`[A-Za-z][A-Za-z0-9+.-]*:`) is subject to the policy, with or
/// without `//`: a URL without `//` after its scheme (`javascript:alert(1)`, `mailto:a@b.c`) never addresses the
/// app, and neither do the well-known schemes that are not apps' (`reservedSchemes`: `file`, `javascript`,
/// `data`, …), whatever `schemes` says. (A relative link's first segment therefore cannot contain a `:`, as
/// RFC 3986 says.)
public struct URLPolicy: Equatable, Sendable {
    /// The app's web domains, lowercased (e.g. `shop.example.com`).
    public var webDomains: Set<String>
    /// The app's custom schemes, lowercased (e.g. `myapp`); empty accepts any custom scheme.
    public var schemes: Set<String>
    /// The longest URL accepted, in UTF-8 bytes (default 8 KiB).
    public var maxURLLength: Int
    /// The most path segments accepted (default 64).
    public var maxSegments: Int

    /// Creates a policy.
    /// - Parameters:
    ///   - webDomains: the app's web domains (any case).
    ///   - schemes: the app's custom schemes (any case); empty accepts any.
    ///   - maxURLLength: the longest URL accepted, in bytes.
    ///   - maxSegments: the most path segments accepted.
    public init(webDomains: [String] = [], schemes: [String] = [], maxURLLength: Int = 8192, maxSegments: Int = 64) {
        self.webDomains = Set(webDomains.map { $0.lowercased() })
        self.schemes = Set(schemes.map { $0.lowercased() })
        self.maxURLLength = maxURLLength
        self.maxSegments = maxSegments
    }

    /// Schemes that are never an app's custom scheme: URLs with them are refused (`.denied`) by every policy, and
    /// a policy cannot list them.
    public static let reservedSchemes: Set<String> = [
        "about", "blob", "chrome", "content", "data", "file", "filesystem", "ftp", "ftps", "http", "https", "intent",
        "javascript", "jar", "mailto", "sms", "tel", "vbscript", "view-source", "ws", "wss",
    ]

    /// A web domain as links carry it (lowercased): dot-separated labels of 1 to 63 ASCII letters, digits, `-` (not
    /// first or last) and `_`, 253 bytes at most. Anything else could never equal a link's domain, so it is refused
    /// with what to write instead: a wildcard, an internationalised domain in its Unicode form (links carry the
    /// ASCII `xn--` form, which the message gives), a trailing dot, white space, a scheme or a port.
    static func checkWebDomain(_ domain: String) throws(NavRouterError) {
        func refused(_ why: String) -> NavRouterError {
            let shown = domain.count > 80 ? domain.prefix(80) + "…" : Substring(domain)
            return NavRouterError(.invalidArgument, "'\(shown)' is not a web domain: \(why)")
        }
        if domain.contains("*") { throw refused("wildcards are not supported; list each domain") }
        if domain.utf8.count > 253 { throw refused("it is longer than 253 bytes") }
        if !domain.utf8.allSatisfy({ $0 < 0x80 }) {
            let ascii = Punycode.asciiDomain(domain).map { "'\($0)'" } ?? "its xn-- form"
            throw refused("links carry an internationalised domain in its ASCII form; list \(ascii)")
        }
        if domain.count > 1 && domain.hasSuffix(".") { throw refused("write it without the trailing dot") }
        for label in domain.split(separator: ".", omittingEmptySubsequences: false) {
            if label.isEmpty { throw refused("it has an empty label (write it as shop.example.com)") }
            if label.utf8.count > 63 { throw refused("its label '\(label)' is longer than 63 bytes") }
            if label.hasPrefix("-") || label.hasSuffix("-") {
                throw refused("its label '\(label)' starts or ends with '-'")
            }
            for byte in label.utf8
            where
                !(URLSyntax.isASCIILetter(byte) || URLSyntax.isASCIIDigit(byte) || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "_"))
            {
                throw refused(
                    "\(URLSyntax.describe(Unicode.Scalar(byte))) is not a letter, digit, '-' or '_' "
                        + "(write it as shop.example.com)")
            }
        }
    }

    /// Whether a link's domain (its bytes, without a port) is one of `webDomains`, ASCII letters compared without
    /// their case. Listed domains are ASCII (`checkWebDomain`), so a domain with another byte is none of them. It
    /// makes no string: a look-up of a web link allocates nothing.
    func listsWebDomain(_ domain: UnsafeBufferPointer<UInt8>) -> Bool {
        for listed in webDomains where listed.utf8.count == domain.count {
            let equal = listed.utf8.elementsEqual(domain) { a, b in
                a == b || (a | 0x20 == b | 0x20 && URLSyntax.isASCIILetter(a))
            }
            if equal { return true }
        }
        return false
    }

    /// The reserved schemes but `http`/`https`, sorted, for messages.
    static let reservedSchemesList = reservedSchemes.subtracting(["http", "https"]).sorted().joined(separator: ", ")

    /// Checks the limits, the domains and the schemes themselves.
    /// - Throws: `.invalidArgument` when a limit is not positive or too large, or a domain or scheme is not one.
    func validate() throws(NavRouterError) {
        guard (1...(1 << 30)).contains(maxURLLength) else {
            throw NavRouterError(.invalidArgument, "the URL length limit must be between 1 and 2^30 bytes")
        }
        guard (1...4096).contains(maxSegments) else {
            throw NavRouterError(.invalidArgument, "the segment limit must be between 1 and 4096")
        }
        for domain in webDomains.sorted() { try Self.checkWebDomain(domain) }
        for scheme in schemes where !URLSyntax.isScheme(scheme.utf8) || Self.reservedSchemes.contains(scheme) {
            throw NavRouterError(.invalidArgument, "'\(scheme)' is not a custom scheme")
        }
    }
}
