import Foundation

/// A file the tool reads whole: a path (a regular file, a pipe, a device such as `/dev/stdin`) or `-` for standard
/// input.
enum InputFile {
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
        return try readToEnd(handle, path)
    }

    /// Reads until the end (a pipe or a device has no size to read up to).
    private static func readToEnd(_ handle: FileHandle, _ path: String) throws -> Data {
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw ToolError.usage("\(path): cannot read the file (\(error.localizedDescription))")
        }
    }
}
