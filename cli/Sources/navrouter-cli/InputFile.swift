import Foundation

/// A file the tool reads whole: a path (a regular file, a pipe, a device such as `/dev/stdin`) or `-` for standard
/// input, of at most `maxBytes`.
enum InputFile {
    /// The most the tool reads of one file: far more than a manifest of a million routes (about 50 MB), and a bound
    /// on what an endless device (`/dev/zero`) or a wrong file can make it hold.
    static let maxBytes = 256 << 20

    /// The file's bytes, or exit status 2 with a message naming the path.
    static func read(_ path: String) throws -> Data {
        if path == "-" { return try readToEnd(FileHandle.standardInput, path) }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ToolError.usage("\(path): is a directory, not a file")
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ToolError.usage("\(path): cannot read the file")
        }
        defer { try? handle.close() }
        // A regular file's size is known: one past the limit is refused before a byte of it is read.
        if let size = try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int, size > maxBytes {
            throw tooLarge(path)
        }
        return try readToEnd(handle, path)
    }

    /// The file's text, or exit status 2 naming the first line that is not UTF-8: repaired, a manifest or a script
    /// would say what nobody wrote.
    static func text(_ path: String) throws -> String {
        let data = try read(path)
        guard let text = String(validating: data, as: UTF8.self) else {
            let line = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                .firstIndex { String(validating: $0, as: UTF8.self) == nil }
            throw ToolError.usage("\(path): line \((line ?? 0) + 1) is not UTF-8 text")
        }
        return text
    }

    /// The file's lines that hold something: trimmed, without blank lines and `#` comments (a script, a table of
    /// patterns), or exit status 2 as `text(_:)`.
    static func contentLines(_ path: String) throws -> [String] { try numberedContentLines(path).map(\.text) }

    /// `contentLines(_:)` with each line's number in the file (from 1), for messages that point at a line.
    static func numberedContentLines(_ path: String) throws -> [(number: Int, text: String)] {
        // A line ends at "\n" or "\r\n" only (files saved on Windows read alike): U+2028, U+0085 or a form feed is a
        // character of the line (a props string may hold one). Split on scalars: "\r\n" is one Character.
        try text(path).unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
            number, line in
            var line = String(String.UnicodeScalarView(line))
            if line.unicodeScalars.last == "\r" { line.unicodeScalars.removeLast() }
            return (number + 1, line.trimmingCharacters(in: .whitespaces))
        }
        .filter { !$0.text.isEmpty && !$0.text.hasPrefix("#") }
    }

    /// Reads until the end (a pipe or a device has no size to read up to), or refuses the file once it is past
    /// `maxBytes`.
    private static func readToEnd(_ handle: FileHandle, _ path: String) throws -> Data {
        var data = Data()
        do {
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                guard data.count + chunk.count <= maxBytes else { throw tooLarge(path) }
                data.append(chunk)
            }
        } catch let error as ToolError {
            throw error
        } catch {
            throw ToolError.usage("\(path): cannot read the file (\(error.localizedDescription))")
        }
        return data
    }

    private static func tooLarge(_ path: String) -> ToolError {
        ToolError.usage("\(path): larger than \(maxBytes >> 20) MiB, the most the tool reads")
    }
}
