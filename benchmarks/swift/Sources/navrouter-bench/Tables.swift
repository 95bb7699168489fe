import Glibc

/// A route table and its look-ups: patterns (leading `/`, `:name` parameters, `*name` catch-all) and URLs, each
/// with the pattern it must resolve to.
struct BenchTable {
    let name: String
    let patterns: [String]
    let lookups: [(url: String, expected: String)]

    /// Loads `NAME.txt` and `NAME.lookups.txt` from a directory (the format of `benchmarks/data/README.md`);
    /// `synthetic100k`, when the directory has no such file, is made from `synthetic10k` as `scripts/bench.sh` makes
    /// it: ten copies, each under its own first segment `/r0` … `/r9`.
    static func load(_ name: String, from directory: String) throws -> BenchTable {
        if name == "synthetic100k" && access("\(directory)/\(name).txt", F_OK) != 0 {
            let tenth = try load("synthetic10k", from: directory)
            let copies = 0..<10
            return BenchTable(
                name: name,
                patterns: tenth.patterns.flatMap { pattern in copies.map { "/r\($0)\(pattern)" } },
                lookups: tenth.lookups.flatMap { lookup in
                    copies.map { ("/r\($0)\(lookup.url)", "/r\($0)\(lookup.expected)") }
                })
        }
        let patterns = try readLines("\(directory)/\(name).txt")
        let lookups = try readLines("\(directory)/\(name).lookups.txt").map { line -> (String, String) in
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard parts.count == 2 else { throw BenchError("\(name).lookups.txt: bad line '\(line)'") }
            return (String(parts[0]), String(parts[1]))
        }
        return BenchTable(name: name, patterns: patterns, lookups: lookups)
    }

    /// A synthetic app of `count` routes with the shape of `synthetic10k`: modules `/{feature}{n}` with 7 routes
    /// of their own (items, item, edit, comments, comment, a `files/*path` catch-all) and 6 sub-features of 6
    /// routes each (list, item, details, share, new, archive), 43 routes a module.
    static func synthetic(_ count: Int) -> BenchTable {
        let features = [
            "home", "catalog", "product", "cart", "checkout", "orders", "profile", "settings", "search",
            "inbox", "chat", "feed", "friends", "photos", "videos", "music", "maps", "wallet",
            "payments", "offers", "help", "news", "events",
        ]
        var patterns: [String] = []
        var lookups: [(String, String)] = []
        var random = SplitMix64(seed: UInt64(count))
        func number() -> String { String(100_000 + random.next() % 900_000) }
        func add(_ pattern: String, _ url: String) {
            guard patterns.count < count else { return }
            patterns.append(pattern)
            lookups.append((url, pattern))
        }
        var module = 0
        while patterns.count < count {
            let base = "/\(features[module % features.count])\(module / features.count)"
            add(base, base)
            add("\(base)/items", "\(base)/items")
            add("\(base)/items/:itemId", "\(base)/items/\(number())")
            add("\(base)/items/:itemId/edit", "\(base)/items/\(number())/edit")
            add("\(base)/items/:itemId/comments", "\(base)/items/\(number())/comments")
            add("\(base)/items/:itemId/comments/:commentId", "\(base)/items/\(number())/comments/\(number())")
            add("\(base)/files/*path", "\(base)/files/docs/\(number())/readme.txt")
            for sub in 0..<6 {
                let feature = features[(module + sub + 1) % features.count] + String(sub)
                let id = ":\(feature)Id"
                add("\(base)/\(feature)", "\(base)/\(feature)")
                add("\(base)/\(feature)/\(id)", "\(base)/\(feature)/\(number())")
                add("\(base)/\(feature)/\(id)/details", "\(base)/\(feature)/\(number())/details")
                add("\(base)/\(feature)/\(id)/share/:target", "\(base)/\(feature)/\(number())/share/abc\(sub)")
                add("\(base)/\(feature)/new", "\(base)/\(feature)/new")
                add("\(base)/\(feature)/archive/:year/:month", "\(base)/\(feature)/archive/2026/\(1 + sub)")
            }
            module += 1
        }
        return BenchTable(name: "synthetic\(count)", patterns: patterns, lookups: lookups)
    }

    /// At most `limit` look-ups spread evenly over the table (so that every size is sampled alike).
    func sampledLookups(_ limit: Int) -> [(url: String, expected: String)] {
        guard lookups.count > limit else { return lookups }
        let step = Double(lookups.count) / Double(limit)
        return (0..<limit).map { lookups[Int(Double($0) * step)] }
    }
}

/// A small deterministic generator (SplitMix64) for reproducible tables.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The non-empty lines of a text file.
func readLines(_ path: String) throws -> [String] {
    guard let file = fopen(path, "r") else { throw BenchError("cannot open \(path)") }
    defer { fclose(file) }
    var lines: [String] = []
    var buffer: UnsafeMutablePointer<CChar>? = nil
    var capacity = 0
    while getline(&buffer, &capacity, file) > 0 {
        var line = String(cString: buffer!)
        while line.last == "\n" || line.last == "\r" { line.removeLast() }
        if !line.isEmpty { lines.append(line) }
    }
    free(buffer)
    return lines
}
