import Glibc
import NavRouterCore
import RoutingKit

// navrouter-bench: the Swift side of scripts/bench.sh.
//   navrouter-bench [--data DIR] [--rounds N] [--library PATH]
//                                                  route tables vs RoutingKit (and the shipped libnavrouter.so's
//                                                  look-up, when given), scaling, registration, events (Markdown)
//   navrouter-bench memory navrouter|routingkit N  one registry of N synthetic routes; prints heap bytes and peak RSS
//   navrouter-bench memory-parts N                 heap bytes per route: the Route values, the registry, the table
//   navrouter-bench registration N                 best of five registrations of N synthetic routes
//   navrouter-bench events ROUNDS                  the navigation commands section alone
//   navrouter-bench tables ROUNDS                  the side-by-side section alone
//   navrouter-bench scaling ROUNDS                 the scaling section alone
//   navrouter-bench profile lookup|resolve|routingkit|clookup TABLE SECONDS [--library PATH], profile register N,
//   navrouter-bench profile events SECONDS [DEPTH] one workload in a loop, for perf or callgrind (clookup: the C
//                                                  ABI's look-up through libnavrouter.so)

let allArguments = Array(CommandLine.arguments.dropFirst())
/// The arguments without the `--name value` options.
let arguments: [String] = {
    var positional: [String] = []
    var index = 0
    while index < allArguments.count {
        if allArguments[index].hasPrefix("--") {
            index += 2
        } else {
            positional.append(allArguments[index])
            index += 1
        }
    }
    return positional
}()
func option(_ arguments: [String], _ name: String, _ fallback: String) -> String {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return fallback }
    return arguments[index + 1]
}

func format(_ value: Double, _ digits: Int = 1) -> String {
    var text = String(Int((value * pow(10, Double(digits))).rounded()))
    if digits > 0 {
        while text.count <= digits { text = "0" + text }
        text.insert(".", at: text.index(text.endIndex, offsetBy: -digits))
    }
    return text
}

func memoryMode(_ which: String, _ count: Int) throws {
    let table = BenchTable.synthetic(count)
    let baselineRSS = peakRSSBytes()
    let held: Int
    switch which {
    case "navrouter":
        let (bytes, registry) = try heapHeld { try navrouterRegistry(table.patterns) }
        held = bytes
        consume(UInt64(registry.table.routes.count))
    case "routingkit":
        let (bytes, router) = heapHeld { routingKitRouter(table.patterns) }
        held = bytes
        var parameters = Parameters()
        consume(UInt64(router.route(path: ["x"], parameters: &parameters) ?? 0))
    default:
        throw BenchError("memory: unknown router '\(which)'")
    }
    print(
        "\(which) \(count) held=\(held) per_route=\(format(Double(held) / Double(count))) peak_rss=\(peakRSSBytes()) "
            + "input_rss=\(baselineRSS)"
    )
}

