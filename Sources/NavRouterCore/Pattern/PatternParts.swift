/// One segment of a parsed pattern, compact: the byte range of its literal or parameter name in the pattern's
/// text, and its kind.
struct PatternPart: Equatable, Sendable {
    /// What a segment is.
    enum Kind: UInt8, Sendable {
        case literal, parameter, intParameter, uuidParameter, catchAll, boolParameter, doubleParameter, enumParameter

        /// The kind of a parameter of that type (the inverse of `PatternPart.parameterType`).
        init(_ type: ParameterType) {
            switch type {
            case .string: self = .parameter
            case .int: self = .intParameter
            case .uuid: self = .uuidParameter
            case .bool: self = .boolParameter
            case .double: self = .doubleParameter
            case .enumeration: self = .enumParameter
            }
        }
    }

    /// Where the literal or name starts in the text's UTF-8 bytes.
    let start: UInt32
    /// Its length in bytes.
    let count: UInt32
    /// What the segment is.
    let kind: Kind

    /// The parameter's type, for the parameter kinds but `enumParameter` (whose values are in the pattern's text:
    /// `RoutePattern.parameterType(of:)`).
    var simpleParameterType: ParameterType? {
        switch kind {
        case .parameter: return .string
        case .intParameter: return .int
        case .uuidParameter: return .uuid
        case .boolParameter: return .bool
        case .doubleParameter: return .double
        case .literal, .catchAll, .enumParameter: return nil
        }
    }

    /// The byte range in the text.
    var range: Range<Int> { Int(start)..<Int(start + count) }
}

/// A pattern's parts. Up to `inlineCapacity` of them are kept in the value itself, 4 bytes each, when the
/// pattern is shorter than 4 KiB (a route then holds its pattern without an allocation of its own); longer or
/// deeper patterns keep an array.
struct PatternParts: RandomAccessCollection, Sendable {
    /// How many parts fit in the value.
    static let inlineCapacity = 5
    /// Patterns at least this long keep an array (offsets and lengths are packed in 12 bits each).
    static let inlineTextLimit = 4096

    private enum Storage: Sendable {
        /// Parts 0–1 in `low`, 2–3 in `high`, 4 in `last`; each 12 bits of start, 12 of length, 8 of kind.
        case inline(low: UInt64, high: UInt64, last: UInt32, count: UInt8)
        case array([PatternPart])
    }

    private let storage: Storage

    /// The parts of a pattern whose text is `textLength` bytes long, copied from a buffer (an array is made only
    /// when they do not fit in the value).
    init(_ parts: UnsafeBufferPointer<PatternPart>, textLength: Int) {
        guard parts.count <= Self.inlineCapacity && textLength < Self.inlineTextLimit else {
            storage = .array(Array(parts))
            return
        }
        var low: UInt64 = 0
        var high: UInt64 = 0
        var last: UInt32 = 0
        for (index, part) in parts.enumerated() {
            let word = part.start | part.count << 12 | UInt32(part.kind.rawValue) << 24
            switch index {
            case 0, 1: low |= UInt64(word) << UInt64(32 * index)
            case 2, 3: high |= UInt64(word) << UInt64(32 * (index - 2))
            default: last = word
            }
        }
        storage = .inline(low: low, high: high, last: last, count: UInt8(parts.count))
    }

    var startIndex: Int { 0 }

    @inline(__always)
    var endIndex: Int {
        switch storage {
        case .inline(_, _, _, let count): return Int(count)
        case .array(let parts): return parts.count
        }
    }

    @inline(__always)
    subscript(position: Int) -> PatternPart {
        switch storage {
        case .inline(let low, let high, let last, _):
            let word =
                position < 2
                ? UInt32(truncatingIfNeeded: low >> UInt64(32 * position))
                : position < 4 ? UInt32(truncatingIfNeeded: high >> UInt64(32 * (position - 2))) : last
            return PatternPart(
                start: word & 0xFFF, count: word >> 12 & 0xFFF,
                kind: PatternPart.Kind(rawValue: UInt8(word >> 24)) ?? .literal)
        case .array(let parts):
            return parts[position]
        }
    }
}
