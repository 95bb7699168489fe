/// The distinct path parameter names of a table as NUL-terminated UTF-8 in one buffer, made once when the table is
/// compiled, so that writing a match's strings (`ResolvedURL.writeStrings`, which the C layer's resolves use)
/// copies each name with one `memcpy`, its NUL included, instead of reading a `String` (a reference count and a
/// check of the string's storage each).
///
/// Names are numbered as in `ParameterNameTable` (each distinct name once, a few bytes a table). Route names are
/// not kept here: a copy of every route's name would cost its bytes again for each route (33 bytes a route on the
/// synthetic tables, over the memory target), to save ~100 instructions a packed resolve.
///
/// Safety: `bytes` and `starts` are this object's own, allocated and initialized whole in `init`, deallocated in
/// `deinit`, and never written in between, so sharing it between threads reads immutable memory (`@unchecked
/// Sendable`). `starts` holds `count + 1` offsets into `bytes`, each string ending with its NUL at the next offset
/// less one.
final class ParameterNameBytes: @unchecked Sendable {
    private let bytes: UnsafeMutablePointer<UInt8>
    private let starts: UnsafeMutablePointer<UInt32>
    private let count: Int

    /// - Parameter names: the distinct parameter names, in `ParameterNameTable`'s order.
    init(_ names: [String]) {
        count = names.count
        let size = names.reduce(0) { $0 + $1.utf8.count + 1 }
        // Safety: allocated whole here and filled by the loop below; freed in deinit only (see the class).
        bytes = .allocate(capacity: max(size, 1))
        starts = .allocate(capacity: count + 1)
        var offset = 0
        for (index, name) in names.enumerated() {
            // Safety: `size` counted each name's bytes and NUL; `index` is below `count`.
            starts[index] = UInt32(truncatingIfNeeded: offset)  // distinct names: far below 2^32 bytes
            for byte in name.utf8 {
                bytes[offset] = byte
                offset += 1
            }
            bytes[offset] = 0
            offset += 1
        }
        starts[count] = UInt32(truncatingIfNeeded: offset)
    }

    deinit {
        // Safety: allocated in `init`, deallocated once, here.
        bytes.deallocate()
        starts.deallocate()
    }

    /// The name at `index` (`ParameterNameTable.nameIndex(route:ordinal:)`) with its NUL (`count` includes it).
    /// Safety: `index` is below `count`, so both offsets read are inside `starts` and the range inside `bytes`.
    @inline(__always)
    func name(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = Int(starts[index])
        return UnsafeBufferPointer(start: bytes + start, count: Int(starts[index + 1]) - start)
    }

    /// Bytes held (for footprint reports).
    var footprintBytes: Int {
        Int(starts[count]) + (count + 1) * MemoryLayout<UInt32>.stride
    }
}
