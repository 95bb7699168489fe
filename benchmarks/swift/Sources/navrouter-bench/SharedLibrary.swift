import Glibc

/// The shipped `libnavrouter.so`, loaded with `dlopen` into this process so that its C ABI runs in the same
/// interleaved rounds as the Swift core (the C driver measures it too, but in another process and against a
/// floor that gcc compiles differently). The library keeps its own statically linked Swift runtime.
struct SharedLibrary {
    typealias New = @convention(c) (UnsafeMutablePointer<OpaquePointer?>?, UInt32) -> Int32
    typealias AddRoute = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UInt32) -> Int32
    typealias Lookup =
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int, UnsafeMutablePointer<UInt32>?, UnsafeMutableRawPointer?, Int,
            UnsafeMutablePointer<Int>?
        ) -> Int32

    let new: New
    let addRoute: AddRoute
    let lookup: Lookup

    init(_ path: String) throws {
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
            throw BenchError("cannot load \(path): \(String(cString: dlerror()))")
        }
        func symbol<T>(_ name: String, as type: T.Type) throws -> T {
            guard let address = dlsym(handle, name) else { throw BenchError("\(path) has no \(name)") }
            return unsafeBitCast(address, to: type)
        }
        new = try symbol("navrouter_registry_new", as: New.self)
        addRoute = try symbol("navrouter_registry_add_route", as: AddRoute.self)
        lookup = try symbol("navrouter_registry_lookup", as: Lookup.self)
    }

    /// A registry of the patterns (named by their pattern), made through the C ABI.
    func registry(_ patterns: [String]) throws -> OpaquePointer {
        var registry: OpaquePointer?
        guard new(&registry, 0) == 0, let registry else { throw BenchError("navrouter_registry_new failed") }
        for pattern in patterns where addRoute(registry, pattern, pattern, 0) != 0 {
            throw BenchError("navrouter_registry_add_route failed for \(pattern)")
        }
        return registry
    }

    /// `navrouter_registry_lookup` over the URLs, as a C host calls it (its own segment buffer of 64 ranges).
    func lookupContender(_ registry: OpaquePointer, _ urls: [String]) -> Contender {
        let ranges = UnsafeMutableRawPointer.allocate(byteCount: 64 * 8, alignment: 8)
        let cURLs = urls.map { strdup($0)! }  // NUL-terminated copies, as a C host holds them
        let lengths = urls.map { $0.utf8.count }
        return Contender(name: "navrouter_registry_lookup through libnavrouter.so (dlopen, same process)") {
            var sum: UInt64 = 0
            var index: UInt32 = 0
            var count = 0
            for position in cURLs.indices
            where lookup(registry, cURLs[position], lengths[position], &index, ranges, 64, &count) == 0 {
                sum &+= UInt64(index) &+ UInt64(count)
            }
            return sum
        }
    }
}
