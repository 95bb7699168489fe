/// The strings of a resolved URL, in the order the C ABI hands them out (`navrouter_match`, `navrouter_packed_match`),
/// visited as UTF-8 bytes without making a
/// string where the URL's own bytes will do. Used twice per match: once to size a buffer, once to fill it (a
/// `navrouter_match`'s arena, or a packed match in the host's buffer).
///
/// The order: the route's name; the URL (`includingURL`); each path parameter's name and decoded value, in
/// pattern order; each query item's name and value, in URL order; the merged parameters sorted by name
/// (`includingMerged`, and only when there are query items); then the remainder, the fragment and the props as JSON
/// text, each when present.
package struct MatchStrings {
    package let table: RouteTable
    package let resolved: ResolvedURL
    package let url: UnsafeBufferPointer<UInt8>
    /// The props as JSON text, and the merged parameters when there are query items: made once, not once per pass.
    private let propsJSON: String?
    private let merged: [(key: String, value: String)]

    package init(table: RouteTable, resolved: ResolvedURL, url: UnsafeBufferPointer<UInt8>) {
        self.table = table
        self.resolved = resolved
        self.url = url
        propsJSON = resolved.props.map { JSONValue.object($0).jsonText }
        merged =
            resolved.queryItems.isEmpty
            ? []
            : RouteMatch(table: table, url: String(decoding: url, as: UTF8.self), resolved: resolved).parameters
                .sorted { $0.key < $1.key }
    }

    /// How many strings `forEach` visits.
    package func count(includingURL: Bool, includingMerged: Bool) -> Int {
        let queryCount = resolved.queryItems.count
        var count = 1 + (includingURL ? 1 : 0) + 2 * (resolved.parameterCount + queryCount)
        if includingMerged { count += 2 * merged.count }
        if resolved.hasCatchAll { count += 1 }
        if resolved.fragment != nil { count += 1 }
        if resolved.props != nil { count += 1 }
        return count
    }

    /// Calls `body` with each string's UTF-8 bytes, in order.
    package func forEach(includingURL: Bool, includingMerged: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let routeIndex = resolved.routeIndex
        var routeName = table.routes.withUnsafeBufferPointer { $0[routeIndex].name }
        routeName.withUTF8(body)
        if includingURL { body(url) }
        for ordinal in 0..<resolved.parameterCount {
            var name = table.parameterNames.name(route: routeIndex, ordinal: ordinal)
            name.withUTF8(body)
            resolved.withParameterValue(at: ordinal, in: url, table: table, body)
        }
        let queryItems = resolved.queryItems
        for item in queryItems {
            var (name, value) = (item.name, item.value)
            name.withUTF8(body)
            value.withUTF8(body)
        }
        if includingMerged {
            for (name, value) in merged {
                var (name, value) = (name, value)
                name.withUTF8(body)
                value.withUTF8(body)
            }
        }
        if resolved.hasCatchAll {
            body(
                UnsafeBufferPointer(
                    rebasing: url[
                        resolved.parameterRange(
                            at: resolved.parameterCount - 1, in: url,
                            table: table)]))
        }
        if var fragment = resolved.fragment { fragment.withUTF8(body) }
        if var props = propsJSON { props.withUTF8(body) }
    }
}
