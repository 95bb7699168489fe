// swift-tools-version:6.0
// The example shop app hosted from Swift: the same manifest and session as the C demo (examples/c), through the
// NavRouterCore library product. Run it with scripts/demo-swift.sh.
import PackageDescription

let package = Package(
    name: "shop-host",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [.package(name: "navrouter", path: "../..")],
    targets: [
        .executableTarget(
            name: "shop-host",
            dependencies: [.product(name: "NavRouterCore", package: "navrouter")]
        )
    ]
)