/// - Parameter library: the shipped libnavrouter.so, when given (`--library PATH`): its look-up joins the rounds.
func tablesSection(_ directory: String, rounds: Int, library: SharedLibrary?) throws {
    print(
        "## Resolve, side by side (ns per look-up; best of \(rounds) interleaved rounds 0.3 s apart, median, spread "
            + "= (worst − best) / best)\n"
    )
    for name in ["github", "static", "synthetic10k", "synthetic100k"] {
        let table = try BenchTable.load(name, from: directory)
        let registry = try navrouterRegistry(table.patterns)
        let peer = routingKitRouter(table.patterns)
        let (wrong, peerWrong) = verify(table, registry, peer)
        if !wrong.isEmpty {
            throw BenchError("navrouter resolves \(wrong.count) look-ups of \(name) wrongly: \(wrong.prefix(3))")
        }
        let urls = table.lookups.map(\.url)
        let compiled = registry.table
        var contenders = [
            floorContender(urls), navrouterLookupContender(compiled, urls), navrouterResolveContender(compiled, urls),
            routingKitSplitContender(peer, urls), routingKitPresplitContender(peer, urls),
        ]
        // The C ABI's look-up runs right after the core's in each round (their samples are neighbours in time).
        if let library {
            contenders.insert(library.lookupContender(try library.registry(table.patterns), urls), at: 2)
        }
        let timings = measure(contenders, lookupsPerPass: urls.count, rounds: rounds)
        let floor = timings[0].best
        let lookup = timings[1].best
        let cLookup: Timing? = library != nil ? timings[2] : nil
        let offset = library != nil ? 1 : 0
        let resolve = timings[2 + offset]
        let split = timings[3 + offset]
        let presplit = timings[4 + offset]
        print(
            "### \(name): \(table.patterns.count) routes, \(urls.count) look-ups, all resolved alike by both routers"
                + (peerWrong.isEmpty
                    ? "" : " except \(peerWrong.count) that RoutingKit resolves otherwise (first: \(peerWrong[0]))")
                + "\n")
        print("| contender | best ns | median ns | spread | × floor | RoutingKit split ÷ this |")
        print("| --- | ---: | ---: | ---: | ---: | ---: |")
        for timing in timings {
            print(
                "| \(timing.name) | \(format(timing.best)) | \(format(timing.median)) | \(format(timing.spread, 0))% "
                    + "| \(format(timing.best / floor, 2)) | \(format(split.best / timing.best, 1)) |"
            )
        }
        print(
            "\nnavrouter lookup = \(format(lookup / floor, 2))× the floor; RoutingKit (split) = "
                + "\(format(split.best / lookup, 1))× navrouter lookup, RoutingKit (pre-split) = "
                + "\(format(presplit.best / lookup, 1))×; navrouter resolve = "
                + "\(format(split.best / resolve.best, 1))× faster than RoutingKit (split).\n"
        )
        print("RESULT swift.\(name).floor_ns \(format(floor, 2))")
        print("RESULT swift.\(name).lookup_ns \(format(lookup, 2))")
        print("RESULT swift.\(name).resolve_ns \(format(resolve.best, 2))")
        if let cLookup {
            // Per round, the C ABI's sample beside the core's taken just before it (the same moment of the
            // machine); the median of those ratios. The ratio of the two bests is printed beside it: the bests
            // may come from different rounds.
            let perRound = zip(cLookup.samples, timings[1].samples).map { $0 / $1 }.sorted()
            let median = perRound[perRound.count / 2]
            print(
                "C ABI lookup ÷ core lookup: \(format(median, 2))× (median of the rounds' ratios; "
                    + "\(format(perRound[0], 2))–\(format(perRound[perRound.count - 1], 2))×), "
                    + "\(format(cLookup.best / lookup, 2))× best ÷ best.\n"
            )
            print("RESULT swift.\(name).c_abi_lookup_ns \(format(cLookup.best, 2))")
            print("RESULT swift.\(name).c_abi_over_core \(format(median, 2))")
            print("RESULT swift.\(name).c_abi_best_over_core_best \(format(cLookup.best / lookup, 2))")
        }
        print("RESULT swift.\(name).routingkit_split_ns \(format(split.best, 2))")
        print("RESULT swift.\(name).routingkit_presplit_ns \(format(presplit.best, 2))\n")
    }
}

func scalingSection(rounds: Int) throws {
    print("## Scaling (synthetic tables of the synthetic10k shape; 1,000 look-ups spread over each table)\n")
    let sizes = [100, 1_000, 10_000, 100_000]
    var contenders: [Contender] = []
    var registrations: [Int: Double] = [:]
    var oneByOne: [Int: Double] = [:]
    for size in sizes {
        let table = BenchTable.synthetic(size)
        var best = Double.infinity
        var registry: RouteRegistry? = nil
        for repetition in 0..<7 {
            if repetition > 0 { pauseBetweenRounds() }
            registry = nil  // freeing the previous one is not part of registering
            let start = nowNanoseconds()
            registry = try navrouterRegistry(table.patterns)
            best = min(best, Double(nowNanoseconds() - start) / 1e6)
        }
        registrations[size] = best
        oneByOne[size] = try (0..<7).map { repetition throws in
            if repetition > 0 { pauseBetweenRounds() }
            let start = nowNanoseconds()
            let registry = try navrouterRegistryOneByOne(table.patterns)
            let elapsed = Double(nowNanoseconds() - start) / 1e6
            consume(UInt64(registry.table.routes.count))
            return elapsed
        }.min()!
        let sample = table.sampledLookups(1_000)
        let peer = routingKitRouter(table.patterns)
        let (wrong, _) = verify(
            BenchTable(name: table.name, patterns: table.patterns, lookups: sample), registry!, peer)
        if !wrong.isEmpty { throw BenchError("synthetic\(size): \(wrong.count) wrong, first \(wrong[0])") }
        let urls = sample.map(\.url)
        // Normalise to the 1,000-look-up pass length so every size has the same per-pass work.
        let repeated = Array(repeating: urls, count: max(1, 1_000 / urls.count)).flatMap { $0 }
        contenders.append(Contender(name: "\(size)", pass: navrouterLookupContender(registry!.table, repeated).pass))
        contenders.append(
            Contender(name: "\(size) resolve", pass: navrouterResolveContender(registry!.table, repeated).pass))
        contenders.append(Contender(name: "\(size) routingkit", pass: routingKitSplitContender(peer, repeated).pass))
        contenders.append(Contender(name: "\(size) floor", pass: floorContender(repeated).pass))
    }
    let timings = measure(contenders, lookupsPerPass: 1_000, rounds: rounds)
    let lookupAt1k = timings[4].best
    print(
        "| routes | lookup ns (best) | spread | ÷ lookup at 1k | resolve ns | RoutingKit split ns | floor ns | "
            + "registration ms (all routes, best of 7, 0.3 s apart) | one route at a time ms |"
    )
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for (index, size) in sizes.enumerated() {
        let lookup = timings[index * 4]
        let resolve = timings[index * 4 + 1]
        let peer = timings[index * 4 + 2]
        let floor = timings[index * 4 + 3]
        print(
            "| \(size) | \(format(lookup.best)) | \(format(lookup.spread, 0))% | "
                + "\(format(lookup.best / lookupAt1k, 2)) | \(format(resolve.best)) | \(format(peer.best)) | "
                + "\(format(floor.best)) | \(format(registrations[size]!, 1)) | \(format(oneByOne[size]!, 1)) |"
        )
    }
    print("\nRESULT swift.scaling.100k_over_1k \(format(timings[12].best / lookupAt1k, 2))")
    print("RESULT swift.registration_100k_ms \(format(registrations[100_000]!, 1))")
    print("RESULT swift.registration_one_by_one_100k_ms \(format(oneByOne[100_000]!, 1))\n")
}

