// Coding paths for the messages of JSONValueEncoder and JSONValueDecoder.

/// A coding-path component for an array index, written `[2]`.
struct CodingIndexKey: CodingKey {
    let intValue: Int?
    let stringValue: String

    init(_ index: Int) {
        intValue = index
        stringValue = "[\(index)]"
    }

    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.init(intValue) }
}

/// The coding path as `a.b[2].c`, for the encoder's and the decoder's messages.
func codingPathText(_ path: [any CodingKey]) -> String {
    var text = ""
    for key in path {
        if let index = key.intValue {
            text += "[\(index)]"
        } else {
            text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
        }
    }
    return text.isEmpty ? "the value" : text
}
