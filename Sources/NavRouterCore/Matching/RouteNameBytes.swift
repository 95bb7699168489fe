/// The routes' names and their path parameters' names as NUL-terminated UTF-8 in one buffer, made once when a table
/// is compiled, so that writing a match's strings (`ResolvedURL.writeStrings`, which the C layer's resolves use)
/// copies each name with one `memcpy`, its NUL included: reading a `String` field of a route costs reference counts
/// and a check of the string's storage, which was a third of a packed resolve.
///
/// Each route's name is kept, then each distinct parameter name once (in `ParameterNameTable`'s order of names).
///
/// Safety: `bytes` and `starts` are this object's own, allocated and initialized whole in `init`, deallocated in
/// `deinit`, and never written in between, so sharing it between threads reads immutable memory (`@unchecked
/// Sendable`). `starts` holds `routeCount + nameCount + 1` offsets into `bytes`, each string ending with its NUL at
/// the next offset less one.
final class RouteNameBytes: @unchecked Sendable {
    private let bytes: UnsafeMutablePointer<UInt8>
    private let starts: UnsafeMutablePointer<UInt32>
    private let routeCount: Int
    private let stringCount: Int

    /// - Parameters:
    ///   - routes: the table's routes, in its order.
    ///   - parameterNames: the distinct parameter names, in `ParameterNameTable`'s order.
    init(routes: [Route], parameterNames: [String]) {
        routeCount = routes.count
        stringCount = routes.count + parameterNames.count
        var size = 0
        for route in routes { size += route.name.utf8.count + 1 }
        for name in parameterNames { size += name.utf8.count + 1 }
        bytes = .allocate(capacity: max(size, 1))
        starts = .allocate(capacity: stringCount + 1)
        var offset = 0
        var index = 0
        func add(_ string: String) {
            // Safety: `size` counted each string's bytes and NUL; `index` stays below `stringCount` + 1.
            starts[index] = UInt32(truncatingIfNeeded: offset)  // names are few and short: far below 2^32 bytes
            index += 1
            for byte in string.utf8 {
                bytes[offset] = byte
                offset += 1
            }
            bytes[offset] = 0
            offset += 1
        }
        for route in routes { add(route.name) }
        for name in parameterNames { add(name) }
        starts[index] = UInt32(truncatingIfNeeded: offset)
    }

    deinit {
        // Safety: allocated in `init`, deallocated once, here.
        bytes.deallocate()
        starts.deallocate()
    }

    /// Route `route`'s name with its NUL (`count` includes the NUL).
    @inline(__always)
    func routeName(_ route: Int) -> UnsafeBufferPointer<UInt8> {
        string(route)
    }

    /// The distinct parameter name at `index` (`ParameterNameTable`'s numbering) with its NUL.
    @inline(__always)
    func parameterName(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        string(routeCount + index)
    }

    /// Safety: `index` is below `stringCount` (a route index of this table, or a name index of its parameter
    /// table), so both offsets read are inside `starts` and the range inside `bytes`.
    @inline(__always)
    private func string(_ index: Int) -> UnsafeBufferPointer<UInt8> {
        let start = Int(starts[index])
        return UnsafeBufferPointer(start: bytes + start, count: Int(starts[index + 1]) - start)
    }

    /// Bytes held (for footprint reports).
    var footprintBytes: Int {
        Int(starts[stringCount]) + (stringCount + 1) * MemoryLayout<UInt32>.stride
    }
}