func eventsSection(rounds: Int) throws {
    let (router, pass) = try navigationPairs(1_000)
    let timing = measure([Contender(name: "push + pop pair", pass: pass)], lookupsPerPass: 1_000, rounds: rounds)[0]
    print("## Navigation commands in the Swift core (a push/pop pair, navigator counting events)\n")
    print("| measure | best | spread |\n| --- | ---: | ---: |")
    print("| push + pop pair (2 commands) | \(format(timing.best / 1000, 2)) µs | \(format(timing.spread, 0))% |")
    print("| visible events (push, pop) per second | \(Int(2e9 / timing.best)) | |\n")
    print("RESULT swift.pair_us \(format(timing.best / 1000, 3))\n")
    consume(UInt64(router.state.tabs.count))

    // A push's cost by the stack's depth (linear at worst: the pushed-onto stack is copied once per command).
    print("### A push/pop pair by stack depth\n")
    print("| depth | pair | ÷ depth 10 |\n| ---: | ---: | ---: |")
    var atTen = 0.0
    for depth in [10, 1_000, 10_000] {
        let pairs = depth >= 10_000 ? 50 : 500
        let (deep, pass) = try navigationPairs(pairs, depth: depth)
        let best = measure([Contender(name: "pair", pass: pass)], lookupsPerPass: pairs, rounds: max(3, rounds / 3))[0]
            .best
        if depth == 10 { atTen = best }
        print("| \(depth) | \(format(best / 1000, 2)) µs | \(format(best / atTen, 1))× |")
        print("RESULT swift.pair_at_depth_\(depth)_us \(format(best / 1000, 3))")
        consume(UInt64(deep.state.entryCount))
    }
    // Making a router beside many live ones on the same registry (it was linear in their number).
    let registry = try RouteRegistry()
    var live: [NavRouterCore.Router] = []
    print("\n| live routers on the registry | making one more |\n| ---: | ---: |")
    for count in [10, 10_000] {
        while live.count < count { live.append(NavRouterCore.Router(registry: registry)) }
        let start = nowNanoseconds()
        for _ in 0..<1_000 { consume(UInt64(NavRouterCore.Router(registry: registry).queuedCommandCount)) }
        let each = Double(nowNanoseconds() - start) / 1_000
        print("| \(count) | \(format(each / 1000, 2)) µs |")
        print("RESULT swift.router_new_with_\(count)_live_us \(format(each / 1000, 3))")
    }
    print("")
}

