import Glibc
import NavRouterCore
import RoutingKit

/// One way of resolving a list of URLs; `pass()` resolves every URL once and returns a checksum.
struct Contender {
    let name: String
    let pass: () -> UInt64
}

/// The URLs' bytes side by side in one buffer, as a C host's array of strings would hold them: the floor and the
/// zero-allocation look-up read their input from here, so neither pass pays for reference counting of `String`s.
/// (Allocated once per table and kept for the process's life.)
struct URLBytes {
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private let starts: UnsafeMutableBufferPointer<Int>
    /// The number of URLs.
    let count: Int

    init(_ urls: [String]) {
        count = urls.count
        bytes = .allocate(capacity: max(1, urls.reduce(0) { $0 + $1.utf8.count }))
        starts = .allocate(capacity: urls.count + 1)
        var end = 0
        for (index, url) in urls.enumerated() {
            starts[index] = end
            for byte in url.utf8 {
                bytes[end] = byte
                end += 1
            }
        }
        starts[urls.count] = end
    }

    /// The bytes of URL number `index`.
    @inline(__always)
    subscript(index: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[starts[index]..<starts[index &+ 1]])
    }
}

/// FNV-1a over each URL's bytes: the floor any router must pay to read its input.
func floorContender(_ urls: [String]) -> Contender {
    let input = URLBytes(urls)
    return Contender(name: "floor: FNV-1a over the URL bytes") {
        var sum: UInt64 = 0
        for index in 0..<input.count {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in input[index] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            sum &+= hash
        }
        return sum
    }
}

/// navrouter's zero-allocation look-up: the route's index and every segment's byte range (the parameters' values
/// are the ranges at the pattern's parameter positions).
func navrouterLookupContender(_ table: RouteTable, _ urls: [String]) -> Contender {
    let segments = UnsafeMutableBufferPointer<SegmentSlice>.allocate(capacity: table.policy.maxSegments)
    let input = URLBytes(urls)
    return Contender(name: "navrouter lookup (route + parameter ranges, no allocation)") {
        var sum: UInt64 = 0
        for index in 0..<input.count {
            guard let found = try? table.lookup(input[index], segments: segments) else { continue }
            sum &+= UInt64(
                found.routeIndex &+ (found.segmentCount > 0 ? Int(segments[found.segmentCount &- 1].end) : 0))
        }
        return sum
    }
}

/// navrouter's convenient resolve: a RouteMatch, with every path parameter read by name as a decoded `String`.
func navrouterResolveContender(_ table: RouteTable, _ urls: [String]) -> Contender {
    Contender(name: "navrouter resolve (RouteMatch, every parameter read by name)") {
        var sum: UInt64 = 0
        for url in urls {
            if let match = try? table.resolve(url) {
                sum &+= UInt64(match.routeName.utf8.count)
                for ordinal in 0..<match.pathParameterCount {
                    sum &+= UInt64(match.pathParameter(match.pathParameterName(at: ordinal))?.utf8.count ?? 0)
                }
            }
        }
        return sum
    }
}

/// RoutingKit's TrieRouter with the patterns registered as its path components (`*name` → `**`).
func routingKitRouter(_ patterns: [String]) -> TrieRouter<Int> {
    let router = TrieRouter(Int.self)
    for (index, pattern) in patterns.enumerated() {
        let components = pattern.split(separator: "/").map { segment -> PathComponent in
            segment.hasPrefix("*") ? .catchall : PathComponent(stringLiteral: String(segment))
        }
        router.register(index, at: components)
    }
    return router
}

/// RoutingKit as its users call it: split the URL's path into `[String]`, then route.
func routingKitSplitContender(_ router: TrieRouter<Int>, _ urls: [String]) -> Contender {
    Contender(name: "RoutingKit TrieRouter, split + route") {
        var sum: UInt64 = 0
        for url in urls {
            var parameters = Parameters()
            let path = url.split(separator: "/").map(String.init)
            if let index = router.route(path: path, parameters: &parameters) { sum &+= UInt64(index) }
        }
        return sum
    }
}

/// RoutingKit with the components split beforehand (not timed).
func routingKitPresplitContender(_ router: TrieRouter<Int>, _ urls: [String]) -> Contender {
    let paths = urls.map { $0.split(separator: "/").map(String.init) }
    return Contender(name: "RoutingKit TrieRouter, pre-split") {
        var sum: UInt64 = 0
        for path in paths {
            var parameters = Parameters()
            if let index = router.route(path: path, parameters: &parameters) { sum &+= UInt64(index) }
        }
        return sum
    }
}

/// A registry holding the table's patterns, each route named after its pattern.
func navrouterRegistry(_ patterns: [String]) throws -> RouteRegistry {
    let registry = try RouteRegistry()
    try registry.register(patterns.map { pattern throws(NavRouterError) in try Route(name: pattern, pattern: pattern) })
    _ = registry.table
    return registry
}

/// A registry of the patterns registered one call each (as a C or Python host registers them), then compiled.
func navrouterRegistryOneByOne(_ patterns: [String]) throws -> RouteRegistry {
    let registry = try RouteRegistry()
    for pattern in patterns { try registry.register(try Route(name: pattern, pattern: pattern)) }
    _ = registry.table
    return registry
}

/// Checks that navrouter and RoutingKit give every look-up its expected pattern; returns the disagreements.
func verify(_ table: BenchTable, _ registry: RouteRegistry, _ router: TrieRouter<Int>) -> (
    navrouter: [String], routingKit: [String]
) {
    var navrouterWrong: [String] = []
    var routingKitWrong: [String] = []
    let compiled = registry.table
    for (url, expected) in table.lookups {
        let got = (try? compiled.resolve(url))?.route.name
        if got != expected { navrouterWrong.append("\(url) → \(got ?? "nothing"), expected \(expected)") }
        var parameters = Parameters()
        let index = router.route(path: url.split(separator: "/").map(String.init), parameters: &parameters)
        let peer = index.map { table.patterns[$0] }
        if peer != expected { routingKitWrong.append("\(url) → \(peer ?? "nothing"), expected \(expected)") }
    }
    return (navrouterWrong, routingKitWrong)
}

/// A router on a two-route registry whose navigator counts events: one pass is `pairs` push/pop pairs.
/// - Parameter depth: entries pushed under the pairs first (the cost of a push at that depth).
func navigationPairs(_ pairs: Int, depth: Int = 0) throws -> (router: NavRouterCore.Router, pass: () -> UInt64) {
    let registry = try RouteRegistry()
    try registry.register([try Route(name: "list", pattern: "items"), try Route(name: "item", pattern: "items/:id")])
    let router = NavRouterCore.Router(registry: registry)
    let counter = EventCounter()
    router.navigator = { _ in counter.count() }
    _ = try router.setStack(["/items"])
    for index in 0..<depth { _ = try router.navigate("/items/\(index)") }
    return (
        router,
        {
            for _ in 0..<pairs {
                _ = try? router.navigate("/items/42")
                _ = try? router.pop()
            }
            return counter.total
        }
    )
}

/// Counts events from the navigator (one thread at a time in the benchmark).
final class EventCounter: @unchecked Sendable {
    private(set) var total: UInt64 = 0
    func count() -> Bool {
        total &+= 1
        return true
    }
}
