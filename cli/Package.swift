// swift-tools-version:6.0
// The `navrouter` command-line tool: checks manifests, resolves and explains deep links, builds URLs, and draws the
// route graph. A package of its own (as the benchmarks), so that the library never depends on swift-argument-parser.
// Build it with scripts/build-cli.sh, which installs it as build/bin/navrouter.
import PackageDescription

let package = Package(
    name: "navrouter-cli",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "navrouter", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
    ],
    targets: [
        .executableTarget(
            name: "navrouter-cli",
            dependencies: [
                .product(name: "NavRouterCore", package: "navrouter"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        )
    ]
)