do {
    if arguments.first == "profile", (3...4).contains(arguments.count), arguments[1] == "events",
        let seconds = Double(arguments[2]), let depth = Int(arguments.count == 4 ? arguments[3] : "0")
    {
        // profile events SECONDS [DEPTH]: push/pop pairs in the core alone, on a stack DEPTH entries deep.
        let (_, pass) = try navigationPairs(1_000, depth: depth)
        let end = nowNanoseconds() + UInt64(seconds * 1e9)
        while nowNanoseconds() < end { consume(pass()) }
    } else if arguments.first == "profile", arguments.count == 3, arguments[1] == "register",
        let count = Int(arguments[2])
    {
        // profile register N: builds a registry of N synthetic routes five times.
        let table = BenchTable.synthetic(count)
        for _ in 0..<5 { consume(UInt64(try navrouterRegistry(table.patterns).table.routes.count)) }
    } else if arguments.first == "profile", arguments.count == 4, let seconds = Double(arguments[3]) {
        // profile lookup|resolve|routingkit|clookup TABLE SECONDS: one contender alone, for perf or callgrind (clookup:
        // the C ABI's look-up, with --library PATH).
        let table = try BenchTable.load(arguments[2], from: option(allArguments, "--data", "benchmarks/data"))
        let urls = table.lookups.map(\.url)
        let registry = try navrouterRegistry(table.patterns)
        let contender: Contender
        switch arguments[1] {
        case "resolve": contender = navrouterResolveContender(registry.table, urls)
        case "routingkit": contender = routingKitSplitContender(routingKitRouter(table.patterns), urls)
        case "clookup":
            let library = try SharedLibrary(option(allArguments, "--library", "build/lib/libnavrouter.so"))
            contender = library.lookupContender(try library.registry(table.patterns), urls)
        default: contender = navrouterLookupContender(registry.table, urls)
        }
        let end = nowNanoseconds() + UInt64(seconds * 1e9)
        while nowNanoseconds() < end { consume(contender.pass()) }
    } else if arguments.first == "registration", arguments.count == 2, let count = Int(arguments[1]) {
        // registration N: best of five registrations of N synthetic routes, in ms.
        let table = BenchTable.synthetic(count)
        var best = Double.infinity
        var registry: RouteRegistry? = nil
        for _ in 0..<5 {
            registry = nil
            let start = nowNanoseconds()
            registry = try navrouterRegistry(table.patterns)
            best = min(best, Double(nowNanoseconds() - start) / 1e6)
        }
        print("registration of \(count) routes: \(format(best, 1)) ms (best of 5)")
        consume(UInt64(registry!.table.routes.count))
    } else if arguments.first == "memory-parts", arguments.count == 2, let count = Int(arguments[1]) {
        // memory-parts N: heap bytes per route of the Route values alone, then of the registry and its table.
        let table = BenchTable.synthetic(count)
        let (routeBytes, routes) = try heapHeld { try table.patterns.map { try Route(name: $0, pattern: $0) } }
        let (registryBytes, registry) = try heapHeld { () throws -> RouteRegistry in
            let registry = try RouteRegistry()
            try registry.register(routes)
            return registry
        }
        let (tableBytes, compiled) = heapHeld { registry.table }
        print(
            "routes \(format(Double(routeBytes) / Double(count))) B/route, registry (names, builder) "
                + "\(format(Double(registryBytes) / Double(count))), table "
                + "\(format(Double(tableBytes) / Double(count))) (trie "
                + "\(format(Double(compiled.trieFootprintBytes) / Double(count))))"
        )
    } else if arguments.first == "tables", arguments.count == 2, let rounds = Int(arguments[1]) {
        // tables ROUNDS: only the side-by-side section (navrouter, RoutingKit, the floor; the C ABI with --library).
        let libraryPath = option(allArguments, "--library", "")
        try tablesSection(
            option(allArguments, "--data", "benchmarks/data"), rounds: rounds,
            library: libraryPath.isEmpty ? nil : try SharedLibrary(libraryPath))
    } else if arguments.first == "scaling", arguments.count == 2, let rounds = Int(arguments[1]) {
        // scaling ROUNDS: only the scaling section.
        try scalingSection(rounds: rounds)
    } else if arguments.first == "events", arguments.count == 2, let rounds = Int(arguments[1]) {
        // events ROUNDS: only the navigation commands section.
        try eventsSection(rounds: rounds)
    } else if arguments.first == "memory", arguments.count == 3, let count = Int(arguments[2]) {
        try memoryMode(arguments[1], count)
    } else {
        let directory = option(allArguments, "--data", "benchmarks/data")
        let rounds = Int(option(allArguments, "--rounds", "11")) ?? 11
        let libraryPath = option(allArguments, "--library", "")
        try tablesSection(
            directory, rounds: rounds, library: libraryPath.isEmpty ? nil : try SharedLibrary(libraryPath))
        try scalingSection(rounds: rounds)
        try eventsSection(rounds: rounds)
    }
} catch {
    let message = "navrouter-bench: \(error)\n"
    _ = message.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
    exit(1)
}
