/// Where each value of a JSON document starts in its text, by the path `JSONObjectReader` names it with
/// (`modules[0].routes[2].pattern`, `routes[1]`, `[0]`): what lets a tool say `FILE:LINE:COLUMN` of a finding.
///
/// A member's position is that of its key (where an editor's eye looks for a field); an array element's is that of its
/// first character. Lines and columns count from 1; a column counts Unicode scalars, a tab as one. The scan expects
/// text Jansson accepted: on anything else it stops, keeping the positions read so far (never a crash).
struct JSONSourcePositions {
    /// A place in the text.
    struct Position: Equatable {
        /// The line, from 1.
        let line: Int
        /// The column, from 1, in Unicode scalars.
        let column: Int
    }

    private var positions: [String: Position] = [:]
    private var scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1
    private var column = 1

    /// Scans `text`, recording the values nested up to `recordedDepth` deep (what a manifest's findings name);
    /// deeper ones are skipped without recursion.
    init(_ text: String, recordedDepth: Int = 8) {
        scalars = Array(text.unicodeScalars)
        skipWhitespace()
        _ = value(at: "", depth: 0, maximumDepth: recordedDepth)
        scalars = []
    }

    /// The position of the value at `path`, or nil when the document has none there.
    func position(of path: String) -> Position? { positions[path] }

    /// The longest recorded path under `prefix` that `message` names where it names `prefix`: the path followed by
    /// `:` or a space (`... route 'x': routes[2].presentaton: unknown field` names `routes[2].presentaton`).
    func path(namedIn message: String, under prefix: String) -> String? {
        guard !prefix.isEmpty, let start = message.rangeOfFirst(prefix)?.lowerBound else { return nil }
        var end = start
        var found: String?
        while end < message.endIndex {
            let character = message[end]
            if character == ":" || character == " " {
                let candidate = String(message[start..<end])
                if candidate.hasPrefix(prefix), positions[candidate] != nil { found = candidate }
                if character == " " { break }
            }
            end = message.index(after: end)
        }
        return found
    }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func advance() {
        if current == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private mutating func skipWhitespace() {
        while let scalar = current, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" { advance() }
    }

    /// Reads one value starting at the current scalar, recording its position (unless an object member's key was
    /// recorded for it already). Returns false where the text stops being JSON.
    private mutating func value(at path: String, depth: Int, maximumDepth: Int) -> Bool {
        guard let scalar = current else { return false }
        if positions[path] == nil { positions[path] = Position(line: line, column: column) }
        if depth > maximumDepth { return skipValue() }
        switch scalar {
        case "{": return object(at: path, depth: depth, maximumDepth: maximumDepth)
        case "[": return array(at: path, depth: depth, maximumDepth: maximumDepth)
        case "\"": return string() != nil
        default:
            // A number, true, false or null: everything up to the next delimiter.
            while let scalar = current, !",]} \t\n\r".unicodeScalars.contains(scalar) { advance() }
            return true
        }
    }

    private mutating func object(at path: String, depth: Int, maximumDepth: Int) -> Bool {
        advance()  // {
        skipWhitespace()
        if current == "}" {
            advance()
            return true
        }
        while true {
            let keyPosition = Position(line: line, column: column)
            guard current == "\"", let key = string() else { return false }
            let member = path.isEmpty ? key : "\(path).\(key)"
            positions[member] = keyPosition
            skipWhitespace()
            guard current == ":" else { return false }
            advance()
            skipWhitespace()
            guard value(at: member, depth: depth + 1, maximumDepth: maximumDepth) else { return false }
            skipWhitespace()
            if current == "," {
                advance()
                skipWhitespace()
            } else if current == "}" {
                advance()
                return true
            } else {
                return false
            }
        }
    }

    private mutating func array(at path: String, depth: Int, maximumDepth: Int) -> Bool {
        advance()  // [
        skipWhitespace()
        if current == "]" {
            advance()
            return true
        }
        var element = 0
        while true {
            guard value(at: "\(path)[\(element)]", depth: depth + 1, maximumDepth: maximumDepth) else { return false }
            element += 1
            skipWhitespace()
            if current == "," {
                advance()
                skipWhitespace()
            } else if current == "]" {
                advance()
                return true
            } else {
                return false
            }
        }
    }

    /// Skips one value, however deeply nested, counting brackets outside strings.
    private mutating func skipValue() -> Bool {
        var open = 0
        repeat {
            guard let scalar = current else { return false }
            switch scalar {
            case "\"": guard string() != nil else { return false }
            case "{", "[":
                open += 1
                advance()
            case "}", "]":
                guard open > 0 else { return true }  // the end of the enclosing container: not this value's
                open -= 1
                advance()
            case ",": if open == 0 { return true } else { advance() }
            default: advance()
            }
        } while open > 0 || !(current.map { ",]} \t\n\r".unicodeScalars.contains($0) } ?? true)
        return true
    }

    /// Reads a string literal, decoding the escapes a key may hold; nil when it does not end.
    private mutating func string() -> String? {
        advance()  // "
        var text = String.UnicodeScalarView()
        while let scalar = current {
            advance()
            switch scalar {
            case "\"": return String(text)
            case "\\":
                guard let escaped = current else { return nil }
                advance()
                switch escaped {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "r": text.append("\r")
                case "b": text.append("\u{8}")
                case "f": text.append("\u{C}")
                case "u": text.append(unicodeEscape() ?? "\u{FFFD}")
                default: text.append(escaped)
                }
            default: text.append(scalar)
            }
        }
        return nil
    }

    /// The scalar of a `\uXXXX` escape (and of its low surrogate's escape when it is a high surrogate).
    private mutating func unicodeEscape() -> Unicode.Scalar? {
        guard let high = hexQuad() else { return nil }
        if (0xD800..<0xDC00).contains(high), current == "\\", index + 1 < scalars.count, scalars[index + 1] == "u" {
            advance()
            advance()
            guard let low = hexQuad(), (0xDC00..<0xE000).contains(low) else { return nil }
            return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
        }
        return Unicode.Scalar(high)
    }

    private mutating func hexQuad() -> UInt32? {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let scalar = current, let digit = Int(String(scalar), radix: 16) else { return nil }
            value = value * 16 + UInt32(digit)
            advance()
        }
        return value
    }
}
