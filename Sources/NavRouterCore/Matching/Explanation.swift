/// Why a URL resolved as it did: every route the matcher considered, and why each won or lost.
public struct Explanation: Equatable, Sendable {
    /// One route the matcher considered.
    public struct Candidate: Equatable, Sendable {
        /// The route's name.
        public let route: String
        /// The route's pattern.
        public let pattern: String
        /// Whether the route's pattern matches the URL's path.
        public let matched: Bool
        /// Whether the route won.
        public let won: Bool
        /// Why it won or lost, naming the segment and the rule.
        public let reason: String
    }

    /// The URL explained.
    public let url: String
    /// The winning route's name, if any.
    public let winner: String?
    /// The error resolving the URL gives, if it fails (malformed, denied, not found, missing parameters).
    public let error: NavRouterError?
    /// The routes considered, the winner first, then the other matching routes, then those that failed.
    public let candidates: [Candidate]

    /// The explanation as JSON text: `{"url", "winner", "error", "status", "candidates": [{"route", "pattern",
    /// "matched", "won", "reason"}]}`.
    public var jsonText: String {
        var object: [String: JSONValue] = [
            "url": .string(url),
            "winner": winner.map(JSONValue.string) ?? .null,
            "error": error.map { .string($0.message) } ?? .null,
            "status": error.map { .string($0.code.cName) } ?? .string("OK"),
        ]
        object["candidates"] = .array(
            candidates.map {
                .object([
                    "route": .string($0.route), "pattern": .string($0.pattern), "matched": .bool($0.matched),
                    "won": .bool($0.won), "reason": .string($0.reason),
                ])
            })
        return JSONValue.object(object).jsonText
    }
}

extension RouteTable {
    /// Explains how a URL resolves: which routes were candidates and why each won or lost.
    ///
    /// A diagnostic, not a hot path: it checks every route whose first segment could take the URL's.
    /// - Parameter url: the deep link.
    /// - Returns: the explanation; a URL that fails to scan gives its error and no candidates.
    public func explain(_ url: String) -> Explanation {
        let segments: [String]
        let winnerIndex: Int
        do {
            (segments, winnerIndex) = try decodedSegments(url)
        } catch {
            return Explanation(url: url, winner: nil, error: error, candidates: [])
        }
        var resolveError: NavRouterError?
        do {
            _ = try resolve(url)
        } catch {
            resolveError = error
        }
        let winner = winnerIndex >= 0 ? routes[winnerIndex] : nil
        var matched: [Explanation.Candidate] = []
        var failed: [Explanation.Candidate] = []
        for (index, route) in routes.enumerated() {
            let (failure, segment) = mismatch(route.pattern, segments)
            if let failure {
                // The trie looks a literal up by its text: a route whose literal differs is never considered.
                if segment < segments.count, segment < route.pattern.segments.count,
                    case .literal = route.pattern.segments[segment]
                {
                    continue
                }
                failed.append(
                    .init(route: route.name, pattern: route.pattern.text, matched: false, won: false, reason: failure))
            } else if index == winnerIndex {
                var reason = "matches; the most specific matching route"
                if let resolveError, resolveError.code == .missingParameter {
                    reason += ", but \(resolveError.message)"
                }
                matched.insert(
                    .init(route: route.name, pattern: route.pattern.text, matched: true, won: true, reason: reason),
                    at: 0)
            } else {
                let reason = winner.map { lostReason(route.pattern, to: $0) } ?? "matches"
                matched.append(
                    .init(route: route.name, pattern: route.pattern.text, matched: true, won: false, reason: reason))
            }
        }
        return Explanation(url: url, winner: winner?.name, error: resolveError, candidates: matched + failed)
    }

