/// An immutable, compiled snapshot of a registry's routes: what resolves, explains and builds URLs.
///
/// A `RouteRegistry` hands out its current table (`RouteRegistry.table`); the table never changes afterwards,
/// so it may be used from any thread without locking, and a resolve on it never waits for a registration.
public final class RouteTable: Sendable {
    /// The query key that carries JSON props (base64url of a JSON object).
    public static let propsQueryKey = "_props"

    /// The routes, in registration order; a route's index here is its id in this table.
    public let routes: [Route]
    /// Domains, schemes and limits applied to every URL.
    public let policy: URLPolicy
    /// Whether literals match case-sensitively.
    public let caseSensitive: Bool
    /// A counter that grows with every change of the registry this table was made from.
    package let generation: UInt64
    let trie: CompiledTrie
    /// Literal-only routes by their whole path: the fast path of `matchIndex`.
    let staticRoutes: StaticRouteMap
    private let names: RouteNameIndex
    /// The routes' path parameter names, made once (see `ParameterNameTable`).
    let parameterNames: ParameterNameTable
    /// The parameters' names as C strings, for writing a match's strings (see `ParameterNameBytes`).
    let parameterNameBytes: ParameterNameBytes
    /// The routes with required or declared query parameters (checked by a resolve).
    let routesWithParameterChecks: RouteBitSet
    /// `DeepLinkScanner.byteClasses`, read once here.
    /// Safety: an immutable table, never freed: a raw pointer to it is safe to share (`nonisolated(unsafe)`).
    nonisolated(unsafe) let byteClasses = DeepLinkScanner.byteClasses

    /// - Parameter names: each route's index by name (the registry's own index: shared, not copied, until the
    ///   registry changes).
    init(routes: [Route], names: RouteNameIndex, builder: RouteTrieBuilder, policy: URLPolicy, generation: UInt64) {
        self.routes = routes
        self.policy = policy
        self.caseSensitive = builder.caseSensitive
        self.generation = generation
        self.trie = CompiledTrie(builder)
        self.staticRoutes = StaticRouteMap(routes, builder: builder)
        self.names = names
        self.parameterNames = ParameterNameTable(routes)
        self.parameterNameBytes = ParameterNameBytes(parameterNames.names)
        self.routesWithParameterChecks = RouteBitSet(routes) {
            !$0.requiredParameters.isEmpty || !$0.queryParameters.isEmpty
        }
    }

    /// The routes' names (an alias's copy counts once, under its route's name).
    var routeNames: [String] { routes.lazy.filter { !$0.isAlias }.map(\.name) }

    /// The route of that name, if any.
    public func route(named name: String) -> Route? {
        names.position(of: name, in: routes).map { routes[$0] }
    }

    /// The compiled route trie as an indented tree, one line per child, in the order a resolve tries them:
    /// literals (folded unless the table is case-sensitive) in byte order, then `:int`, `:uuid`, `:param` and `*`
    /// (a catch-all); `→ NAME` marks where a route ends. For example, `users/:id:int` and `users/me`:
    ///
    ///     /
    ///       users
    ///         me  → me
    ///         :int  → user
    public var treeDescription: String {
        trie.treeDescription { routes[Int($0)].name }
    }

    /// Bytes held by the compiled trie (nodes, edges, literal bytes, hash slots), the static-route map and the
    /// parameter names (as strings and as C strings).
    public var trieFootprintBytes: Int {
        trie.footprintBytes + staticRoutes.footprintBytes + parameterNames.footprintBytes
            + parameterNameBytes.footprintBytes
    }

