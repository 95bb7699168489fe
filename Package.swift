// swift-tools-version:6.0
import PackageDescription

/// navrouter: a UI-agnostic navigation router. The pure-Swift core (`NavRouterCore`) is a library product for
/// Swift hosts; the thin `@_cdecl` layer (`NavRouterCABI`) is the dynamic library `libnavrouter.so` for C and
/// Python hosts, checked against `include/navrouter.h`.
///
/// The release build of the shared library links the Swift runtime statically:
/// `swift build -c release --product navrouter -Xswiftc -static-stdlib` (see `scripts/build-library.sh`).
let package = Package(
    name: "navrouter",
    // `Synchronization` (Mutex, Atomic) needs these; Linux needs Swift 6 only. The core is built and tested on Linux
    // here; Apple platforms are declared so that a SwiftPM user there resolves it, but are not built by this project.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "navrouter", type: .dynamic, targets: ["NavRouterCABI"]),
        .library(name: "NavRouterCore", targets: ["NavRouterCore"]),
        // For UI hosts: async commands, event streams, main-actor delivery and an @Observable model over the core.
        .library(name: "NavRouter", targets: ["NavRouter"]),
    ],
    targets: [
        .systemLibrary(
            name: "CJansson",
            path: "Sources/CJansson",
            pkgConfig: "jansson",
            providers: [.apt(["libjansson-dev"]), .brew(["jansson"])]
        ),
        .systemLibrary(name: "CNavRouter", path: "Sources/CNavRouter"),
        // 16 bytes of a path classified at once (SSE2) for the core's scanner, and the ASCII test of its UTF-8
        // validation: static inline functions in include/path_scan.h (nothing of it is exported).
        .target(name: "CPathScan", path: "Sources/CPathScan"),
        // The C ABI's per-thread pointer, an initial-exec thread-local that Swift reads inline, and the core's
        // per-thread command depth (see include/thread_slot.h).
        .target(name: "CThreadSlot", path: "Sources/CThreadSlot"),
        .target(
            name: "NavRouterCore",
            dependencies: ["CJansson", "CPathScan", "CThreadSlot"],
            path: "Sources/NavRouterCore"
        ),
        .target(name: "NavRouter", dependencies: ["NavRouterCore"], path: "Sources/NavRouter"),
        .target(
            name: "NavRouterCABI",
            dependencies: ["NavRouterCore", "CNavRouter", "CThreadSlot"],
            path: "Sources/NavRouterCABI",
            exclude: ["exports.map"],
            linkerSettings: [
                // `-z nodelete`: a host's dlclose leaves the library in memory. A thread that called it runs the
                // library's per-thread destructors when it exits, which may be after the host unloaded it (the JVM
                // and other hosts unload native libraries): the code must still be there.
                .unsafeFlags([
                    "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/NavRouterCABI/exports.map",
                    "-Xlinker", "-soname=libnavrouter.so.1", "-Xlinker", "-z", "-Xlinker", "nodelete",
                ])
            ]
        ),
        .testTarget(
            name: "NavRouterCoreTests",
            dependencies: ["NavRouterCore"],
            path: "Tests/NavRouterCoreTests"
        ),
        .testTarget(name: "NavRouterTests", dependencies: ["NavRouter"], path: "Tests/NavRouterTests"),
    ]
)
