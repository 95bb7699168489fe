extension String {
    /// The text with its case folded, as case-insensitive literals compare: two texts are equal but for case when
    /// their folded forms have the same UTF-8 bytes (no normalisation: `é` and `e` + U+0301 stay different, as they
    /// are different bytes in a URL).
    ///
    /// Unicode's full case folding, without its data table: a scalar that changes when case folded or lowercased
    /// becomes the lowercase of its uppercase, folded again until nothing changes. So `ς`, `σ` and `Σ` all fold to
    /// `σ`; `ß`, `ẞ` and `SS` to `ss`; the Kelvin sign to `k`; `ı` (dotless), which neither folding nor lowercasing
    /// changes, stays itself. (The lowercase mapping alone, `lowercased()`, left `ς` and `ß` apart from their
    /// capitals: `σίσυφος` did not match `ΣΊΣΥΦΟΣ`.)
    var caseFolded: String {
        if utf8.allSatisfy({ $0 < 0x80 }) { return lowercased() }
        var folded = ""
        folded.reserveCapacity(utf8.count)
        for scalar in unicodeScalars { Self.appendFolded(scalar, to: &folded, depth: 0) }
        return folded
    }

    /// Appends a scalar's folded form. Each step maps to a lowercase form; three steps reach it for every scalar
    /// (`ẞ` → `ß` → `ss`), and the depth bound keeps a scalar whose mappings cycle from looping.
    private static func appendFolded(_ scalar: Unicode.Scalar, to folded: inout String, depth: Int) {
        let properties = scalar.properties
        guard depth < 3, properties.changesWhenCaseFolded || properties.changesWhenLowercased else {
            folded.unicodeScalars.append(scalar)
            return
        }
        let mapped = properties.uppercaseMapping.lowercased()
        if mapped.unicodeScalars.count == 1 && mapped.unicodeScalars.first == scalar {
            folded.unicodeScalars.append(scalar)  // already its own fold (`ꭰ`)
            return
        }
        for next in mapped.unicodeScalars { appendFolded(next, to: &folded, depth: depth + 1) }
    }
}
