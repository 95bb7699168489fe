extension StringProtocol {
    /// The range of the first occurrence of `needle` (compared by Unicode scalars), or nil. The standard library's
    /// `firstRange(of:)` lives in `_StringProcessing`, which the library does not link (see Tests/c/run.sh).
    func rangeOfFirst(_ needle: String) -> Range<Index>? {
        let scalars = unicodeScalars
        let wanted = Array(needle.unicodeScalars)
        guard let first = wanted.first else { return startIndex..<startIndex }
        var start = scalars.startIndex
        while let candidate = scalars[start...].firstIndex(of: first) {
            var position = candidate
            var matched = 0
            while matched < wanted.count, position < scalars.endIndex, scalars[position] == wanted[matched] {
                matched += 1
                position = scalars.index(after: position)
            }
            if matched == wanted.count { return candidate..<position }
            start = scalars.index(after: candidate)
        }
        return nil
    }
}