    /// Scans a URL into a temporary segment buffer and runs `body` on it.
    func withScannedURL<Result>(
        _ url: String,
        _ body: (UnsafeBufferPointer<UInt8>, URLLayout, UnsafeBufferPointer<SegmentSlice>) throws(NavRouterError) ->
            Result
    ) throws(NavRouterError) -> Result {
        if url.isEmpty { throw NavRouterError(.invalidArgument, "the URL is empty") }
        var url = url
        let outcome: Swift.Result<Result, NavRouterError> = url.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: SegmentSlice.self, capacity: policy.maxSegments) { buffer in
                do throws(NavRouterError) {
                    let (layout, count) = try DeepLinkScanner.scan(
                        bytes, policy: policy, into: buffer, classes: byteClasses)
                    return .success(try body(bytes, layout, UnsafeBufferPointer(rebasing: buffer[..<count])))
                } catch {
                    return .failure(error)
                }
            }
        }
        return try outcome.get()
    }

    /// The index of the route that the segments address, or -1. `pathFlags`: the OR of the segments' flags.
    @inline(__always)
    func matchIndex(
        _ bytes: UnsafeBufferPointer<UInt8>, _ segments: UnsafeBufferPointer<SegmentSlice>, pathFlags: UInt8
    ) -> Int {
        guard let url = bytes.baseAddress, let base = segments.baseAddress else {
            return Int(
                trie.match(
                    CompiledTrie.Input(url: Self.emptyBytes, length: 0, segments: Self.emptySegments, count: 0),
                    pathFlags: 0))
        }
        if !staticRoutes.isEmpty && segments.count > 0 {
            let found = staticRoutes.find(
                url, length: bytes.count, base, count: segments.count, pathFlags: pathFlags,
                caseSensitive: caseSensitive)
            if found >= 0 { return found }
        }
        return Int(
            trie.match(
                CompiledTrie.Input(url: url, length: bytes.count, segments: base, count: segments.count),
                pathFlags: pathFlags))
    }

    // Safety: one-element buffers, allocated once and never freed nor written: the walk of an empty path reads
    // neither (it stops at depth 0), but its input needs non-nil pointers.
    nonisolated(unsafe) private static let emptyBytes = UnsafePointer(UnsafeMutablePointer<UInt8>.allocate(capacity: 1))
    // Safety: as `emptyBytes`: one slot, never freed, never read.
    nonisolated(unsafe) private static let emptySegments = UnsafePointer(
        UnsafeMutablePointer<SegmentSlice>.allocate(capacity: 1))

    /// Resolves a URL to its route without allocating: the route's index and the segments' byte ranges.
    ///
    /// The query and fragment are checked for control characters only; `resolve(_:)` decodes them.
    /// - Parameters:
    ///   - url: the URL's UTF-8 bytes (for bytes that may not be UTF-8, use `lookup(validatingUTF8:segments:)`).
    ///   - segments: receives the path segments (at least `policy.maxSegments` slots, or the segment limit is
    ///     the buffer's size).
    /// - Returns: the route's index in `routes` and the number of segments written.
    /// - Throws: `.notFound` when no route matches, and the scanner's errors (`.malformedURL`, `.denied`,
    /// `.limitExceeded`).
    public func lookup(
        _ url: UnsafeBufferPointer<UInt8>, segments: UnsafeMutableBufferPointer<SegmentSlice>
    ) throws(NavRouterError) -> (routeIndex: Int, segmentCount: Int) {
        try lookup(url, segments: segments, validatingUTF8: false)
    }

    /// `lookup(_:segments:)` for bytes that may not be valid UTF-8 (from C, a file, the network): bytes that are
    /// not valid UTF-8 throw `.invalidArgument`, unless the URL is refused first for its length or for a malformed
    /// path segment before the bad byte (`.limitExceeded`, `.malformedURL`). A URL with bad bytes never matches a
    /// route.
    ///
    /// The check costs nothing for the common deep link, one that starts with '/' and whose path is ASCII, without
    /// query or fragment: the scan has looked at each of its bytes already. Other URLs are checked in full.
    public func lookup(
        validatingUTF8 url: UnsafeBufferPointer<UInt8>, segments: UnsafeMutableBufferPointer<SegmentSlice>
    ) throws(NavRouterError) -> (routeIndex: Int, segmentCount: Int) {
        try lookup(url, segments: segments, validatingUTF8: true)
    }

    /// The look-up; `validate`: check that the bytes are UTF-8 (see `lookup(validatingUTF8:segments:)`).
    @inline(__always)
    private func lookup(
        _ url: UnsafeBufferPointer<UInt8>, segments: UnsafeMutableBufferPointer<SegmentSlice>,
        validatingUTF8 validate: Bool
    ) throws(NavRouterError) -> (routeIndex: Int, segmentCount: Int) {
        if url.isEmpty { throw NavRouterError(.invalidArgument, "the URL is empty") }
        let (layout, count) = try DeepLinkScanner.scan(
            url, policy: policy, into: segments, classes: byteClasses, validatingUTF8: validate)
        let scanned = UnsafeBufferPointer(start: segments.baseAddress, count: count)  // count >= 0: no check needed
        let index = matchIndex(url, scanned, pathFlags: layout.pathFlags)
        if index < 0 { throw notFound(String(decoding: url, as: UTF8.self)) }
        return (index, count)
    }

    func notFound(_ url: String) -> NavRouterError {
        var message = "no route matches '\(url.count > 200 ? String(url.prefix(200)) + "…" : url)'"
        if routes.count <= Self.nearestMissLimit, let nearest = nearestMiss(url) { message += " (nearest: \(nearest))" }
        return NavRouterError(.notFound, message)
    }

    /// Up to this many routes, a link no route takes is told which came nearest (`nearestMiss`); a larger table
    /// skips it, so that a failed resolve stays cheap whatever the table (the hint checks every route).
    static let nearestMissLimit = 4096
}
