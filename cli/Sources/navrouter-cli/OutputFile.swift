import Foundation

/// Where the tool's results go, checked: output the system did not take (a full disk, a closed file) is an error
/// with exit status 2, never a silent success.
enum OutputFile {
    /// Writes `text` to the file at `path` (made or truncated), or throws a usage error naming it and the reason.
    static func write(_ text: String, to path: String) throws {
        guard let file = fopen(path, "w") else { throw ToolError.usage("\(path): cannot write the file: \(reason())") }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        var failure = written != bytes.count || fflush(file) != 0 ? reason() : nil
        // fclose reports a write error the flush did not see (some file systems report only at close).
        if fclose(file) != 0 && failure == nil { failure = reason() }
        if let failure { throw ToolError.usage("\(path): cannot write the file: \(failure)") }
    }

    /// Flushes standard output, where `print` wrote; on an error, says why on standard error and exits with status 2.
    static func flushStandardOutputOrExit() {
        // All streams: naming `stdout`, a C global, is refused by Swift 6's concurrency checks. A write that failed
        // while `print` wrote stays in the stream's buffer, so this flush fails too.
        guard fflush(nil) != 0 else { return }
        printError("navrouter: cannot write the output: \(reason())")
        exit(2)
    }

    /// The C library's text for the last error.
    private static func reason() -> String { String(cString: strerror(errno)) }
}
