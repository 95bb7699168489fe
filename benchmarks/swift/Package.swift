// swift-tools-version:6.0
// The Swift benchmark: navrouter's core against Vapor RoutingKit's TrieRouter, in one process, on the same tables.
// A package of its own so that the product never depends on RoutingKit. Run it through scripts/bench.sh.
import PackageDescription

let package = Package(
    name: "navrouter-benchmarks",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "navrouter", path: "../.."),
        .package(url: "https://github.com/vapor/routing-kit.git", exact: "4.9.3"),
    ],
    targets: [
        .target(name: "CMallocInfo"),
        .executableTarget(
            name: "navrouter-bench",
            dependencies: [
                "CMallocInfo",
                .product(name: "NavRouterCore", package: "navrouter"),
                .product(name: "RoutingKit", package: "routing-kit"),
            ]
        ),
    ]
)
