/// The name a misspelt one most likely meant, for error messages ("did you mean 'product'?"): the nearest candidate
/// by edit distance (insertions, deletions, substitutions and swaps of two neighbours, letters compared in any case),
/// when it is near enough to be a slip: at most 1 edit for a name of up to 4 characters, at most 2 for longer ones.
/// The library's own messages use it; so does the `navrouter` tool, for its commands (public for it, and kept out of
/// the documentation: it is no part of the router's API).
@_documentation(visibility: internal)
public enum NameSuggestion {
    /// `" (did you mean 'NAME'?)"`, or `""` when no candidate is near enough.
    public static func didYouMean(_ word: String, among candidates: some Sequence<String>) -> String {
        nearest(word, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The nearest candidate (the first in sorted order among equally near ones), or nil.
    public static func nearest(_ word: String, among candidates: some Sequence<String>) -> String? {
        let typed = Array(word.lowercased())
        let limit = typed.count <= 4 ? 1 : 2
        var best: (distance: Int, name: String)?
        for candidate in candidates where candidate != word {
            let distance = self.distance(typed, Array(candidate.lowercased()), limit: limit)
            guard distance <= limit else { continue }
            if best.map({ distance < $0.distance || (distance == $0.distance && candidate < $0.name) }) ?? true {
                best = (distance, candidate)
            }
        }
        return best?.name
    }

    /// The optimal-string-alignment distance of two words, or `limit + 1` once it is known to exceed `limit`.
    private static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        var before = [Int](repeating: 0, count: b.count + 1)  // row i - 2
        var previous = Array(0...b.count)  // row i - 1
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            current[0] = i
            var rowMinimum = current[0]
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, before[j - 2] + 1) }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return a.isEmpty ? b.count : previous[b.count]
    }
}