    /// The route that came nearest to taking a URL no route takes, and why it did not: `route 'post' (post/<int:id>):
    /// segment 2 'abc' is not an int`. Nearest: the route whose literals all matched and that failed furthest along
    /// the path (a parameter of another type, or a count of segments); nil when every route differs in a literal.
    func nearestMiss(_ url: String) -> String? {
        guard let segments = try? decodedSegments(url).segments else { return nil }
        var best: (segment: Int, route: Route, reason: String)?
        for route in routes {
            let (failure, segment) = mismatch(route.pattern, segments)
            guard let failure else { continue }
            if segment < segments.count, segment < route.pattern.segments.count,
                case .literal = route.pattern.segments[segment]
            {
                continue  // a literal differs: the route was never a candidate
            }
            if best.map({ segment > $0.segment }) ?? true { best = (segment, route, failure) }
        }
        return best.map { "route '\($0.route.name)' (\($0.route.pattern.text)): \($0.reason)" }
    }

    /// A URL's path segments, decoded, and the index of the route that takes it (-1 for none).
    /// - Throws: the scan's errors (malformed, denied, limits).
    private func decodedSegments(_ url: String) throws(NavRouterError) -> (segments: [String], winner: Int) {
        var segments: [String] = []
        var winner = -1
        try withScannedURL(url) { bytes, layout, slices throws(NavRouterError) in
            for slice in slices { segments.append(try Self.decode(slice, in: bytes)) }
            winner = matchIndex(bytes, slices, pathFlags: layout.pathFlags)
        }
        return (segments, winner)
    }

    /// Why a pattern does not match the decoded segments, and at which segment; `nil` when it matches.
    private func mismatch(_ pattern: RoutePattern, _ segments: [String]) -> (String?, Int) {
        for (index, segment) in pattern.segments.enumerated() {
            if index >= segments.count {
                return ("the URL has \(segments.count) segment(s); the pattern needs at least \(index + 1)", index)
            }
            let value = segments[index]
            switch segment {
            case .literal(let literal):
                // Bytes, as the trie compares them (`==` on strings would take `é` and `e` + U+0301 as equal).
                let (folded, label) = caseSensitive ? (value, literal) : (value.caseFolded, literal.caseFolded)
                let equal = folded.utf8.elementsEqual(label.utf8)
                if !equal { return ("segment \(index + 1) '\(value)' is not the literal '\(literal)'", index) }
            case .parameter(let name, let type):
                if !type.accepts(value) {
                    return (
                        "segment \(index + 1) '\(value)' is not \(type.expectation) (parameter '\(name)')",
                        index
                    )
                }
            case .catchAll:
                return (nil, index)
            }
        }
        if segments.count > pattern.segments.count {
            return (
                "the URL has \(segments.count) segments; the pattern has only \(pattern.segments.count)",
                pattern.segments.count
            )
        }
        return (nil, 0)
    }

    /// Why a matching pattern lost to the winner: the first segment where the winner's kind has priority.
    private func lostReason(_ pattern: RoutePattern, to winner: Route) -> String {
        func rank(_ segment: PatternSegment?) -> (Int, String) {
            switch segment {
            case .literal?: return (0, "a literal")
            case .parameter(_, .enumeration)?: return (1, "a typed parameter (enum)")
            case .parameter(_, .bool)?: return (2, "a typed parameter (bool)")
            case .parameter(_, .int)?: return (3, "a typed parameter (int)")
            case .parameter(_, .uuid)?: return (4, "a typed parameter (uuid)")
            case .parameter(_, .double)?: return (5, "a typed parameter (double)")
            case .parameter(_, .string)?: return (6, "a parameter")
            case .catchAll?: return (7, "a catch-all")
            case nil: return (8, "nothing")
            }
        }
        let count = max(pattern.segments.count, winner.pattern.segments.count)
        for index in 0..<count {
            let mine = rank(index < pattern.segments.count ? pattern.segments[index] : nil)
            let theirs = rank(index < winner.pattern.segments.count ? winner.pattern.segments[index] : nil)
            if mine.0 != theirs.0 {
                return
                    "lost to '\(winner.name)' at segment \(index + 1): \(theirs.1) beats \(mine.1) (literal > typed "
                    + "parameter (enum > bool > int > uuid > double) > parameter > catch-all)"
            }
            if case .catchAll? = index < pattern.segments.count ? pattern.segments[index] : nil { break }
        }
        return "lost to '\(winner.name)'"
    }
}
