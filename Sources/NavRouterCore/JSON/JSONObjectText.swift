/// Writes a JSON object member by member into a byte buffer, for values whose JSON text is written often (a
/// navigation event's): the same text as `JSONValue.jsonText` of the object, without building its dictionary,
/// hashing its keys and sorting them. The caller gives the members in the byte order of their keys, which is the
/// order `jsonText` sorts them into (debug builds check it).
struct JSONObjectText {
    private var count = 0
    #if DEBUG
        private var previousKey: String?
    #endif

    /// Starts the next member with any key (escaped as a JSON string).
    mutating func key(_ key: String, into text: inout [UInt8]) {
        checkOrder(key)
        open(into: &text)
        JSONValue.writeString(key, to: &text)
        text.append(UInt8(ascii: ":"))
    }

    /// Ends the object (`{}` when it has no member).
    func end(into text: inout [UInt8]) {
        if count == 0 { text.append(UInt8(ascii: "{")) }
        text.append(UInt8(ascii: "}"))
    }

    private mutating func open(into text: inout [UInt8]) {
        text.append(count == 0 ? UInt8(ascii: "{") : UInt8(ascii: ","))
        count += 1
    }

    private mutating func checkOrder(_ key: @autoclosure () -> String) {
        #if DEBUG
            let key = key()
            if let previousKey {
                assert(JSONValue.precedesInByteOrder(previousKey, key), "JSON key \(key) after \(previousKey)")
            }
            previousKey = key
        #endif
    }
}

extension JSONValue {
    /// Appends an object of strings as `JSONValue.object(strings:)` writes it: members in the byte order of keys.
    static func writeObject(strings members: [String: String], to text: inout [UInt8]) {
        writeObject(sortedStrings: members.sorted(by: { precedesInByteOrder($0.key, $1.key) }), to: &text)
    }

    /// Appends an object of strings whose members are already in the byte order of their keys.
    static func writeObject(
        sortedStrings members: some Sequence<(key: String, value: String)>, to text: inout [UInt8]
    ) {
        var object = JSONObjectText()
        for (key, value) in members {
            object.key(key, into: &text)
            writeString(value, to: &text)
        }
        object.end(into: &text)
    }
}
