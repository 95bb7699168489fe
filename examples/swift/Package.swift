// swift-tools-version:6.0
// The example shop app hosted from Swift: the same manifest and session as the C demo (examples/c), through the
// NavRouterCore library product. Run it with scripts/demo-swift.sh.
import PackageDescription

let package = Package(
    name: "shop-host",
    dependencies: [.package(name: "navrouter", path: "../..")],
    targets: [
        .executableTarget(
            name: "shop-host",
            dependencies: [.product(name: "NavRouterCore", package: "navrouter")]
        )
    ]
)
