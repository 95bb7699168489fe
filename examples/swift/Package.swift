// swift-tools-version:6.0
// The example shop app hosted from Swift: `shop-host` plays the C demo's session (examples/c) through the
// NavRouterCore library product (scripts/demo-swift.sh); `shop-app` is a main-actor app over the NavRouter product
// (async commands, event streams, main-actor views, the observable model).
import PackageDescription

let package = Package(
    name: "shop-host",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [.package(name: "navrouter", path: "../..")],
    targets: [
        .executableTarget(
            name: "shop-host",
            dependencies: [.product(name: "NavRouterCore", package: "navrouter")]
        ),
        .executableTarget(
            name: "shop-app",
            dependencies: [.product(name: "NavRouter", package: "navrouter")]
        ),
    ]
)
